"""Classes found by the twentieth round of made-up report pages (an Irish plc, a New Zealand health group, a Singapore
REIT, an Indian cement and chemicals maker, a German AG, a Canadian bank; a US combined utility 10-K and a specialty
retailer), written by a helper who never read the code. The companies, wording and figures here are made up again."""
from __future__ import annotations

import dataclasses
import re

import pytest

from pipeline.reading.fact_kinds import kind_of
from pipeline.reading.page_table import Row
from pipeline.reading.tables import parse_page
from pipeline.retrieval.fact_match import FactMatch
from tests.stored_facts import answer_of, facts_of


def _value(question: str, pages: list[list[str]], company: str = "Perdita", year: int | None = None) -> str | None:
    year = year or int(re.findall(r"20\d\d", question)[-1])
    # (the facts filed under their company, as identification files them)
    facts = [dataclasses.replace(f, company=company) for f in facts_of(["\n".join(p) for p in pages])]
    hit = answer_of(question, facts, company, year)
    return hit.fact.value_printed if isinstance(hit, FactMatch) else None


# a year alone over rows still printed in both columns, and the statement's own lines after them
DISTRIBUTIONS = ["Perdita Logistics REIT", "Distribution Statements", "Year ended 31 December 2061", "Group",
                 "Note 2061 2060", "$'000 $'000", "Income available for distribution to Unitholders 120,890 116,380",
                 "Distribution from capital (divestment gains) 3,000 -",
                 "Amount available for distribution to Unitholders 184,208 173,484",
                 "Distributions to Unitholders during the year:", "2061",
                 "Distribution of 2.31 cents per Unit for the period from 1 July 2060 to 31 December 2060 (59,702) -",
                 "2060", "Distribution of 2.22 cents per Unit for the period from 1 July 2059 to 31 December 2059 - (57,010)",
                 "Total distributions paid to Unitholders (118,994) (113,166)",
                 "Amount available for distribution to Unitholders at the end of the year 65,214 60,318"]


def test_a_year_alone_over_rows_groups_them_and_heads_no_column():
    rows = {r.label: r for r in parse_page("\n".join(DISTRIBUTIONS)).rows}
    assert rows["Total distributions paid to Unitholders"].values == ["(118,994)", "(113,166)"]
    assert _value("Total distributions paid to Unitholders during 2061?", [DISTRIBUTIONS]) == "(118,994)"


def test_the_row_whose_whole_label_the_question_says_wins_a_tie():
    assert _value("Amount available for distribution to Unitholders for FY2061?", [DISTRIBUTIONS]) == "184,208"
    assert _value("Income available for distribution to Unitholders in 2060?", [DISTRIBUTIONS]) == "116,380"


SEGMENTS = ["Perdita Cement and Chemicals Limited", "Notes to the Consolidated Financial Statements", "41. Segment Information",
            "(Rs in crore)", "Particulars Year ended Year ended", "31st March, 2061 31st March, 2060", "1. Segment Revenue",
            "(a) Cement 19,118.40 17,280.02", "(b) Chemicals 3,906.54 3,512.70", "23,024.94 20,792.72",
            "Less: Inter-segment revenue (106.20) (86.20)", "Revenue from operations 22,918.74 20,706.52"]


def test_a_segment_named_like_a_word_of_the_company_is_never_the_companys_total():
    # (the segment's word is kept: the group's "Revenue from operations" does not cover it)
    assert _value("Chemicals segment revenue for the year ended 31 March 2060?", [SEGMENTS],
                  "Perdita Cement and Chemicals") != "20,706.52"


DIVIDENDS = ["Perdita Cement and Chemicals Limited", "Notes to the Consolidated Financial Statements", "16.1 Dividends",
             "(Rs in crore) Year ended Year ended", "31st March, 2061 31st March, 2060",
             "Dividends on equity shares declared and paid during the year",
             "Final dividend for FY 2059-60 of Rs 12.00 per share (FY 2058-59: Rs 10.00 per share) 463.44 386.20",
             "Interim dividend for FY 2060-61 of Rs 5.00 per share 193.10 -"]


def test_a_dividend_for_the_fiscal_year_before_printed_in_this_years_column_is_not_this_years():
    assert _value("Final dividend per share recommended for FY 2060-61?", [DIVIDENDS], year=2061) is None
    assert _value("Final dividend paid during FY 2060-61?", [DIVIDENDS], year=2061) == "463.44"
    facts = [f for f in facts_of(["\n".join(DIVIDENDS)]) if f.label.startswith("Final dividend")]
    assert facts and all(f.kind == "money" for f in facts)          # ("of Rs 12.00 per share" is its stated rate)


BANK = ["Perdita Bank of Canada", "Consolidated Statement of Income", "(Millions of Canadian dollars)", "For the year ended",
        "October 31 October 31", "Note 2061 2060", "Net interest income 17,618 16,254", "Non-interest income",
        "Insurance revenue 1,204 1,118", "Trading revenue 1,118 904", "Other 412 386", "2,734 2,408",
        "Total revenue 20,352 18,662", "Non-interest expense", "Human resources 7,604 7,102", "Other 1,318 1,206",
        "8,922 8,308", "Income before income taxes 11,430 10,354", "Net income 8,400 7,700"]


def test_an_unlabelled_sum_of_a_section_before_a_result_line_is_the_sections_total():
    rows = {r.label: r for r in parse_page("\n".join(BANK)).rows}
    assert rows["Total Non-interest income"].values == ["2,734", "2,408"]
    assert _value("Total non-interest income FY2060?", [BANK]) == "2,408"
    assert _value("Total non-interest expense 2061", [BANK]) == "8,922"


def test_a_total_of_another_thing_under_a_heading_does_not_stand_for_the_heading():
    short = BANK[:11] + ["Total revenue 20,352 18,662"]          # (no unlabelled sum: the heading's total is unprinted)
    assert _value("Total non-interest income FY2060?", [short]) is None


FINANCIAL = ["Perdita Maschinenbau AG", "Consolidated Statement of Financial Position as at 31 December 2061",
             "in TEUR Note 31.12.2061 31.12.2060", "EQUITY AND LIABILITIES", "Non-current liabilities",
             "Financial liabilities 7.13 205,000 190,000", "Provisions 12,000 11,000", "217,000 201,000",
             "Current liabilities", "Trade payables 80,000 75,000", "Other liabilities 20,000 18,000",
             "Current liabilities 100,000 93,000"]


def test_financial_liabilities_asked_are_never_the_liabilities_total_and_the_statements_name_covers_nothing():
    # (the current block prints no financial liabilities: neither its total nor the non-current row answers)
    assert _value("Current financial liabilities at the end of 2061?", [FINANCIAL]) is None
    assert _value("Non-current financial liabilities at the end of 2060?", [FINANCIAL]) == "190,000"


def test_an_eps_notes_numerator_under_its_heading_is_an_amount_and_a_figure_per_share_stays_one():
    def kind(label: str, value: str) -> str:
        return kind_of(Row(label=label, values=[value], path=("Basic earnings per share",), line_no=1), value, "Note 23")
    assert kind("Net income attributable to common shareholders", "11,030") == "money"
    assert kind("Weighted average number of common shares (in thousands)", "1,402,118") == "count"
    assert kind("Net income attributable to Perdita", "4.53") == "per_share"
    assert kind("Basic earnings per share (in dollars)", "7.87") == "per_share"


def test_over_reaching_wordings_stay_measures():
    rows = ["Perdita Bank plc", "Consolidated income statement", "2061 2060", "£m £m", "Commercial 300 280",
            "Large commercial 900 850", "Finance income 12.0 10.0", "Finance charges (40.0) (38.0)",
            "Lease liabilities 120.0 110.0"]
    assert _value("Large commercial in 2061?", [rows]) == "900"            # ("large" is a word of a measure's name)
    assert _value("Finance charges in 2061?", [rows]) == "(40.0)"          # (a charge is a line of its own name)
    assert _value("IFRS-16 lease liabilities at 31 December 2061?", [rows]) == "120.0"   # (a standard, no code)


def test_a_cost_line_the_lexicon_does_not_know_is_its_amount_as_a_share_of_revenue():
    from pipeline.answer.figure_inputs import _COST_LINE
    from pipeline.answer.calculator import amount_of
    from decimal import Decimal
    assert amount_of("Staff costs", Decimal("-768204"), bool(_COST_LINE.search("Staff costs"))) == Decimal("768204")
    assert amount_of("Other gains", Decimal("-50"), bool(_COST_LINE.search("Other gains"))) == Decimal("-50")
    assert not _COST_LINE.search("Finance costs (income), net")       # (a net line whose sign says which it is)
