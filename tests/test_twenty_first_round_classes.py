"""Classes found by the twenty-first rounds (made-up report pages, round 21; made-up whole reports, round 14) and by
the refusals left from earlier rounds, written by helpers who never read the code. The companies, names, wording
and figures here are made up again."""
from __future__ import annotations

import dataclasses
import re

from pipeline.memory.carryover import carry_over, facts_for
from pipeline.question.registry import Company, Registry
from pipeline.retrieval.fact_match import FactMatch
from tests.stored_facts import answer_of, facts_of



def _value(question: str, pages: list[list[str]], company: str = "Perdita", year: int | None = None) -> str | None:
    year = year or int(re.findall(r"20\d\d", question)[-1])
    facts = [dataclasses.replace(f, company=company) for f in facts_of(["\n".join(p) for p in pages])]
    hit = answer_of(question, facts, company, year)
    return hit.fact.value_printed if isinstance(hit, FactMatch) else None


COVERAGE = {"Tumbaga Copper": [2071], "Harrowfell Retail": [2071]}


def test_a_name_one_held_companys_reports_print_as_its_mine_opens_a_thread_about_that_company():
    parts = {("Tumbaga Copper", "Quebrada Alta")}
    part_of = lambda company, name: (company, name) in parts   # noqa: E731 - what the filings print, as a fake
    co = carry_over("How big was the Quebrada Alta impairment in FY71?", [], COVERAGE, part_of)
    assert co.companies == ["Tumbaga Copper"] and co.parts == ["Quebrada Alta"]
    assert "quebrada alta" in facts_for(co).text.lower()          # the part stays in the words the lookup reads
    # a name no held company prints as its part, or one two companies print, is nobody's
    assert carry_over("Kestrel Mining revenue 2071?", [], COVERAGE, part_of).companies == []
    both = lambda company, name: name == "Quebrada Alta"         # noqa: E731
    assert carry_over("Quebrada Alta revenue 2071?", [], COVERAGE, both).companies == []
    # written as a company, it is a company not held, whatever another's reports print
    assert carry_over("Quebrada Alta Inc revenue 2071?", [], COVERAGE, part_of).companies == []
    assert carry_over("How big was the Quebrada Alta impairment in FY71?", [], COVERAGE).companies == []   # no filings


def test_a_names_first_two_words_name_it_when_only_it_goes_by_them():
    reg = Registry([Company(key="VDA", name="Vale Dourado Alimentos S.A."),
                    Company(key="RBK", name="Royal Bank of Tasmania"),
                    Company(key="GNI", name="General National Industries Inc."),
                    Company(key="OG1", name="Orion Gold Mining Ltd"), Company(key="OG2", name="Orion Gold Royalties")])
    assert [c.key for c in reg.find_companies(reg.spell_out("Did Vale Dourado declare interest on equity?"))] == ["VDA"]
    assert [c.key for c in reg.find_companies(reg.spell_out("Who is Vale Dourado's CFO?"))] == ["VDA"]
    assert [c.key for c in reg.find_companies(reg.spell_out("Royal Bank CET1 ratio 2071"))] == []   # a place dropped
    # the pair followed by another name's word is that other company; two ordinary words or a shared pair name no one
    assert reg.find_companies(reg.spell_out("Royal Bank of Scotland CET1 ratio 2071")) == []
    held = Registry([Company(key="TSE", name="Tara Steel Europe Ltd"), Company(key="KGM", name="Kars Ridge Gold Mining")])
    assert held.find_companies(held.spell_out("Tara Steel revenue 2071")) == []     # the parent, not its subsidiary
    assert [c.key for c in held.find_companies(held.spell_out("Kars Ridge output 2071"))] == ["KGM"]
    assert reg.find_companies(reg.spell_out("Vale Dourado Group revenue")) == []
    assert reg.find_companies(reg.spell_out("General National revenue")) == []
    assert reg.find_companies(reg.spell_out("Orion Gold revenue 2071")) == []


# a segment matrix whose column names are stacked a word per line, named in the note's own prose
STACKED = ["Marlowe Basin Energy Corporation", "NOTES TO FINANCIAL STATEMENTS", "14. SEGMENTS",
           "Our reportable segments are Water Utility and Power Generation. Other includes the parent company.",
           "Year Ended December 31, 2061", "Water Power", "(in millions) Utility Generation Other Eliminations Total",
           "Operating revenues 1,210 806 41 (17) 2,040", "Capital expenditures 402 233 9 — 644",
           "Year Ended December 31, 2060", "Water Power", "(in millions) Utility Generation Other Eliminations Total",
           "Operating revenues 1,150 771 38 (15) 1,944", "Capital expenditures 388 201 7 — 596"]


def test_a_segment_header_stacked_a_word_per_line_names_its_columns_when_the_note_prints_the_names():
    facts = facts_of(["\n".join(STACKED)])
    by = {(f.label_path, f.fiscal_year): f.value_printed for f in facts}
    assert by[("Power Generation › Capital expenditures", 2060)] == "201"
    assert by[("Water Utility › Operating revenues", 2061)] == "1,210"
    assert by[("Capital expenditures", 2061)] == "644"          # the total column is the company's
    assert _value("Power Generation capex in 2061?", [STACKED], "Marlowe Basin Energy") == "233"
    # names the prose does not print cannot be composed: which columns the upper words stand over is unknown
    unnamed = [ln.replace("Water Utility and Power Generation", "two businesses") for ln in STACKED]
    assert not any("›" in f.label_path for f in facts_of(["\n".join(unnamed)]))


# a dividends note whose units row states the figures per share, and rates stated in the rows' labels
DIVIDENDS = ["Halvard Mutual Bank PLC", "NOTES TO THE FINANCIAL STATEMENTS", "22 DIVIDENDS", "2061 2060",
             "KShs per share KShs per share", "Interim dividend paid 1.20 1.00", "Final dividend proposed 3.40 2.90",
             "Total dividend per share for the year 4.60 3.90", "2061 2060", "KShs'000 KShs'000",
             "Interim dividend paid during the year 1,776,000 1,480,000",
             "Prior year final dividend paid during the year 4,292,000 3,700,000"]


def test_a_units_row_stating_per_share_makes_the_rows_figures_per_share():
    kinds = {(f.label, f.value_printed): f.kind for f in facts_of(["\n".join(DIVIDENDS)])}
    assert kinds[("Final dividend proposed", "3.40")] == "per_share"
    assert kinds[("Prior year final dividend paid during the year", "4,292,000")] == "money"   # its own units row
    assert _value("Final dividend per share proposed for FY2061", [DIVIDENDS], "Halvard Mutual") == "3.40"
    assert _value("Interim DPS paid for 2060", [DIVIDENDS], "Halvard Mutual") == "1.00"


def test_a_dividend_rate_stated_in_a_label_without_its_year_is_the_year_after_the_bracketed_one():
    from pipeline.reading.stated_rates import stated_rates

    def read(label: str) -> list[tuple[int, str]]:
        return [(r.year, r.printed) for r in stated_rates(label, "Dividends")]

    assert read("Proposed final dividend - 8.5 HK cents (2060: 7.0 HK cents) per ordinary share") == \
        [(2061, "8.5 HK cents"), (2060, "7.0 HK cents")]
    assert read("Interim 2061 - declared 14.2 cent per Ordinary Share (2060: 13.1 cent)") == \
        [(2061, "14.2 cent"), (2060, "13.1 cent")]
    assert read("Final dividend of 6.0p (2060: 5.5p) per share") == []     # paid in the year: whose is unknown
    assert read("Proposed final dividend for the 53 weeks ended 2 April 2061 of 7.4p per share") == [(2061, "7.4p")]
    assert read("Final dividend of 6.0p per share") == []      # no year said: paid in the year, whose is unknown


# the cash paid and the year's expense on different statements
PAID = [["Tarnholm Werke AG", "Consolidated statement of profit or loss", "Note 2061 2060", "TEUR TEUR",
         "Revenue 4 812,400 790,310", "Finance costs 8 (26,310) (24,905)", "Profit before tax 61,204 58,330",
         "Income tax expense 9 (15,120) (14,610)", "Profit for the year 46,084 43,720"],
        ["Tarnholm Werke AG", "Consolidated statement of cash flows", "2061 2060", "TEUR TEUR",
         "Profit before tax 61,204 58,330", "Interest paid (27,610) (25,180)", "Income taxes paid (13,905) (12,930)",
         "Net cash from operating activities 88,412 80,115"]]


def test_interest_or_tax_paid_is_the_cash_flows_line_never_the_years_expense():
    assert _value("Interest paid 2060", PAID, "Tarnholm Werke") == "(25,180)"
    assert _value("Income taxes paid in 2061", PAID, "Tarnholm Werke") == "(13,905)"
    assert _value("How much did Tarnholm pay in finance costs in 2061?", PAID, "Tarnholm Werke") == "(26,310)"
    assert _value("Interest paid 2061", PAID[:1], "Tarnholm Werke") is None     # only the expense printed: refused
    assert _value("Finance costs 2061", PAID, "Tarnholm Werke") == "(26,310)"


def test_the_parents_own_balance_sheet_asks_the_company_column():
    from pipeline.question.whose_figure import asked

    assert asked("Investments in subsidiaries in the parent's own balance sheet, 2061")[0]
    assert asked("Cash in the parent's statements at year end 2061")[0]
    assert not asked("Profit attributable to the parent's shareholders 2061")[0]


def test_a_dividend_the_report_says_it_will_pay_for_the_year_answers_a_question_asked_in_the_present():
    from types import SimpleNamespace

    from pipeline.answer import which_event

    plan = ("To mark our 90th anniversary we will pay a commemorative dividend of ¥12 per share, bringing the "
            "annual dividend for FY2061 to ¥80 per share.")
    r = SimpleNamespace(affirmed=[], denied=[], named=[(plan, None, "a plan or authorisation")])
    which_event.sift(r, "Is Omura Seiki paying a commemorative dividend for FY2061?", "Omura Seiki", dated=True,
                     affirm=(), fy=2061)
    assert [s for s, _ in r.affirmed] == [plan]
    for s in ("The Board does not expect that a commemorative dividend will be declared for FY2061.",
              "If trading improves, the Board will propose a commemorative dividend for FY2061."):
        r = SimpleNamespace(affirmed=[], denied=[], named=[(s, None, "a plan or authorisation")])
        which_event.sift(r, "Is Omura Seiki paying a commemorative dividend for FY2061?", "Omura Seiki", dated=True,
                         affirm=(), fy=2061)
        assert not r.affirmed, s
    for q in ("Is Omura Seiki paying a special dividend for FY2061?",       # another kind of dividend
              "Did Omura Seiki pay a commemorative dividend in FY2061?"):   # asked as done: a plan is not a payment
        r = SimpleNamespace(affirmed=[], denied=[], named=[(plan, None, "a plan or authorisation")])
        which_event.sift(r, q, "Omura Seiki", dated=True, affirm=(), fy=2061)
        assert not r.affirmed


def test_how_an_item_is_accounted_for_is_no_event_of_the_year():
    from pipeline.answer import yesno
    from pipeline.question.analysis import QuestionFacts

    treatment = "Is the proposed final dividend recognised as a liability at year end?"
    assert yesno.event_asked(QuestionFacts(text=treatment)) is None
    assert yesno.event_asked(QuestionFacts(text="Did Omura Seiki pay a final dividend in FY2061?")) is not None



# an Indian report's standalone (the parent's) and consolidated columns side by side, in crore with Indian grouping
SIDE_BY_SIDE = ["PRAVAHI SOFTWARE LIMITED", "Statement of Profit and Loss for the year ended 31 March 2061",
                "(₹ in crore, except per share data)", "Standalone Consolidated",
                "Note FY 2060-61 FY 2059-60 FY 2060-61 FY 2059-60",
                "Revenue from operations 22 38,215.40 33,870.15 1,02,345.67 91,280.45",
                "Profit before tax 9,882.20 9,032.60 21,481.32 19,213.50",
                "Profit for the year 7,551.30 6,905.85 16,181.52 14,401.80"]
# the parent's own statement on a page of its own, titled as such
OWN_PAGE = ["Pravahi Software Limited", "Standalone Statement of Profit and Loss for the year ended 31st March, 2061",
            "(Rs in crore)", "Particulars Note Year ended Year ended", "No. 31st March, 2061 31st March, 2060",
            "I Revenue from operations 24 38,215.40 33,870.15", "II Other income 25 312.47 268.90"]
GROUP_PAGE = ["Pravahi Software Limited", "Consolidated Statement of Profit and Loss for the year ended 31st March, 2061",
              "(Rs in crore)", "Particulars Note Year ended Year ended", "No. 31st March, 2061 31st March, 2060",
              "I Revenue from operations 24 1,02,345.67 91,280.45", "II Other income 25 412.47 368.90"]


def test_standalone_and_consolidated_columns_are_the_parents_and_the_groups():
    assert _value("Standalone revenue from operations FY2061", [SIDE_BY_SIDE], "Pravahi Software") == "38,215.40"
    assert _value("Consolidated revenue from operations FY2061", [SIDE_BY_SIDE], "Pravahi Software") == "1,02,345.67"
    assert _value("Consolidated profit for the year FY2060", [SIDE_BY_SIDE], "Pravahi Software") == "14,401.80"


def test_a_sentence_about_the_parents_statements_is_no_title():
    from pipeline.reading.statement_titles import OWN_STATEMENT_TITLE

    assert OWN_STATEMENT_TITLE.search("Standalone Statement of Profit and Loss for the year ended 31st March, 2061")
    assert not OWN_STATEMENT_TITLE.search("Separate statements of the parent company are presented on pages 140 to 150.")


def test_a_statement_titled_standalone_is_the_parents_own():
    pages = [OWN_PAGE, GROUP_PAGE]
    assert _value("Standalone revenue from operations FY2061", pages, "Pravahi Software") == "38,215.40"
    assert _value("Revenue from operations FY2061", pages, "Pravahi Software") == "1,02,345.67"


# the minorities' share written solid, the buy-back and the long-term debt net of its current portion in other words
SOLID = [["Corrigan Disposal Services, Inc.", "CONSOLIDATED STATEMENTS OF OPERATIONS", "(in millions)",
          "Year Ended December 31, 2061 2060", "Revenue 2,412.6 2,250.3", "Net income 188.4 171.2",
          "Less: Net income attributable to noncontrolling interests 4.2 3.8",
          "Net income attributable to Corrigan 184.2 167.4"],
         ["Corrigan Disposal Services, Inc.", "CONSOLIDATED BALANCE SHEETS", "(in millions)", "December 31, 2061 2060",
          "Current portion of long-term debt 120.0 95.0", "Long-term debt, less current portion 1,915.4 1,882.8",
          "Total liabilities 3,215.9 3,041.7"],
         ["Corrigan Disposal Services, Inc.", "CONSOLIDATED STATEMENTS OF CASH FLOWS", "(in millions)",
          "Year Ended December 31, 2061 2060", "Net cash provided by operating activities 512.4 480.1",
          "Share repurchase program (61.3) (57.9)", "Dividends paid (40.2) (38.1)"]]


def test_a_solid_noncontrolling_the_buy_back_and_debt_net_of_its_current_portion_in_other_words():
    assert _value("Net income attributable to NCI 2061", SOLID, "Corrigan Disposal") == "4.2"
    assert _value("Net income attributable to Corrigan in 2061", SOLID, "Corrigan Disposal") == "184.2"
    assert _value("Buybacks 2060", SOLID, "Corrigan Disposal") == "(57.9)"
    assert _value("Share buyback 2061", SOLID, "Corrigan Disposal") == "(61.3)"
    for line in ("Purchase of own shares (61.3) (57.9)", "Buy-back of ordinary shares (61.3) (57.9)"):
        other = [SOLID[0], SOLID[1], [ln if "repurchase" not in ln else line for ln in SOLID[2]]]
        assert _value("Share buyback 2061", other, "Corrigan Disposal") == "(61.3)", line
    assert _value("Long-term debt excluding current portion at Dec 31, 2060", SOLID, "Corrigan Disposal") == "1,882.8"


# a leverage table under a caption closing on two dates, its ratios printed as multiples
LEVERAGE = ["Liquidity and Capital Resources",
            "Net Debt (C$ millions) December 31, 2061 December 31, 2060",
            "Long-term debt, including current portion 8,822 8,272", "Cash and cash equivalents (184) (97)",
            "Net debt excluding leases 8,638 8,175", "Adjusted EBITDA 2,330 2,010", "Ratios",
            "Net debt excluding leases to adjusted EBITDA 3.7x 4.1x", "Interest coverage 5.2x 4.8x"]


def _printed_ratio(question: str, pages: list[list[str]], year: int) -> str | None:
    """The figure answerer's read of a ratio of two measures (answer/figures.py `_prints_ratio`): the question's own
    words, no lexicon metric, over the printed rows."""
    from pipeline.question.analysis import QuestionFacts
    from pipeline.question.figure_ask import read_ask
    from pipeline.retrieval.fact_match import choose

    facts = [f for f in facts_of(["\n".join(p) for p in pages]) if f.fiscal_year == year]
    qf = QuestionFacts(text=question, companies=[Company(key="k", name="Kelso")], years=[year])
    hit = choose(read_ask(question, qf, None), facts, ["d"])
    return hit.fact.value_printed if isinstance(hit, FactMatch) else None


def test_a_ratio_printed_as_a_multiple_answers_a_ratio_question_never_an_amount():
    facts = {(f.label, f.fiscal_year): f for f in facts_of(["\n".join(LEVERAGE)])}
    ratio = facts[("Net debt excluding leases to adjusted EBITDA", 2061)]
    assert (ratio.kind, ratio.value_printed, ratio.currency, ratio.scale) == ("multiple", "3.7x", None, None)
    assert facts[("Adjusted EBITDA", 2060)].value_printed == "2,010"       # the caption's dates head the columns
    assert _printed_ratio("Net debt excluding leases to adjusted EBITDA at end-2061?", [LEVERAGE], 2061) == "3.7x"
    assert _printed_ratio("Interest coverage 2060", [LEVERAGE], 2060) == "4.8x"
    assert _value("Interest coverage 2060", [LEVERAGE], "Kelso") == "4.8x"
    assert _value("Net debt excluding leases 2061", [LEVERAGE], "Kelso") == "8,638"     # the amount, not the ratio
    assert _value("Adjusted EBITDA 2061", [LEVERAGE], "Kelso") == "2,330"


def test_a_lone_date_under_a_report_page_does_not_set_the_filings_year():
    from tests.stored_facts import stored_facts

    auditor = ["INDEPENDENT AUDITOR'S REPORT", "Opinion",
               "We have audited the consolidated financial statements of Kelso Midstream Ltd., which comprise the",
               "consolidated statements of financial position as at December 31, 2061 and 2060, and the statements of",
               "earnings for the years then ended.", "Tremblay Osei LLP", "February 24, 2062"]
    statement = ["CONSOLIDATED STATEMENT OF FINANCIAL POSITION", "(C$ millions) 2061 2060",
                 "Total assets 28,412 27,118", "Total equity 11,204 10,876"]
    facts = stored_facts(["\n".join(auditor), "\n".join(statement)], 2061, "ANNUAL", as_ingested=True)
    assert {(f.label, f.fiscal_year) for f in facts if f.value_printed == "28,412"} == {("Total assets", 2061)}


BALANCE = ["Kelso Midstream Ltd.", "CONSOLIDATED STATEMENT OF FINANCIAL POSITION", "(C$ millions) Note 2061 2060",
           "Current liabilities", "Short-term debt 13 310 455", "Current portion of long-term debt 13 600 450",
           "Total current liabilities 1,921 1,949", "Long-term debt 13 8,222 7,822", "Total liabilities 12,410 11,980"]
PEOPLE = ["Kelso Midstream Ltd.", "Sustainability data", "2061 2060", "Employees (full-time) 1,873 1,802",
          "Total recordable injury frequency (employees) 0.31 0.44", "Women in senior leadership (%) 31 29"]


def test_the_scale_said_mm_and_a_rate_is_never_a_headcount():
    assert _value("Current portion of long-term debt 2060", [BALANCE], "Kelso Midstream") == "450"
    assert _value("What was total liabilities in 2061 (C$ mm)?", [BALANCE], "Kelso Midstream") == "12,410"
    assert _value("How many employees in 2061?", [PEOPLE], "Kelso Midstream") == "1,873"
    recordable = [ln for ln in PEOPLE if not ln.startswith("Employees")]
    assert _value("How many employees in 2061?", [recordable], "Kelso Midstream") is None


# a dividends note in RM'000 whose rows state their rates in sen, and a per-share table of the year's dividends
SEN = ["Kenari Hijau Berhad", "18. DIVIDENDS", "Group and Company FY2061 FY2060",
       "Recognised during the financial year: RM'000 RM'000",
       "Final single-tier dividend of 7.0 sen per share in respect of FY2060, paid on 17 November 2060 78,428 -",
       "First interim single-tier dividend of 6.0 sen per share in respect of FY2061, paid on 20 March 2061 67,224 -",
       "Total dividends recognised 145,652 106,438",
       "Dividends declared for the financial year (sen per share): FY2061 FY2060", "Interim 6.0 4.5",
       "Special 5.0 -", "Final (proposed) 10.0 7.0", "Total 21.0 11.5"]


def test_a_rate_in_sen_is_a_stated_rate_and_the_years_dividends_under_a_per_share_heading_are_its_parts():
    kinds = {(f.label, f.value_printed): f.kind for f in facts_of(["\n".join(SEN)])}
    assert kinds[("First interim single-tier dividend of 6.0 sen per share in respect of FY2061, paid on 20 March 2061",
                  "67,224")] == "money"          # the amount paid, in RM'000, never a figure per share
    assert ("First interim single-tier dividend per share", "6.0 sen") in kinds
    assert _value("What final dividend per share has Kenari proposed for FY2061 (sen)?", [SEN], "Kenari Hijau") == "10.0"
    assert _value("Special dividend per share FY2061", [SEN], "Kenari Hijau") == "5.0"
    assert _value("Interim dividend per share FY2061", [SEN], "Kenari Hijau") == "6.0"


def test_a_year_inside_a_date_is_no_period_named():
    from pipeline.question.periods import names_year

    assert not names_year("Proposed dividends remain subject to the meeting to be held on April 24, 2062.", 2062)
    assert not names_year("Payable on 3 June 2062 to holders of record.", 2062)
    assert names_year("We expect revenue of R$ 12 billion in fiscal 2062.", 2062)
