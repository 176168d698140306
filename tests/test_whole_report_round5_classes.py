"""Classes found by the fifth round of made-up whole reports (a Japanese maker with prior-year-first columns, a TSX
distributor, an HKEX packager, a Bermuda tanker owner, a US retailer whose fiscal year is named by the year it
starts), written by a helper who never read the code. Companies, wording and figures here are made up again."""
from __future__ import annotations

from datetime import date

import pytest

from ingest.identify import identify
from pipeline.answer import prose, which_event, yesno
from pipeline.answer.formula import Operand, find_definition, parse
from pipeline.question.analysis import QuestionFacts
from pipeline.guardrails.verifier import check_claim
from pipeline.reading.tables import parse_page
from pipeline.state import Claim
from pipeline.stores.corpus import ReportPage
from tests.stored_facts import stored_facts


def test_month_days_over_years_pair_in_order():
    t = parse_page("\n".join(["CONSOLIDATED STATEMENTS OF OPERATIONS", "(In millions)", "Fiscal Year Ended",
                              "January 30, February 1, February 2,", "2038 2037 2036", "Net sales 9,001 8,750 8,102"]))
    cols = t.headers[0].columns
    assert [(c.year, c.end) for c in cols] == [(2038, date(2038, 1, 30)), (2037, date(2037, 2, 1)),
                                               (2036, date(2036, 2, 2))]


def test_a_column_headed_by_the_fiscal_year_is_that_year_whatever_the_period_end_offset():
    """A retailer whose fiscal 2037 ends in January 2038: the statements' "January 30, 2038" column is FY2037, and an
    MD&A table headed "Fiscal 2037" is FY2037 too, not FY2036."""
    statement = ["CONSOLIDATED STATEMENTS OF OPERATIONS", "(In millions)", "Fiscal Year Ended",
                 "January 30, February 1,", "2038 2037", "Net sales 9,001 8,750", "Net income 410 388"]
    mdna = ["Net sales by product category (in millions):", "Fiscal 2037 Fiscal 2036",
            "Footwear $ 3,100 $ 2,950", "Apparel 5,901 5,800", "Total net sales $ 9,001 $ 8,750"]
    facts = stored_facts(["\n".join(statement), "\n".join(mdna)], 2037, "10K")
    got = {(f.label, f.fiscal_year): f.value_printed for f in facts}
    assert got[("Net income", 2037)] == "410"
    assert got[("Footwear", 2037)] == "3,100" and got[("Footwear", 2036)] == "2,950"
    # the caption "Net sales by product category" heads the rows it totals
    assert next(f for f in facts if f.label == "Apparel").label_path == "Net sales › Apparel"


def test_the_period_end_is_the_latest_of_a_heading_line_printing_each_columns_date():
    pages = ["Sakuragawa Works Co., Ltd.\nIntegrated Report 2037\nFiscal year ended March 31, 2037",
             "Consolidated Balance Sheet\n(Millions of yen)\nAs of March 31, 2036 As of March 31, 2037\nAssets\n"
             "Cash and deposits 41,200 44,910\nTotal assets 402,118 433,870",
             "Consolidated Statement of Income\n(Millions of yen)\nFY2036 FY2037\nNet sales 310,004 331,872"]
    idn = identify(pages)
    assert idn.period_end == date(2037, 3, 31) and idn.fiscal_year == 2037


def test_a_claim_that_names_the_column_it_read_is_not_a_misread_column():
    page = ("CONSOLIDATED STATEMENTS OF OPERATIONS\n(In millions)\nFiscal Year Ended\nJanuary 30, February 1,\n"
            "2038 2037\nNet sales 9,001 8,750\nNet income 410 388")
    ok = Claim(text='Net income in FY2037 was $410 million [1] (row "Net income", column "January 30, 2038", FY2037).',
               label="x")
    assert check_claim(ok, [page], [], start_named=True).verdict == "supported"
    # a report naming its year by its end: the January 2038 column is FY2038, whatever the claim declares
    assert check_claim(ok, [page], [], start_named=False).verdict == "unsupported"
    bare = Claim(text="Net income in FY2037 was $410 million [1].", label="x")
    assert check_claim(bare, [page], []).verdict == "unsupported"     # the 2038 column, not declared as read


@pytest.mark.parametrize("question,name,formula", [
    ("Payout ratio in 2037, using total dividends per share over diluted EPS, as a percentage",
     "Payout ratio", "v1 / v2"),
    ("What was Sakuragawa's free cash flow in fiscal 2037, defined as cash from operations minus purchases of "
     "property, plant and equipment? Answer in yen millions.", "free cash flow", "v1 - v2"),
    ("FY2037 payout ratio for Fennick Stores, defined as cash dividends paid divided by net income?",
     "payout ratio", "v1 / v2"),
    # the unit wanted in brackets after the definition is no operand; "as a share of" divides
    ("Free cash flow for 2037, defined as operating cash flow less capex (SEK million)?", "Free cash flow", "v1 - v2"),
    ("Net margin in 2037 (profit for the year as a percentage of revenue)?", "Net margin", "v1 / v2"),
])
def test_a_definition_said_after_the_measure(question, name, formula):
    got = find_definition(question)
    assert got is not None and got[0] == name and parse(got[1], 2037).formula == formula


def test_an_average_balance_without_years_is_over_the_years_opening_and_closing():
    name, expr = find_definition("Inventory turnover for fiscal 2037 (cost of sales / average merchandise "
                                 "inventories), two decimals?")
    assert name == "Inventory turnover"
    assert parse(expr, 2037).operands["v2"] == Operand("merchandise inventories", "average", (2036, 2037))


def _pages(*texts: str) -> list[ReportPage]:
    return [ReportPage("doc", "Fennick", 2037, "ANNUAL", i + 1, t) for i, t in enumerate(texts)]


def test_a_dividend_with_a_decimal_rate_paid_is_a_dividend_paid():
    event = next(e for e in yesno.events() if e.key == "dividend")
    r = yesno.read_report(_pages("An interim dividend of HK3.0 cents per share was paid on 20 October 2037."),
                          event, 2037)
    assert r.affirmed


def test_a_recommendation_is_not_an_approval():
    assert which_event.PUT_TO_VOTE.search("The Board recommends the payment of a final dividend of HK5.5 cents per share, "
                                  "subject to the approval of shareholders at the annual general meeting.")


def _said(question: str, text: str):
    from pipeline.retrieval.passage import Passage
    p = Passage(chunk_id=1, doc="d", company="Quillfeather", fiscal_year=2037, doc_type="ANNUAL", page=7, score=1.0,
                text=text)
    return prose.covering(None, QuestionFacts(text=question, years=[2037]), [p], 2037)


@pytest.mark.parametrize("question,text", [
    ("Will Quillfeather raise its dividend in 2037?",
     "The Board will review the dividend in 2037; any increase in the dividend is at its discretion."),
    ("Did Quillfeather acquire Brenlow in 2037?",
     "In 2037 the Group is considering the acquisition of Brenlow Ltd, a regional distributor."),
    ("Did Quillfeather close stores in 2037?",
     "Store closures in 2037 remain under review by the Board and no decision has been taken."),
    ("Has Quillfeather listed its Irish subsidiary on Euronext Dublin?",
     "In 2037 the Board launched a strategic review of a possible listing of its Irish subsidiary on Euronext Dublin."),
])
def test_a_matter_left_open_answers_no_yes_no_question(question, text):
    assert _said(question, text) is None


@pytest.mark.parametrize("question,text,said", [
    ("Did Quillfeather acquire Brenlow in 2037?",
     "In 2037 the Group completed the acquisition of Brenlow Ltd for total consideration of $120 million.", "Brenlow"),
    ("Did Quillfeather close stores in 2037?",
     "Following a review of the portfolio in 2037, the Group closed 14 stores.", "14 stores"),
])
def test_the_noun_of_a_deliberation_does_not_make_a_done_thing_undecided(question, text, said):
    found = _said(question, text)
    assert found is not None and said in found.sentence


@pytest.mark.parametrize("question,years,periods,want", [
    # a retailer whose fiscal 2036 ends on January 31, 2037: February 2, 2036 ends fiscal 2035
    ("What were inventories on 2 February 2036?", [2036], [(2036, date(2037, 1, 31))], [2035]),
    ("inventories at January 31, 2037", [2037], [(2036, date(2037, 1, 31))], [2036]),
    # a December filer, a year named on its own, no report to tell by
    ("cash at 31 December 2036", [2036], [(2036, date(2036, 12, 31))], [2036]),
    ("FY2036 cash at 30 June 2036", [2036], [(2037, date(2037, 3, 31))], [2036]),
    ("cash at 2 February 2036", [2036], [], [2036]),
])
def test_a_balance_date_asks_the_fiscal_year_ending_on_it(question, years, periods, want):
    from pipeline.question.dated_years import remap
    assert remap(question, years, periods) == want


def _hit(question: str, pages: list[list[str]], year: int = 2037, company: str = "Sakuragawa"):
    from tests.stored_facts import answer_of, facts_of
    return answer_of(question, facts_of(["\n".join(p) for p in pages]), company, year)


PER_SHARE_NOTE = ["Per Share Information", "FY2036 FY2037",
                  "Profit attributable to owners of parent (millions of yen) 22,101 24,880",
                  "Dividend income 640 702", "Dividends paid 8,115 9,020"]


def test_a_currency_asked_is_not_answered_by_a_row_in_another_named_in_its_label():
    from pipeline.retrieval.fact_match import FactMatch
    hit = _hit("profit attributable to owners of parent FY2037 in US$ thousands", [PER_SHARE_NOTE])
    assert not isinstance(hit, FactMatch)
    hit = _hit("profit attributable to owners of parent FY2037 in yen", [PER_SHARE_NOTE])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "24,880"


def test_dividend_income_and_the_years_dividends_paid_are_not_a_named_dividend():
    from pipeline.retrieval.fact_match import FactMatch
    hit = _hit("total amount of the year-end dividend for fiscal 2037 in millions of yen", [PER_SHARE_NOTE])
    assert not isinstance(hit, FactMatch) or hit.fact.value_printed not in ("702", "9,020")
    hit = _hit("Sakuragawa dividend income FY2037", [PER_SHARE_NOTE])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "702"


def test_a_sum_in_brackets_is_not_read_as_a_definition():
    """"Total capex (property and equipment plus intangibles)", "total dividend per share (interim plus proposed
    final)": the bracket names the measure's parts in its own context, and the parts read alone are other measures
    (the balance sheet's property and equipment; the dividends paid): such a bracket defines nothing, and net debt is
    its own measure, printed or refused."""
    for q in ("Capital expenditure (PP&E plus capitalised software) for 2034?",
              "Total dividend per share for 2033 (interim plus proposed final), in HK cents?",
              "Net debt at end of 2037 (short-term debt plus long-term debt, less cash and cash equivalents)?"):
        assert find_definition(q) is None, q
