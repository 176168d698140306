"""The unit an analyst wants the answer in, and the basis said outright, name no measure: "in millions of yen", "in
pence", "(HK$'000)", "on an IFRS (reported) basis", "statutory". Made-up companies; each case was refused before
(the unit's words were read as qualifiers no row covers)."""
from __future__ import annotations

import pytest

from pipeline.question.analysis import QuestionFacts
from pipeline.question.figure_ask import read_ask
from pipeline.question.lexicon import get_lexicon
from pipeline.question.registry import Company
from pipeline.retrieval.fact_match import FactMatch
from tests.stored_facts import answer_of, facts_of

PAGE = ["Consolidated statement of profit or loss", "for the year ended 31 March 2031", "Note 2031 2030",
        "¥ million ¥ million", "Revenue 4 447,205 412,863", "Cost of sales (301,100) (280,400)",
        "Profit for the year attributable to owners of the parent 30,415 27,902", "Earnings per share",
        "Basic (yen) 7 152.31 143.62", "Consolidated statement of financial position", "as at 31 March 2031",
        "2031 2030", "¥ million ¥ million", "Total assets 516,626 495,219"]


def _ask(question: str):
    metrics = get_lexicon().find(question)
    qf = QuestionFacts(text=question, companies=[Company(key="k", name="Hollin")], years=[2031], metrics=metrics)
    return read_ask(question, qf, metrics[0] if metrics else None)


@pytest.mark.parametrize("unit", ["in millions of yen", "in ¥ million", "(¥ million)", "in yen", "in HK$'000",
                                  "in $'000", "(€ thousand)", "in C$ millions", "in pence", "(HK cents)",
                                  "in millions of Canadian dollars", "in US dollars", "in £m", "in thousands"])
def test_the_unit_wanted_is_no_qualifier(unit):
    ask = _ask(f"What were Hollin's total assets at 31 March 2031, {unit}?")
    assert ask.metric is not None and ask.metric.key == "total_assets" and ask.hard == []


@pytest.mark.parametrize("question,kept", [
    ("What was Hollin's debt denominated in euros at 31 March 2031?", "euro"),
    ("What was Hollin's revenue in euros in 2031?", "euro"),
    ("How much cash did Hollin hold in yen at 31 March 2031?", "yen"),
    ("How much interest in kind did Hollin pay in 2031?", "kind"),
    ("What did Hollin spend on deals in M&A in 2031?", "m&a")])
def test_a_currency_that_slices_the_measure_stays_a_qualifier(question, kept):
    assert kept in _ask(question).hard


@pytest.mark.parametrize("question,value", [
    ("What were Hollin's total assets as of March 31, 2031, in millions of yen?", "516,626"),
    ("What was Hollin's basic earnings per share for the year ended March 31, 2030, in yen?", "143.62"),
    ("What was statutory basic earnings per share for 2031?", "152.31"),
    ("What was basic EPS in 2030 on an IFRS (reported) basis?", "143.62"),
    ("What was the group's total (statutory) cost of sales in 2031?", "(301,100)"),
])
def test_questions_with_a_unit_or_basis_answer_the_line(question, value):
    year = 2030 if "2030" in question else 2031
    hit = answer_of(question, facts_of(["\n".join(PAGE)]), "Hollin", year)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == value


HIGHLIGHTS = ["Hollin Group plc", "Highlights", "£000 2031 2030", "Revenue 447,205 412,863",
              "Underlying profit before tax 41,650 38,312", "Statutory profit before tax 30,850 27,312"]
STATEMENT = ["Consolidated income statement", "for the year ended 31 March 2031", "Note 2031 2030", "£000 £000",
             "Revenue 4 447,205 412,863", "Operating profit 33,724 30,746", "Profit before taxation 30,850 27,312"]


@pytest.mark.parametrize("question", ["What was Hollin's statutory PBT for 2031?",
                                      "Hollin reported (statutory) profit before tax 2031?"])
def test_statutory_beside_an_underlying_line_is_the_reported_figure(question):
    """A highlights table printing "Underlying ..." and "Statutory ..." lines names the reported figure "statutory":
    the income statement's line answers (an insurer's "Statutory net income", with no underlying line beside it, is
    another measure: tests/test_financial_industry_statements.py)."""
    hit = answer_of(question, facts_of(["\n".join(HIGHLIGHTS), "\n".join(STATEMENT)]), "Hollin", 2031)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "30,850" and hit.fact.label == "Profit before taxation"
