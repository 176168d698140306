"""Classes found by the twenty-second rounds (made-up report pages, round 22; made-up whole reports, round 15) and by
the refusals left from earlier rounds, written by helpers who never read the code. The companies, names, wording
and figures here are made up again."""
from __future__ import annotations

import dataclasses

from pipeline.reading.columns import header_block
from pipeline.retrieval.fact_match import FactMatch
from tests.stored_facts import answer_of, stored_facts


def _answer(question: str, pages: list[list[str]], company: str, year: int, doc_fy: int) -> str | None:
    facts = [dataclasses.replace(f, company=company)
             for f in stored_facts(["\n".join(p) for p in pages], doc_fy, "ANNUAL")]
    hit = answer_of(question, facts, company, year)
    return hit.fact.value_printed if isinstance(hit, FactMatch) else None


def test_a_column_period_printed_as_a_range_of_dates_is_dated_by_its_end():
    h = header_block(["FY2060 (April 1, 2060 - March 31, 2061) | FY2061 (April 1, 2061 - March 31, 2062) | FY2061",
                      "Millions of yen | Millions of yen | Thousands of U.S. dollars"])
    assert [(c.kind, str(c.end)) for c in h.columns] == \
        [("value", "2061-03-31"), ("value", "2062-03-31"), ("translation", "2062-03-31")]   # the label alone too
    h = header_block(["(1 April 2060 to 31 March 2061) (1 April 2061 to 31 March 2062)"])
    assert [str(c.end) for c in h.columns] == ["2061-03-31", "2062-03-31"]
    h = header_block(["FY2060 (As of March 31, 2061) FY2061 (As of March 31, 2062)"])
    assert [str(c.end) for c in h.columns] == ["2061-03-31", "2062-03-31"]


# a report that names its year by the year it starts: statements headed by label and range, a note by its end date
STARTS = [["KOMAGATA SEIKI CO., LTD.", "Consolidated Statement of Income",
           "FY2060 (April 1, 2060 - March 31, 2061) FY2061 (April 1, 2061 - March 31, 2062)",
           "Millions of yen Millions of yen", "Net sales 412,300 436,950", "Operating income 31,220 35,870"],
          ["Consolidated Balance Sheet", "FY2060 (As of March 31, 2061) FY2061 (As of March 31, 2062)",
           "Millions of yen Millions of yen", "Total assets 602,400 633,100"],
          ["12. Borrowings", "As of March 31, 2061 As of March 31, 2062", "Millions of yen Millions of yen",
           "Short-term borrowings 14,200 12,900"]]


def test_a_label_naming_the_year_it_starts_and_a_note_dated_by_its_end_name_the_same_year():
    assert _answer("Net sales FY2061", STARTS, "Komagata Seiki", 2061, 2061) == "436,950"
    assert _answer("Total assets FY2060", STARTS, "Komagata Seiki", 2060, 2061) == "602,400"
    assert _answer("Short-term borrowings FY2061", STARTS, "Komagata Seiki", 2061, 2061) == "12,900"
    assert _answer("Operating income fiscal 2060", STARTS, "Komagata Seiki", 2060, 2061) == "31,220"
    assert _answer("Net sales FY2059", STARTS, "Komagata Seiki", 2059, 2061) is None


# a dividends note printing each dividend's rate and its total side by side, the same years twice
RATE_AND_TOTAL = ["HARTWELL BREWERIES PLC", "8. Dividends", "2061 2060 2061 2060",
                  "Pence per share Pence per share £m £m", "Interim dividend 5.0 4.5 20.1 18.0",
                  "Final dividend 9.0 8.2 36.2 32.8", "Total dividends 14.0 12.7 56.3 50.8"]


def _read(lines: list[str]) -> list[tuple[int, str, str, str | None]]:
    return [(f.fiscal_year, f.value_printed, f.kind, f.scale) for f in stored_facts(["\n".join(lines)], 2061, "ANNUAL")
            if f.label.startswith("Total")]


def test_a_units_row_tells_apart_the_same_years_printed_per_share_and_as_amounts():
    want = [(2061, "14.0", "per_share", "pence"), (2060, "12.7", "per_share", "pence"),
            (2061, "56.3", "money", "million"), (2060, "50.8", "money", "million")]
    assert _read(RATE_AND_TOTAL) == want
    # the units above the years, one per group of columns
    above = RATE_AND_TOTAL[:2] + ["Pence per share £m", "2061 2060 2061 2060"] + RATE_AND_TOTAL[4:]
    assert _read(above) == want
    # without units the repeated years cannot be told apart: nothing is read
    assert _read(RATE_AND_TOTAL[:3] + RATE_AND_TOTAL[4:]) == []
    pages = [RATE_AND_TOTAL]
    assert _answer("Total dividend per share FY2060", pages, "Hartwell Breweries", 2060, 2061) == "12.7"
    assert _answer("Total dividends FY2061 in £m", pages, "Hartwell Breweries", 2061, 2061) == "56.3"


# a dividends table captioned with its unit per share, in a currency's hundredth other than cents or pence
SEN_CAPTION = ["MERBAU PLANTATIONS BERHAD", "11. Dividends", "Dividends declared for the financial year (sen per share)",
               "2061 2060", "Interim 6.0 5.0", "Final 8.0 7.5", "Total 14.0 12.5"]
SEN_STATED = ["MERBAU PLANTATIONS BERHAD", "11. Dividends", "Group and Company", "2061 2060", "RM'000 RM'000",
              "Dividends declared for the financial year:", "Interim of 6.0 sen (2060: 5.0 sen) per share 41,220 34,350",
              "Final of 8.0 sen (2060: 7.5 sen) per share 54,960 51,525"]


def test_a_dividend_rate_in_sen_is_read_per_share_for_both_years():
    from pipeline.answer.wording import shown
    from pipeline.retrieval.fact_match import FactMatch

    facts = [dataclasses.replace(f, company="Merbau Plantations") for f in stored_facts(["\n".join(SEN_CAPTION)], 2061, "ANNUAL")]
    hit = answer_of("Total dividend per share FY2060", facts, "Merbau Plantations", 2060)
    assert isinstance(hit, FactMatch) and shown(hit.fact) == "12.5 sen per share"     # never RM 12.5
    assert _answer("Final dividend per share 2060", [SEN_STATED], "Merbau Plantations", 2060, 2061) == "7.5 sen"
    assert _answer("Interim dividend per share 2061", [SEN_STATED], "Merbau Plantations", 2061, 2061) == "6.0 sen"
    # paid during the year, the rate beside last year's may be last year's final: not read
    paid = [ln.replace("declared for the financial year", "paid during the year") for ln in SEN_STATED]
    assert _answer("Final dividend per share 2060", [paid], "Merbau Plantations", 2060, 2061) is None


def test_a_degree_asked_is_denied_by_a_part_of_it_and_unanswered_by_a_sentence_without_it():
    from types import SimpleNamespace

    from pipeline.answer import which_event

    q = "Was Wirrina Mutual's FY61 final dividend fully franked?"
    part = "The Board determined a final dividend of 9.0 cents per share, 60% franked, payable in September."
    whole = "The final dividend of 9.0 cents per share is fully franked."
    bare = "The final dividend of 9.0 cents per share was determined on 18 August 2061."
    r = SimpleNamespace(affirmed=[(part, None), (whole, None), (bare, None)], denied=[], named=[])
    which_event.sift(r, q, "Wirrina Mutual", dated=True, affirm=(), fy=2061)
    assert [s for s, _ in r.denied] == [part] and [s for s, _ in r.affirmed] == [whole]
    assert [s for s, *_ in r.named] == [bare]     # says nothing of the franking: no evidence either way
    assert which_event.partial_degree("Is the subsidiary wholly owned?", "a 51%-owned subsidiary")
    assert not which_event.partial_degree("Is the subsidiary wholly owned?", "a 100% owned subsidiary")


def test_how_an_item_is_booked_is_its_accounting_treatment():
    from pipeline.answer.which_event import TREATMENT

    assert TREATMENT.search("Is the year-end dividend booked as a liability at 31 December?")
    assert TREATMENT.search("Was the grant recorded as an asset?")
    assert not TREATMENT.search("Did it book a gain on the sale?")


def test_a_comparison_asked_needs_a_sentence_stating_one():
    from pipeline.answer.changes import COMPARISON, COMPARISON_Q

    assert COMPARISON_Q.search("Did the second-half result exceed the first half's?")
    assert COMPARISON_Q.search("Was H2 revenue higher than H1 revenue?")
    assert not COMPARISON.search("Segment results are measured using the operating result.")
    assert COMPARISON.search("The second-half result was below the first half's on storm claims.")
    assert COMPARISON.search("Operating result rose to $310 million in the second half.")


def test_a_why_question_naming_a_part_is_answered_only_about_that_part():
    from pipeline.question.analysis import QuestionFacts
    from pipeline.question.causes import named_parts
    from pipeline.question.registry import Company

    facts = QuestionFacts(text="What drove Marine Coatings revenue growth at Tollgate Chemicals in 2061?",
                          companies=[Company(key="t", name="Tollgate Chemicals Ltd")])
    assert named_parts(facts) == ["Marine", "Coatings"]
    facts = QuestionFacts(text="Why did Tollgate Chemicals' margin fall in FY61?",
                          companies=[Company(key="t", name="Tollgate Chemicals Ltd")])
    assert named_parts(facts) == []


def test_a_count_reached_by_a_change_is_whole_and_a_count_included_is_a_part():
    from pipeline.answer.prose_counts import count_score

    assert count_score("Total unit completions fell to 8,412 from 9,030.", ["unit", "complet"]) == 2
    assert count_score("Completions include 1,204 affordable units and exclude 4 units sold to a partner.",
                       ["unit", "complet"]) == 1


def test_the_cash_a_companys_operations_generate_is_its_operating_cash_flow():
    from pipeline.question.lexicon import get_lexicon

    for q in ("How much cash did Tollgate's operations generate in FY61?",
              "How much cash did its operations produce in 2061?"):
        assert [m.key for m in get_lexicon().find(q)] == ["operating_cash_flow"], q


def test_a_caption_closing_on_fiscal_year_labels_heads_the_table():
    pages = [["OPERATING REVIEW", "Group performance ($m) FY61 FY60", "Gross written premium 6,120 5,884",
              "Insurance revenue 5,702 5,401"]]
    assert _answer("Gross written premium FY60", pages, "Wirrina Mutual", 2060, 2061) == "5,884"


def test_a_half_year_with_its_year_run_in_is_a_part_of_the_year():
    from pipeline.question.year_parts import names_part, part_of_year

    assert part_of_year("Commercial lines result for 2H61?") == "2h"
    assert part_of_year("Q4FY61 revenue") == "q4"
    assert names_part("2h", "In 2H61 claims rose") and not names_part("2h", "In 2061 claims rose")


SANDS = [["AL-WAHAT DATES COMPANY", "Consolidated statement of profit or loss", "SR'000 SR'000", "Note 2061 2060",
          "Revenue 5 912,400 874,100", "Profit before zakat and income tax 141,220 128,905", "Zakat 22 (9,640) (8,815)",
          "Income tax (1,210) (1,005)", "Profit for the year 130,370 119,085"],
         ["Consolidated statement of financial position", "Note 2061 2060", "Current liabilities",
          "Dividends and interest on own capital payable 22 44,100 41,800", "Zakat payable 8,905 8,410"],
         ["Consolidated statement of cash flows", "Note 2061 2060", "Operating activities",
          "Profit before zakat and income tax 141,220 128,905", "Changes in operating assets and liabilities",
          "Zakat and income tax paid (9,910) (9,205)", "Financing activities",
          "Dividends and interest on own capital paid (60,250) (57,900)"],
         ["Statement of value added", "2061 2060", "Distribution of value added", "Interest on own capital 38,200 36,700"]]


def test_a_line_struck_before_a_measure_is_not_it_and_a_payable_is_not_the_years_amount():
    # "Profit before zakat and income tax" carries the words of "zakat and tax paid" but is struck before them
    assert _answer("Zakat and tax paid in 2060", SANDS, "Al-Wahat Dates", 2060, 2061) == "(9,205)"
    assert _answer("How much zakat was charged in 2061?", SANDS, "Al-Wahat Dates", 2061, 2061) == "(9,640)"
    # the amount unpaid at the year end and the cash paid are not the year's interest on own capital
    assert _answer("Interest on own capital 2061", SANDS, "Al-Wahat Dates", 2061, 2061) == "38,200"
    assert _answer("Interest on own capital payable at end-2061", SANDS, "Al-Wahat Dates", 2061, 2061) == "44,100"


def test_a_charge_asked_is_never_the_cash_paid_for_it():
    pages = [SANDS[2]]
    assert _answer("How much was charged for zakat and income tax in 2061?", pages, "Al-Wahat Dates", 2061, 2061) \
        is None
    assert _answer("Zakat and income tax paid in 2061", pages, "Al-Wahat Dates", 2061, 2061) == "(9,910)"


BANK = [["PRAIRIE LANTERN BANCSHARES, INC.", "CONSOLIDATED STATEMENTS OF INCOME", "(Dollars in thousands)",
         "2061 2060", "Interest income:", "Loans, including fees 188,410 160,220", "Securities:",
         "Taxable 21,405 19,880", "Tax-exempt 4,210 4,460", "Total interest income 214,025 184,560",
         "Interest expense:", "Deposits 61,200 44,310", "Total interest expense 61,200 44,310",
         "Net interest income 152,825 140,250", "Provision for credit losses 5,110 7,920",
         "Noninterest income:", "Net gains (losses) on sales of securities 120 (3,410)",
         "Total noninterest income 120 (3,410)"]]


def test_a_sub_heading_after_rows_is_nested_in_the_heading_its_total_closes():
    facts = {f.label: f.label_path for f in stored_facts(["\n".join(BANK[0])], 2061, "ANNUAL")}
    assert facts["Taxable"] == "Interest income \u203a Securities \u203a Taxable"
    assert facts["Total interest income"] == "Interest income \u203a Total interest income"
    assert facts["Provision for credit losses"] == "Provision for credit losses"    # no heading left open above it
    assert _answer("Securities losses in 2060", BANK, "Prairie Lantern", 2060, 2061) == "(3,410)"


# an income statement printing the year before items, the items and the total side by side
BASIS = ["COLDHARBOUR HOMES PLC", "CONSOLIDATED INCOME STATEMENT", "For the year ended 30 June 2061",
         "2061 2061 2061 2060", "Before adjusting Adjusting Restated", "items items Total Total",
         "Note £m £m £m £m", "Revenue 3 2,410.2 - 2,410.2 2,388.0", "Cost of sales (1,902.5) (61.0) (1,963.5) (1,850.1)",
         "Gross profit 507.7 (61.0) 446.7 537.9", "Operating profit 3 402.1 (70.4) 331.7 441.6",
         "Profit before tax 398.0 (74.2) 323.8 436.2"]


def test_a_year_printed_before_items_items_and_total_is_read_from_its_total():
    assert _answer("Coldharbour revenue FY2061", [BASIS], "Coldharbour Homes", 2061, 2061) == "2,410.2"
    assert _answer("Operating profit 2061", [BASIS], "Coldharbour Homes", 2061, 2061) == "331.7"    # statutory
    assert _answer("Operating profit 2060", [BASIS], "Coldharbour Homes", 2060, 2061) == "441.6"
    # columns that do not add up are not guessed at: the repeated year stays unread
    off = [ln.replace("331.7", "339.9").replace("446.7", "450.0").replace("323.8", "330.0") for ln in BASIS]
    assert _answer("Operating profit 2061", [off], "Coldharbour Homes", 2061, 2061) is None


def test_a_cover_listing_line_names_the_ticker():
    from ingest.registrant import tickers

    assert tickers("COLDHARBOUR HOMES PLC\nLondon Stock Exchange: CLDH\nAnnual Report 2061") == ("CLDH",)
    assert tickers("ABN 12 345 678 901\r\nASX: WMU\r\nProtecting") == ("WMU",)     # (as pdfium ends its lines)
    assert tickers("Registered office: 4 Quay Street\nNote: see page 4") == ()


def test_the_parent_alone_asked_in_brackets_is_the_company_column():
    pages = [["BALANCE SHEETS", "At 30 June 2061", "Group Group Company Company", "2061 2060 2061 2060",
              "Note £m £m £m £m", "Net assets 3,120.4 2,990.1 1,604.2 1,588.0"]]
    assert _answer("Net assets of the parent company (Coldharbour Homes plc alone) at 30 June 2061?", pages,
                   "Coldharbour Homes", 2061, 2061) == "1,604.2"


def test_a_figure_asked_as_re_presented_or_by_its_carrying_amount_is_the_line_as_printed():
    pages = [["CONSOLIDATED STATEMENT OF PROFIT OR LOSS", "Notes 2061 2060 (Restated*)", "Revenue 4 8,120 7,904",
              "Operating profit 4 1,102 941"],
             ["CONSOLIDATED BALANCE SHEETS", "(In millions) December 31, 2061 December 31, 2060",
              "Convertible senior notes, net 981,406 977,118", "Total liabilities 2,410,118 2,301,406"]]
    assert _answer("Operating profit for 2060 as re-presented?", pages, "Tamsin Optics", 2060, 2061) == "941"
    assert _answer("Carrying amount of the convertible notes at the 2061 year end?", pages, "Tamsin Optics", 2061,
                   2061) == "981,406"


def test_a_heading_with_its_note_number_closes_the_heading_above():
    page = ["CONSOLIDATED STATEMENT OF COMPREHENSIVE INCOME", "Note 2061 2060", "$m $m", "Profit for the year 578 545",
            "Total comprehensive income attributable to:", "Shareholders of the Parent 562 547",
            "Non-controlling interests 14 14", "Earnings per share (cents per share) Note 9",
            "Basic earnings per ordinary share 23.38 21.96"]
    paths = {f.label: f.label_path for f in stored_facts(["\n".join(page)], 2061, "ANNUAL")}
    assert paths["Basic earnings per ordinary share"] == \
        "Earnings per share (cents per share) \u203a Basic earnings per ordinary share"


def test_a_firm_named_as_the_auditor_in_the_governance_text_or_signing_the_report_is_the_auditor():
    from types import SimpleNamespace

    from pipeline.answer import people

    def firm(*texts: str) -> str:
        pages = [SimpleNamespace(text=t, page=i + 1, doc="d", doc_type="ANNUAL", fiscal_year=2061, company="Wirrina")
                 for i, t in enumerate(texts)]
        return people._auditor(SimpleNamespace(claims=[]), "Wirrina Mutual", 2061, pages, lambda p: 1)[0]

    assert "Quenda Ashcroft Partners" in firm("External auditor. Quenda Ashcroft Partners has been the Group's external "
                                              "auditor since FY52. Fees were $6.8 million.")
    assert "Hallasan Accounting Corporation" in firm("The financial statements for 2061 were audited by Hallasan "
                                                     "Accounting Corporation, which has served as the Company's "
                                                     "auditor since 2058.")
    report = ("INDEPENDENT AUDITOR'S REPORT TO THE MEMBERS OF WIRRINA MUTUAL LIMITED\nOpinion. We have audited the "
              "financial report. " + "The matters are described in the notes to the accounts. " * 12 +
              "\nQuenda Ashcroft Partners\nJane Doyle, Partner\nSydney, 20 August 2061")
    assert "Quenda Ashcroft Partners" in firm(report)


def test_a_count_followed_by_the_part_of_whom_is_the_whole_count():
    from pipeline.answer.prose import _OF_WHOM, _SEGMENT_SCOPED

    s = "At 31 December 2061 the Group employed 12,400 people worldwide, of whom 3,100 worked for the parent company."
    assert _SEGMENT_SCOPED.search(s) and not _SEGMENT_SCOPED.search(_OF_WHOM.split(s)[0])


def test_a_fall_held_back_by_something_gives_its_cause():
    from pipeline.question.causes import gives_a_cause

    assert gives_a_cause("Demand was held back by higher mortgage rates, and completions fell to 8,100.")
    assert gives_a_cause("Margins were hampered by input cost inflation.")


def test_profitable_at_a_line_asks_that_lines_sign():
    from pipeline.question.lexicon import get_lexicon

    assert [m.key for m in get_lexicon().find("Was Tamsin profitable at the GAAP operating line in FY61?")] == \
        ["operating_income"]
    assert [m.key for m in get_lexicon().find("Did Tamsin make a loss at the pre-tax level in 2061?")] == \
        ["pretax_income"]


def test_a_bare_year_column_read_as_the_year_before_by_a_start_named_filer_is_declared():
    from pipeline.guardrails.verifier import _declared_column

    claim = 'revenue in FY2060 was $1,237,110 thousand [1] (row "Total revenue", column "2061", FY2060).'
    assert _declared_column(claim, 2061, 2060)
    assert not _declared_column(claim.replace('"2061"', '"2062"'), 2062, 2060)     # two years off: a misread


DEBT = [["ORMSBY AGGREGATES CORPORATION", "CONSOLIDATED BALANCE SHEETS", "(In millions)", "December 31, 2061 2060",
         "Current liabilities:", "Accounts payable 210.4 198.0", "Current maturities of long-term debt 120.5 88.1",
         "Total current liabilities 612.0 580.2", "Long-term debt, excluding current maturities 2,980.4 3,012.7",
         "Total liabilities 4,410.2 4,380.0"]]
GROUP_DEBT = [["WAITAKI FIBRE LIMITED", "STATEMENT OF FINANCIAL POSITION", "As at 31 May 2061", "2060 2061",
               "NZ$000 NZ$000", "Non-current liabilities", "Borrowings 410,000 385,000", "Deferred tax 12,100 13,400",
               "Current liabilities", "Trade payables 88,200 91,300", "Borrowings 60,000 75,000"]]


def test_debt_due_within_a_year_is_the_current_part_and_the_rest_is_not_it():
    assert _answer("How much debt is due within one year at Dec 31, 2061?", DEBT, "Ormsby Aggregates", 2061, 2061) \
        == "120.5"
    assert _answer("Long-term debt excluding current maturities, end of 2060", DEBT, "Ormsby Aggregates", 2060, 2061) \
        == "3,012.7"
    assert _answer("How much of the borrowings fall due within 12 months at 31 May 2061?", GROUP_DEBT,
                   "Waitaki Fibre", 2061, 2061) == "75,000"      # the prior year printed first
    assert _answer("Current borrowings at 31st May, 2060?", GROUP_DEBT, "Waitaki Fibre", 2060, 2061) == "60,000"
    assert _answer("Non-current borrowings at 31 May 2061", GROUP_DEBT, "Waitaki Fibre", 2061, 2061) == "385,000"


def test_a_companys_initials_with_its_legal_form_name_it():
    assert _answer("OAC current maturities of long-term debt at year-end 2061?", DEBT,
                   "Ormsby Aggregates Corporation", 2061, 2061) == "120.5"


def test_a_figure_printed_with_its_cents_sign_is_a_rate_in_cents():
    from pipeline.answer.wording import shown
    from pipeline.reading.cells import parse_number

    page = ["WAITAKI FIBRE LIMITED", "Five-year summary", "Year ended 31 May 2057 2058 2059 2060 2061", "Per share",
            "Earnings per share 18.5c 21.5c 26.4c 24.5c 31.8c", "Dividends paid per share 9.5c 10.5c 11.0c 12.0c 14.0c",
            "Employees at year end 1,842 1,905 1,968 2,014 2,086"]
    facts = [dataclasses.replace(f, company="Waitaki Fibre") for f in stored_facts(["\n".join(page)], 2061, "ANNUAL")]
    hit = answer_of("Dividend per share paid in FY2060", facts, "Waitaki Fibre", 2060)
    assert isinstance(hit, FactMatch) and shown(hit.fact) == "12.0 cents per share"
    assert parse_number("3c") is None      # a note's reference, no figure


def test_debt_due_within_a_year_printed_in_two_parts_or_lent_out_is_no_one_line():
    both = [DEBT[0][:6] + ["Short-term borrowings 75.0 60.0"] + DEBT[0][6:]]
    assert _answer("How much debt is due within one year at Dec 31, 2061?", both, "Ormsby Aggregates", 2061, 2061) \
        is None     # short-term borrowings and the current portion: the debt due is their sum
    lent = [["ORMSBY AGGREGATES CORPORATION", "CONSOLIDATED BALANCE SHEETS", "(In millions)", "December 31, 2061 2060",
             "Current assets:", "Current loans to affiliates 35.0 30.0", "Total current assets 512.0 480.2",
             "Current liabilities:", "Accounts payable 210.4 198.0", "Total current liabilities 412.0 380.2"]]
    assert _answer("How much debt is due within one year at Dec 31, 2061?", lent, "Ormsby Aggregates", 2061, 2061) \
        is None     # a loan the company made is an asset


def test_three_columns_of_a_year_that_add_up_are_read_only_when_captioned_before_items_and_total():
    statutory_first = [ln.replace("Before adjusting Adjusting Restated", "Statutory Adjusting Underlying")
                       .replace("items items Total Total", "items Underlying") for ln in BASIS]
    gross_net = [ln.replace("Before adjusting Adjusting Restated", "Gross Reinsurance Net")
                 .replace("items items Total Total", "Net") for ln in BASIS]
    segments = [ln.replace("Before adjusting Adjusting Restated", "Retail Wholesale Total")
                .replace("items items Total Total", "Total") for ln in BASIS]
    for pages in (statutory_first, gross_net, segments):
        assert _answer("Operating profit 2061", [pages], "Coldharbour Homes", 2061, 2061) is None, pages[4]
    underlying = [ln.replace("Before adjusting Adjusting Restated", "Underlying Specific items Statutory")
                  .replace("items items Total Total", "Statutory") for ln in BASIS]
    assert _answer("Operating profit 2061", [underlying], "Coldharbour Homes", 2061, 2061) == "331.7"


def test_a_rate_paid_in_the_year_under_a_heading_of_dividends_paid_and_proposed_names_no_year():
    page = ["HARTWELL BREWERIES PLC", "8. Dividends", "2061 2060", "£m £m", "Dividends paid and proposed for the year:",
            "Final dividend paid of 5.5p (2060: 5.0p) per share 22.0 20.0",
            "Interim dividend paid of 3.0p (2060: 2.8p) per share 12.0 11.2"]
    assert _answer("Final dividend per share 2061", [page], "Hartwell Breweries", 2061, 2061) is None


def test_the_audits_over_reaches_stay_refused_or_right():
    from types import SimpleNamespace

    from ingest.registrant import tickers
    from pipeline.answer import people, which_event
    from pipeline.answer.prose_counts import count_score
    from pipeline.question.analysis import QuestionFacts
    from pipeline.question.causes import named_parts
    from pipeline.question.registry import Company
    from pipeline.question.year_parts import part_of_year

    # a listing line naming the exchange itself, a rate or a year is no ticker
    assert tickers("Stock Exchange: NZX\nForeign Exchange: 1.2745\nASX: 2061") == ()
    # a product's number is no part of a year; a month, the group or a country are no part of the company
    assert part_of_year("Revenue from H200 accelerators in 2061") == "" and part_of_year("Q400 deliveries 2061") == ""
    tollgate = [Company(key="t", name="Tollgate Chemicals Ltd")]
    for q in ("Why did the Group's revenue rise in 2061?", "Why did revenue rise in the year to March 2061?",
              "According to the Chairman, why did margins fall?", "Why did revenue from Germany rise in 2061?"):
        assert named_parts(QuestionFacts(text=q, companies=tollgate)) == [], q
    # a workforce comprising its employees is all of them
    assert count_score("At year end the workforce comprised 5,400 employees.", ["employe"]) == 2
    # wholly of one thing and partly of another: which is asked cannot be told, no "No"
    assert not which_event.partial_degree("Was the final dividend fully franked?",
                                          "The final dividend is fully franked, while the special dividend is 50% franked.")

    def firm(*texts: str) -> str:
        pages = [SimpleNamespace(text=t, page=i + 1, doc="d", doc_type="ANNUAL", fiscal_year=2061, company="Kestrel")
                 for i, t in enumerate(texts)]
        return people._auditor(SimpleNamespace(claims=[]), "Kestrel Valley Energy", 2061, pages, lambda p: 1)[0]

    signer = "Independent auditor's report. Signed: Quenda Ashcroft LLP, Chartered Accountants, London, 2 March 2062."
    subsidiary = "The accounts of Kestrel Norge AS were audited by Fjordrevisjon AS, a firm other than the Group auditor."
    assert "Quenda Ashcroft LLP" in firm(subsidiary, signer) and "Fjordrevisjon" not in firm(subsidiary, signer)
    report = ("INDEPENDENT AUDITOR'S REPORT TO THE MEMBERS OF KESTREL VALLEY ENERGY PLC\nWe have audited the accounts. "
              "Valuation of property. We met Harrow Valuers LLP, Tom Reed, Partner, who performed the valuation. " +
              "The matters are set out in the notes. " * 12 + "\nQuenda Ashcroft LLP\nLondon, 2 March 2062")
    assert "Quenda Ashcroft LLP" in firm(report) and "Harrow" not in firm(report)


PRE_EXCEPTIONAL = ["INNISFREE MILLING PLC", "Group Income Statement", "for the year ended 30 September 2061",
                   "2061 2061 2061 2060 2060 2060", "Pre- Exceptional Pre- Exceptional",
                   "exceptional items exceptional items", "items (note 6) Total items (note 6) Total",
                   "Notes €'m €'m €'m €'m €'m €'m", "Revenue 2 1,204.6 - 1,204.6 1,150.2 - 1,150.2",
                   "Cost of sales (1,012.4) (8.6) (1,021.0) (968.8) - (968.8)",
                   "Operating profit 92.2 (12.7) 79.5 88.4 (4.8) 83.6", "Profit before tax 84.1 (13.1) 71.0 80.7 (5.9) 74.8",
                   "Earnings per share", "Basic earnings per share (cent) 12 21.9 23.4"]
EXCEPTIONAL_NOTE = ["6. Exceptional items", "2061 2060", "€'m €'m", "Exceptional items within operating profit (12.7) (4.8)"]


def test_a_pre_exceptional_layout_with_note_references_is_read_from_its_totals():
    pages = [PRE_EXCEPTIONAL, EXCEPTIONAL_NOTE]
    assert _answer("Revenue FY2061", pages, "Innisfree Milling", 2061, 2061) == "1,204.6"
    assert _answer("Operating profit 2060", pages, "Innisfree Milling", 2060, 2061) == "83.6"
    assert _answer("Basic EPS 2061", pages, "Innisfree Milling", 2061, 2061) == "21.9"     # the note's 12 is no cell
    # the figure before the items is asked: the items themselves are not it (and the pre-items column is not read)
    assert _answer("Operating profit before exceptionals, FY2061", pages, "Innisfree Milling", 2061, 2061) is None


def test_interest_paid_is_the_cash_paid_never_the_expense_added_back():
    page = ["ESTADOS CONSOLIDADOS DE FLUJOS DE EFECTIVO / CONSOLIDATED STATEMENTS OF CASH FLOWS", "2061 2060",
            "Partidas que no implican flujo de efectivo / Non-cash items", "Gastos financieros / Interest expense 412,804 384,117",
            "Actividades de financiamiento / Financing activities", "Intereses pagados / Interest paid (398,412) (371,806)"]
    assert _answer("Interest paid 2060", [page], "Tepetl Bebidas", 2060, 2061) == "(371,806)"
    assert _answer("Interest paid 2060", [page[:4]], "Tepetl Bebidas", 2060, 2061) is None


def test_the_company_asked_as_the_parent_in_brackets_is_its_own_column():
    pages = [["STATEMENTS OF FINANCIAL POSITION", "At 31 March 2061", "THE GROUP THE COMPANY", "2061 2060 2061 2060",
              "NOTES HK$'000 HK$'000 HK$'000 HK$'000", "NET ASSETS 645,906 657,385 429,703 420,224"]]
    assert _answer("Net assets of the Company (parent) at 31 March 2061", pages, "Tai Po Looms", 2061, 2061) == "429,703"


def test_a_bank_whose_name_carries_no_legal_form_is_identified_from_its_cover():
    from ingest.identify import identify

    pages = ["TANTRAMAR BANK\n2061 Annual Report\nFor the year ended October 31, 2061\nRooted in the Maritimes.",
             "Consolidated Balance Sheet\nAs at October 31\n(millions of Canadian dollars) 2061 2060\nTotal assets 212,400 198,100"]
    assert identify(pages).company == "Tantramar Bank"


def test_a_segment_matrix_whose_columns_close_on_the_group_total_has_the_segments_as_columns():
    page = ["Selected notes to the consolidated financial statements", "2. Segment information",
            "2061 Pharmaceuticals Diagnostics Corporate Group", "Net sales to third parties 9,406 2,212 - 11,618",
            "Royalties and other revenues 448 54 - 502", "Revenues 9,854 2,266 - 12,120",
            "Operating income 2,702 331 (270) 2,763"]
    assert _answer("Diagnostics division net sales FY61", [page], "Aletsch Pharma", 2061, 2061) == "2,212"
    assert _answer("Pharmaceuticals operating income 2061", [page], "Aletsch Pharma", 2061, 2061) == "2,702"


def test_a_ticker_that_is_the_names_first_word_and_a_split_fiscal_year_name_no_other_company():
    from pipeline.question.analysis import unknown_company_names
    from pipeline.question.lexicon import get_lexicon
    from pipeline.question.registry import Company, Registry

    reg = Registry([Company(key="G", name="Ghodavari Gears", aliases=("Ghodavari Gears Limited",),
                            tickers=("GHODAVARI", "531204")), Company(key="A", name="Aletsch Pharma")])
    q = "What was Ghodavari's standalone net profit in FY2060-61?"
    assert [c.key for c in reg.find_companies(reg.spell_out(q))] == ["G"]
    assert unknown_company_names(q, reg, get_lexicon()) == []      # "FY2060-61" is a year, no company


def test_a_change_asked_as_a_rate_is_never_answered_with_the_level():
    from pipeline.answer.figures import _RATE_OF_CHANGE

    for q in ("By what percentage did Marine Coatings sales grow in FY2061?", "Revenue growth in % for 2061",
              "What was the growth rate of net sales in 2061?"):
        assert _RATE_OF_CHANGE.search(q), q
    assert not _RATE_OF_CHANGE.search("Net sales in 2061 compared with 2060?")      # two levels may answer this


def test_the_company_in_brackets_asks_the_parent_and_never_the_groups_row():
    from pipeline.question.whose_figure import asked

    assert asked("How many permanent employees did Ghodavari (the company) have at 31 March 2061?")[0]
    assert not asked("How many permanent employees did the company have at 31 March 2061?")[0]   # either may be meant
    page = ["FIVE-YEAR SUMMARY", "2057 2058 2059 2060 2061", "Permanent employees (Group) 7,806 8,012 8,240 8,604 8,916"]
    assert _answer("How many permanent employees did Ghodavari (the company) have in 2061?", [page],
                   "Ghodavari Gears", 2061, 2061) is None
