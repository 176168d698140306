"""Classes found by the twenty-seventh rounds (made-up report pages, round 30; made-up whole reports, round 22) and by
what the last rounds left (a capex line naming its software first, a proposed dividend beside one paid in the year),
written by helpers who never read the code. The companies, names, wording and figures here are made up again."""
from __future__ import annotations

import pytest

from tests.stored_facts import company_facts, printed_answer


_facts, _answer = company_facts, printed_answer


_SOFTWARE_FIRST = [["CONSOLIDATED STATEMENTS OF CASH FLOWS", "(in thousands) 2071 2070",
                    "Cash flows from investing activities:",
                    "Purchases of software, property and equipment (36,118) (31,406)",
                    "Purchases of short-term investments (12,000) -",
                    "Net cash used in investing activities (48,118) (31,406)"]]
_INTANGIBLES_FIRST = [["Consolidated statement of cash flows", "£000 2071 2070",
                       "Cash flows from investing activities",
                       "Purchase of intangible assets and property, plant and equipment (8,406) (7,912)",
                       "Proceeds from disposal of property, plant and equipment 212 96",
                       "Net cash used in investing activities (8,194) (7,816)"]]


@pytest.mark.parametrize("question, pages, company, year, expect", [
    ("Quellbrook capex 2071", _SOFTWARE_FIRST, "Quellbrook Billing Systems, Inc.", 2071, "(36,118)"),
    ("Quellbrook capital expenditures FY70", _SOFTWARE_FIRST, "Quellbrook Billing Systems, Inc.", 2070, "(31,406)"),
    ("Marrowfield plc capex 2071", _INTANGIBLES_FIRST, "Marrowfield plc", 2071, "(8,406)"),
])
def test_a_capex_line_naming_the_software_or_intangibles_it_buys_first_is_capex(question, pages, company, year, expect):
    assert _answer(question, pages, company, year, 2071) == expect


def test_purchases_of_software_alone_or_of_investments_are_not_capex():
    pages = [["CONSOLIDATED STATEMENTS OF CASH FLOWS", "(in thousands) 2071 2070",
              "Cash flows from investing activities:",
              "Purchases of software (6,118) (5,406)",
              "Purchases of short-term investments (12,000) -",
              "Net cash used in investing activities (18,118) (5,406)"]]
    assert _answer("Quellbrook capex 2071", pages, "Quellbrook Billing Systems, Inc.", 2071, 2071) is None


def _proposal_found(text: str, question: str, year: int = 2071):
    from pipeline.answer import prose
    from pipeline.question.analysis import analyse
    from pipeline.question.registry import Company
    from pipeline.retrieval.passage import Passage

    page = Passage(chunk_id=1, doc="DRAV_2071_AR", company="Dravmont Mlinovi a.d.", fiscal_year=year, doc_type="AR",
                   page=31, score=1.0, text=text)
    facts = analyse(question)
    facts.companies = [Company(key="d", name="Dravmont Mlinovi a.d.")]
    return prose.covering(None, facts, [page], year, need="per_share", require_year=True)


def test_a_dividend_per_share_after_a_currency_code_in_a_sentence_with_numeric_dates_is_read():
    # a continental proposal: "RSD 210 per share", a record date "15.06.2072" (a date, not a figure), a comparative
    # in brackets and the total on the shares outstanding in the same sentence
    text = ("7. Proposed distribution of profit\nThe Board of Directors proposes to the General Meeting a dividend of "
            "RSD 214 per share for 2071 (2070: RSD 186 per share),\npayable to shareholders of record on 15.06.2072, a "
            "total of RSD 387,3 million on 1.810.000 shares outstanding (excluding 40.000 own shares).")
    found = _proposal_found(text, "DPS proposed for 2071")
    assert found is not None and found.stated is not None and found.stated.amount == "RSD 214"
    assert _proposal_found(text.replace("RSD", "CHF"), "Proposed dividend per share FY2071").stated.amount == "CHF 214"
    # the year printed after the amount is the year it is for: 2070's question is not answered by 2071's proposal
    assert _proposal_found(text, "DPS proposed for 2070", 2070) is None or \
        _proposal_found(text, "DPS proposed for 2070", 2070).stated.amount != "RSD 214"


def test_a_table_of_the_dividend_paid_during_the_year_never_answers_the_proposed_dividend():
    pages = [["12. Dividends", "Group and Company 2071 2070", "€ €",
              "Final net ordinary dividend paid during the year 1,500,000 1,125,000",
              "Net dividend per share (€) 0.020 0.015",
              "Gross dividend per share (€) 0.031 0.023",
              "The dividend paid in 2071 related to the financial year ended 31 October 2070."]]
    company = "Sliema Heights Hospitality p.l.c."
    assert _answer("Proposed gross DPS for FY2071", pages, company, 2071, 2071) is None
    assert _answer("DPS recommended by the board for 2071", pages, company, 2071, 2071) is None
    assert _answer("Gross dividend per share paid during 2071", pages, company, 2071, 2071) == "0.031"
    # a proposal's own row is the proposal
    proposed = [["12. Dividends", "Group and Company 2071 2070", "€ €",
                 "Final net ordinary dividend paid during the year 1,500,000 1,125,000",
                 "Net dividend per share (€) 0.020 0.015",
                 "Proposed final gross dividend per share (€) 0.0385 0.031"]]
    assert _answer("Proposed gross DPS for FY2071", proposed, company, 2071, 2071) == "0.0385"


_BASIC_ONLY = [["Consolidated income statement", "for the year ended 31 December 2071", "£m 2071 2070",
                "Revenue 412.6 398.1", "Profit for the year 40.2 36.8", "Earnings per share (pence)",
                "Basic 21.4 19.6"]]
_BOTH = [["Consolidated income statement", "for the year ended 31 December 2071", "£m 2071 2070",
          "Revenue 412.6 398.1", "Profit for the year 40.2 36.8", "Basic earnings per share (pence) 21.4 19.6",
          "Diluted earnings per share (pence) 21.1 19.5"]]


@pytest.mark.parametrize("question, pages, year, expect", [
    ("Tarnley EPS 2071", _BASIC_ONLY, 2071, "21.4"),      # basic is all the year prints: it is the EPS
    ("What were Tarnley's earnings per share in FY70?", _BASIC_ONLY, 2070, "19.6"),
    ("Tarnley diluted EPS 2071", _BASIC_ONLY, 2071, None),  # diluted asked is never the basic figure
    ("Tarnley EPS 2071", _BOTH, 2071, "21.1"),            # both printed: EPS is the diluted one, as before
    ("Tarnley basic EPS 2071", _BOTH, 2071, "21.4"),
])
def test_eps_asked_with_no_basis_is_basic_where_the_year_prints_no_diluted_figure(question, pages, year, expect):
    assert _answer(question, pages, "Tarnley Hearth plc", year, 2071) == expect
