"""A per-share figure a report states only in prose, the "per share" after the amount ("the Board recommends a final
dividend of 6.4p per share", "14.5 cents per ordinary share", "HK3.2 cents per share"), is read with its name and its
year; a dividend of another kind (interim when final is asked), another year's amount in a sentence comparing two
years, and a figure a sentence only compares are never the answer. Made-up companies and wording."""
from __future__ import annotations

import dataclasses

import pytest

from benchmarks.made_up_pages import _company
from pipeline.answer import prose
from pipeline.answer.stated import amount_year, measure_words, per_share
from pipeline.question.analysis import analyse
from pipeline.question.terms import content_terms
from pipeline.retrieval.passage import Passage
from pipeline.state import TurnState

NAME = "Fellgarth Optics plc"


def _page(text: str, n: int = 5) -> Passage:
    return Passage(chunk_id=n, doc="FELLGARTH_2034_AR", company=NAME, fiscal_year=2034, doc_type="ANNUAL",
                   page=n, score=1.0, text=text)


def _ask(q: str, texts: list[str]) -> tuple[str, str]:
    facts = dataclasses.replace(analyse(q), companies=[_company(NAME)], years=[2034])
    return prose.answer(TurnState(question=q), None, facts, NAME, 2034, [_page(t, i) for i, t in enumerate(texts)],
                        lambda p: 1, need="per_share", require_year=True)


DIVIDEND = ("Dividend\nThe Board recommends a final dividend for the year ended 30 September 2034 of 6.4p per ordinary "
            "share (2033: 5.9p). An interim dividend of 2.8p per share was paid in June 2034.")


def test_a_final_dividend_stated_in_prose_is_read_with_its_year():
    text, kind = _ask("What final DPS did Fellgarth recommend for FY34?", [DIVIDEND])
    assert kind == "quote" and "of 6.4p" in text and "final dividend per share" in text


def test_an_interim_dividend_answers_the_interim_question_and_never_the_final_one():
    text, kind = _ask("Fellgarth interim dividend per share 2034?", [DIVIDEND])
    assert kind == "quote" and "of 2.8p" in text
    only_interim = "An interim dividend of 2.8p per share was paid in June 2034."
    assert _ask("What final DPS did Fellgarth recommend for FY34?", [only_interim])[1] == "not_found"


def test_a_dividend_named_by_its_kind_never_answers_the_years_total():
    words = measure_words("What were Fellgarth's dividends per share for 2034?",
                          content_terms("What were Fellgarth's dividends per share for 2034?", {"fellgarth"}))
    assert per_share("The final dividend of 6.4p per share was recommended in 2034.", words) is None
    said = per_share("Total dividends of 9.2p per share were declared in respect of 2034.", words)
    assert said is not None and said.amount == "9.2p"


def test_another_years_amount_in_a_sentence_comparing_two_years_is_not_the_answer():
    both = "We paid a quarterly cash dividend of $0.31 per share in each quarter of 2034 and $0.29 in 2033."
    assert amount_year(both, "$0.31") == 2034
    text, kind = _ask("What quarterly dividend per share did Fellgarth pay in 2034?", [both])
    assert kind == "quote" and "$0.31" in text
    facts = dataclasses.replace(analyse("What quarterly dividend per share did Fellgarth pay in 2033?"),
                                companies=[_company(NAME)], years=[2033])
    text, kind = prose.answer(TurnState(question="q"), None, facts, NAME, 2033, [_page(both)], lambda p: 1,
                              need="per_share", require_year=True)
    assert kind == "not_found"      # (amounts paired with years only where the sentence says "respectively")


@pytest.mark.parametrize("sentence,amount", [
    ("The directors recommend a final dividend of HK3.2 cents per share for the year ended 31 December 2034.",
     "HK3.2 cents"),
    ("On 20 August 2034 the Directors determined a final dividend of 14.5 cents per ordinary share, fully franked.",
     "14.5 cents"),
    ("The Board declared a final dividend for 2034 of R1.85 per share.", "R1.85"),
])
def test_per_share_amounts_in_each_currencys_own_form(sentence, amount):
    words = ["final", "dividend", "share"]
    said = per_share(sentence, words)
    assert said is not None and said.amount == amount
