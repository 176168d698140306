"""Tables that print the group's line labels but not the group's period-end figures: a parent-only note worded
"Parent Only ..." and an average-balance analysis (made-up banks). A question about the group's total assets or net
income must never be answered from them."""
from __future__ import annotations

from pipeline.retrieval.fact_match import FactMatch, choose
from pipeline.question.figure_ask import read_ask
from pipeline.question.analysis import QuestionFacts
from pipeline.question.lexicon import get_lexicon
from pipeline.question.registry import Company
from pipeline.reading.averages import AVERAGE, average_rows
from pipeline.reading.tables import parse_page
from pipeline.stores.facts import StoredFact
from tests.stored_facts import stored_facts

BALANCE_SHEET = [
    "Consolidated Statements of Financial Condition",
    "December 31,",
    "2030 2029",
    "(In Thousands)",
    "Cash and due from banks $ 41,200 $ 38,950",
    "Loans receivable, net 1,904,118 1,750,220",
    "Total assets $ 2,410,775 $ 2,201,300",
    "Total liabilities 2,180,410 1,990,115",
    "Total stockholders' equity 230,365 211,185",
]

# A parent-only note under a heading that says "Parent Only" (no "company" between the words)
PARENT_NOTE = [
    "Notes to Consolidated Financial Statements",
    "Note 21 - Parent Only Condensed Financial Information",
    "STATEMENTS OF FINANCIAL CONDITION",
    "December 31,",
    "2030 2029",
    "(In Thousands)",
    "Cash and due from banks $ 2,310 $ 1,975",
    "Investment in subsidiary 244,880 226,004",
    "Total assets 247,190 227,979",
    "STATEMENTS OF OPERATIONS",
    "Years Ended December 31,",
    "2030 2029",
    "Dividends from Bank $ 18,400 $ 12,050",
    "Net Income $ 31,622 $ 27,480",
]

# The average-balance analysis of net interest income: per year, an average balance, the interest and the rate
AVERAGE_TABLE = [
    "Analysis of Net Interest Income",
    "The following table sets forth average balance sheets, yields and costs for the years indicated.",
    "Year ended December 31, 2030 Year ended December 31, 2029",
    "Average Balance Interest Average Rate Average Balance Interest Average Rate",
    "(Dollars in Thousands)",
    "Loans receivable $ 1,850,300 $ 96,410 5.21% $ 1,702,118 $ 83,950 4.93%",
    "Total interest-earning assets 2,105,440 101,225 4.81% 1,960,310 88,400 4.51%",
    "Non-interest-earning assets 88,120 80,445",
    "Total assets $ 2,193,560 $ 2,040,755",
    "Total stockholders' equity 221,900 205,310",
    "Net interest income $ 80,115 $ 71,930",
]


def _facts(pages: list[list[str]]) -> list[StoredFact]:
    return stored_facts(["\n".join(p) for p in pages], 2030, "10K")


def _answer(question: str, facts: list[StoredFact], *, secondary_ok: bool = False):
    metrics = get_lexicon().find(question)
    qf = QuestionFacts(text=question, companies=[Company(key="k", name="Heron Bancorp")], years=[2030],
                       metrics=metrics)
    ask = read_ask(question, qf, metrics[0] if metrics else None)
    return choose(ask, [f for f in facts if f.fiscal_year == 2030], ["d"], secondary_ok=secondary_ok)


def test_a_parent_only_heading_makes_the_statements_under_it_the_parents():
    facts = _facts([PARENT_NOTE])
    total = [f for f in facts if f.label == "Total assets"]
    income = [f for f in facts if f.label == "Net Income"]
    assert total and income and all(f.secondary for f in total + income)
    # with the group's balance sheet beside it, the group's figure answers; without it, nothing does
    hit = _answer("What were Heron Bancorp's total assets in FY2030?", _facts([BALANCE_SHEET, PARENT_NOTE]))
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "2,410,775"
    alone = _answer("What was Heron Bancorp's net income in FY2030?", facts)
    assert not isinstance(alone, FactMatch)


def test_the_same_statement_titles_without_the_parent_heading_are_the_groups():
    facts = _facts([[PARENT_NOTE[0], *PARENT_NOTE[2:]]])
    assert [f for f in facts if f.label == "Net Income" and not f.secondary]


def test_rows_under_average_balance_heads_are_averages_not_levels():
    table = parse_page("\n".join(AVERAGE_TABLE))
    labels = {r.label for r in table.rows if r.line_no in average_rows(table)}
    assert {"Total assets", "Total stockholders' equity", "Net interest income"} <= labels
    facts = _facts([AVERAGE_TABLE])
    total = [f for f in facts if f.label == "Total assets"]
    assert total and all(f.secondary and AVERAGE in f.qualifiers for f in total)
    # the year-end question takes the balance sheet's level; with only the average table there is no answer
    both = _facts([AVERAGE_TABLE, BALANCE_SHEET])
    hit = _answer("What were Heron Bancorp's total assets in FY2030?", both)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "2,410,775"
    assert not isinstance(_answer("What were Heron Bancorp's total assets in FY2030?", facts), FactMatch)


def test_a_sentence_naming_average_balances_starts_no_average_table():
    lines = [AVERAGE_TABLE[0], AVERAGE_TABLE[1], *BALANCE_SHEET[1:]]
    table = parse_page("\n".join(lines))
    assert not average_rows(table)
