"""Statement layouts other than the demo 10-Ks': each parsed into rows whose values sit in the right period's column
(generated page texts as pdfium prints them, plus real pages of the second development set)."""
from __future__ import annotations

from datetime import date

import pytest

from pipeline.reading.facts import Calendar, extract
from pipeline.reading.tables import parse_page
from tests.conftest import CORPUS


def rows_of(text: str, carry=None):
    t = parse_page(text, carry)
    return t, {r.label: r for r in t.rows}


def test_years_on_their_own_lines_above_the_columns():
    t, rows = rows_of("\n".join(["Consolidated Income Statement", "(in millions)", "2022", "2021", "2020",
                                 "Revenue 5,000 4,500 4,000", "Operating profit 700 650 600"]))
    assert t.header_columns == [[2022, 2021, 2020]]
    assert rows["Revenue"].value_for(2021) == "4,500" and rows["Operating profit"].value_for(2020) == "600"


def test_dates_split_over_lines_resolve_to_their_years():
    t, rows = rows_of("\n".join(["CONSOLIDATED STATEMENTS OF INCOME", "(In thousands, except per share data)",
                                 "Years Ended", "December 2,", "2016", "November 27,", "2015",
                                 "Total revenue 5,854,430 4,795,511"]))
    col, value = rows["Total revenue"].column_for(2015)
    assert value == "4,795,511" and col.end == date(2015, 11, 27) and t.unit == "thousand"


def test_pound_thousands_header_with_a_note_column():
    t, rows = rows_of("\n".join(["Consolidated statement of profit or loss", "for the year ended 31 December 2022",
                                 "Note 2022 £000 2021 £000", "Revenue 3 125,400 118,200",
                                 "Administrative expenses (40,100) (38,900)", "Profit for the year 9 21,300 19,800"]))
    assert t.currency == "GBP" and t.unit == "thousand"
    assert rows["Revenue"].value_for(2022) == "125,400"          # the note reference "3" is not a value
    assert rows["Administrative expenses"].value_for(2021) == "(38,900)"   # no note reference on this row
    assert rows["Profit for the year"].value_for(2021) == "19,800"


def test_a_convenience_currency_column_is_never_taken_for_the_reporting_currency():
    text = "\n".join(["Consolidated Statements of Income", "Millions of yen Thousands of U.S. dollars",
                      "2021 2022 2022", "Net sales ¥ 3,100,000 ¥ 3,400,000 $ 27,800,000",
                      "Operating income 210,000 250,000 2,040,000"])
    t, rows = rows_of(text)
    col, value = rows["Net sales"].column_for(2022)
    assert value == "3,400,000" and col.currency == "JPY"       # not the US$ translation printed beside it
    assert rows["Operating income"].value_for(2021) == "210,000"
    facts = [f for f in extract([text], 2022, "10K") if f.label == "Net sales"]
    assert {(f.period_year, f.value_printed, f.currency) for f in facts} >= {(2022, "3,400,000", "JPY")}
    assert not any(f.value_printed == "27,800,000" and not f.qualifiers for f in facts)


def test_an_unlabelled_duplicate_year_is_ambiguous_not_guessed():
    _, rows = rows_of("\n".join(["Selected data", "2022 2021 2022", "Sales 10 9 7"]))
    assert rows["Sales"].value_for(2022) is None and rows["Sales"].value_for(2021) == "9"


def test_quarter_columns_are_not_read_as_the_full_year():
    text = "\n".join(["Condensed Consolidated Statements of Earnings", "($ in millions)",
                      "Three Months Ended Six Months Ended", "July 29, 2023 July 30, 2022 July 29, 2023 July 30, 2022",
                      "Revenue $ 9,583 $ 10,329 $ 19,050 $ 20,976"])
    _, rows = rows_of(text)
    r = rows["Revenue"]
    assert r.column_for(2023) is None                              # no full-year column: nothing to answer
    assert r.column_for(2023, span="six months")[1] == "19,050"
    assert r.column_for(2022, span="three months")[1] == "10,329"


def test_change_columns_and_percentages():
    _, rows = rows_of("\n".join(["Segment results", "2022 2021 % Change", "Net sales 1,200 1,000 20 %",
                                 "Gross margin 41.2% 40.0%"]))
    assert rows["Net sales"].value_for(2021) == "1,000"
    assert rows["Gross margin"].value_for(2022) == "41.2%"          # change cell left blank
    kinds = {f.label: f.kind for f in extract(["Segment results\n2022 2021\nGross margin 41.2% 40.0%\n"
                                               "Diluted earnings per share $ 2.35 $ 1.26\nNet sales 1,200 1,000"],
                                              2022, "10K")}
    assert kinds == {"Gross margin": "percent", "Diluted earnings per share": "per_share", "Net sales": "money"}


def test_wrapped_labels_dashes_and_parent_headings():
    t, rows = rows_of("\n".join([
        "CONSOLIDATED BALANCE SHEETS", "(Amounts in millions)", "At December 31, 2019 At December 31, 2018",
        "Current assets:", "Cash and cash equivalents $ 5,794 $ 4,225",
        "Accounts receivable, net of allowances of $132 and",
        "$190, respectively 848 1,035",
        "Short-term investments — 2,032",
        "Total current assets 7,292 6,106",
        "Current liabilities:", "Accounts payable $ 292 $ 253"]))
    wrapped = next(r for r in t.rows if r.label.startswith("Accounts receivable"))
    assert wrapped.label.endswith("respectively") and wrapped.value_for(2018) == "1,035"
    assert rows["Short-term investments"].value_for(2019) == "—"
    assert rows["Cash and cash equivalents"].path == ("Current assets",)
    assert rows["Accounts payable"].path == ("Current liabilities",)


def test_a_subgroup_total_does_not_close_the_heading_over_the_rows_after_it():
    t, _ = rows_of("\n".join([
        "Year Ended May 31,", "(In millions) 2030 2029", "REVENUES", "North America $ 14,855 $ 15,216",
        "Greater China 5,134 4,237", "Total Brand 19,989 19,453", "Converse 1,886 2,042", "Corporate 26 75",
        "TOTAL REVENUES $ 21,901 $ 21,570", "EARNINGS BEFORE INTEREST AND TAXES", "North America $ 3,600 $ 3,875",
        "Total Brand 3,600 3,875", "Converse 310 477", "Total Earnings Before Interest and Taxes 3,910 4,352",
        "Interest expense (income), net 54 59"]))
    paths = [(r.path, r.value_for(2030)) for r in t.rows if r.label == "Converse"]
    assert paths == [(("REVENUES",), "1,886"), (("EARNINGS BEFORE INTEREST AND TAXES",), "310")]
    assert next(r for r in t.rows if r.label.startswith("Interest expense")).path == ()   # the heading's own total


def test_an_unparsed_change_column_is_dropped_and_an_amount_is_never_part_of_a_label():
    t, rows = rows_of("\n".join([
        "Net bookings were as follows (amounts in millions):", "For the Years Ended December 31, Increase",
        "2030 2029 (Decrease)", "Net bookings $ 6,388 $ 7,262 $ (874)", "Senior notes due 2035 1,000 1,000"]))
    assert rows["Net bookings"].value_for(2030) == "6,388" and rows["Net bookings"].value_for(2029) == "7,262"
    assert rows["Senior notes due 2035"].value_for(2030) == "1,000"      # a year in a label stays the label's
    t, rows = rows_of("\n".join(["As Reported Impact Restated", "December 31, 2030 2029",
                                  "Other current assets 2,417 (13) 2,404"]))
    assert all(r.value_for(2030) is None for r in t.rows)     # three amounts, two columns: nothing is guessed


def test_a_segment_heading_right_above_a_table_is_its_rows_parent():
    t, _ = rows_of("\n".join([
        "Results of Operations", "Consolidated Results of Operations", "($ in millions) 2030 2029",
        "Net sales $ 14,694 $ 14,544", "Operating income 1,508 1,239", "Segment Results of Operations",
        "Flexibles Segment", "($ in millions) 2030 2029", "Net sales $ 11,154 $ 11,151", "Adjusted EBIT 1,429 1,517"]))
    paths = [(r.path, r.label, r.value_for(2030)) for r in t.rows]
    assert ((), "Net sales", "14,694") in paths
    assert (("Flexibles Segment",), "Adjusted EBIT", "1,429") in paths


def test_a_table_continued_on_the_next_page_keeps_its_columns():
    p1 = "\n".join(["Consolidated Statements of Cash Flows", "(in millions)", "2022 2021 2020",
                    "Net income 100 90 80", "Depreciation 10 9 8", "Capital expenditures (50) (40) (30)"])
    p2 = "\n".join(["Consolidated Statements of Cash Flows (continued)", "Dividends paid (20) (19) (18)",
                    "Net change in cash 40 40 40"])
    facts = extract([p1, p2], 2022, "10K")
    got = {(f.page, f.label, f.fiscal_year): f.value_printed for f in facts}
    assert got[(2, "Dividends paid", 2021)] == "(19)" and got[(2, "Net change in cash", 2020)] == "40"
    # a page of prose after a table does not inherit its columns
    assert not [f for f in extract([p1, "Item 7. Management's discussion\nWe grew 10 9 8"], 2022, "10K")
                if f.page == 2]


def test_fiscal_years_follow_the_filers_own_calendar():
    cal = Calendar(fy_end=(1, 28), offset=0)                      # a retailer's year ends late January
    assert cal.fiscal_year(2023, date(2023, 7, 29)) == 2024        # a second-quarter column
    assert cal.fiscal_year(2023, date(2023, 1, 28)) == 2023
    assert cal.fiscal_year(2019, date(2019, 2, 2)) == 2019         # 53-week year ending a few days later
    assert Calendar(fy_end=(3, 31), offset=-1).fiscal_year(2022, date(2022, 3, 31)) == 2021   # "fiscal 2021"
    text = "\n".join(["Consolidated Balance Sheets", "($ in millions)", "February 2, 2019 February 3, 2018",
                      "Merchandise inventories 5,409 5,209"])
    fys = {f.fiscal_year: f.value_printed for f in extract([text], 2019, "10K")}
    assert fys == {2019: "5,409", 2018: "5,209"}


MORE = CORPUS.parent / "corpus-more" / "pdfs"


@pytest.mark.corpus
@pytest.mark.parametrize("doc,page,fy,label,value", [
    ("ACTIVISIONBLIZZARD_2019_10K", 69, 2019, "Property and equipment, net", "253"),
    ("ADOBE_2016_10K", 62, 2015, "Total revenue", "4,795,511"),
    ("BESTBUY_2019_10K", 52, 2018, "Merchandise inventories", "5,209"),
    ("NIKE_2019_10K", 54, 2019, "Total current assets", "16,525"),
    ("AMERICANEXPRESS_2022_10K", 96, 2021, "Earnings per Common Share — (Note 21) \u203a Diluted", "10.02"),
])
def test_real_pages_of_the_second_development_set(doc, page, fy, label, value):
    import pypdfium2 as pdfium

    path = MORE / f"{doc}.pdf"
    if not path.exists():
        pytest.skip(f"second development set absent: {path}")
    pdf = pdfium.PdfDocument(str(path))
    text = pdf[page - 1].get_textpage().get_text_range()
    pdf.close()
    facts = [f for f in extract([text], int(doc.split("_")[1][:4]), "10K") if label in (f.label, f.label_path)]
    assert facts, f"{label!r} not extracted on {doc} p. {page}"
    assert {f.fiscal_year: f.value_printed for f in facts}[fy] == value


def test_a_label_wrapped_inside_a_date_does_not_start_a_one_year_header():
    # an equity line listing its terms over three lines, the last one starting with the year its date ends on:
    # "... at December 31," / "2029 - -" is the label's tail and its two empty cells, not a new header of 2029
    t, rows = rows_of("\n".join([
        "Consolidated Statements of Financial Condition", "December 31,", "2030 2029", "(In Thousands)",
        "Total Liabilities 2,180,410 1,990,115",
        "STOCKHOLDERS' EQUITY",
        "Preferred stock: $0.01 par value, 5,000,000 shares authorized; issued and outstanding 1,850 shares of",
        "Series C 4.0% noncumulative perpetual preferred stock (liquidation value $10,000 per share) at December 31,",
        "2029 - -",
        "Retained earnings 98,410 86,205",
        "Total Stockholders' Equity 230,365 211,185",
        "See accompanying notes to consolidated financial statements.",
        "34",
    ]))
    assert t.header_columns == [[2030, 2029]]
    assert rows["Total Stockholders' Equity"].value_for(2030) == "230,365"
    assert rows["Retained earnings"].value_for(2029) == "86,205"
    facts = extract(["\n".join(t.lines)], 2030, "10K")
    assert not [f for f in facts if f.value_printed == "34"]        # the page number is no fact


# A statement whose column header the PDF's text puts after its rows, and whose title line carries the period
# ("... for the Years Ended"): a made-up company's page as pdfium prints such a layout.
_LATE_HEADER = ["BRACKENRIDGE MILLING LTD.", "– The accompanying notes form an integral part of these statements. –",
                "Consolidated Statements of Income for the Years Ended",
                "(Tabular amounts are in thousands of Canadian dollars)", "Note",
                "Revenue 18, 23 $ 88,410 $ 71,020", "Cost of sales (61,300) (50,115)", "Gross profit 27,110 20,905",
                "Operating expenses", "Administration expenses (9,004) (8,110)",
                "Finance expense 12.2 (1,250) (980)", "Income before tax 16,856 11,815",
                "Income tax expense 13 (4,210) (3,020)", "Net income $ 12,646 $ 8,795",
                "December 31, 2022 December 31, 2021"]


def test_a_header_printed_after_the_rows_heads_them():
    t, rows = rows_of("\n".join(_LATE_HEADER))
    assert t.statement == "income"                      # "for the Years Ended" on the title line is still its title
    assert rows["Revenue"].value_for(2022) == "88,410"  # (the notes cell "18, 23" set aside)
    assert rows["Gross profit"].value_for(2021) == "20,905"
    assert rows["Net income"].value_for(2022) == "12,646" and rows["Finance expense"].value_for(2021) == "(980)"
    facts = {(f.label, f.period_year): f.value_printed for f in extract(["\n".join(_LATE_HEADER)], 2022, "annual")}
    assert facts[("Gross profit", 2022)] == "27,110" and facts[("Net income", 2021)] == "8,795"


def test_a_late_year_line_is_no_header_when_a_header_stands_above_or_few_rows_fit_it():
    above = ["Note 5 Borrowings", "2022 2021", "Bank loans 4,000 3,500", "Lease liabilities 1,200 1,100",
             "Other 10 12", "Total 5,210 4,612", "Loans 1 2", "Total borrowings 5,211 4,614", "2020 2019"]
    t, rows = rows_of("\n".join(above))
    assert rows["Bank loans"].value_for(2022) == "4,000" and rows["Bank loans"].value_for(2020) is None
    prose = ["Ten-year summary", "Stores 120 132 140", "Employees 2,300 2,410 2,505", "Net sales 3 4 5",
             "Our network grew again.", "2022 2021"]
    t, rows = rows_of("\n".join(prose))
    assert rows["Stores"].value_for(2022) is None       # three figures a row: the two years do not head them


def test_a_table_of_contents_entry_is_no_statement_title():
    toc = ["Index to financial statements",
           "Consolidated Statements of Operations for the Years Ended December 31, 2022 and 2021 F-5",
           "Consolidated Balance Sheets as of December 31, 2022 and 2021 F-4"]
    assert parse_page("\n".join(toc)).statement is None
    assert parse_page("Consolidated Balance Sheets as of December 31, 2022 and 2021\nCash 5 4").statement == "balance"


def test_a_group_company_caption_above_undated_day_months_names_the_columns():
    """"Group Company" over "31 March" (x4) over "Note(s) 2022 2021 2022 2021": the caption line carries no period of
    its own, yet it says the first two columns are the group's and the last two the parent company's."""
    page = ["36 KESTREL MINERALS PLC", "Group Company", "31 March 31 March 31 March 31 March",
            "Note(s) 2022 2021 2022 2021", "Assets", "Intangible assets 3 3,875 2,114 505 342",
            "Cash and cash equivalents 10 4,648 1,392 1,952 1,389", "Total assets 14,367 10,160 11,666 10,980"]
    t, rows = rows_of("\n".join(page))
    assert [(c.year, c.entity) for c in rows["Total assets"].cols if c.kind == "value"] == \
        [(2022, "group"), (2021, "group"), (2022, "company"), (2021, "company")]
    facts = [f for f in extract(["\n".join(page)], 2022, "annual") if f.label == "Total assets"]
    group = {f.fiscal_year: f.value_printed for f in facts if not f.qualifiers}
    assert group == {2022: "14,367", 2021: "10,160"}            # the group's figures are the company's answer


def test_per_share_figures_in_cents_and_pence_keep_their_unit():
    from pipeline.answer.wording import shown
    from pipeline.stores.facts import StoredFact

    page = ["Highlights", "31 March 2030 31 March 2029", "Share price (mid market) 635.00p 727.50p",
            "Net asset value per Ordinary share 713.43p 807.66p", "Total return per Ordinary share (81.70p) 203.49p",
            "Dividends per Ordinary share 15.00p 15.00p", "Reconciliation of share capital",
            "Ordinary shares of 0.1p 1,096 911", "Earnings per share (basic) (cents) 10.06 4.96"]
    facts = {(f.label, f.fiscal_year): f for f in extract(["\n".join(page)], 2030, "annual", currency="GBP")}
    nav = facts[("Net asset value per Ordinary share", 2030)]
    assert (nav.value_printed, nav.kind, nav.scale) == ("713.43p", "per_share", "pence")
    assert str(facts[("Total return per Ordinary share", 2030)].value) == "-81.70"
    assert facts[("Ordinary shares of 0.1p", 2030)].value_printed == "1,096"     # a nominal value is the label's
    assert facts[("Earnings per share (basic) (cents)", 2030)].scale == "cents"

    def said(f):
        return shown(StoredFact(0, "D", "Kestrel", "annual", 2030, f.page, f.line_no, f.table_title, f.statement,
                                f.secondary, f.label, f.label_path, f.column_header, f.fiscal_year, f.span,
                                f.qualifiers, f.value_printed, f.value, f.scale, f.kind, f.currency))
    assert said(nav) == "713.43 pence per share"                              # never "£713.43 per share"
    assert said(facts[("Earnings per share (basic) (cents)", 2030)]) == "10.06 cents per share"
    assert said(facts[("Share price (mid market)", 2030)]) == "635.00 pence"      # as printed ("635.00p"), its decimals kept


def test_a_note_citing_a_statement_with_its_date_titles_nothing_and_a_page_title_says_no_unit():
    assert parse_page("Notes to the balance sheet as at 31 December 2030\nCash 5 4").statement is None
    page = ["Five-year summary (cents where stated)", "2030 2029", "Net tangible assets per share ($) 1.10 1.05"]
    nta = [f for f in extract(["\n".join(page)], 2030, "annual") if f.fiscal_year == 2030][0]
    assert nta.kind == "per_share" and nta.scale is None


def test_share_counts_are_whole_under_except_per_share_and_share_data():
    page = ["Consolidated Statements of Operations", "(in thousands, except per share and share data)",
            "Years Ended December 31, 2030 2029", "Net loss (18,650) (32,000)",
            "Weighted-average common shares outstanding 34,163,437 27,100,000"]
    facts = {f.label: f for f in extract(["\n".join(page)], 2030, "10K") if f.fiscal_year == 2030}
    assert facts["Weighted-average common shares outstanding"].scale is None
    assert facts["Net loss"].scale == "thousand"


def test_a_heading_with_its_note_and_a_unit_per_column_reads_as_the_heading_with_its_unit_once():
    """"Earnings per share 8 pence pence" over "Basic" / "Diluted": the heading's path says the unit once (a per-share
    figure's minor unit is read from it) and drops the note number."""
    from tests.stored_facts import stored_facts
    page = "\n".join(["Consolidated income statement", "Note 2031 2030", "£m £m", "Revenue 3 412.3 381.6",
                      "Profit for the year 41.1 36.1", "Earnings per share 8 pence pence", "Basic 25.1 22.0",
                      "Diluted 24.9 21.8"])
    diluted = [f for f in stored_facts([page], 0, "ANNUAL") if f.label == "Diluted" and f.fiscal_year == 2030]
    assert [(f.label_path, f.value_printed, f.scale, f.kind) for f in diluted] == \
        [("Earnings per share (pence) \u203a Diluted", "21.8", "pence", "per_share")]


def test_a_unit_per_column_under_the_years_is_no_heading_and_headcount_finds_the_employees_row():
    from tests.stored_facts import stored_facts
    from tests.stored_facts import answer_of
    page = "\n".join(["6. Employees", "The average monthly number of persons employed by the Group during the year was:",
                      "2031 2030", "Number Number", "Production 1,612 1,538", "Administration 460 443",
                      "Average number of employees 2,072 1,981"])
    facts = stored_facts([page], 0, "ANNUAL")
    assert {f.label_path for f in facts if f.fiscal_year == 2031} == {"Production", "Administration",
                                                                       "Average number of employees"}
    hit = answer_of("Average headcount at Tarnwick in FY31?", facts, "Tarnwick", 2031)
    assert hit.fact.value_printed == "2,072"
