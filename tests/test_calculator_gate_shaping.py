from decimal import Decimal

import pytest

from pipeline.answer import calculator
from pipeline.guardrails.final_gate import check
from pipeline.guardrails.shaping import label, renumber, shape
from pipeline.state import CitationRef, Claim, TurnState


def inp(key, v, m, y=2022):
    return calculator.Input(key, key, Decimal(v), str(v), m, y)


def test_derivations_show_both_inputs_with_their_citations():
    r = calculator.growth(inp("revenue", 22252, 1), inp("revenue", 20456, 2, 2021))
    assert r.derivation == "(22,252 [1] − 20,456 [2]) / 20,456 = 8.8 %"
    r = calculator.derived("gross_profit / revenue * 100", "%", {"gross_profit": inp("gross_profit", 2725, 1),
                                                                 "revenue": inp("revenue", 14694, 1)})
    assert r.shown() == "18.5 %" and "2,725 [1]" in r.derivation and "14,694 [1]" in r.derivation
    assert calculator.difference(inp("a", 14275, 1), inp("b", 5207, 2)).value == 9068


def test_inputs_printed_in_different_scales_are_brought_to_one_and_the_derivation_says_so():
    ocf = calculator.Input("ocf", "ocf", Decimal("2912.9"), "2,912.9", 1, 2017, "million")
    capex = calculator.Input("capex", "capex", Decimal(178122), "178,122", 2, 2017, "thousand")
    r = calculator.derived("ocf - capex", "money", {"ocf": ocf, "capex": capex})
    assert r.value == Decimal("2734.778")
    assert "2,912.90 million [1]" in r.derivation and "178,122 thousand [2]" in r.derivation
    assert r.derivation.endswith("= $2,734.78")          # the result as the answer's amount says it
    same = calculator.derived("a - b", "money", {"a": inp("a", 500, 1), "b": inp("b", 200, 2)})
    assert same.derivation == "500 [1] − 200 [2] = $300"   # one scale: nothing added


def test_calculation_refuses_missing_inputs_and_zero_division():
    with pytest.raises(calculator.CalculationError):
        calculator.derived("a / b", "x", {"a": inp("a", 1, 1)})
    with pytest.raises(calculator.CalculationError):
        calculator.derived("a / b", "x", {"a": inp("a", 1, 1), "b": inp("b", 0, 1)})
    with pytest.raises(calculator.CalculationError):
        calculator.evaluate("__import__('os')", {})


def cite(m, page):
    return CitationRef(marker=m, doc="D", company="X", fiscal_year=2022, page=page)


def test_renumber_in_order_of_appearance_and_drop_uncited():
    text, cites = renumber("A is 5 [3]. B is 6 [1]. Again [3].", [cite(1, 10), cite(2, 20), cite(3, 30)])
    assert text == "A is 5 [1]. B is 6 [2]. Again [1]."
    assert [(c.marker, c.page) for c in cites] == [(1, 30), (2, 10)]


def test_caveat_labels_name_metric_and_context_never_the_number():
    assert label("Boeing FY2022 operating cash flow $3,512 million [1] from the statement") == \
        "Boeing FY2022 operating cash flow from the statement"
    assert label("3M FY2018 capex 1,577") == "3M FY2018 capex"


def state(**kw):
    base = dict(question="q", route="retrieve", answer="Capex was $1 [1].", citations=[cite(1, 1)])
    base.update(kw)
    return TurnState(**base)


@pytest.mark.parametrize("kw,ok", [
    ({}, True),
    ({"answer": ""}, False),
    ({"answer": "I don't know."}, False),
    ({"answer": "Capex was $1 [2]."}, False),                         # marker resolves to nothing
    ({"citations": []}, False),
    ({"answer": "Capex was high [1]."}, False),                       # neither figure nor quote
    ({"answer": "I could not find capex for X FY2022.", "citations": []}, True),
    ({"route": "clarify", "answer": "Which year?", "citations": []}, True),
    ({"route": "clarify", "answer": "Which year? [1]"}, False),       # non-retrieve replies cite nothing
])
def test_final_gate(kw, ok):
    assert check(state(**kw))[0] is ok


def test_confidence_is_capped_by_the_verdict_and_caveats_name_claims():
    s = state(verdict="partial", claims=[Claim(text="t", label="X FY2022 capex", numbers=["1"], verdict="unsupported")])
    shape(s, "high")
    assert s.confidence == "medium" and s.caveats == ["Unverified: X FY2022 capex"]
    s = state(verdict="pass")
    shape(s, "high")
    assert s.confidence == "high" and not s.caveats


@pytest.mark.parametrize("label,printed,outflow,amount", [
    ("Income tax (expense)/benefit", "743", True, "-743"),       # parentheses mark the expense: 743 is a benefit
    ("Income tax (expense)/benefit", "-31", True, "31"),
    ("Income tax benefit (expense)", "120", True, "-120"),
    ("Income tax benefit", "743", True, "-743"),                 # a benefit is a negative tax expense
    ("Provision for (benefit from) income taxes", "-50", True, "-50"),
    ("Provision for income taxes", "612", True, "612"),
    ("Purchases of property, plant and equipment", "-1577", True, "1577"),   # an outflow printed in parentheses
    ("Net income", "-400", False, "-400"),
    ("Research and development, net of tax credits", "500", True, "500"),    # an expense, whatever it is net of
])
def test_a_rows_sign_is_read_from_its_label(label, printed, outflow, amount):
    assert calculator.amount_of(label, Decimal(printed), outflow) == Decimal(amount)


def test_a_benefit_printed_in_parentheses_is_refused_rather_than_guessed():
    # "Income tax benefit (743)": a benefit the statement subtracts, or an expense? the label cannot say
    with pytest.raises(calculator.CalculationError):
        calculator.amount_of("Income tax benefit", Decimal(-743), True)
