"""Classes found by the seventeenth round of made-up report pages (Hungary, Bangladesh, Qatar, Ghana, Jamaica,
Mauritius, Kazakhstan; a US for-profit educator, cruise line and payments processor) and by probes of layouts the
round's brief named (a Thai four-column caption, a bank's Group and Bank columns), written by a helper who never read
the code. The companies, wording and figures here are made up again."""
from __future__ import annotations

import pytest

from pipeline.reading.tables import parse_page
from pipeline.retrieval.fact_match import FactMatch
from tests.stored_facts import answer_of, facts_of


def _hit(question: str, pages: list[list[str]], year: int = 2061, company: str = "Perdita"):
    return answer_of(question, facts_of(["\n".join(p) for p in pages]), company, year)


# totals printed with no label under a top-level heading, the next heading following at once
FERRY_INCOME = ["Perdita Ferries, Inc.", "CONSOLIDATED STATEMENTS OF INCOME", "(in millions, except per share data)",
                "Years Ended October 31,", "2061 2060", "Revenues", "Fares $ 2,400 $ 2,100", "Onboard and other 600 500",
                "3,000 2,600", "Operating Costs and Expenses", "Fuel 900 800", "Payroll 700 650",
                "Operating Income 1,400 1,150"]
FERRY_BALANCE = ["Perdita Ferries, Inc.", "CONSOLIDATED BALANCE SHEETS", "(in millions)", "October 31,", "2061 2060",
                 "ASSETS", "Current Assets", "Cash and cash equivalents $ 500 $ 400", "Receivables 100 90",
                 "Total current assets 600 490", "Vessels and Equipment, Net 8,000 7,600", "Goodwill 400 400",
                 "$ 9,000 $ 8,490", "LIABILITIES AND SHAREHOLDERS' EQUITY", "Current Liabilities",
                 "Accounts payable 300 280"]


def test_an_unlabelled_line_summing_a_top_level_headings_rows_before_the_next_heading_is_its_total():
    rows = {r.label: r for r in parse_page("\n".join(FERRY_BALANCE)).rows}
    assert rows["Total ASSETS"].values == ["9,000", "8,490"]
    assert isinstance(hit := _hit("Total assets at October 31, 2061", [FERRY_BALANCE]), FactMatch) \
        and hit.fact.value_printed.endswith("9,000")
    assert isinstance(hit := _hit("Perdita total revenues fiscal 2061", [FERRY_INCOME]), FactMatch) \
        and hit.fact.value_printed == "3,000"


def test_an_unlabelled_line_that_does_not_sum_every_row_or_runs_into_more_figures_is_no_total():
    short = FERRY_BALANCE[:12] + ["$ 8,900 $ 8,490"] + FERRY_BALANCE[13:]       # (not the sum: 9,000)
    assert not any(r.label.startswith("Total ASSETS") for r in parse_page("\n".join(short)).rows)
    more = FERRY_INCOME[:9] + ["Charter revenue 200 150", "Total revenues 3,200 2,750"]
    assert not any(r.label == "Total Revenues" for r in parse_page("\n".join(more)).rows)
