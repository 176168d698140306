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


def test_the_equity_total_printed_bare_under_the_minorities_is_total_equity():
    """An IFRS balance sheet that closes its equity section with a bare "Equity" row: that row is total equity, not
    the owners' share above it; a bare "Equity" row outside a balance sheet answers nothing."""
    page = ["Consolidated statement of financial position", "as at 31 December 2036", "EUR m 2036 2035",
            "Inventories 410.2 398.0", "Total assets 1,905.4 1,861.0", "Equity and liabilities EUR m 2036 2035",
            "Subscribed capital 40.0 40.0", "Retained earnings 802.3 751.9",
            "Equity attributable to shareholders of Wrenfield AG 842.3 791.9", "Non-controlling interests 18.4 17.0",
            "Equity 860.7 808.9", "Provisions for pensions 190.1 201.3", "Total equity and liabilities 1,905.4 1,861.0"]
    hit = _hit("total equity at 31 Dec 2036", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "860.7"
    hit = _hit("equity attributable to shareholders 2036", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "842.3"
    assets = ["Note 18. Plan assets", "(In millions) 2036 2035", "Debt 120.0 115.0", "Equity 95.0 90.0",
              "Total plan assets 215.0 205.0"]
    hit = _hit("total equity 2036", [assets])
    assert not isinstance(hit, FactMatch) or hit.fact.value_printed != "95.0"


@pytest.mark.parametrize("typed,spelled", [
    ("total DPS FY36", "total dividend per share FY36"),
    ("cash from ops 2036", "cash from operations 2036"),
    ("total debt incl. current portion", "total debt including current portion"),
    ("Ops margin", "Ops margin"),                 # only "from ops" is operations: "ops" alone may be a segment
])
def test_analyst_shorthand_in_a_ratios_operands(typed, spelled):
    from pipeline.question.shorthand import spell
    assert spell(typed) == spelled
