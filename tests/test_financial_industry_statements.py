"""Income statements of lenders, card issuers, insurers and property trusts: their top line is worded apart from an
industrial company's, and the rows under their "Revenues" heading are components of it. Made-up companies; each
case failed (a component answered as the total, or a refusal) before."""
from __future__ import annotations

import pytest

from pipeline.retrieval.fact_match import FactMatch, NoMatch
from tests.test_ifrs_statements import _answer, _facts

CARD_ISSUER = ["CONSOLIDATED STATEMENTS OF INCOME",
               "Years Ended December 31 (Millions, except per share amounts) 2030 2029",
               "Revenues", "Non-interest revenues", "Discount revenue $ 33,416 $ 31,936",
               "Net card fees 8,000 7,000", "Total non-interest revenues 50,412 47,236", "Interest income",
               "Interest on loans 17,697 11,967", "Total interest income 19,770 12,658",
               "Interest expense 9,660 4,000", "Net interest income 10,110 8,658",
               "Total revenues net of interest expense 60,515 55,625",
               "Provisions for credit losses 4,923 2,182", "Net income $ 8,374 $ 7,514"]


@pytest.mark.parametrize("question", ["What was Quillmark's total revenue in 2030?", "What were Quillmark's revenues in 2030?",
                                      "What was Quillmark's net revenue in 2030?"])
def test_a_lenders_top_line_net_of_interest_expense_is_its_revenue(question):
    hit = _answer(question, _facts(["\n".join(CARD_ISSUER)]), "Quillmark", 2030)
    assert isinstance(hit, FactMatch) and hit.fact.label == "Total revenues net of interest expense"
    assert hit.fact.value_printed == "60,515"


def test_a_component_under_the_revenues_heading_never_answers_revenue():
    page = CARD_ISSUER[:-4] + CARD_ISSUER[-2:]      # no total line printed
    hit = _answer("What was Quillmark's total revenue in 2030?", _facts(["\n".join(page)]), "Quillmark", 2030)
    assert isinstance(hit, NoMatch)


def test_a_component_asked_by_its_own_name_is_still_answered():
    hit = _answer("What was Quillmark's discount revenue in 2030?", _facts(["\n".join(CARD_ISSUER)]), "Quillmark", 2030)
    assert isinstance(hit, FactMatch) and hit.fact.label == "Discount revenue" and hit.fact.value_printed == "33,416"
