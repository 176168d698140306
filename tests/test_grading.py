"""The quality grader is honest: adversarial answers that a lenient grader would count as correct are not
(right digits, wrong sign; right number, wrong row; x100; a figure only in the derivation; a scale the answer
never states). Made-up companies and figures throughout."""
from decimal import Decimal

import pytest

from evals import grading as g
from evals import quality as q
from evals import quality_sets as qs


def _case(gold_figure="1577", scale="million", currency=None, **kw):
    base = dict(suite="s", id="c1", company="Zephyr Widgets", question_type="figure", turns=("q?",),
                gold="$1,577 million", gold_figure=Decimal(gold_figure) if gold_figure is not None else None,
                gold_scale=scale, gold_currency=currency)
    return qs.QualityCase(**{**base, **kw})


def _out(answer, route="retrieve"):
    return {"route": route, "answer": answer, "results": []}


@pytest.mark.parametrize("answer,outcome", [
    ("Zephyr's capital expenditure in FY2031 was $1,577 million [1].", "correct"),
    ("Zephyr's capital expenditure in FY2031 was $1.6 billion [1].", "correct"),         # stated, rounded
    ("Zephyr's capital expenditure in FY2031 was $1,590 million [1].", "correct"),       # within 1 %
    ("Zephyr's capital expenditure in FY2031 was $2 billion [1].", "incorrect"),         # one digit: no slack
    ("Zephyr's capital expenditure in FY2031 was $1,577 [1].", "incorrect"),             # scale never stated
    ("Zephyr's capital expenditure in FY2031 was $157,700 million [1].", "incorrect"),   # x100
    ("Zephyr's capital expenditure in FY2031 was $15.77 million [1].", "incorrect"),     # /100
    ("Zephyr's capital expenditure in FY2031 was $1,577 thousand [1].", "incorrect"),    # wrong scale word
])
def test_the_scale_is_the_one_the_answer_states(answer, outcome):
    assert q.grade(_case(), _out(answer))[0] == outcome


def test_right_digits_wrong_sign():
    loss = _case(gold_figure="-42.5", gold="a net loss of A$42.5 million", currency="AUD")
    assert q.grade(loss, _out("Zephyr's net result for FY2031 was a net loss of A$ 42.5 million [1]."))[0] == "correct"
    assert q.grade(loss, _out("Zephyr's net loss for FY2031 was A$ (42.5) million [1]."))[0] == "correct"
    assert q.grade(loss, _out("Zephyr's profit for FY2031 was A$ -42.5 million [1]."))[0] == "correct"
    got = q.grade(loss, _out("Zephyr's net profit for FY2031 was A$ 42.5 million [1]."))
    assert got[0] == "incorrect" and "sign" in got[1]
    profit = _case(gold_figure="42.5", gold="a profit of A$42.5 million", currency="AUD")
    assert q.grade(profit, _out("Zephyr made a loss of A$ 42.5 million in FY2031 [1]."))[0] == "incorrect"
    # a loss word about something else, before a comparison, does not flip the headline
    assert q.grade(profit, _out("Zephyr's profit was A$ 42.5 million in FY2031 [1], compared to a loss of "
                                 "A$ 3.0 million."))[0] == "correct"
    assert q.grade(profit, _out("Loss before income tax was A$ 42.5 million [1]."))[0] == "incorrect"


def test_cash_used_and_an_outflow_are_negative_cash_generated_is_not():
    used = _case(gold_figure="-49109", scale="thousand", currency="USD", gold="net cash used of $49,109 thousand")
    said = "Zephyr's operating cash flow in FY2031 was {} [1]."
    for answer in ("$49,109 thousand used", "an outflow of $49,109 thousand"):
        assert q.grade(used, _out(said.format(answer)))[0] == "correct", answer
    got = q.grade(used, _out(said.format("$49,109 thousand")))
    assert got[0] == "incorrect" and "sign" in got[1]


def test_right_number_wrong_row_only_the_headline_is_compared():
    # the gold figure appears in the answer, but as the prior year or another row, not as the answer
    wrong_row = "Zephyr's revenue in FY2031 was $1,402 million [1] (FY2030: $1,577 million; cost of sales $1,577 million)."
    got = q.grade(_case(), _out(wrong_row))
    assert got[0] == "incorrect" and "1,402" in got[1]


def test_a_figure_only_in_the_derivation_is_not_the_answer():
    ratio = "Zephyr's capex-to-revenue ratio in FY2031 was 0.35 [1] (capex $1,577 million / revenue $4,506 million)."
    assert q.grade(_case(), _out(ratio))[0] == "incorrect"
    assert q.grade(_case(gold_figure="0.35", scale="unit"), _out(ratio))[0] == "correct"


def test_percentages_are_never_rescaled():
    pct = _case(gold_figure="16.5", scale="percent", gold="16.5%")
    assert q.grade(pct, _out("Zephyr's operating margin in FY2031 was 16.5 % [1]."))[0] == "correct"
    assert q.grade(pct, _out("Zephyr's operating margin in FY2031 was 16.5 per cent [1]."))[0] == "correct"
    assert q.grade(pct, _out("Zephyr's operating margin in FY2031 was 0.165 [1]."))[0] == "incorrect"
    ratio = _case(gold_figure="0.66", scale="unit", gold="0.66")
    assert q.grade(ratio, _out("Zephyr's cash flow ratio in FY2031 was 66 % [1]."))[0] == "incorrect"
    assert q.grade(ratio, _out("Zephyr's cash flow ratio in FY2031 was 0.66 [1]."))[0] == "correct"


def test_currency_must_agree_when_the_answer_prints_one():
    aud = _case(gold_figure="218.1", currency="AUD", gold="A$218.1 million")
    assert q.grade(aud, _out("Zephyr's revenue in FY2031 was A$ 218.1 million [1]."))[0] == "correct"
    assert q.grade(aud, _out("Zephyr's revenue in FY2031 was $218.1 million [1]."))[0] == "incorrect"
    gbp = _case(gold_figure="12345", scale="thousand", currency="GBP")
    assert q.grade(gbp, _out("Zephyr plc's revenue for 2031 was £12,345 thousand [1]."))[0] == "correct"
    assert q.grade(gbp, _out("Zephyr plc's revenue for 2031 was £12.3 million [1]."))[0] == "correct"


def test_years_dates_markers_and_names_are_not_figures():
    assert g.headline("3M-like Zephyr 3M's revenue for the year ended December 31, 2031 was $5 million [2].").printed \
        == "$5 million"
    assert g.headline("In fiscal 2031 (FY2031) the 10-K reports revenue of $7.5 billion.").printed == "$7.5 billion"
    assert g.headline("The 3-year average operating margin was 10.3 %.").printed == "10.3 %"
    # a preface without a figure: the headline is the next sentence's first figure
    assert g.headline("I used FY2031, the latest of Zephyr's reports I hold. Revenue was $2,000 million [1].").printed \
        == "$2,000 million"


def test_yes_no_is_graded_on_the_stated_verdict():
    yes = _case(gold_figure=None, scale=None, question_type="yesno", gold="Yes", gold_verdict="yes")
    assert q.grade(yes, _out("Yes. Zephyr bought back 1.2 million shares in FY2031 [1]."))[0] == "correct"
    assert q.grade(yes, _out("No. The report says Zephyr did not buy back shares [1]."))[0] == "incorrect"
    # 'yes' somewhere in the text is not a verdict; an answer that states none is a refusal, never a match
    got = q.grade(yes, _out("The filing states no yes or no to this; the figure it gives: 1.2 million shares."))
    assert got[0] == "refused"
    assert q.grade(yes, _out("Zephyr's buy-back: yes, it is described on page 4."))[0] == "refused"


def test_names_are_graded_by_the_names():
    ceo = _case(gold_figure=None, scale=None, question_type="name", gold="Jane Q. Doe", gold_names=("Jane Q. Doe",))
    assert q.grade(ceo, _out("Zephyr's chief executive officer is Jane Q Doe [1]."))[0] == "correct"
    assert q.grade(ceo, _out("Directors: Jane Doe - Chief Executive Officer [1]."))[0] == "correct"   # no initial
    got = q.grade(ceo, _out("Zephyr's chief executive officer is John Roe [1]."))
    assert got[0] == "incorrect" and "Jane Q. Doe" in got[1]
    assert q.grade(ceo, _out("Zephyr's chairman is Jane Doering [1]."))[0] == "incorrect"    # whole words only


def test_an_unanswerable_case_is_correct_only_when_refused():
    none = _case(gold_figure=None, scale=None, answerable=False, gold="The report does not state it")
    assert q.grade(none, _out("I could not find dividends per share for Zephyr FY2031."))[0] == "correct"
    assert q.grade(none, _out("Zephyr paid dividends of $0.40 per share [1]."))[0] == "incorrect"


def test_a_per_share_figure_in_cents_or_pence_is_graded_in_the_currencys_hundredth():
    from decimal import Decimal as D

    from evals import grading as g

    assert g.agrees(g.headline("Basic EPS was 10.06 cents per share [1]"), D("10.06"), "cent")[0]
    assert g.agrees(g.headline("NAV per share was 713.43p [1]"), D("713.43"), "cent")[0]
    # the same digits said in currency units are a hundred times the figure
    ok, why = g.agrees(g.headline("Basic EPS was A$ 10.06 per share [1]"), D("10.06"), "cent")
    assert not ok and "differs" in why
    assert g.headline("see the annual report p. 46") is None
