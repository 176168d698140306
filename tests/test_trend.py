"""A measure over time ("an improving margin?", "has it improved or declined?"): the asked year is compared with
the year before (or the two named years), both values cited, the verdict first; never one year's value alone."""
import re
from decimal import Decimal

import pytest

from pipeline.answer.trend import _verdict, asks_trend
from pipeline.question.analysis import analyse
from tests.conftest import PDFS


@pytest.mark.parametrize("q", [
    "Does Acme have an improving gross margin profile as of FY2023?",
    "Has Acme's quick ratio improved or declined between FY2023 and FY2022?",
    "Did Acme's net income increase in 2022?",
    "Was there any drop in cash and cash equivalents between FY2022 and FY2023?",
    "How does Acme's effective tax rate in FY2022 compare to FY2021?",
])
def test_verdict_and_comparison_questions_about_a_measure_are_trend_questions(q):
    assert asks_trend(analyse(q))


@pytest.mark.parametrize("q", [
    "What was Acme's net income in 2022?",                            # one figure asked
    "Does Acme have an improving free cash flow conversion as of FY2022?",   # another measure built on the metric
    "Did Acme announce a share buyback in 2022?",                     # no measure
    "What was the change in net income between 2019, 2020 and 2021?",  # three years: not a two-year comparison
])
def test_other_questions_are_not(q):
    assert not asks_trend(analyse(q))


@pytest.mark.parametrize("q,delta,lead", [
    ("Does X have an improving gross margin profile?", Decimal("-0.8"), "No. "),
    ("Does X have an improving gross margin profile?", Decimal("1.2"), "Yes. "),
    ("Has X's debt improved?", Decimal("-229"), "Yes. "),          # lower debt is the improvement
    ("Has the quick ratio improved or declined?", Decimal("0.02"), "It improved: "),
    ("Has X increased its debt between 2021 and 2022?", Decimal("-229"), "No. "),
    ("Was there any drop in cash between 2022 and 2023?", Decimal("-5"), "Yes. "),
    ("How does the tax rate in FY2022 compare to FY2021?", Decimal("3"), ""),
])
def test_the_verdict_follows_the_direction_asked(q, delta, lead):
    assert _verdict(q, delta, "gross margin" if "margin" in q else "debt" if "debt" in q else "cash") == lead


def test_an_increase_is_answered_with_both_years_each_cited_and_the_verdict(ask):
    state = ask("Did Verizon's net income increase in FY2030?")
    assert state.answer.startswith("Yes. ")
    assert "$4,321 million in FY2030" in state.answer and "$3,210 million in FY2029" in state.answer
    assert "+34.6 %" in state.answer        # (4,321 - 3,210) / 3,210 from the generated statement
    assert {(c.doc, c.page) for c in state.citations} == {("VERIZON_2030_10K", 2)}


def test_a_decline_asked_of_a_measure_that_rose_is_no(ask):
    state = ask("Did Verizon's capital expenditures decline in 2030?")
    assert state.answer.startswith("No. ") and "$9,876 million" in state.answer and "$8,765 million" in state.answer


def test_a_trend_with_a_year_not_held_is_not_found_never_one_value(ask):
    state = ask("Did Verizon's net income increase in FY2028?")    # FY2027 is printed nowhere
    assert state.answer.startswith("I could not find") and not state.answer.startswith(("Yes", "No"))


@pytest.mark.skipif(not (PDFS / "3M_2021_10K.pdf").exists(), reason="needs ../shared/corpus (3M FY2021)")
def test_an_improving_margin_question_on_a_real_filing_compares_two_years_consistently(ask):
    state = ask("Does 3M have an improving operating margin profile as of FY2021?")
    m = re.search(r"^(Yes|No)\. .*from (-?[\d.]+) % in FY2020 to (-?[\d.]+) % in FY2021", state.answer)
    assert m, state.answer
    assert (m.group(1) == "Yes") == (Decimal(m.group(3)) > Decimal(m.group(2)))
    assert state.citations


@pytest.mark.skipif(not (PDFS / "3M_2021_10K.pdf").exists(), reason="needs ../shared/corpus (3M FY2021)")
def test_the_change_of_a_rate_is_in_percentage_points_not_a_percent_of_a_percent(ask):
    state = ask("By how much did 3M's operating margin change from FY2020 to FY2021?")
    m = re.search(r"was ([+-][\d.]+) percentage points \(from ([\d.]+) % in FY2020 to ([\d.]+) % in FY2021\)",
                  state.answer)
    assert m, state.answer
    assert Decimal(m.group(1)) == Decimal(m.group(3)) - Decimal(m.group(2))
    assert state.results[-1]["unit"] == "points"


@pytest.mark.parametrize("q,lead", [
    ("Was Verizon's net income positive in FY2030?", "Yes. "),
    ("Did Verizon have negative operating cash flow in FY2030?", "No. "),
    ("Did Verizon's operating cash flow exceed $20 billion in FY2030?", "No. "),
    ("Were Verizon's capital expenditures above 9,000 in FY2030?", "Yes. "),      # (9,876) in millions
    ("Was Verizon's net income below $5 billion in FY2030?", "Yes. "),
])
def test_a_yes_no_about_a_figures_sign_or_a_threshold_is_answered_yes_or_no_with_the_figure(ask, q, lead):
    state = ask(q)
    assert state.answer.startswith(lead) and state.citations, state.answer


def test_a_yes_no_the_figure_cannot_settle_says_the_filing_gives_a_figure_not_a_verdict(ask):
    state = ask("Did Verizon report net income in FY2030?")
    assert state.answer.startswith("The filing states no yes or no to this; the figure it gives: ")
    assert "$4,321 million" in state.answer
