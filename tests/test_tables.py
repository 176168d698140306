"""Year/value alignment of statement rows: on generated text and on real statement pages."""
from decimal import Decimal

import pytest

from pipeline.reading.tables import header_years, parse_page
from pipeline.reading.cells import mis_split, parse_number, split_row
from tests.conftest import corpus_pdf


def test_split_row_and_numbers():
    label, values = split_row("Net income including noncontrolling interest $ 5,363 $ 4,869 $ 5,058")
    assert label == "Net income including noncontrolling interest"
    assert values == ["5,363", "4,869", "5,058"]
    assert parse_number("(1,577)") == Decimal(-1577)
    assert parse_number("$5,363") == Decimal(5363)
    assert parse_number("—") == Decimal(0)
    assert parse_number("12.5%") == Decimal("12.5")
    assert parse_number("n/a") is None


def test_header_years():
    assert header_years("(Millions) 2018 2017 2016") == [2018, 2017, 2016]
    assert header_years("For the years ended June 30, 2023 2022 2021") == [2023, 2022, 2021]
    assert header_years("December 31, 2018 2017") == [2018, 2017]
    assert header_years("Notes due 2025") is None
    assert header_years("2018 1990") is None  # not a run of consecutive fiscal years


def test_rows_take_the_nearest_header_and_refuse_mismatched_counts():
    text = "\n".join([
        "Consolidated Statement of Cash Flows", "(Millions) 2018 2017 2016",
        "Purchases of property, plant and equipment (PP&E) (1,577) (1,373) (1,420)",
        "Proceeds from sale of businesses, net of cash sold", "846 1,065 142",   # wrapped row
        "Notes due 2025 (a) 1,000 900 800",                                       # label ends in numbers
        "Odd row 1 2",                                                            # 2 values under 3 years
        "Segment table 2022 2021", "Consumer 5,000 4,000",
    ])
    t = parse_page(text)
    rows = {r.label: r for r in t.rows}
    assert t.statement == "cash_flow" and t.unit == "million"
    assert rows["Purchases of property, plant and equipment (PP&E)"].value_for(2018) == "(1,577)"
    assert rows["Purchases of property, plant and equipment (PP&E)"].value_for(2016) == "(1,420)"
    assert rows["Proceeds from sale of businesses, net of cash sold"].value_for(2017) == "1,065"
    assert rows["Notes due 2025 (a)"].value_for(2018) == "1,000"
    assert rows["Odd row"].aligned is False and rows["Odd row"].value_for(2018) is None
    assert rows["Consumer"].columns == [2022, 2021] and rows["Consumer"].value_for(2021) == "4,000"


@pytest.mark.corpus
@pytest.mark.parametrize("doc,page,year,label,value", [
    ("3M_2018_10K", 60, 2018, "Purchases of property, plant and equipment (PP&E)", "(1,577)"),
    ("3M_2018_10K", 60, 2017, "Purchases of property, plant and equipment (PP&E)", "(1,373)"),
    ("3M_2018_10K", 60, 2016, "Dividends paid to shareholders", "(2,678)"),
    ("BOEING_2018_10K", 52, 2018, "Property, plant and equipment, net", "12,645"),
    ("BOEING_2018_10K", 52, 2017, "Property, plant and equipment, net", "12,672"),
])
def test_real_statement_page_alignment(doc, page, year, label, value):
    from ingest.pdf import read_pages

    text = read_pages(corpus_pdf(doc))[page - 1]
    rows = [r for r in parse_page(text).rows if r.label == label]
    assert rows, f"row {label!r} not parsed on {doc} p. {page}"
    assert rows[0].value_for(year) == value


@pytest.mark.parametrize("label,bad", [
    ("Income tax provision (4) (180) (203) (90) (78) (40) (24)", True),    # segment cells left in the label
    ("As reported - GAAP 14,189 1,797 1,316 22.9%", True),
    ("2,117 2,018 (5)", True),
    ("Long-term debt (includes debt issued by consolidated variable interest entities: 2022, $12,662; 2021, "
     "$13,803)", False),                                                   # a note in brackets is words
    ("Provision for income taxes (Note 7)", False),
    ("4.5% notes due 2026", False),
    ("Other liabilities", False),
])
def test_a_label_that_swallowed_its_rows_figures_is_mis_split(label, bad):
    assert mis_split(label) is bad


def test_a_mis_split_row_yields_no_facts():
    from pipeline.reading.facts import extract

    page = "\n".join(["Acme Corp", "Reportable Segments", "(in millions) 2022 2021",
                      "Net sales $ 1,000 $ 900",
                      "Income tax provision (4) (180) (203) (90) (615)",
                      "Net income 120 100"])
    labels = {f.label for f in extract([page], 2022, "10K")}
    assert {"Net sales", "Net income"} <= labels and not any("provision" in x for x in labels)


def test_dashes_for_empty_cells_left_in_a_label_make_it_mis_split():
    assert mis_split("Intersegment net revenues (1) — 43 —") and not mis_split("Net revenues")


@pytest.mark.parametrize("first,title", [
    ("In territories we define as direct distribution markets, Converse designs and sells products.", ""),
    ("liabilities associated with these indemnities are included in the disclosure in Note 13.", ""),
    ("NIKE, Inc.", "NIKE, Inc."),
    ("Note 15 - Debt", "Note 15 - Debt"),
])
def test_a_sentence_of_prose_at_the_top_of_a_page_is_not_the_tables_title(first, title):
    t = parse_page("\n".join([first, "2022 2021", "Revenues 1,906 1,886", "Other 26 75"]))
    assert t.title == title


def test_a_not_applicable_cell_keeps_the_columns_in_line():
    t = parse_page("\n".join(["Operating Metrics", "Fiscal years 2030 2029 2028",
                              "Comparable sales growth (1) 4.6% 6.3% n/a", "Revenue 42,151 39,403 39,528"]))
    row = next(r for r in t.rows if r.label.startswith("Comparable sales growth"))
    assert row.value_for(2030) == "4.6%" and row.value_for(2029) == "6.3%" and row.path == ()
