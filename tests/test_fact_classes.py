"""Classes of wrong facts the facts-precision sample found (benchmarks/facts_precision.py), on a made-up company's
generated statements read end to end: each row's kind (money / count / percent) decides its scale and currency."""
from __future__ import annotations

import pytest

from ingest.pdf import read_pages
from pipeline.facts import extract
from tests.pdfs import write_pdf

BALANCE = [
    "Fellmoor Holdings Inc.",
    "Consolidated Balance Sheets",
    "(in millions, except per share amounts) 2031 2030",
    "Common stock ($0.01 par value) 15 15",
    "Class B - 1,227 and 1,266 shares outstanding 3 3",
    "Treasury shares (2 and 2 million shares, respectively) (18) (18)",
    "Total equity 4,353 4,082",
    "Shares outstanding 1,380 1,382",
]
CASH = [
    "Fellmoor Holdings Inc.",
    "Consolidated Statements of Cash Flows",
    "(in millions) 2031 2030",
    "Net cash provided by operating activities 1,261 1,526",
    "Shares repurchased for tax withholdings (115) (90)",
    "Effect of exchange rate changes on cash and cash equivalents (39) 85",
]
INCOME = [
    "Fellmoor Holdings Inc.",
    "Consolidated Statements of Income",
    "(in millions, except per share amounts) 2031 2030",
    "Net income 6,415 5,298",
    "Weighted-average common shares outstanding",
    "Basic 1,380 1,382",
    "Diluted 1,387 1,389",
]
NOTES = [
    "Note 9 - Leases and Debt",
    "(in millions) 2031 2030",
    "Weighted average interest rate 4.1 3.9",
    "Interest rate swap contracts Interest expense (57) (41)",
    "Weighted-average remaining lease term (in years)",
    "Operating leases 8.0 9.0",
    "The following table presents the notional amounts at March 2, 2031 and March 3, 2030:",
    "Contract Type March 2, 2031 March 3, 2030",
    "Foreign exchange contracts 310 295",
    "Fellmoor Holdings ANNUAL REPORT 2031 53",
]


@pytest.fixture(scope="module")
def facts(tmp_path_factory):
    pdf = write_pdf(tmp_path_factory.mktemp("fellmoor") / "FELLMOOR_2031_10K.pdf", [BALANCE, CASH, INCOME, NOTES])
    out = {}
    for f in extract(read_pages(pdf), 2031, "10K", currency="USD", scale="million"):
        out.setdefault((f.label, f.column_header), f)
    return out


def _kind(facts, label, col="2031"):
    f = facts[(label, col)]
    return f.kind, f.scale, f.currency


def test_an_equity_line_stating_its_share_counts_is_money(facts):
    assert _kind(facts, "Class B - 1,227 and 1,266 shares outstanding") == ("money", "million", "USD")
    assert _kind(facts, "Treasury shares (2 and 2 million shares, respectively)") == ("money", "million", "USD")
    assert _kind(facts, "Shares outstanding")[0] == "count"        # a count row stays a count


def test_cash_flow_rows_are_cash(facts):
    assert _kind(facts, "Shares repurchased for tax withholdings") == ("money", "million", "USD")


def test_a_rate_naming_what_the_amount_is_about_is_money(facts):
    assert _kind(facts, "Effect of exchange rate changes on cash and cash equivalents") == ("money", "million", "USD")
    assert _kind(facts, "Interest rate swap contracts Interest expense")[0] == "money"
    assert _kind(facts, "Weighted average interest rate")[0] == "percent"


def test_basic_and_diluted_under_a_shares_heading_are_counts(facts):
    assert _kind(facts, "Diluted") == ("count", "million", None)
    assert facts[("Diluted", "2030")].value_printed == "1,389"


def test_a_term_in_years_is_no_money(facts):
    kind, scale, currency = _kind(facts, "Operating leases")
    assert (kind, scale, currency) == ("count", None, None)


def test_dates_of_a_header_line_and_a_running_footer_are_no_facts(facts):
    assert not [k for k in facts if k[0].startswith("Contract Type")]
    assert not [k for k, f in facts.items() if "ANNUAL REPORT" in k[0]]
    assert facts[("Foreign exchange contracts", "2031")].value_printed == "310"
