"""Classes found by the third round of made-up whole reports (an Irish plc, a JSE retailer, an Indian IT company with
standalone and consolidated statements, a US casino 10-K, a Japanese maker with a dollar convenience column), written
by a helper who never read the code. Each case here was refused or wrong before; the companies, wording and figures
are made up again here."""
from __future__ import annotations

import pytest

from ingest.statement_units import _page_units
from pipeline.answer.yesno import of_year
from pipeline.reading import measure_columns
from pipeline.reading.tables import parse_page
from pipeline.reading.unit_caption import detect_unit
from pipeline.retrieval.fact_match import FactMatch
from tests.stored_facts import answer_of, facts_of


def _hit(question: str, pages: list[list[str]], year: int, company: str = "Marlowe"):
    return answer_of(question, facts_of(["\n".join(p) for p in pages]), company, year)


SEGMENT_NOTE = ["Notes to the consolidated financial statements", "3. Segment information",
                "2036 Revenue Operating profit Capital expenditure Average employees", "EURm EURm EURm number",
                "Nordics 512.0 71.4 20.1 1,210", "Baltics 288.5 30.2 9.9 640", "Group 800.5 101.6 30.0 1,850", "",
                "2035 Revenue Operating profit Capital expenditure Average employees", "EURm EURm EURm number",
                "Nordics 480.1 66.0 18.0 1,150", "Baltics 270.0 28.1 8.2 610", "Group 750.1 94.1 26.2 1,760"]


def test_a_segment_note_with_measures_as_columns_and_a_block_per_year():
    cells = measure_columns.cells(parse_page("\n".join(SEGMENT_NOTE)))
    got = {(c.segment, c.label, c.period.year): c.value for c in cells}
    assert got[("Baltics", "Operating profit", 2035)] == "28.1"
    assert got[("Nordics", "Average employees", 2036)] == "1,210"
    hit = _hit("Baltics segment revenue FY35", [SEGMENT_NOTE], 2035)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "270.0"
    # a header whose names do not split into the columns printed is not read
    assert measure_columns.cells(parse_page("\n".join(["2036 Revenue and margin", "EURm EURm number",
                                                       "Nordics 512.0 71.4 20.1"]))) == []


def test_a_measure_named_before_the_years_heads_the_rows_below():
    page = ["Segment information", "Revenue 2036 2035", "Rm Rm", "Marlowe Foods 41,206 38,017",
            "Rest of Africa 6,720 6,149", "Total revenue 47,926 44,166"]
    rows = {r.label: r for r in parse_page("\n".join(page)).rows}
    assert rows["Rest of Africa"].path == ("Revenue",)
    hit = _hit("Rest of Africa segment revenue in 2036?", [page], 2036)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "6,720"


STANDALONE = ["STANDALONE STATEMENT OF PROFIT AND LOSS FOR THE YEAR ENDED MARCH 31, 2036",
              "(Rs. in crore, except per share data)", "Particulars Note Year ended March 31, 2036 Year ended March 31, 2035",
              "I Revenue from operations 9,218.60 8,006.44", "V Profit before tax (III-IV) 2,061.56 1,717.82",
              "VII Profit for the year (V-VI) 1,590.05 1,332.93", "Earnings per equity share (face value Rs. 2 each)",
              "Basic (Rs.) 38.51 32.33"]
CONSOLIDATED = ["CONSOLIDATED STATEMENT OF PROFIT AND LOSS FOR THE YEAR ENDED MARCH 31, 2036",
                "(Rs. in crore, except per share data)",
                "Particulars Note Year ended March 31, 2036 Year ended March 31, 2035",
                "I Revenue from operations 12,642.35 10,905.12", "VII Profit for the year (V-VI) 2,042.55 1,790.82",
                "Profit for the year attributable to:", "Owners of the Company 2,030.78 1,780.10",
                "Non-controlling interests 11.77 10.72", "Earnings per equity share (face value Rs. 2 each)",
                "Basic (Rs.) 49.04 43.20"]


@pytest.mark.parametrize("question,year,value", [
    ("standalone profit for the year FY36 (PAT)?", 2036, "1,590.05"),
    ("standalone basic EPS FY36", 2036, "38.51"),
    ("consolidated basic EPS last year (FY35)?", 2035, "43.20"),
    ("consolidated profit for the year FY36", 2036, "2,042.55"),   # the line's total, not the owners' share
])
def test_standalone_and_consolidated_statements_of_an_indian_report(question, year, value):
    hit = _hit(question, [STANDALONE, CONSOLIDATED], year)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == value


def test_the_reports_own_currency_named_in_the_question_is_how_the_figure_is_wanted():
    page = ["CONSOLIDATED STATEMENT OF INCOME", "Years ended March 31, 2035 and 2036",
            "Millions of yen Thousands of U.S. dollars", "2035 2036 2036", "Net sales 171,902 186,415 1,255,320",
            "Operating income 14,332 17,585 118,418"]
    assert detect_unit("\n".join(page)) == "million"
    assert _page_units("\n".join(page))[:2] == ("JPY", "millions")
    hit = _hit("operating income last year (fiscal 2035) in yen?", [page], 2035)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "14,332"


def test_a_month_of_a_fiscal_year_that_started_the_calendar_year_before():
    from datetime import date
    said = "The Company acquired 1,250,000 shares of its own common stock between June and November 2035."
    assert of_year(said, 2036, date(2036, 3, 31))             # the year to March 2036, labelled by its end
    assert not of_year(said, 2036, date(2036, 12, 31))
    assert not of_year("We repurchased shares in February 2035.", 2036, date(2036, 3, 31))
    # a year labelled by its start ("FY2034: April 1, 2034 to March 31, 2035"): its months are 2034's and 2035's
    assert of_year("We repurchased shares between June and November 2034.", 2034, date(2035, 3, 31))
    assert not of_year("We repurchased shares between June and November 2033.", 2034, date(2035, 3, 31))


def test_a_buy_back_of_its_own_stock_said_in_japanese_reports_english_is_an_event():
    from pipeline.answer import yesno
    from pipeline.stores.corpus import ReportPage

    buyback = next(e for e in yesno.events() if e.key == "buyback")
    pages = [ReportPage("doc", "Marlowe", 2036, "ANNUAL", 7, "Shareholder returns. Based on a resolution of the Board "
                        "in May 2035, the Company acquired 900,000 shares of its own common stock for JPY3,100 million "
                        "between June and October 2035.")]
    from datetime import date
    assert yesno.read_report(pages, buyback, 2036, date(2036, 3, 31)).affirmed
    said = [ReportPage("doc", "Marlowe", 2036, "ANNUAL", 3, "We raised the dividend and repurchased our own shares.")]
    assert yesno.read_report(said, buyback, 2036).affirmed


def test_a_possibility_never_answers_whether_it_happened():
    from pipeline.answer import prose
    from pipeline.question.analysis import analyse
    from pipeline.retrieval.passage import Passage
    from pipeline.state import TurnState
    import dataclasses
    from benchmarks.made_up_pages import _company

    risk = Passage(chunk_id=1, doc="M_2036_AR", company="Marlowe Materials", fiscal_year=2036, doc_type="ANNUAL",
                   page=9, score=1.0, text="Principal risks. Competition law: any breach of competition law could "
                   "result in fines of up to 10% of worldwide turnover for the Group in 2036.")
    facts = dataclasses.replace(analyse("Has Marlowe been fined for breaching competition law in 2036?"),
                                companies=[_company("Marlowe Materials plc")], years=[2036])
    text, kind = prose.answer(TurnState(question="q"), None, facts, "Marlowe Materials", 2036, [risk], lambda p: 1)
    assert kind == "not_found"


def _people_pages(*texts: str):
    from pipeline.stores.corpus import ReportPage
    return [ReportPage("doc", "Marlowe", 2036, "ANNUAL", i + 1, t) for i, t in enumerate(texts)]


OFFICERS = ("Information about our Executive Officers\nName Age Position\n"
            "Lena T. Marsh 58 President and Chief Executive Officer\n"
            "Oskar B. Vane 49 Executive Vice President, Chief Financial Officer and Treasurer\n"
            "Priya Okonkwo-Hale 52 Senior Vice President, General Counsel and Corporate Secretary\n"
            "Ms. Marsh has served as our President and Chief Executive Officer since 2027")


@pytest.mark.parametrize("role,name", [("company secretary", "Priya Okonkwo-Hale"),
                                       ("chief financial officer", "Oskar B. Vane")])
def test_an_officers_list_names_each_role_even_on_one_page(role, name):
    from pipeline.answer import people
    from pipeline.state import TurnState
    text, kind = people._role_answer(TurnState(question="q"), "Marlowe", 2036, _people_pages(OFFICERS), role,
                                     lambda p: 1)
    assert kind == "name" and f": {name} (" in text


def test_a_signature_run_together_on_one_page_still_names_no_one():
    from pipeline.answer import people
    from pipeline.state import TurnState
    run = "/s/ Lena T. Marsh /s/ Oskar B. Vane Chief Financial Officer (Principal Financial Officer) March 1, 2037"
    text, kind = people._role_answer(TurnState(question="q"), "Marlowe", 2036, _people_pages(run),
                                     "chief financial officer", lambda p: 1)
    assert kind == "not_found"


def test_an_auditor_named_on_a_corporate_data_page_or_by_its_engagement_partner():
    from pipeline.answer import people
    from pipeline.state import TurnState
    for text in ("Corporate data\nShareholder register administrator: Meiwa Trust Bank, Limited\n"
                 "Independent auditor: Kasumi Audit LLC",
                 "Independent auditor's report\nIn our opinion the financial statements present fairly ...\n"
                 "Kasumi Audit LLC\nTaro Ueda, Designated Engagement Partner, Certified Public Accountant"):
        said, kind = people._auditor(TurnState(question="q"), "Marlowe", 2036, _people_pages(text), lambda p: 1)
        assert kind == "name" and "Kasumi Audit LLC" in said


@pytest.mark.parametrize("sentence,words,amount", [
    ("BFSI revenue grew 9.1% to Rs. 6,524.82 crore, supported by banking programmes.", ["bfsi", "revenue"],
     "Rs. 6,524.82 crore"),
    ("Revenue rose 8% to £412.3m (FY35: £381.6m).", ["revenue"], "£412.3 m"),
])
def test_a_level_reached_after_a_change(sentence, words, amount):
    from pipeline.answer.stated import stated
    said = stated(sentence, words, "money")
    assert said is not None and said.amount == amount
    assert stated("Revenue increased by $5.0 million to $120.0 million.", ["revenue"], "money") is None


def test_a_dividend_per_equity_share_in_rupees_and_growth_asked_in_percent():
    from pipeline.answer.stated import per_share
    from pipeline.question.figure_ask import read_ask
    from pipeline.question.analysis import QuestionFacts
    from pipeline.question.lexicon import get_lexicon
    said = per_share("The Board has recommended a final dividend of Rs. 14.00 per equity share.",
                     ["final", "dividend", "share"])
    assert said is not None and said.amount == "Rs. 14.00"
    q = "How much did net revenues grow in 2036 vs 2035, in %?"
    metrics = get_lexicon().find(q)
    assert "%" not in read_ask(q, QuestionFacts(text=q, years=[2036], metrics=metrics), metrics[0]).hard
    assert [m.key for m in get_lexicon().find("Marlowe op profit 2035")] == ["operating_income"]


def test_a_role_said_in_words_with_the_letters_after_a_name():
    """"Siobhan Vane BCom CA was appointed Chief Financial Officer in 2031." in a directors' report names the role's
    holder in words, on one page; a signature block run together still does not (above)."""
    from pipeline.answer import people
    from pipeline.state import TurnState
    report = ("Directors' report\nCompany Secretary\nAnton Papas BCom LLB was appointed Company Secretary in 2027. He is "
              "also the Group General Counsel.\nChief Financial Officer\nSiobhan Vane BCom CA was appointed Chief "
              "Financial Officer in 2031.\nPrincipal activities. The Group provides road freight.")
    for role, name in (("chief financial officer", "Siobhan Vane"), ("company secretary", "Anton Papas")):
        text, kind = people._role_answer(TurnState(question="q"), "Marlowe", 2036, _people_pages(report), role,
                                         lambda p: 1)
        assert kind == "name" and f": {name} (" in text
