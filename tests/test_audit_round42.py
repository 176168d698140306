"""Counter-examples from an audit of this stop's rules (made-up companies): each was a wrong figure or a false answer
with the rule as first written, and is refused or right now."""
from __future__ import annotations

from datetime import date

import pytest

from pipeline.answer import yesno
from pipeline.answer.formula import find_definition, parse
from pipeline.guardrails.verifier import check_claim
from pipeline.question.analysis import QuestionFacts
from pipeline.retrieval.fact_match import FactMatch
from pipeline.state import Claim, TurnState
from pipeline.stores.corpus import ReportPage
from tests.stored_facts import answer_of, facts_of


def _hit(question: str, pages: list[list[str]], year: int = 2036, company: str = "Pellworth"):
    return answer_of(question, facts_of(["\n".join(p) for p in pages]), company, year)


def test_a_declared_column_of_any_other_shape_is_still_a_misread():
    page = "CONSOLIDATED STATEMENTS OF INCOME\n(In millions)\n2036 2035\nNet income 410 388"
    claim = Claim(text='Net income in FY2037 was $410 million [1] (row "Net income", column "2036", FY2037).', label="x")
    assert check_claim(claim, [page], []).verdict == "unsupported"


@pytest.mark.parametrize("question", ["capex 2036 (purchases of property, plant and equipment / intangible assets)?",
                                      "cost of goods sold (COGS / cost of sales) 2036",
                                      "trade payables 2036 (current / non-current)",
                                      "Earnings per share (basic / diluted) for 2036?",
                                      "Dividend per share (interim / final) 2036?",
                                      "Net income attributable to shareholders (continuing / discontinued) 2036"])
def test_a_slash_that_means_and_or_defines_no_quotient(question):
    assert find_definition(question) is None


def test_a_yearly_average_printed_as_a_row_is_not_averaged_again():
    name, expr = find_definition("revenue per employee 2036, defined as revenue divided by average number of employees")
    assert parse(expr, 2036).operands["v2"].how == "value"
    name, expr = find_definition("ROA 2036, defined as net income divided by average total assets over 2035 and 2036")
    assert parse(expr, 2036).operands["v2"].how == "average" and parse(expr, 2036).formula == "v1 / v2"


def test_an_investments_equity_row_or_the_owners_share_above_the_minorities_is_not_total_equity():
    insurer = ["Consolidated balance sheets", "(In millions) 2036 2035", "Investments", "Debt securities 5,120.0 4,980.0",
               "Equity 1,240.0 1,100.0", "Total investments 6,360.0 6,080.0"]
    hit = _hit("total equity 2036", [insurer])
    assert not isinstance(hit, FactMatch) or hit.fact.value_printed != "1,240.0"
    older = ["Consolidated balance sheet", "EUR m 2036 2035", "Equity and liabilities", "Equity 842.3 791.9",
             "Minority interests 18.4 17.0", "Provisions 190.1 201.3"]
    hit = _hit("total equity 2036", [older])
    assert not isinstance(hit, FactMatch) or hit.fact.value_printed != "842.3"
    # the totals, where printed, answer
    hit = _hit("total equity 2036", [insurer + ["Total shareholders' equity 2,950.0 2,800.0"]])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "2,950.0"
    hit = _hit("total equity 2036", [older + ["Total equity 860.7 808.9"]])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "860.7"


def test_deposits_and_other_customer_accounts_are_deposits():
    page = ["CONSOLIDATED BALANCE SHEETS", "(In millions) 2036 2035", "Interest-bearing deposits with banks 500 450",
            "Deposits and other customer accounts 7,000 6,800", "Total liabilities 9,100 8,900"]
    for question in ("total deposits 2036", "customer deposits 2036"):
        hit = _hit(question, [page])
        assert isinstance(hit, FactMatch) and hit.fact.value_printed == "7,000"


def test_a_row_before_significant_items_does_not_answer_a_statutory_question():
    page = ["Highlights", "2036 2035", "Statutory basic EPS (cents) 42.3 40.1",
            "Diluted EPS before significant items (cents) 55.1 50.2"]
    hit = _hit("statutory diluted EPS 2036", [page])
    assert not isinstance(hit, FactMatch)
    hit = _hit("diluted EPS before significant items 2036", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "55.1"


def test_the_allowance_asked_is_not_the_asset_it_is_deducted_from():
    page = ["CONSOLIDATED BALANCE SHEETS", "(In millions) 2036 2035",
            "Premiums receivable, net of allowance for expected credit losses of $22.8 and $21.5, respectively "
            "1,702.6 1,640.0", "Loans, net of allowance 44,100 42,000", "Loans and leases 44,812 42,700"]
    hit = _hit("allowance for expected credit losses on premiums receivable at Dec 31, 2036", [page])
    assert not isinstance(hit, FactMatch) or hit.fact.value_printed != "1,702.6"
    hit = _hit("Loans, net of allowance at year-end 2036?", [page])     # the qualifier asked itself: the net row
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "44,100"


def test_a_basis_asked_needs_a_row_on_that_basis_and_tangible_book_value_is_its_own_measure():
    page = ["Per share data", "2036 2035", "cents cents", "Diluted earnings per share 238.9 220.5",
            "Book value per share 31.20 29.80", "Tangible book value per share 24.10 23.00"]
    assert not isinstance(_hit("diluted headline EPS 2036", [page]), FactMatch)
    hit = _hit("book value per share 2036", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "31.20"
    hit = _hit("tangible book value per share 2036", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "24.10"
    only_tangible = [line for line in page if not line.startswith("Book value")]
    hit = _hit("book value per share 2036", [only_tangible])
    assert not isinstance(hit, FactMatch) or hit.fact.value_printed != "24.10"


def test_tangible_equity_answers_only_when_asked_by_name():
    page = ["Consolidated balance sheet", "(In millions) 2036 2035", "Total tangible equity 1,870 1,750"]
    assert not isinstance(_hit("total equity 2036", [page]), FactMatch)
    hit = _hit("tangible equity 2036", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "1,870"


def test_the_current_portion_asked_is_never_the_debt_net_of_it():
    note = ["Note 14. Borrowings", "(In millions) 2036 2035", "Long-term debt, less current portion 2,840 2,910"]
    assert not isinstance(_hit("current portion of long-term debt 2036", [note]), FactMatch)
    hit = _hit("current portion of long-term debt 2036", [note + ["Current portion of long-term debt 160 95"]])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "160"
    hit = _hit("long-term debt net of current portion 2036", [note])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "2,840"


def test_net_debt_is_never_the_gross_debt():
    page = ["Consolidated statement of financial position", "C$ millions 2036 2035", "Long-term debt 2,542.1 2,401.0",
            "Cash and cash equivalents 310.2 280.4"]
    assert not isinstance(_hit("net debt end of FY36", [page]), FactMatch)
    hit = _hit("net debt end of FY36", [page + ["Net debt 2,231.9 2,120.6"]])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "2,231.9"


def test_a_month_named_fiscal_year_is_read_by_the_companys_own_calendar():
    from pipeline.question.dated_years import remap
    from pipeline.question.shorthand import spell
    text = spell("FY1/37 net sales")
    assert remap(text, [2037], [(2037, date(2038, 1, 30))]) == [2036]       # a retailer naming years by their start
    assert remap(spell("FY3/37 net sales"), [2037], [(2037, date(2037, 3, 31))]) == [2037]


def _yes_no(question: str, text: str, monkeypatch) -> str:
    pages = [ReportPage("doc", "Pellworth", 2036, "ANNUAL", 1, text)]
    monkeypatch.setattr(yesno.corpus, "report_pages", lambda conn, company, year: pages)
    facts = QuestionFacts(text=question, years=[2036])
    got = yesno.answer(TurnState(question=question), None, facts, "Pellworth", 2036, lambda p: 1)
    assert got is not None
    return got[0]


def test_a_recommended_final_dividend_is_neither_approved_nor_paid_nor_unmentioned(monkeypatch):
    text = ("Dividends. The Board recommends the payment of a final dividend of 5.5 pence per share for 2036, "
            "subject to the approval of shareholders at the annual general meeting.")
    for q in ("Has the final dividend for 2036 been approved?", "Did Pellworth pay a final dividend for 2036?"):
        said = _yes_no(q, text, monkeypatch)
        assert not said.startswith(("Yes", "No")) and "does not mention" not in said, said


def test_a_named_dividend_needs_a_sentence_naming_it(monkeypatch):
    text = "An interim dividend of 3.0 pence per share was paid on 20 October 2036."
    said = _yes_no("Did Pellworth pay a final dividend for 2036?", text, monkeypatch)
    assert not said.startswith("Yes") and "does not mention" not in said, said
    assert _yes_no("Did Pellworth pay an interim dividend for 2036?", text, monkeypatch).startswith("Yes")


def test_a_definition_led_by_using_over_an_average_of_two_named_years():
    name, expr = find_definition("Using cost of sales over the average of FY2035 and FY2036 inventories, what was "
                                 "inventory turnover in FY2036?")
    d = parse(expr, 2036)
    assert name == "inventory turnover" and d.operands["v2"].how == "average" and d.operands["v2"].years == (2035, 2036)


def test_a_bracket_defining_only_the_denominator_is_no_definition():
    assert find_definition("Fee income as a share of total income (net interest income plus fee income) for "
                           "2036?") is None


@pytest.mark.parametrize("question", ["How much did Pellworth spend on property, plant and equipment in 2036?",
                                      "Pellworth investment in new PP&E, 2036", "outlays on fixed assets in 2036",
                                      "How much was invested in property and equipment during 2036?"])
def test_spending_on_fixed_assets_said_with_a_verb_is_capital_expenditure(question):
    from pipeline.question.lexicon import get_lexicon
    assert [m.key for m in get_lexicon().find(question)][:1] == ["capex"]
    page = ["Consolidated statement of cash flows", "(In millions) 2036 2035", "Net cash from operating activities 812 760",
            "Purchase of property, plant and equipment (214) (198)", "Property, plant and equipment 2,410 2,302"]
    hit = _hit(question, [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "(214)"


def test_a_row_naming_its_own_currency_and_scale_is_read_in_them():
    """A convenience translation printed as a row under a yen table: the row's bracket is its unit."""
    from tests.stored_facts import facts_of
    page = ["Consolidated statement of income", "(Millions of yen)", "2036 2035", "Net sales 412,300 398,100",
            "Net sales (thousands of U.S. dollars) 2,748,667 2,654,000"]
    usd = next(f for f in facts_of(["\n".join(page)]) if "dollars" in f.label and f.fiscal_year == 2036)
    assert (usd.currency, usd.scale) == ("USD", "thousand")
    hit = _hit("net sales in US dollars 2036", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "2,748,667"
    hit = _hit("net sales 2036", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "412,300"


def test_space_grouped_figures_in_brackets_and_of_one_order_of_magnitude():
    """Thousands set apart by spaces (Polish, Nordic, French typesetting): a bracketed negative spans its tokens, and of
    the groupings of an all-three-digit run the one giving every year's figure the same digit groups is read; a run
    that stays ambiguous is still no figure."""
    from pipeline.reading.spaced_thousands import read
    lines = ["Note 01.01.2036– 01.01.2035–", "31.12.2036 31.12.2035", "Cost of sales 7 (1 402 118) (1 298 404)",
             "Other revenue 204 610 198 372", "Finance costs 9 (21 406) (19 812)", "Profit for the year 1 210 554"]
    assert read(lines)[2:] == ["Cost of sales 7 (1402118) (1298404)", "Other revenue 204610 198372",
                               "Finance costs 9 (21406) (19812)", "Profit for the year n/a n/a"]
    hit = _hit("finance costs 2035", [["Consolidated statement of profit or loss", "(PLN thousand)"] + lines], 2035)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed.replace(" ", "") == "(19812)"
