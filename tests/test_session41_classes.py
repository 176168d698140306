"""Classes found this stop on US 10-K layouts and on the ninth round of made-up report pages, written by a helper who
never read the code. Companies, wording and figures here are made up again."""
from __future__ import annotations

import pytest

from pipeline.retrieval.fact_match import FactMatch
from tests.test_ifrs_statements import _answer, _facts


def _hit(question: str, pages: list[list[str]], year: int = 2036, company: str = "Wrenfield"):
    return _answer(question, _facts(["\n".join(p) for p in pages]), company, year)


BALANCE = ["Wrenfield Tools, Inc.", "CONSOLIDATED BALANCE SHEETS", "(In millions) As of December 31, 2036 2035",
           "Cash and cash equivalents $ 412 $ 388",
           "Accounts receivable, net of allowance for doubtful accounts of $14 and $11, respectively 1,204 1,131",
           "Allowance for doubtful accounts (14) (11)",
           "Inventories, net of reserves of $6 and $5 880 842",
           "Total current assets 2,496 2,361"]


@pytest.mark.parametrize("question,year,value", [
    ("accounts receivable 2036", 2036, "1,204"),            # the contra account in the label is its qualifier
    ("Wrenfield receivables end of 2035", 2035, "1,131"),
    ("inventories 2036", 2036, "880"),
])
def test_a_row_qualified_net_of_its_allowance_is_the_asset(question, year, value):
    hit = _hit(question, [BALANCE], year)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == value


def test_the_allowance_itself_is_still_not_the_receivables():
    page = [line for line in BALANCE if not line.startswith("Accounts receivable")]
    hit = _hit("accounts receivable 2036", [page])
    assert not isinstance(hit, FactMatch) or hit.fact.value_printed != "(14)"
