"""Classes found on US 10-K layouts and on made-up report pages written by a helper who never read the code. The
companies, wordings, layouts and figures here are new variants of each class, not the evaluation sets' items."""
from __future__ import annotations

import pytest

from pipeline.retrieval.fact_match import FactMatch
from tests.stored_facts import answer_of, facts_of


def _hit(question: str, pages: list[list[str]], year: int = 2036, company: str = "Wrenfield"):
    return answer_of(question, facts_of(["\n".join(p) for p in pages]), company, year)


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


def test_a_footnote_superscript_run_into_a_figure_is_no_part_of_it():
    """"2.35²" is 2.35 in the first column: the marker had left the row a cell short, so the prior year's 1.45 was
    read as the current one."""
    page = ["Five-year summary", "2036 2035 Change %", "Net sales³ 3,412.6 3,170.2 7.6",
            "Distribution per share (CHF) 2.35² 2.10 11.9", "Employees (FTE) 12,480 12,115 3.0"]
    hit = _hit("DPS proposed for 2036", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "2.35"
    hit = _hit("net sales 2035", [page], 2035)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "3,170.2"


def test_a_row_named_a_and_other_b_is_a_b():
    """"Core deposit and other intangibles" are intangibles: a bank's "total deposits" is the liabilities' total."""
    page = ["CONSOLIDATED BALANCE SHEETS", "(Dollars in thousands) December 31, 2036 2035",
            "Core deposit and other intangibles, net 9,115 11,020", "Total assets 8,912,440 8,530,118",
            "Deposits:", "Noninterest-bearing 2,014,300 1,996,512", "Interest-bearing 5,120,744 4,902,337",
            "Total deposits 7,135,044 6,898,849"]
    hit = _hit("What were Wrenfield's total deposits at December 31, 2036?", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "7,135,044"
    hit = _hit("deposits 2036", [page[:4]])          # no deposits row at all: the intangible is not answered
    assert not isinstance(hit, FactMatch)


def test_per_share_cells_in_a_currencys_cents_with_its_prefix():
    from pipeline.reading.line_tidy import tidy_lines
    assert tidy_lines(["Basic HK8.42 cents HK7.90 cents"]) == ["Basic (HK cents) 8.42 7.90"]
    # a rate stated in the label, or prose, keeps its words
    for line in ("Final dividend for 2036: 1.50 cents", "A final dividend of HK5.0 cents"):
        assert tidy_lines([line]) == [line]


def test_a_statutory_row_of_another_measure_does_not_make_statutory_required():
    page = ["Group income statement", "2036 2035", "Notes £m £m", "Revenue 3 1,204.7 1,150.3",
            "Earnings per share pence pence", "Basic 9 18.6 16.1", "Diluted 9 18.4 15.9"]
    highlights = ["Financial highlights", "2036 2035", "Statutory basic EPS (pence) 18.6 16.1",
                  "Adjusted basic EPS (pence) 21.0 19.3"]
    hit = _hit("diluted statutory earnings per share for 2036, pence", [highlights, page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "18.4"


@pytest.mark.parametrize("typed,year", [("FY3/37 pre-tax profit", 2037), ("net sales FY3/2036", 2036),
                                        ("Ordinary profit, FY ended Mar-2037", 2037)])
def test_a_fiscal_year_named_by_its_closing_month(typed, year):
    from pipeline.question.analysis import QuestionFacts
    from pipeline.question.figure_ask import read_ask
    from pipeline.question.periods import find_years
    from pipeline.question.shorthand import spell
    spelled = spell(typed)
    assert find_years(spelled) == [year]
    ask = read_ask(spelled, QuestionFacts(text=spelled, years=[year]), None)
    assert not {"fy3", "mar", "fy"} & set(ask.hard + ask.soft), ask.hard
