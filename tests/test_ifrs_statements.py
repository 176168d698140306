"""IFRS and international statement layouts read into facts, and IFRS line-item wording matched to the measure
asked (made-up companies; one generated PDF read end to end)."""
from __future__ import annotations

from pipeline.retrieval.fact_match import FactMatch, NoMatch, choose
from pipeline.question.figure_ask import read_ask
from pipeline.reading.facts import PARENT_ONLY
from pipeline.question.lexicon import get_lexicon
from pipeline.question.analysis import QuestionFacts
from pipeline.question.registry import Company
from pipeline.stores.facts import StoredFact
from pipeline.reading.tables import parse_page
from pipeline.reading.cells import split_row
from tests.pdfs import write_pdf
from tests.stored_facts import answer_of, facts_of, stored_facts

# A made-up Australian group's statements as pdfium prints them: a caption over stacked column lines, the prior
# year's header carrying a footnote marker ("20211"), a notes column, a units row, a second statement on the page.
KESTREL = [
    "Consolidated statement of profit or loss and other comprehensive income",
    "for the year ended 30 June 2024",
    "Notes",
    "2024",
    "$'000",
    "20231",
    "$'000",
    "Revenue from contracts with customers 3 58,015 54,232",
    "Employee benefits expense 4 (16,618) (17,992)",
    "Depreciation and amortisation expense 13, 14, 17 (2,970) (3,111)",
    "Profit before income tax 12,107 9,633",
    "Income tax expense 5 (3,649) (2,548)",
    "Profit for the year attributable to owners of the parent 8,458 7,085",
    "Earnings per share Cents Cents",
    "Basic 7 10.06 8.96",
    "Consolidated statement of financial position",
    "as at 30 June 2024",
    "Notes 2024 2023",
    "$'000 $'000",
    "Cash and cash equivalents 8 59,103 33,454",
    "Trade receivables C2 5,473 5,037",
    "Total assets 104,452 72,979",
    "Total equity attributable to owners of the parent 63,339 50,291",
]


def _facts(pages: list[str], fy: int = 0) -> list[StoredFact]:
    return facts_of(pages, fy)


def _answer(question: str, facts: list[StoredFact], company: str, year: int):
    return answer_of(question, facts, company, year)


def _cell(facts, label, year):
    return next(f.value_printed for f in facts if f.label == label and f.fiscal_year == year)


def test_caption_over_stacked_years_with_a_footnote_marker_and_notes_column():
    facts = _facts(["\n".join(KESTREL)])
    assert _cell(facts, "Revenue from contracts with customers", 2024) == "58,015"
    assert _cell(facts, "Revenue from contracts with customers", 2023) == "54,232"
    # several notes are one notes cell, a lettered note is no part of the label
    assert _cell(facts, "Depreciation and amortisation expense", 2023) == "(3,111)"
    assert _cell(facts, "Trade receivables", 2024) == "5,473"
    # the units row is no heading, and the statement below the income statement is the balance sheet
    rev = next(f for f in facts if f.label == "Revenue from contracts with customers")
    assert rev.label_path == "Revenue from contracts with customers" and rev.scale == "thousand"
    assert next(f for f in facts if f.label == "Total assets").statement == "balance"


def test_ifrs_wording_answers_the_measure_asked():
    facts = _facts(["\n".join(KESTREL)])
    hit = _answer("What was Kestrel's profit for the year in FY2024?", facts, "Kestrel", 2024)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "8,458"
    hit = _answer("What was Kestrel's total equity at 30 June 2024?", facts, "Kestrel", 2024)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "63,339"
    hit = _answer("What was Kestrel's basic earnings per share in FY2023?", facts, "Kestrel", 2023)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "8.96"


def test_profit_after_tax_is_never_answered_with_profit_before_tax():
    facts = [f for f in _facts(["\n".join(KESTREL)]) if not f.label.startswith("Profit for the year")]
    hit = _answer("What was Kestrel's profit after tax in FY2024?", facts, "Kestrel", 2024)
    assert isinstance(hit, NoMatch)


def test_group_and_company_columns_side_by_side():
    page = "\n".join([
        "Group and Company Statements of Comprehensive Income", "for the year ended 31 March 2024",
        "Group Company", "31 March 31 March 31 March 31 March", "Note(s) 2024 2023 2024 2023",
        "Operating expenses 17 (753,321) (1,472,816) (583,841) (2,079,373)",
        "Profit/(loss) for the year 1,542,576 87,872 (1,411,230) (2,079,373)"])
    facts = _facts([page])
    group = [f for f in facts if f.label == "Profit/(loss) for the year" and not f.secondary]
    parent = [f for f in facts if f.label == "Profit/(loss) for the year" and f.secondary]
    assert {(f.fiscal_year, f.value_printed) for f in group} == {(2024, "1,542,576"), (2023, "87,872")}
    assert {(f.fiscal_year, f.value_printed) for f in parent} == {(2024, "(1,411,230)"), (2023, "(2,079,373)")}
    assert all(PARENT_ONLY in f.qualifiers for f in parent)
    hit = _answer("What was Wren Holdings' profit for the year in FY2024?", facts, "Wren Holdings", 2024)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "1,542,576"


def test_an_entity_caption_on_one_line_naming_each_set_of_statements_heads_four_columns():
    # "Consolidated financial statements Separate financial statements" over "Note 2071 2070 2071 2070"
    page = "\n".join([
        "Tamnak Mills Public Company Limited and its subsidiaries", "Statement of financial position",
        "As at 31 December 2071", "(Unit: Thousand Baht)",
        "Consolidated financial statements Separate financial statements", "Note 2071 2070 2071 2070",
        "Cash and cash equivalents 7 1,204,318 1,087,552 312,400 298,100",
        "Total assets 7,024,195 6,351,637 2,199,950 2,079,533"])
    facts = _facts([page])
    cells = {(f.fiscal_year, f.secondary, f.value_printed) for f in facts if f.label == "Total assets"}
    assert cells == {(2071, False, "7,024,195"), (2070, False, "6,351,637"), (2071, True, "2,199,950"),
                     (2070, True, "2,079,533")}
    hit = _answer("Tamnak Mills total assets FY2071?", facts, "Tamnak Mills", 2071)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "7,024,195"


def test_a_day_wrapped_header_and_a_date_caption_keep_the_years_in_their_columns():
    # "Year ended 30" / "September 2024": the wrapped day is no row; a bare date caption above is no column
    page = "\n".join(["STATEMENT OF FINANCIAL POSITION", "30 SEPTEMBER 2024", "Note", "Year ended 30",
                      "September 2024", "Year ended 30", "September 2023", "£ £",
                      "Financial assets at fair value through profit or loss 10 6,156,173 14,038,887",
                      "Cash and cash equivalents 406,106 78,276", "Net assets 6,597,927 12,423,989"])
    facts = _facts([page])
    assert _cell(facts, "Financial assets at fair value through profit or loss", 2024) == "6,156,173"
    assert _cell(facts, "Financial assets at fair value through profit or loss", 2023) == "14,038,887"
    assert _cell(facts, "Cash and cash equivalents", 2023) == "78,276"


def test_dotted_leaders_and_split_brackets():
    t = parse_page("\n".join(["CONSOLIDATED STATEMENTS OF CASH FLOWS", "(In thousands)", "2024 2023",
                              "Net cash provided by operating activities . . . . . . . $ 19,970 $ 18,401",
                              "Payment of cash dividends (33,475 ) (32,587 )"]))
    rows = {r.label: r for r in t.rows}
    assert rows["Net cash provided by operating activities"].value_for(2024) == "19,970"
    assert rows["Payment of cash dividends"].value_for(2023) == "(32,587)"


def test_cover_contents_and_maturity_years_make_no_facts():
    cover = "\n".join(["UNITED STATES SECURITIES AND EXCHANGE COMMISSION", "FORM 10-K",
                       "For the fiscal year ended December 31, 2024 2023", "Commission file number 1-3285",
                       "FALCON WIDGETS COMPANY 55,144 41-0417775"])
    contents = "\n".join(["Falcon Widgets", "Contents", "30 June 2024", "Statement of profit or loss 13",
                          "Statement of financial position 14", "Statement of cash flows 16",
                          "Notes to the financial statements 17"])
    assert _facts([cover]) == [] and _facts([contents]) == []
    assert split_row("Floating rate notes due 2026 500") == ("Floating rate notes due 2026", ["500"])


def test_generated_report_read_end_to_end(tmp_path):
    from ingest.pdf import read_pages
    pdf = write_pdf(tmp_path / "kestrel.pdf", [["Kestrel Minerals Limited", "Annual Report 2024"], KESTREL])
    facts = _facts(read_pages(pdf))
    hit = _answer("What was Kestrel Minerals' revenue from contracts with customers in FY2024?", facts,
                  "Kestrel Minerals", 2024)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "58,015" and hit.fact.page == 2


# A made-up group's note on its joint venture: the investee's own figures under IFRS 12's "summarised financial
# information" wording, on a page that prints no statement of the group's.
HARRIER_NOTE = [
    "Notes to the financial statements",
    "for the year ended 30 June 2024",
    "The following table summarises the financial information of Plover Pty Ltd as included in its own financial",
    "statements, and reconciles it to the carrying amount of the Group's interest in the joint venture.",
    "2024 2023",
    "$'000 $'000",
    "Current assets 8,636 7,120",
    "Net assets 9,294 8,001",
    "Revenue 1,912 1,744",
    "Profit and total comprehensive income (1,135) (640)",
]


def test_a_joint_ventures_summarised_figures_are_not_the_groups():
    facts = _facts(["\n".join(HARRIER_NOTE)])
    rev = [f for f in facts if f.label == "Revenue"]
    assert rev and all(f.secondary for f in rev)      # read, but as another entity's figures
    hit = _answer("What was Harrier's revenue in FY2024?", facts, "Harrier", 2024)
    assert not (isinstance(hit, FactMatch) and hit.fact.value_printed == "1,912")
    # the same layout without the investee's wording is the group's own note
    own = _facts(["\n".join(HARRIER_NOTE[:2] + HARRIER_NOTE[4:])])
    assert not any(f.secondary for f in own if f.label == "Revenue")


def test_the_groups_own_summary_including_its_joint_ventures_stays_the_groups():
    # the investee wording names the reporting group itself: its figures are the group's, not another entity's
    lines = [*HARRIER_NOTE[:2],
             "The table below summarises the financial information of the Group, including joint ventures, by segment.",
             *HARRIER_NOTE[4:]]
    facts = _facts(["\n".join(lines)])
    assert [f for f in facts if f.label == "Revenue"] and not any(f.secondary for f in facts if f.label == "Revenue")
    # a group's investees named with its possessive are still the investees' figures
    theirs = [*HARRIER_NOTE[:2], "The following is summarised financial information of the Group's associates.",
              *HARRIER_NOTE[4:]]
    assert all(f.secondary for f in _facts(["\n".join(theirs)]) if f.label == "Revenue")
