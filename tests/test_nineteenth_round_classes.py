"""Classes found by the nineteenth round of made-up report pages (a UK housebuilder, an Australian childcare group,
a Hong Kong property manager, a Japanese machinery maker, a Canadian grocer; a US insurer, restaurant franchisor,
midstream partnership and biotech), written by a helper who never read the code. The companies, wording and figures
here are made up again."""
from __future__ import annotations

import re

import pytest

from pipeline.core.currencies import CURRENCIES, CURRENCY_RE
from pipeline.reading.tables import parse_page
from pipeline.retrieval.fact_match import FactMatch
from tests.stored_facts import answer_of, facts_of


def _hit(question: str, pages: list[list[str]], year: int = 2061, company: str = "Perdita"):
    return answer_of(question, facts_of(["\n".join(p) for p in pages]), company, year)


def _value(question: str, pages: list[list[str]], year: int = 2061) -> str | None:
    hit = _hit(question, pages, year)
    return hit.fact.value_printed if isinstance(hit, FactMatch) else None


# earnings per share on two bases, each under its sub-heading, the heading with a two-digit note number
EPS = ["Perdita Homes plc", "Consolidated income statement", "For the year ended 31 December 2061", "2061 2060",
       "Notes £m £m", "Continuing operations", "Revenue 3 1,500.0 1,400.0", "Profit for the year from continuing "
       "operations 200.0 190.0", "Discontinued operations", "Loss for the year from discontinued operations 9 (10.0) (2.0)",
       "Profit for the year 190.0 188.0", "Earnings per share 10", "From continuing and discontinued operations",
       "Basic earnings per share (p) 95.0 94.0", "Diluted earnings per share (p) 94.0 93.0",
       "From continuing operations", "Basic earnings per share (p) 100.0 95.0", "Diluted earnings per share (p) 99.0 94.0"]


@pytest.mark.parametrize("question,want", [
    ("Diluted EPS from continuing operations 2061", "99.0"),
    ("Basic EPS from continuing operations in 2060", "95.0"),
])
def test_earnings_per_share_from_continuing_operations_is_not_the_row_of_all_operations(question, want):
    assert _value(question, [EPS], int(re.findall(r"20\d\d", question)[0])) == want
    # (the blocks in the other order: the first block printed is not the answer either)
    swapped = EPS[:12] + EPS[15:18] + EPS[12:15]
    assert _value(question, [swapped], int(re.findall(r"20\d\d", question)[0])) == want


def test_a_per_share_heading_with_a_two_digit_note_over_sub_headings_is_a_heading_not_a_row():
    rows = {r.label: r for r in parse_page("\n".join(EPS)).rows}
    assert "Earnings per share" in rows["Diluted earnings per share (p)"].path
    assert not any(r.label == "Earnings per share" for r in parse_page("\n".join(EPS)).rows)


NET_CASH = ["Perdita Homes plc", "Consolidated cash flow statement", "For the year ended 31 December 2061",
            "2061 2060", "£m £m", "Net cash inflow from operating activities 60.0 190.0",
            "Cash and cash equivalents at end of year 400.0 380.0", "Analysis of net cash",
            "Cash and cash equivalents 400.0 380.0", "Borrowings (390.0) (240.0)", "Net cash 10.0 140.0"]


def test_a_net_cash_position_is_the_printed_net_cash_not_the_cash_balance():
    assert _value("What was the net cash position at 31 December 2061?", [NET_CASH]) == "10.0"
    assert _value("Net funds at 31 December 2060?", [NET_CASH], 2060) == "140.0"
    assert _value("Cash and cash equivalents at 31 December 2061", [NET_CASH]) == "400.0"


DIVIDENDS = ["Perdita Learning Limited", "Notes to the consolidated financial statements", "Note 15. Dividends",
             "2061 2060", "$'000 $'000",
             "Final dividend for the prior year of 6.0 cents (2060: 5.5 cents) per share, fully franked 15,744 14,421",
             "Interim dividend of 6.5 cents (2060: 6.0 cents) per share, fully franked 17,081 15,738",
             "32,825 30,159"]


def test_the_prior_years_final_dividend_paid_this_year_never_answers_this_years_final_dividend():
    assert _value("What final dividend did the board declare for FY61?", [DIVIDENDS]) is None
    assert _value("Final dividend paid during 2061?", [DIVIDENDS]) == "15,744"


UNITS = ["Perdita Midstream Partners, L.P.", "Management's Discussion and Analysis", "Distributions", "2061 2060 2059",
         "Distributions declared per common unit (in respect of the year) $ 3.36 $ 3.18 $ 3.01",
         "Distributions paid per common unit (during the year) $ 3.30 $ 3.14 $ 2.98"]


def test_a_dividend_asked_as_paid_is_the_paid_row_where_the_declared_one_is_printed_beside_it():
    assert _value("Distributions paid per common unit during 2061?", [UNITS]) == "3.30"
    assert _value("Distributions declared per common unit in 2060?", [UNITS], 2060) == "3.18"


CAPEX = ["Perdita Midstream Partners, L.P.", "Capital expenditures", "Year Ended December 31,", "2061 2060 2059",
         "(in millions, except ratios)", "Distributable cash flow $ 1,869 $ 1,687 $ 1,510",
         "Distribution coverage ratio .................... 1.36x 1.27x 1.19x",
         "Growth capital expenditures .......... $ 846 $ 785 $ 923",
         "Maintenance capital expenditures ...... 188 176 169", "$ 1,034 $ 961 $ 1,092"]


def test_growth_capex_is_the_growth_line_and_never_a_change_in_capex():
    assert _value("Growth capex in 2060?", [CAPEX], 2060) == "785"
    assert _value("Maintenance capex 2061", [CAPEX]) == "188"


def test_a_row_of_multiples_is_a_row_with_cells_not_a_heading_and_answers_only_its_ratio():
    rows = {r.label: r for r in parse_page("\n".join(CAPEX)).rows}
    assert rows["Distribution coverage ratio"].values == ["1.36x", "1.27x", "1.19x"]
    assert "Distribution coverage ratio" not in rows["Growth capital expenditures"].path
    assert _value("Distribution coverage ratio 2061", [CAPEX]) == "1.36x"      # (a multiple: twenty-first round)
    assert _value("Distributable cash flow 2061", [CAPEX]) == "1,869"


PROGRAMS = ["Perdita Therapeutics, Inc.", "Results of Operations", "Year Ended December 31,", "2061 2060 Change",
            "(in thousands)", "Research and development expenses by program:",
            "VT-214 (velafitinib) .......... $ 82,406 $ 76,118 $ 6,288", "VT-502 ........................ 58,715 31,204 27,511",
            "Other early-stage programs 28,412 24,880 3,532"]


def test_a_programmes_code_is_part_of_its_name_and_a_row_of_another_code_never_answers():
    assert _value("VT-502 R&D spend in 2061?", [PROGRAMS]) == "58,715"
    assert _value("VT-214 R&D spend in 2060?", [PROGRAMS], 2060) == "76,118"
    assert _value("VT-777 R&D spend in 2061?", [PROGRAMS]) is None


NET_ASSETS = ["Perdita Heavy Industries, Ltd. and Consolidated Subsidiaries", "Consolidated Balance Sheet",
              "March 31, 2061 and 2060", "Millions of yen", "2061 2060", "NET ASSETS", "Shareholders' equity:",
              "Common stock 68,420 68,420", "Retained earnings 488,188 435,318", "Total shareholders' equity 556,608 503,738",
              "Accumulated other comprehensive income:", "Foreign currency translation adjustment 38,207 31,915",
              "Total accumulated other comprehensive income 38,207 31,915", "Non-controlling interests 18,906 17,240",
              "Total net assets 613,721 552,893"]


def test_japanese_gaap_shareholders_equity_is_not_the_owners_equity():
    assert _value("Equity attributable to owners of the parent at March 31, 2061", [NET_ASSETS]) is None
    assert _value("Total equity at March 31, 2061", [NET_ASSETS]) == "613,721"


OPERATIONS = ["Perdita Kitchens Holdings, Inc.", "CONSOLIDATED STATEMENTS OF OPERATIONS", "(in thousands)",
              "Fiscal Year Ended", "December 31, December 25,", "2061 2060", "(53 weeks) (52 weeks)", "Revenues:",
              "Company restaurant sales $ 742,318 $ 701,544", "Franchise royalties 318,604 289,117",
              "Total revenues 1,060,922 990,661", "Costs and expenses:", "Company restaurant expenses:",
              "Food and paper costs 231,604 220,118", "Labor and related expenses 235,117 222,660",
              "466,721 442,778", "General and administrative expenses 138,440 128,716",
              "Total costs and expenses 605,161 571,494"]


def test_a_weeks_caption_under_the_years_is_a_header_and_a_sub_headings_unlabelled_sum_is_its_total():
    rows = parse_page("\n".join(OPERATIONS)).rows
    assert not any("weeks" in " ".join(r.path) for r in rows)
    assert _value("Total company restaurant expenses in fiscal 2061?", [OPERATIONS]) == "466,721"
    assert _value("Total revenues for the 53-week year 2061", [OPERATIONS]) == "1,060,922"


def test_the_currency_pattern_finds_a_currency_only_where_one_can_start():
    assert not CURRENCY_RE.search("troubled debt restructurings")       # ("rouble" inside a word)
    for text, code in [("ThUS$", "USD"), ("MCh$ 1,200", "CLP"), ("GH¢'000", "GHS"), ("in roubles", "RUB"),
                       ("£m", "GBP"), ("(Saudi Riyals in thousands)", "SAR")]:
        m = CURRENCY_RE.search(text)
        assert m is not None, text
        assert next(CURRENCIES[int(k[1:])][0] for k, v in m.groupdict().items() if v) == code, text
    assert CURRENCY_RE.search("Eurodollars") is None and CURRENCY_RE.search("in U.S. dollars") is not None


def test_a_figure_in_the_statements_scale_is_on_a_page_whose_captions_also_name_a_convenience_translations():
    from decimal import Decimal

    from pipeline.guardrails.verifier import supported
    page = "\n".join(["CONSOLIDATED STATEMENTS OF INCOME", "Perdita Shipping Co., Ltd. - Years ended March 31",
                      "Millions of yen Thousands of", "U.S. dollars", "Note 2060 2061 2061",
                      "Net sales 15 1,356,218 1,482,604 10,004,076", "Ordinary income 231,881 252,820 1,705,938"])
    assert supported(Decimal("252820"), "million", [page])
    assert supported(Decimal("1705938"), "thousand", [page])
    assert not supported(Decimal("252821"), "million", [page])
    # (a caption of another thing's thousands, "thousands of shares", names no scale of the figures)
    shares = page.replace("Thousands of", "Thousands of shares").replace("Millions of yen", "Yen")
    assert not supported(Decimal("252820"), "thousand", [shares])


# (the twelfth round of made-up whole reports: a JSE miner's headline earnings, an impairment "charge")
HEADLINE = ["Perdita Gold Mining Limited", "Notes to the consolidated financial statements",
            "7. Earnings and headline earnings per share", "FY61 FY60", "Basic earnings per share (cents) 388.5 300.1",
            "Diluted earnings per share (cents) 385.8 298.0", "Headline earnings per share (cents) 561.7 400.6",
            "Diluted headline earnings per share (cents) 557.8 398.0", "Impairment of mining assets (Vaalrand) (1,240) -"]


def test_a_basis_the_heading_names_beside_the_reported_one_is_the_rows_that_say_it():
    assert _value("What was headline earnings per share for FY61?", [HEADLINE]) == "561.7"
    # (the basis's row printed after the heading's other rows: the order does not choose)
    reordered = HEADLINE[:4] + [HEADLINE[5], HEADLINE[4], HEADLINE[7], HEADLINE[6]]
    assert _value("What was headline diluted EPS for FY61?", [reordered]) == "557.8"
    assert _value("Diluted headline EPS FY60", [HEADLINE], 2060) == "398.0"
    assert _value("Diluted EPS FY61", [HEADLINE]) == "385.8"


def test_an_expense_asked_as_a_charge_is_its_line():
    assert _value("How big was the Vaalrand impairment charge in FY61?", [HEADLINE]) == "(1,240)"


def test_how_big_or_how_large_asks_for_a_figure():
    from pipeline.answer.figure_kinds import is_figure_question
    from pipeline.question.analysis import QuestionFacts
    assert is_figure_question(QuestionFacts(text="How large was the fair value gain on investment properties in 2061?"))
    assert not is_figure_question(QuestionFacts(text="Why was the fair value gain so large in 2061?"))


def test_which_segment_is_never_answered_from_a_reconciliation_of_the_measure():
    from pipeline.answer import prose, superlative
    from pipeline.question.analysis import analyse
    from pipeline.retrieval.passage import Passage
    from pipeline.state import TurnState

    def passage(text: str) -> Passage:
        return Passage(chunk_id=1, doc="PERDITA_2022", company="Boeing", fiscal_year=2022, doc_type="ANNUAL", page=8,
                       score=1.0, text=text)
    reconciliation = passage("Reconciliation of adjusted EBITDA\nR million 2022 2021\nOperating profit 3,143 2,900\n"
                             "Depreciation and amortisation 2,986 2,700\nImpairment of mining assets 1,240 -\n"
                             "Adjusted EBITDA 7,369 5,600")
    segments = passage("Segment information\nAdjusted EBITDA by operation\nR million 2022 2021\nBlouberg Deep 3,900 2,800\n"
                       "Vaalrand 1,469 1,500\nKaroo West 2,000 1,300\nTotal 7,369 5,600")
    facts = analyse("Which of its operations generated the most adjusted EBITDA in 2022 for Boeing?")
    got = superlative.compare(TurnState(question="q"), facts, prose.question_terms(facts), "Boeing", 2022,
                              [reconciliation, segments], lambda p: p.text, lambda p: 1)
    assert got is not None and got[0].startswith("Blouberg Deep is the highest")
    alone = superlative.compare(TurnState(question="q"), facts, prose.question_terms(facts), "Boeing", 2022,
                                [reconciliation], lambda p: p.text, lambda p: 1)
    assert alone is None


US_INCOME = ["Perdita Harbor Holdings, Inc.", "CONSOLIDATED STATEMENTS OF INCOME", "(in thousands, except per share data)",
             "Year Ended December 31,", "2061 2060", "Revenues $ 2,611,478 $ 2,400,100",
             "General and administrative expenses 128,716 120,400",
             "Acquired in-process research and development 120,500 -", "Income before income taxes 402,118 380,004",
             "Net income $ 320,118 $ 300,004", "Net income per common unit", "Basic $ 3.14 $ 2.84", "Diluted $ 3.13 $ 2.83",
             "Weighted average common shares outstanding", "Basic 62,915 61,800", "Diluted 63,688 62,400"]
US_CASH = ["Perdita Harbor Holdings, Inc.", "CONSOLIDATED STATEMENTS OF CASH FLOWS", "(in thousands)",
           "Year Ended December 31,", "2061 2060", "Net income $ 320,118 $ 300,004",
           "Stock-based compensation expense 49,806 45,100", "Net cash provided by operating activities 410,000 390,000",
           "Purchases of property and equipment (61,200) (55,000)", "Repurchases of common stock (52,118) (74,330)"]


@pytest.mark.parametrize("question,want", [
    ("G&A for fiscal 2061?", "128,716"),                                     # the abbreviations of general language
    ("Stock-based comp in 2061?", "49,806"),
    ("SBC 2060", "45,100"),
    ("How much acquired IPR&D did Perdita record in 2061?", "120,500"),
    ("Diluted weighted average share count for 2061?", "63,688"),           # a bare basis row under its heading
    ("Basic weighted-average share count for 2060?", "61,800"),
    ("Diluted net income per common unit, 2061?", "3.13"),                   # a partnership's per-unit earnings
    ("How much did Perdita spend repurchasing its own shares in 2060?", "(74,330)"),   # the buyback as a verb
    ("Capex — purchases of property and equipment in 2061?", "(61,200)"),     # the measure glossed after a dash
])
def test_analysts_wordings_of_us_lines(question, want):
    assert _value(question, [US_INCOME, US_CASH], int(re.findall(r"20\d\d", question)[0])) == want


def test_a_statutory_basis_named_is_the_reported_figure():
    assert _value("Profit before tax for 2061 on a statutory basis?", [EPS[:5] + [
        "Operating profit 472.7 451.5", "Profit before taxation 455.3 436.4"]]) == "455.3"


UK_INCOME = ["Perdita Airways plc", "Consolidated income statement", "For the year ended 31 March 2061", "2061 2060",
             "Note £m £m", "Revenue 3 2,400.0 2,100.0", "Profit before tax 212.0 183.9", "Tax 9 (51.2) (44.6)",
             "Profit for the year 160.8 139.3"]
SA_INCOME = ["Perdita Gold Mining Limited", "Consolidated statement of profit or loss", "for the year ended 30 June 2061",
             "R million Notes 2061 2060", "Revenue 19,100 16,200", "Profit before taxation 3,059 2,715",
             "Mining and income tax 6 (1,148) (761)", "Profit for the year 1,911 1,954"]


@pytest.mark.parametrize("question,pages,want", [
    ("Income tax expense 2061", [UK_INCOME], "(51.2)"),          # "Tax" alone on an income statement
    ("Tax charge for 2060", [UK_INCOME], "(44.6)"),
    ("Income tax expense 2061", [SA_INCOME], "(1,148)"),          # a miner's "Mining and income tax"
])
def test_the_income_statements_tax_line_in_its_other_wordings(question, pages, want):
    assert _value(question, pages, int(re.findall(r"20\d\d", question)[0])) == want


@pytest.mark.parametrize("sentence", [
    "In fiscal 2061 the Company purchased 3,402 thousand shares of its own common stock for ¥9,994 million.",
    "The £41.8m share buyback completed in February 2061.",
])
def test_a_buyback_stated_in_thousands_of_shares_or_as_completed_is_affirmed(sentence):
    from pipeline.answer.yesno import events
    event = next(e for e in events() if e.key == "buyback")
    assert any(p.search(sentence) for p in event.affirm)


def _why(question: str, text: str):
    from pipeline.answer import prose
    from pipeline.question.analysis import analyse
    from pipeline.question.registry import Company, Registry
    from pipeline.retrieval.passage import Passage
    from pipeline.state import TurnState
    facts = analyse(question, Registry([Company(key="PER", name="Perdita Mining", legal_name="Perdita Mining plc")]))
    page = Passage(chunk_id=1, doc="PER", company="Perdita Mining", fiscal_year=2061, doc_type="ANNUAL", page=5,
                   score=1.0, text=text)
    return prose.answer(TurnState(question="q"), None, facts, "Perdita Mining", 2061, [page], lambda p: 1)


REVIEW = ("CHIEF EXECUTIVE'S REVIEW\nGold sold increased by 2.4% to 21,350 kg.\n\nVaalrand impairment. In November 2060 a "
          "seismic event caused extensive damage to the 94 Level at Vaalrand's No. 3 Shaft. After a geotechnical review "
          "we decided not to rehabilitate the level. The impairment of R1,240 million was recognised because of the "
          "closure of 94 Level, which shortened the life of mine from 2089 to 2085.\n\nBecause headline earnings exclude "
          "the impairment, the Board has based its dividend decision on them.\n\nCargo was the disappointment of the "
          "year. Cargo revenue fell 9.5 per cent and operating profit in the segment dropped to £12.4 million from £31.6 "
          "million, mainly because of lower air freight yields as capacity returned to the market.")


@pytest.mark.parametrize("question,starts", [
    # the cause names what it explains by the noun the paragraph named in full before it; its horizon is no year
    ("Why did Perdita impair Vaalrand in FY61, according to management?", "The impairment of R1,240 million"),
    # a lead-in before "why", an adverb of how much, a segment's own sentence
    ("Per management, why did cargo profitability drop so sharply in FY61?", "Cargo revenue fell 9.5 per cent"),
])
def test_a_why_question_is_answered_by_the_sentence_giving_the_cause(question, starts):
    text, kind = _why(question, REVIEW)
    assert kind == "quote" and text.split("\u201c", 1)[1].startswith(starts), text
