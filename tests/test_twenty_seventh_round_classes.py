"""Classes found by the twenty-seventh rounds (made-up report pages, round 30; made-up whole reports, round 22) and by
what the last rounds left (a capex line naming its software first, a proposed dividend beside one paid in the year),
written by helpers who never read the code. The companies, names, wording and figures here are made up again."""
from __future__ import annotations

import pytest

from pipeline.question.registry import Company
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


def _proposal_found(text: str, question: str, year: int = 2071):
    from pipeline.answer import prose
    from pipeline.question.analysis import analyse
    from pipeline.question.registry import Company
    from pipeline.retrieval.passage import Passage

    page = Passage(chunk_id=1, doc="DRAV_2071_AR", company="Dravmont Mlinovi a.d.", fiscal_year=year, doc_type="AR",
                   page=31, score=1.0, text=text)
    facts = analyse(question)
    facts.companies = [Company(key="d", name="Dravmont Mlinovi a.d.")]
    return prose.covering(None, facts, [page], year, need="per_share", require_year=True)


def test_a_dividend_per_share_after_a_currency_code_in_a_sentence_with_numeric_dates_is_read():
    # a continental proposal: "RSD 210 per share", a record date "15.06.2072" (a date, not a figure), a comparative
    # in brackets and the total on the shares outstanding in the same sentence
    text = ("7. Proposed distribution of profit\nThe Board of Directors proposes to the General Meeting a dividend of "
            "RSD 214 per share for 2071 (2070: RSD 186 per share),\npayable to shareholders of record on 15.06.2072, a "
            "total of RSD 387,3 million on 1.810.000 shares outstanding (excluding 40.000 own shares).")
    found = _proposal_found(text, "DPS proposed for 2071")
    assert found is not None and found.stated is not None and found.stated.amount == "RSD 214"
    assert _proposal_found(text.replace("RSD", "CHF"), "Proposed dividend per share FY2071").stated.amount == "CHF 214"
    # the year printed after the amount is the year it is for: 2070's question is never answered by 2071's proposal
    assert _proposal_found(text, "DPS proposed for 2070", 2070) is None


def test_a_table_of_the_dividend_paid_during_the_year_never_answers_the_proposed_dividend():
    pages = [["Note 24 Distributions to shareholders", "2071 2070", "€000 €000",
              "Final dividend paid during the year 2,812 2,406",
              "Dividend per share (€) 0.14 0.12",
              "The dividend paid in 2071 was the final dividend for the year ended 31 March 2070."]]
    company = "Sliema Heights Hospitality p.l.c."
    assert _answer("Proposed DPS for FY2071", pages, company, 2071, 2071) is None
    assert _answer("DPS recommended by the board for 2071", pages, company, 2071, 2071) is None
    assert _answer("Dividend per share paid during 2071", pages, company, 2071, 2071) == "0.14"
    # a proposal's own row is the proposal
    proposed = [["Note 24 Distributions to shareholders", "2071 2070", "€000 €000",
                 "Final dividend paid during the year 2,812 2,406",
                 "Dividend per share (€) 0.14 0.12",
                 "Proposed final dividend per share (€) 0.17 0.14"]]
    assert _answer("Proposed DPS for FY2071", proposed, company, 2071, 2071) == "0.17"


_BASIC_ONLY = [["Consolidated income statement", "for the year ended 31 December 2071", "£m 2071 2070",
                "Revenue 412.6 398.1", "Profit for the year 40.2 36.8", "Earnings per share (pence)",
                "Basic 21.4 19.6"]]
_BOTH = [["Consolidated income statement", "for the year ended 31 December 2071", "£m 2071 2070",
          "Revenue 412.6 398.1", "Profit for the year 40.2 36.8", "Basic earnings per share (pence) 21.4 19.6",
          "Diluted earnings per share (pence) 21.1 19.5"]]


@pytest.mark.parametrize("question, pages, year, expect", [
    ("Tarnley EPS 2071", _BASIC_ONLY, 2071, "21.4"),      # basic is all the year prints: it is the EPS
    ("What were Tarnley's earnings per share in FY70?", _BASIC_ONLY, 2070, "19.6"),
    ("Tarnley diluted EPS 2071", _BASIC_ONLY, 2071, None),  # diluted asked is never the basic figure
    ("Tarnley EPS 2071", _BOTH, 2071, "21.1"),            # both printed: EPS is the diluted one, as before
    ("Tarnley basic EPS 2071", _BOTH, 2071, "21.4"),
])
def test_eps_asked_with_no_basis_is_basic_where_the_year_prints_no_diluted_figure(question, pages, year, expect):
    assert _answer(question, pages, "Tarnley Hearth plc", year, 2071) == expect


def test_a_stacked_header_naming_its_notes_and_change_columns_on_its_second_line():
    # "2071 2070 %" over "Notes Rm Rm change": one notes column before the figures and ONE change column after them
    # (never a note number read as the year's figure, nor the year's figure as the year before's)
    pages = [["Summarised consolidated statement of profit or loss", "for the year ended 30 June 2071",
              "Audited Restated*", "2071 2070 %", "Notes Rm Rm change",
              "Revenue 2 14,862.4 13,905.1 6.9", "Cost of sales (11,214.6) (10,518.3)",
              "Gross profit 3,647.8 3,386.8", "Impairment of property, plant and equipment 4 (186.4) -",
              "Operating profit 3 1,313.1 1,360.6 (3.5)"]]
    company = "Tsitsikamma Board Holdings Limited"
    assert _answer("Tsitsikamma revenue FY2071", pages, company, 2071, 2071) == "14,862.4"
    assert _answer("Tsitsikamma revenue FY2070", pages, company, 2070, 2071) == "13,905.1"
    assert _answer("Tsitsikamma operating profit 2070", pages, company, 2070, 2071) == "1,360.6"
    assert _answer("Tsitsikamma PPE impairment 2071", pages, company, 2071, 2071) == "(186.4)"


_PRIOR_FIRST = [["HOSHIGAOKA FOODS CO., LTD. AND CONSOLIDATED SUBSIDIARIES", "Consolidated Statement of Income",
                 "(Millions of yen) (Thousands of U.S. dollars)",
                 "Previous fiscal year Current fiscal year Current fiscal year",
                 "(From April 1, 2069 (From April 1, 2070 (From April 1, 2070",
                 "to March 31, 2070) to March 31, 2071) to March 31, 2071)",
                 "Net sales 184,206 190,415 1,329,713", "Operating profit 12,418 13,206 92,221",
                 "Ordinary profit 13,115 13,842 96,662", "Profit attributable to owners of parent 9,012 9,406 65,684"],
                ["(Per share information)", "Previous fiscal year Current fiscal year",
                 "(From April 1, 2069 to March 31, 2070) (From April 1, 2070 to March 31, 2071)",
                 "Net assets per share 1,842.16 yen 1,915.40 yen", "Basic earnings per share 182.44 yen 190.31 yen"]]


@pytest.mark.parametrize("question, year, expect", [
    ("Hoshigaoka net sales FY3/2071", 2071, "190,415"),      # the current year's column is the second, yen before US$
    ("Hoshigaoka net sales FY3/2070", 2070, "184,206"),
    ("Hoshigaoka recurring profit for the year to March 31, 2071", 2071, "13,842"),   # ordinary profit's other name
    ("Hoshigaoka ordinary profit FY3/2070", 2070, "13,115"),
    ("Hoshigaoka BPS end of FY3/2071", 2071, "1,915.40"),     # "1,915.40 yen": a unit printed after each figure
    ("Hoshigaoka EPS FY3/2070", 2070, "182.44"),
])
def test_a_japanese_statement_with_the_prior_year_first_and_units_after_its_figures(question, year, expect):
    from pipeline.question.shorthand import spell

    assert _answer(spell(question), _PRIOR_FIRST, "Hoshigaoka Foods Co., Ltd.", year, 2071) == expect


def test_bps_said_after_a_number_is_basis_points_not_book_value():
    from pipeline.question.shorthand import spell

    assert "book value per share" in spell("Hoshigaoka BPS FY3/2071")
    assert spell("margin up 50 bps in 2071") == "margin up 50 bps in 2071"
    assert spell("spread widened 25bps") == "spread widened 25bps"


_RESULTS = [["KOSI VALLEY AGROCHEM LIMITED",
             "STATEMENT OF AUDITED CONSOLIDATED FINANCIAL RESULTS FOR THE QUARTER AND YEAR ENDED 31ST MARCH, 2071",
             "(Rs in lakh)", "Sl. Particulars Quarter ended Year ended",
             "No. 31.03.2071 31.12.2070 31.03.2070 31.03.2071 31.03.2070",
             "(Audited) (Unaudited) (Audited) (Audited) (Audited)", "1 Income",
             "(a) Revenue from operations (refer note 3) 84,215.36 71,402.18 79,815.42 3,02,418.65 2,84,106.37",
             "(b) Other income 1,018.42 815.36 912.15 3,642.18 3,115.84",
             "8 Net profit for the period (6-7) 6,418.25 4,102.36 5,215.84 19,842.61 16,318.42"],
            ["STATEMENT OF ASSETS AND LIABILITIES", "(Rs in lakh)", "Particulars Standalone Consolidated",
             "As at As at As at As at", "31.03.2071 31.03.2070 31.03.2071 31.03.2070",
             "(Audited) (Audited) (Audited) (Audited)", "B EQUITY AND LIABILITIES",
             "2 Non-current liabilities", "(a) Financial liabilities",
             "(i) Borrowings 21,406.15 24,118.36 23,815.42 26,402.18",
             "Sub-total - Non-current liabilities 21,406.15 24,118.36 23,815.42 26,402.18",
             "3 Current liabilities", "(a) Financial liabilities",
             "(i) Borrowings 12,815.36 14,206.42 14,118.25 15,902.36"],
            ["Notes:", "7. Key standalone financial information: (Rs in lakh)", "Particulars Quarter ended Year ended",
             "31.03.2071 31.12.2070 31.03.2070 31.03.2071 31.03.2070",
             "Revenue from operations 78,402.15 66,815.42 74,106.36 2,81,615.42 2,64,018.35",
             "Net profit after tax 5,918.36 3,815.42 4,902.15 18,406.25 15,118.36"]]


@pytest.mark.parametrize("question, year, expect", [
    ("Consolidated revenue from operations FY71", 2071, "3,02,418.65"),   # the year's column, never the quarter's,
    ("Consolidated PAT FY2070-71", 2071, "19,842.61"),                    # nor the standalone note's
    ("Standalone PAT FY71", 2071, "18,406.25"),
    ("Standalone non-current borrowings at 31 March 2071", 2071, "21,406.15"),
    ("Consolidated current borrowings at 31 March 2070", 2070, "15,902.36"),
])
def test_an_indian_results_statement_with_serial_numbers_and_standalone_figures(question, year, expect):
    assert _answer(question, _RESULTS, "Kosi Valley Agrochem Limited", year, 2071) == expect


def test_a_standalone_note_deep_in_a_page_of_notes_is_the_parents_own():
    notes = ["Notes:", *[f"{k}. The results for the quarter were reviewed by the Audit Committee on the date stated."
                         for k in range(1, 9)]]
    pages = [_RESULTS[0], _RESULTS[1], notes + _RESULTS[2][1:]]
    assert _answer("Standalone PAT FY71", pages, "Kosi Valley Agrochem Limited", 2071, 2071) == "18,406.25"
    assert _answer("Consolidated PAT FY71", pages, "Kosi Valley Agrochem Limited", 2071, 2071) == "19,842.61"


_AS_ADJUSTED = [["OSWEGATCHIE PUMP & METER CORPORATION", "CONSOLIDATED STATEMENTS OF EARNINGS",
                 "(Dollars in millions, except per share amounts)", "Years Ended September 30,", "2071 2070 2069",
                 "As Adjusted* As Adjusted*", "Net sales:", "Products $ 1,184.3 $ 1,051.7 $ 912.4",
                 "Services 268.2 231.5 202.9", "Total net sales 1,452.5 1,283.2 1,115.3",
                 "Operating earnings 201.4 180.6 152.2", "Net earnings attributable to Oswegatchie 140.1 126.4 101.8"],
                ["OSWEGATCHIE PUMP & METER CORPORATION", "NOTES TO CONSOLIDATED FINANCIAL STATEMENTS (Continued)",
                 "NOTE 2. CHANGE IN ACCOUNTING PRINCIPLE",
                 "(Dollars in millions, except per share amounts) As Previously Reported Effect of Change As Adjusted",
                 "Cost of products sold 744.3 (4.5) 739.8",
                 "Net earnings attributable to Oswegatchie 123.0 3.4 126.4"]]


@pytest.mark.parametrize("question, year, expect", [
    ("Operating income FY70", 2070, "180.6"),            # "As Adjusted*" under the years captions them: no heading
    ("Service revenue fiscal 2069", 2069, "202.9"),
    ("Net income attributable to Oswegatchie shareholders, fiscal 2069", 2069, "101.8"),   # never Note 2's adjusted
    ("Net income attributable to Oswegatchie shareholders, fiscal 2071", 2071, "140.1"),   # column read as 2069's
])
def test_as_adjusted_column_captions_and_a_new_note_on_a_continued_page(question, year, expect):
    assert _answer(question, _AS_ADJUSTED, "Oswegatchie Pump & Meter Corporation", year, 2071) == expect


@pytest.mark.parametrize("question, spelled", [        # (first words too short to name a company alone)
    ("Oban Ridge parts sales FY95", "Oban Ridge Equipment Holdings, Inc. parts sales FY95"),
    ("How much did Oban Ridge's rental fleet cost?", "How much did Oban Ridge Equipment Holdings, Inc.'s rental fleet cost?"),
    ("Kiso Creek revenue FY97", "Kiso Creek Jewellers Limited revenue FY97"),
])
def test_a_names_first_two_words_before_the_words_saying_its_business_name_it(question, spelled):
    # "Equipment Holdings", "Jewellers": words saying what the business is, after the name proper; a place after the
    # first two words ("Tata Steel Europe") still makes them no name of its own
    from pipeline.question.registry import Registry

    reg = Registry([Company(key="q", name="Oban Ridge Equipment Holdings, Inc."),
                    Company(key="t", name="Kiso Creek Jewellers Limited"),
                    Company(key="m", name="Oban Steel Europe")])
    assert reg.spell_out(question) == spelled
    assert reg.spell_out("Oban Steel revenue") == "Oban Steel revenue"


def test_a_row_printed_for_two_things_together_answers_neither_alone():
    pages = [["Five-year summary", "FY 2070-71 FY 2069-70", "Number of showrooms (India + GCC) 151 139",
              "Revenue (UK & Ireland) 412.6 398.1"]]
    company = "Tarwin Creek Jewellers Limited"
    assert _answer("How many showrooms does Tarwin Creek have in India at 31 March 2071?", pages, company, 2071,
                   2071) is None
    assert _answer("Tarwin Creek number of showrooms 2071", pages, company, 2071, 2071) == "151"
    assert _answer("Tarwin Creek UK revenue 2071", pages, company, 2071, 2071) is None
    assert _answer("Tarwin Creek UK & Ireland revenue 2071", pages, company, 2071, 2071) == "412.6"


def test_each_input_of_a_defined_ratio_is_asked_of_the_entity_the_question_names(monkeypatch):
    # "Standalone net profit margin (PAT / revenue from operations)": both inputs are the parent's own rows
    from pipeline.answer import figure_inputs
    from pipeline.question.analysis import analyse
    from pipeline.retrieval import fact_match
    from pipeline.state import TurnState

    asked = []

    def find(conn, ask, company, year, **kw):
        asked.append(ask)
        return fact_match.NoMatch(ask.measure, [], "not printed")

    monkeypatch.setattr(figure_inputs.lookup, "find", find)
    for question, parent in (("Standalone net profit margin of Tarwin in FY71 (PAT / revenue from operations)?", True),
                             ("Tarwin net profit margin in FY71 (PAT / revenue from operations)?", False)):
        facts = analyse(question)
        inputs = figure_inputs.FigureInputs(TurnState(question=question), None, facts, "Tarwin Creek", 2071,
                                            lambda p: 1)
        asked.clear()
        for phrase in ("PAT", "revenue from operations"):
            with pytest.raises(figure_inputs.calculator.CalculationError):
                inputs.phrase_input(phrase, 2071)
        assert len(asked) == 2 and all(a.parent_only is parent for a in asked)


def test_a_count_grouped_by_spaces_in_a_sentence_with_dates_is_read():
    from pipeline.answer import prose
    from pipeline.question.analysis import analyse
    from pipeline.retrieval.passage import Passage

    text = ("Group at a glance\nAt 31 December 2071 we operated 61 schools on 38 campuses in Gauteng and the Western "
            "Cape, educating 54 118 learners (2070: 51 406). Tshwane College enrolled 18 212 students.\n"
            "Demand for places continued to exceed supply, and our waiting lists grew to more than 9 000 learners.")
    page = Passage(chunk_id=1, doc="TSH_2071_AR", company="Tshwane Learning Holdings", fiscal_year=2071,
                   doc_type="AR", page=2, score=1.0, text=text)
    found = prose.covering(None, analyse("Number of learners in Tshwane's schools at year-end 2071?"), [page], 2071)
    assert found is not None and "54 118 learners" in found.sentence


def test_a_number_grouped_by_spaces_is_one_figure_never_in_a_sentence_grouping_by_commas():
    from pipeline.answer.sentences import reads_as_prose, spaced_thousands_joined

    assert spaced_thousands_joined("educating 54 118 learners (2070: 51 406).".split()) == \
        ["educating", "54 118", "learners", "(2070:", "51 406)."]
    assert spaced_thousands_joined("opened 12 345 stores and 1,234 jobs in 2071".split())[1] == "12"   # commas
    assert reads_as_prose("At 31 December 2071 we operated 61 schools on 38 campuses, educating 54 118 learners "
                          "(2070: 51 406).")


def test_a_page_whose_units_row_says_millions_is_checked_in_millions_in_a_report_in_thousands(monkeypatch):
    # a CFO review printing "£m 2071 2070" over its rows, in a report whose statements are in £000: the claim
    # "£340.1 million" is on the page, never read as £340.1 thousand
    from decimal import Decimal

    from pipeline.guardrails.verifier import page_unit, supported
    from pipeline.nodes import checking
    from pipeline.state import CitationRef, TurnState
    from pipeline.stores import corpus

    page = ("Chief Financial Officer's review (continued)\nCash flow and net debt\n£m 2071 2070\n"
            "Underlying EBITDA 182.3 161.4\nNet debt excluding lease liabilities 340.1 265.0")
    assert page_unit(page) == "million"
    assert page_unit("Financial performance\nR million 2071 2070 % change\nHeadline earnings 409.8 367.3 11.6%") == \
        "million"
    monkeypatch.setattr(corpus, "document_units", lambda conn, docs: {d: corpus.DocumentUnits("GBP", "thousands")
                                                                       for d in docs})
    state = TurnState(question="net debt 2071")
    state.citations = [CitationRef(marker=1, doc="d", company="Hollybank", fiscal_year=2071, page=6)]
    read = checking._read_with_declared_scale(state, {1: page}, None)
    assert supported(Decimal("340.1"), "million", [read[1]])
    bare = "Net debt 340,120 265,004"                 # a page declaring nothing prints in the report's unit
    read = checking._read_with_declared_scale(state, {1: bare}, None)
    assert supported(Decimal("340,120".replace(",", "")), "thousand", [read[1]])


@pytest.mark.parametrize("question, spelled", [
    ("net debt ex-leases at 30/6/71", "net debt excluding leases at June 30, 2071"),
    ("EBITDA ex-IFRS 16 2071", "EBITDA excluding IFRS 16 2071"),
    ("ex-dividend date 2071", "ex-dividend date 2071"),          # a share's dates and rights are no exclusion
    ("when did the shares trade ex-rights?", "when did the shares trade ex-rights?"),
])
def test_ex_hyphen_before_what_a_measure_leaves_out_is_excluding(question, spelled):
    from pipeline.question.shorthand import spell

    assert spell(question) == spelled


def test_a_listing_sentence_naming_the_companys_own_shares_gives_its_ticker():
    from ingest import aliases

    names = ["Wrexley Veterinary Group plc", "Wrexley Veterinary Group"]
    info = ("Shareholder information\nRegistered office: Wrexley House, Harrogate. Registered in England and Wales, "
            "company number 10624418. The Company's shares are listed on the Main Market of the London\n"
            "Stock Exchange (ticker: WVG).\nFinancial calendar")
    pages = ["WREXLEY VETERINARY GROUP PLC\nAnnual Report 2071", "Strategic report", info]
    assert ("WVG", "ticker") in [(f.name, f.kind) for f in aliases.learn(pages, names=names)]
    # another company's listing in the same place is not the report's own
    other = info.replace("The Company's shares are", "Brackenfold Holdings plc, our partner, has its shares")
    assert "WVG" not in [f.name for f in aliases.learn(["Cover", "Strategy", other], names=names)]


def test_topline_and_interest_cost_name_their_measures():
    from pipeline.question.lexicon import get_lexicon
    from pipeline.question.shorthand import spell

    assert spell("Tarwin consolidated topline growth FY71?") == "Tarwin consolidated revenue growth FY71?"
    assert spell("Q4 top-line") == "Q4 revenue"
    assert [m.key for m in get_lexicon().find("Tarwin interest cost FY70 (Rs cr)")] == ["interest_expense"]


def test_a_clause_conceding_another_measure_qualifies_nothing():
    from pipeline.question.analysis import analyse
    from pipeline.question.figure_ask import read_ask

    q = "Did statutory basic EPS decline in FY71 even though attributable profit rose?"
    f = analyse(q)
    ask = read_ask(q, f, f.metric)
    assert f.metric.key == "eps_basic" and not {"profit", "even", "though"} & set(ask.hard + ask.soft)


def test_a_standalone_count_is_the_one_said_of_the_company_itself():
    from pipeline.answer import prose
    from pipeline.question.analysis import analyse
    from pipeline.retrieval.passage import Passage

    text = ("PARTICULARS OF EMPLOYEES\nThe Company had 8,406 permanent employees on its rolls as on 31 March 2071 "
            "(previous year 7,918).\nIncluding employees of subsidiaries, the Group employed 10,214 persons.")
    page = Passage(chunk_id=1, doc="TARW_2071_AR", company="Tarwin Creek Jewellers", fiscal_year=2071, doc_type="AR",
                   page=5, score=1.0, text=text)
    found = prose.covering(None, analyse("Standalone employee count at FY71 end?"), [page], 2071)
    assert found is not None and "8,406" in found.sentence
    assert prose.question_kind("employee count at FY71 end") == "count"


def test_a_south_african_audit_firm_incorporated_is_the_auditor_and_the_company_never_is():
    from types import SimpleNamespace

    from pipeline.answer import people

    def firm(*texts: str) -> str:
        pages = [SimpleNamespace(text=t, page=i + 1, doc="d", doc_type="ANNUAL", fiscal_year=2071, company="Tshwane")
                 for i, t in enumerate(texts)]
        return people._auditor(SimpleNamespace(claims=[]), "Tshwane Learning Holdings", 2071, pages, lambda p: 1)[0]

    report = ("Independent auditor's report to the shareholders of Tshwane Learning Holdings Limited\nOpinion. We have "
              "audited the consolidated financial statements. " + "The matters are set out in the notes. " * 10 +
              "Audit tenure: we report that Ndlovu Kestell Incorporated has been the auditor of Tshwane Learning "
              "Holdings Limited for six years.\nNdlovu Kestell Incorporated\nDirector: Sipho Dube CA(SA), Registered "
              "Auditor\nSandton, 4 March 2072")
    assert "auditor for FY2071 is Ndlovu Kestell Incorporated (" in firm(report)     # never the company itself


_MEASURE_GROUPS = [["Note 3 Operating segments (excerpt)", "Net sales Operating profit", "SEK m 2071 2070 2071 2070",
                    "Industrial Cooling 3,126 2,918 412 348", "Heat Recovery 1,846 1,612 202 148",
                    "Group-wide functions and eliminations -146 -123 -136 -169", "Group 4,826 4,407 478 327"],
                   ["3. Segment information Revenue Operating profit", "2071 2070 2071 2070", "Rm Rm Rm Rm",
                    "Corrugated Board 9,215.6 8,642.8 1,012.4 948.6", "Corporate - - (127.9) (74.2)",
                    "Group - continuing operations 9,215.6 8,642.8 884.5 874.4"]]


@pytest.mark.parametrize("question, year, expect", [
    ("Heat Recovery operating profit 2070", 2070, "148"),         # measures named over year pairs, segments as rows
    ("Industrial Cooling net sales 2071", 2071, "3,126"),
    ("Corrugated Board operating profit 2070", 2070, "948.6"),
    ("Group-wide functions and eliminations net sales 2071", 2071, "-146"),
])
def test_measures_named_over_their_year_pairs_with_segments_as_rows(question, year, expect):
    assert _answer(question, _MEASURE_GROUPS, "Sjöholm Kylteknik AB", year, 2071) == expect


def test_an_elimination_row_opening_with_group_is_never_the_groups_figure():
    facts = _facts(_MEASURE_GROUPS, "Sjöholm Kylteknik AB", 2071)
    whole = [f for f in facts if f.page == 1 and f.fiscal_year == 2071 and "segment" not in f.qualifiers]
    assert not any(f.value_printed == "-146" for f in whole)


def test_a_nordic_pre_tax_line_and_gp_shorthand():
    from pipeline.question.shorthand import spell

    pages = [["Consolidated income statement", "SEK m Note 2071 2070", "Net sales 3 8,412 7,905",
              "Operating profit 1,092 923", "Financial items, net 6 -84 -97", "Profit after financial items 1,008 826",
              "Tax 7 -212 -176", "Profit for the year 796 650"]]
    assert _answer("Pre-tax profit 2070", pages, "Sjöholm Kylteknik AB", 2070, 2071) == "826"
    assert spell("GP FY2071") == "gross profit FY2071"
    assert spell("the GP interest in the partnership") == "the GP interest in the partnership"


# Counter-examples the audit of this stop's change found (each was a wrong answer or a lost right one): the classes'
# limits, kept as tests.

def test_a_change_column_captioned_over_two_sub_columns_keeps_both():
    pages = [["Summarised income statement", "Audited Audited", "2071 2070 Change", "Notes Rm Rm Rm %",
              "Revenue 14,862.4 13,905.1 957.3 6.9", "Operating profit 1,313.1 1,360.6 (47.5) (3.5)"]]
    company = "Keurbooms Board Holdings Limited"
    assert _answer("Keurbooms revenue 2071", pages, company, 2071, 2071) == "14,862.4"
    assert _answer("Keurbooms revenue 2070", pages, company, 2070, 2071) == "13,905.1"
    assert _answer("Keurbooms operating profit 2070", pages, company, 2070, 2071) == "1,360.6"


def test_a_whole_number_per_share_figure_is_never_taken_for_a_note_number():
    pages = [["Summarised income statement", "2071 2070 %", "Notes Rm Rm change",
              "Revenue 2 14,862.4 13,905.1 6.9", "Dividend per share (cents) 42 38.5 9.1"]]
    company = "Keurbooms Board Holdings Limited"
    assert _answer("Keurbooms DPS 2071", pages, company, 2071, 2071) in (None, "42")
    assert _answer("Keurbooms DPS 2070", pages, company, 2070, 2071) in (None, "38.5")


def test_a_measures_two_bases_in_brackets_are_no_two_things_joined():
    pages = [["Consolidated income statement", "£m 2071 2070", "Profit for the year 40.2 36.8",
              "Earnings per share (Basic and Diluted) 21.4 19.6",
              "Cost of sales (excluding depreciation & amortisation) 300.0 280.0"]]
    company = "Oban Steel Europe plc"
    assert _answer("Oban diluted EPS 2071", pages, company, 2071, 2071) == "21.4"
    assert _answer("Oban basic EPS 2071", pages, company, 2071, 2071) == "21.4"
    assert _answer("Oban cost of sales excluding depreciation 2071", pages, company, 2071, 2071) == "300.0"


def test_a_ratio_of_the_parents_figure_to_the_groups_asks_each_input_its_own(monkeypatch):
    from pipeline.answer import figure_inputs
    from pipeline.question.analysis import analyse
    from pipeline.retrieval import fact_match
    from pipeline.state import TurnState

    asked = []
    monkeypatch.setattr(figure_inputs.lookup, "find", lambda conn, ask, company, year, **kw: (
        asked.append(ask), fact_match.NoMatch(ask.measure, [], "not printed"))[1])
    q = "Standalone revenue as a percentage of consolidated revenue, FY71?"
    inputs = figure_inputs.FigureInputs(TurnState(question=q), None, analyse(q), "Tarwin Creek", 2071, lambda p: 1)
    with pytest.raises(figure_inputs.calculator.CalculationError):
        inputs.phrase_input("consolidated revenue", 2071)
    assert asked and not asked[0].parent_only


@pytest.mark.parametrize("sentence", [
    "The Company, together with its subsidiaries, had 10,214 employees at 31 March 2071.",
    "The Company's workforce across the Group, including all subsidiaries, was 10,214 at 31 March 2071.",
])
def test_a_sentence_about_the_company_and_its_group_is_never_the_standalone_count(sentence):
    from pipeline.answer import prose
    from pipeline.question.analysis import analyse
    from pipeline.retrieval.passage import Passage

    page = Passage(chunk_id=1, doc="TARW_2071_AR", company="Tarwin Creek Jewellers", fiscal_year=2071, doc_type="AR",
                   page=5, score=1.0, text="PARTICULARS OF EMPLOYEES\n" + sentence)
    assert prose.covering(None, analyse("Standalone employee count at FY71 end?"), [page], 2071) is None


def test_another_companys_ticker_near_the_listing_sentence_is_never_the_reports():
    from ingest import aliases

    names = ["Wrexley Veterinary Group plc", "Wrexley Veterinary Group"]
    for text in ("Shareholder information\nThe Group's shares in Brackenfold, an associate listed on AIM (ticker: BKF), "
                 "were sold in the year.",
                 "Shareholder information\nOur shares are listed on the Main Market.\nTSR comparator group\n"
                 "Petsure (ticker: PTS)\nCVS Group (ticker: CVSG)"):
        assert not [f for f in aliases.learn(["Cover", "Strategy", text], names=names) if f.kind == "ticker"]


def test_a_banks_ordinary_income_is_never_its_ordinary_profit():
    pages = [["Consolidated Statement of Income", "(Millions of yen) 2070 2071", "Ordinary income 142,816 151,204",
              "Ordinary expenses 118,402 124,615", "Ordinary profit 24,414 26,589"]]
    assert _answer("Kiso recurring profit FY2071", pages, "Kiso Shinkin Holdings, Ltd.", 2071, 2071) == "26,589"


def test_eps_with_a_diluted_row_read_under_another_heading_is_never_the_basic_figure():
    pages = [["Consolidated Statements of Income", "(in millions, except per share) 2071 2070",
              "Net income 125.0 112.0", "Basic earnings per share $ 1.25 $ 1.14"],
             ["Note 9 Earnings per share", "(in millions) 2071 2070", "Weighted average shares - basic 100.0 98.2",
              "Dilutive effect of options 3.3 1.8", "Weighted average shares - diluted 103.3 100.0",
              "Diluted 1.21 1.12"]]
    assert _answer("Tarnley EPS 2071", pages, "Tarnley Hearth, Inc.", 2071, 2071) != "1.25"


@pytest.mark.parametrize("question", ["How much revenue came from Hong Kong in 2071?", "New Zealand dollar exposure"])
def test_a_place_leading_a_companys_name_is_never_that_company(question):
    from pipeline.question.registry import Registry

    reg = Registry([Company(key="h", name="Hong Kong Electric Holdings Limited"),
                    Company(key="n", name="New Zealand Oil & Gas Limited")])
    assert reg.spell_out(question) == question


def test_a_bare_current_heading_a_bare_sub_total_and_a_continued_notes_running_head_stay_as_they_were():
    pages = [["Note 18 Borrowings", "$m 2071 2070", "Non-current", "Bank loans 120.0 110.0", "Notes 300.0 300.0",
              "Current", "Bank loans 50.0 40.0"],
             ["Note 4 Segments", "$m 2071 2070", "Revenue", "North America 300.0 280.0", "Europe 100.0 90.0",
              "Sub-total 400.0 370.0", "Corporate (20.0) (18.0)", "Total 380.0 352.0"]]
    company = "Ashdown Fluid Systems, Inc."
    assert _answer("Ashdown current bank loans 2071", pages, company, 2071, 2071) == "50.0"
    assert _answer("Ashdown non-current bank loans 2071", pages, company, 2071, 2071) == "120.0"
    assert _answer("Ashdown Europe revenue 2070", pages, company, 2070, 2071) == "90.0"


@pytest.mark.parametrize("question", ["ex-factory price 2071", "who was the ex-CEO?", "margin up about 50-BPS"])
def test_ex_and_bps_in_other_senses_are_left_as_written(question):
    from pipeline.question.shorthand import spell

    assert spell(question) == question


def test_a_label_naming_amounts_in_cents_keeps_its_words():
    from pipeline.reading.cells import split_row

    assert split_row("Dividends of 5 cents and 3 cents 120 100") == ("Dividends of 5 cents and 3 cents", ["120", "100"])


def test_entity_or_operations_captions_over_year_pairs_are_no_measures():
    pages = [["30. Net asset value per share", "Group Company", "2071 2070 2071 2070",
              "Net asset value per ordinary share (cents) 87.39 76.35 42.67 42.72"]]
    assert _answer("NAV per share, Company level, FY71", pages, "Merlion Quay Holdings Limited", 2071, 2071) == "42.67"
    from pipeline.reading import measure_columns
    from pipeline.reading.tables import parse_page

    eps = ["29. Earnings per share", "Continuing operations Discontinued operations Total",
           "2071 2070 2071 2070 2071 2070", "Basic earnings per share (cents) 14.61 10.30 0.82 (0.49) 15.43 9.81"]
    assert measure_columns.cells(parse_page("\n".join(eps))) == []


_INDIVIDUAL = [["Statements of income", "(In thousands of Brazilian reais - R$)", "Individual Consolidated",
                "Note 12/31/2071 12/31/2070 12/31/2071 12/31/2070",
                "Net operating revenue 24 1,184,615 962,480 1,846,312 1,540,118"],
               ["Statements of cash flows", "Individual Consolidated", "12/31/2071 12/31/2070 12/31/2071 12/31/2070",
                "Cash flows from investing activities", "Capital contribution in subsidiaries (4,000) (6,000) - -"],
               ["Statements of value added", "Individual Consolidated", "12/31/2071 12/31/2070 12/31/2071 12/31/2070",
                "3 - Gross value added (1-2) 889,868 791,213 1,191,747 1,043,883",
                "7 - Total value added to be distributed (5+6) 928,680 817,628 1,159,572 1,011,558"]]


@pytest.mark.parametrize("question, year, expect", [
    ("Consolidated net operating revenue 2071", 2071, "1,846,312"),    # "Individual Consolidated" heads the columns
    ("Parent-company (individual) net operating revenue 2070", 2070, "962,480"),
    ("Total value added to be distributed, consolidated, 2071", 2071, "1,159,572"),   # the line said whole, its
    ("Value of the parent's investments in subsidiaries at 12/31/2071", 2071, None),   # serial and formula aside
])
def test_brazilian_individual_and_consolidated_columns(question, year, expect):
    assert _answer(question, _INDIVIDUAL, "Laticínios Vale do Sapucaí S.A.", year, 2071) == expect


def test_late_round_classes_names_in_any_letters_split_year_titles_thai_units_and_a_states_audit_firm():
    from types import SimpleNamespace

    from ingest.identify import identify
    from pipeline.answer import people
    from pipeline.question.registry import Registry
    from pipeline.reading.unit_caption import detect_unit

    reg = Registry([Company(key="g", name="Skjernå Maskinfabrik A/S")])
    assert reg.spell_out("Skjernå group sales FY70/71?") == "Skjernå Maskinfabrik A/S group sales FY70/71?"
    cover = "SKJERNÅ MASKINFABRIK A/S\nANNUAL REPORT 2070/71\nClimate solutions for pig production\n"
    assert identify([cover, "Income statement\nDKK million 2070/71 2069/70\nRevenue 2,418.6 2,206.4"]).fiscal_year == 2071
    assert detect_unit("(Unit: Thousand Baht)") == "thousand" and detect_unit("(Unit: Million Baht)") == "million"
    report = ("Independent auditor's report to the members of Tallering Gold Limited\nOpinion. We have audited the "
              "financial report. " + "The matters are described in the notes. " * 10 +
              "\nWilliam Hollis Audit (WA) Pty Ltd\nJane Doyle, Director\nPerth, 20 September 2071")
    pages = [SimpleNamespace(text=report, page=1, doc="d", doc_type="ANNUAL", fiscal_year=2071, company="Tallering")]
    got = people._auditor(SimpleNamespace(claims=[]), "Tallering Gold", 2071, pages, lambda p: 1)[0]
    assert "auditor for FY2071 is William Hollis Audit (WA) Pty Ltd (" in got


def test_names_wrapped_over_lines_or_more_words_than_measures_are_never_split_into_measures():
    from pipeline.reading import measure_columns
    from pipeline.reading.tables import parse_page

    wrapped = ["Amortization of", "Intangible Assets", "Depreciation and", "Other Amortization",
               "2071 2070 2069 2071 2070 2069", "North $ 11 $ 11 $ 10 $ 653 $ 594 $ 550", "South 22 25 28 930 926 899"]
    words = ["Net Revenue Operating Profit/(Loss)", "2071 2070 2071 2070", "North 4,573 4,400 600 580"]
    for page in (wrapped, words):
        assert measure_columns.cells(parse_page("\n".join(page))) == []
