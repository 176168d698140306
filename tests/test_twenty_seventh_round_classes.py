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
