"""Tables whose columns are segments: each cell a fact of its segment and of its block's fiscal year, or nothing.

Generated page texts as pdfium prints them (segment names wrapped over lines, "For the year ended ..." above each
block), parsed exactly as ingest does; plus one real page of the second development set.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.question import figure_ask

from pipeline.retrieval import fact_match as lookup
from pipeline.reading.facts import extract
from pipeline.question.analysis import analyse
from pipeline.stores.facts import StoredFact
from tests.conftest import CORPUS

# The filing names its segments as rows elsewhere (an MD&A table): that is how a wrapped header is split.
BY_SEGMENT_ROWS = [
    "Net sales by segment", "(in millions)", "Years ended December 31, 2030 2029",
    "Optical Fiber $ 5,000 $ 4,300", "Display Glass 3,300 3,700", "Specialty Glass 2,000 2,010",
    "Life Tools 1,200 1,230", "Hemlock and Emerging Growth Units 1,600 1,240", "All Other 10 20",
    "Total net sales $ 13,110 $ 12,500",
]
SEGMENT_COLUMNS = [
    "Segment Information (in millions)",
    "Optical", "Fiber", "Display", "Glass", "Specialty", "Glass Life Tools", "Hemlock and", "Emerging Growth",
    "Units (1) Total",
    "For the year ended December 31, 2030",
    "Segment net sales $ 5,000 $ 3,300 $ 2,000 $ 1,200 $ 1,600 $ 13,100",
    "Depreciation (2) $ 249 $ 547 $ 155 $ 60 $ 146 $ 1,157",
    "Net income $ 661 $ 769 $ 340 $ 153 $ 39 $ 1,962",
    "Investment in affiliated companies, at equity $ 3 $ 102 $ 8 $ 144 $ 257",
    "For the year ended December 31, 2029",
    "Segment net sales $ 4,300 $ 3,700 $ 2,010 $ 1,230 $ 1,240 $ 12,480",
    "Net income (loss) $ 553 $ 960 $ 371 $ 194 $ (51) $ 2,027",
    "(1) Units acquired in 2029.",
]
INCOME = ["Consolidated Statements of Income", "(in millions)", "Years ended December 31, 2030 2029",
          "Net sales $ 13,110 $ 12,500", "Net income 1,500 1,400"]


def facts_of(*pages: list[str]):
    return extract(["\n".join(p) for p in pages], 2030, "10K")


def test_each_cell_is_its_columns_segments_with_its_blocks_year():
    got = {(f.label_path, f.fiscal_year): f for f in facts_of(BY_SEGMENT_ROWS, SEGMENT_COLUMNS) if f.page == 2}
    assert got[("Display Glass \u203a Segment net sales", 2030)].value_printed == "3,300"
    assert got[("Display Glass \u203a Segment net sales", 2029)].value_printed == "3,700"
    assert got[("Hemlock and Emerging Growth Units \u203a Net income", 2030)].value_printed == "39"
    assert got[("Hemlock and Emerging Growth Units \u203a Net income (loss)", 2029)].value_printed == "(51)"
    assert got[("Specialty Glass \u203a Depreciation (2)", 2030)].value_printed == "155"   # "(2)" is a footnote
    total = got[("Segment net sales", 2030)]                                             # the company's column
    assert total.value_printed == "13,100" and total.qualifiers == "" and total.scale == "million"
    assert "Display Glass" in got[("Display Glass \u203a Net income", 2030)].column_header


def test_a_row_with_an_empty_cell_yields_nothing_rather_than_shifted_values():
    labels = {f.label for f in facts_of(BY_SEGMENT_ROWS, SEGMENT_COLUMNS) if f.page == 2}
    assert not any(lb.startswith("Investment in affiliated") for lb in labels)     # 4 values for 6 columns


def test_a_header_that_cannot_be_split_into_the_filings_own_names_yields_nothing():
    # without the MD&A table nothing says where "Optical Fiber" ends and "Display Glass" begins
    assert not [f for f in facts_of(SEGMENT_COLUMNS) if "Segment net sales" in f.label]


@pytest.mark.parametrize("header,rows", [
    (["Goodwill Tradenames", "Optical Fiber Optical Fiber Display Glass Total"],     # a spanning group header
     ["Balance at end of year $ 10 $ 20 $ 30 $ 60", "Additions 1 2 3 6"]),
    (["Optical Fiber Optical Fiber Total"], ["Balance at end of year $ 10 $ 20 $ 30", "Additions 1 2 3"]),
    (["Device payment plan", "agreement Optical Fiber", "Display Glass Total"],      # a wrapped name left unread
     ["Balance at end of year $ 10 $ 20 $ 30 $ 60", "Additions 1 2 3 6"]),
    (["Device payment", "plan agreement Wireless", "service Other receivables Total"],    # names split mid-name
     ["Balance at end of year $ 10 $ 20 $ 30 $ 60", "Additions 1 2 3 6"]),
])
def test_group_headers_and_partly_read_names_yield_nothing(header, rows):
    vocab = [*BY_SEGMENT_ROWS, "service 1 2", "Other 1 2", "receivables 1 2"]     # words printed as rows elsewhere
    page = ["Balances (in millions)", *header, "Year ended December 31, 2030", *rows]
    assert not [f for f in facts_of(vocab, page) if f.page == 2]


def test_a_period_above_each_repeated_header():
    page = ["Segment results (amounts in millions)",
            "Year Ended December 31, 2030", "Optical Fiber Display Glass Total",
            "Segment operating income $ 850 $ 464 $ 1,314",
            "Year Ended December 31, 2029", "Optical Fiber Display Glass Total",
            "Segment operating income $ 800 $ 400 $ 1,200"]
    got = {(f.label_path, f.fiscal_year): f.value_printed for f in facts_of(BY_SEGMENT_ROWS, page) if f.page == 2}
    assert got[("Display Glass \u203a Segment operating income", 2029)] == "400"
    assert got[("Optical Fiber \u203a Segment operating income", 2030)] == "850"
    assert got[("Segment operating income", 2030)] == "1,314"


def stored() -> list[StoredFact]:
    return [StoredFact(i, "VERIZON_2030_10K", "Verizon", "10K", 2030, f.page, f.line_no, f.table_title, f.statement,
                       f.secondary, f.label, f.label_path, f.column_header, f.fiscal_year, f.span, f.qualifiers,
                       f.value_printed, f.value, f.scale, f.kind, f.currency)
            for i, f in enumerate(facts_of(INCOME, SEGMENT_COLUMNS, BY_SEGMENT_ROWS))]


FACTS = stored()


def answer(question: str, year: int = 2030):
    facts = analyse(question)
    ask = figure_ask.read_ask(question, facts, facts.metric)
    return lookup.choose(ask, [f for f in FACTS if f.fiscal_year == year], ["VERIZON_2030_10K"])


@pytest.mark.parametrize("question,year,value", [
    ("Verizon Display Glass net income 2030", 2030, "769"),
    ("Verizon Hemlock and Emerging Growth Units net income 2029", 2029, "(51)"),
    ("Verizon Specialty Glass depreciation 2030", 2030, "155"),
    ("Verizon net income 2030", 2030, "1,500"),                 # the company's statement, never a segment's
    ("Verizon segment net sales 2029", 2029, "12,480"),         # the segments' total column
])
def test_a_segment_question_takes_its_column_and_a_company_question_never_does(question, year, value):
    m = answer(question, year)
    assert isinstance(m, lookup.FactMatch), m
    assert m.fact.value_printed == value


def test_a_column_named_only_by_generic_words_answers_nothing():
    m = answer("Verizon Global Units net income 2030")
    assert isinstance(m, lookup.NoMatch) or m.fact.value_printed not in {"39", "661", "769", "340", "153"}


REAL = Path(CORPUS).parent / "corpus-more" / "pdfs" / "CORNING_2022_10K.pdf"


@pytest.mark.skipif(not REAL.exists(), reason="second development set (corpus-more) not present")
def test_real_segment_table_cells_sit_in_their_columns():
    import pypdfium2
    doc = pypdfium2.PdfDocument(str(REAL))
    pages = [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    got = {(f.label_path, f.fiscal_year): f.value_printed for f in extract(pages, 2022, "10K") if f.page == 102}
    assert got[("Display Technologies \u203a Segment net sales", 2021)] == "3,700"
    assert got[("Specialty Materials \u203a Net income", 2022)] == "340"
    assert got[("Segment net sales", 2022)] == "14,805"
    assert not any(k[0].endswith("Investment in affiliated companies, at equity") for k in got)


def test_dot_leaders_are_not_part_of_a_name_or_a_label():
    rows = ["Revenue by segment (dollars in thousands)", "Fiscal 2030 Fiscal 2029",
            "Optical Fiber .......... $ 5,000 $ 4,300", "Display Glass.............. 3,300 3,700"]
    page = ["Segment results (dollars in thousands)", "Optical Fiber", "Display", "Glass Total", "Fiscal 2030",
            "Revenue ............... $ 5,000 $ 3,300 $ 8,300", "Cost of revenue.......... 210 525 735"]
    got = {(f.label_path, f.fiscal_year): f for f in facts_of(rows, page) if f.page == 2}
    assert got[("Display Glass \u203a Cost of revenue", 2030)].value_printed == "525"
    assert got[("Revenue", 2030)].value_printed == "8,300" and got[("Revenue", 2030)].scale == "thousand"
