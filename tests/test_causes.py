"""A cause asked ("Why did revenue go up?", "What drove the margin improvement?") is looked for on the pages that
give causes, in the wording reports use ("driven mainly by", "was the main driver of", "lifted", "mainly attributable
to"), and quoted from the sentence whose subject is the measure itself. "Profit attributable to owners" is no cause;
a measure's name hyphenated ("top-line", "long term") is the measure. Made-up companies and wording."""
from __future__ import annotations

import dataclasses

import pytest

from benchmarks.made_up_pages import _company
from pipeline.answer import prose
from pipeline.answer.stated import leads_with
from pipeline.question.analysis import analyse
from pipeline.question.causes import gives_a_cause
from pipeline.question.lexicon import get_lexicon
from pipeline.retrieval.passage import Passage
from pipeline.retrieval.rerank import StatementReranker
from pipeline.state import TurnState

NAME = "Orrin Vale Components Ltd"


@pytest.mark.parametrize("sentence", [
    "The margin improvement was driven mainly by pricing actions taken early in the year.",
    "Demand from rail operators was the main driver of our revenue growth.",
    "Better plant loading lifted the gross margin to 31.2%.",
    "Revenue rose 6%, mainly attributable to new service contracts.",
    "Sales were supported largely by the Nordic launch.",
])
def test_the_wording_of_a_cause(sentence):
    assert gives_a_cause(sentence)


@pytest.mark.parametrize("sentence", [
    "Profit attributable to owners of the Company was 41.2 million.",
    "Earnings attributable to the parent rose to 12.0 million.",
    "Revenue was 812.4 million in 2034.",
])
def test_a_profit_belonging_to_its_holders_is_not_a_cause(sentence):
    assert not gives_a_cause(sentence)


def test_a_hyphenated_measure_is_the_measure():
    lexicon = get_lexicon()
    assert [m.key for m in lexicon.find("What drove Orrin Vale's top-line growth?")] == ["revenue"]
    assert [m.key for m in lexicon.find("Orrin Vale long term debt 2034")] == \
        [m.key for m in lexicon.find("Orrin Vale long-term debt 2034")]


def test_the_sentence_whose_subject_is_the_measure_leads_not_a_narrower_measure():
    names = ("revenue", "sales")
    assert leads_with("Revenue increased by 7% to 512.0 million, driven by new contracts.", names, set())
    assert leads_with("The Group's revenue rose 7%, driven by new contracts.", names, set())
    assert not leads_with("Service and maintenance revenue grew to 30% of the total, helped by new depots.", names, set())


def _facts(q: str):
    return dataclasses.replace(analyse(q), companies=[_company(NAME)], years=[2034])


def _page(text: str, n: int) -> Passage:
    return Passage(chunk_id=n, doc="ORRIN_2034_AR", company=NAME, fiscal_year=2034, doc_type="ANNUAL", page=n,
                   score=1.0 / (n + 1), text=text)


STATEMENT = ("Consolidated income statement\nRevenue 3 512.0 478.5\nCost of sales (351.1) (333.0)\nGross profit 160.9 "
             "145.5\nProfit attributable to owners of the Company 41.2 35.0")
REVIEW = ("Financial review\nRevenue rose to 512.0 million (2033: 478.5 million). Gross margin improved to 31.4% "
          "(2033: 30.4%). The margin improvement was driven mainly by better plant loading and lower freight costs.")


def test_a_cause_is_looked_for_on_the_page_giving_causes_before_the_statement():
    facts = _facts("What drove the improvement in Orrin Vale's gross margin in FY34?")
    pool = [_page(STATEMENT, 0), *(_page(f"Note {i}. Leases are recognised at cost.", i) for i in range(1, 6)),
            _page(REVIEW, 6)]
    out = [p.page for p in StatementReranker().rerank(facts, pool, 7)]
    assert out.index(6) < out.index(0)


def test_a_cause_by_anaphor_and_a_rise_said_as_go_up_are_answered():
    facts = _facts("What drove the improvement in Orrin Vale's gross margin in FY34?")
    text, kind = prose.answer(TurnState(question="q"), None, facts, NAME, 2034, [_page(REVIEW, 6)], lambda p: 1)
    assert kind == "quote" and "better plant loading" in text and "improved to 31.4%" in text
    facts = _facts("Why did Orrin Vale's revenue go up in 2034?")
    said = ("Revenue. Revenue increased by 7.0% to 512.0 million (2033: 478.5 million), mainly attributable to new "
            "rail maintenance contracts in the Nordics.")
    text, kind = prose.answer(TurnState(question="q"), None, facts, NAME, 2034, [_page(STATEMENT, 0), _page(said, 1)],
                              lambda p: 1)
    assert kind == "quote" and "rail maintenance contracts" in text
