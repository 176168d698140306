"""A statement named in a question says where the figure is printed, never what is asked: "cash" in "statement of
cash flows" and "income" in "income statement" name no measure, and the figure question reads the same names as its
hint to the statement (pipeline/question/statement_names.py). Made-up company."""
from __future__ import annotations

import pytest

from pipeline.question.analysis import QuestionFacts
from pipeline.question.figure_ask import read_ask
from pipeline.question.lexicon import get_lexicon
from pipeline.question.registry import Company


def keys(q: str) -> list[str]:
    return [m.key for m in get_lexicon().find(q)]


@pytest.mark.parametrize("question,measure", [
    ("What was Tarnwick's repurchase of common stock in its statement of cash flows for FY2023?", None),
    ("In the cash flow statement, what were Tarnwick's dividends paid in FY2023?", "dividends_paid"),
    ("What was Tarnwick's net income in the income statement for FY2023?", "net_income"),
    ("What was Tarnwick's depreciation in its consolidated statements of cash flows for FY2023?",
     "depreciation_amortization"),
    ("On the statement of comprehensive income, what was Tarnwick's revenue in FY2023?", "revenue"),
])
def test_a_statements_name_names_no_measure(question, measure):
    found = keys(question)
    assert "cash" not in found
    assert (found[0] if found else None) == measure


def test_the_measure_words_outside_a_statements_name_still_name_it():
    assert keys("What was Tarnwick's cash at the end of FY2023?") == ["cash"]
    assert keys("What was Tarnwick's operating cash flow in the statement of cash flows for FY2023?")[0] == \
        "operating_cash_flow"


@pytest.mark.parametrize("where,hint", [
    ("in its statement of cash flows", "cash_flow"), ("in the cash flow statement", "cash_flow"),
    ("on the balance sheet", "balance"), ("in the statement of financial position", "balance"),
    ("in the income statement", "income"), ("in its statement of stockholders' equity", "equity"),
])
def test_the_figure_question_reads_the_named_statement_as_its_hint(where, hint):
    q = f"What was Tarnwick's repurchase of common stock {where} for FY2023?"
    metrics = get_lexicon().find(q)
    facts = QuestionFacts(text=q, companies=[Company(key="k", name="Tarnwick")], years=[2023], metrics=metrics)
    ask = read_ask(q, facts, metrics[0] if metrics else None)
    assert ask.statement_hint == hint
    assert not {"cash", "flow", "incom", "balanc", "sheet"} & set(ask.hard)
