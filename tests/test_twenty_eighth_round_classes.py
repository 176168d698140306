"""Classes found by the twenty-eighth rounds: what round 31 of the made-up pages left (an opening balance asked as "the
start of fiscal 2071", comprehensive income by its initials and its holders' shares, a Hong Kong balance sheet's
unlabelled block totals and "Total assets less current liabilities") and what a check on two corpus-world reports found
(an equity block's two unlabelled totals around the minorities, "Employees" as a cost row, a loss per share printed
without its sign, a note's GROUP and COMPANY blocks, "cash & cash equivalents at YE Mar-22"). The companies, names,
wording and figures here are made up again."""
from __future__ import annotations

import pytest

from pipeline.question import shorthand
from tests.stored_facts import company_facts, printed_answer


def _answer(question, pages, company, year, doc_fy):
    # (as the turn reads a question: its shorthand spelled out first)
    return printed_answer(shorthand.spell(question), pages, company, year, doc_fy)


_CASH_FLOWS = [["TALLOWAY HARDWARE, INC.", "CONSOLIDATED STATEMENTS OF CASH FLOWS", "(in thousands)",
                "Fiscal Year Ended", "February 1, 2072 February 2, 2071 January 28, 2070",
                "Net cash provided by operating activities 412,880 388,140 351,020",
                "Net cash used in investing activities (201,400) (188,330) (150,600)",
                "Net cash used in financing activities (190,015) (160,212) (199,740)",
                "Net increase in cash and cash equivalents 21,465 39,598 680",
                "Cash and cash equivalents, beginning of year 151,240 111,642 110,962",
                "Cash and cash equivalents, end of year 172,705 151,240 111,642"]]


@pytest.mark.parametrize("question, year, expect", [
    ("What was Talloway's cash balance at the start of fiscal 2071?", 2071, "111,642"),
    ("Talloway opening cash balance fiscal 2071", 2071, "111,642"),
    ("Talloway cash at the beginning of FY72", 2072, "151,240"),
    ("Talloway cash at the end of fiscal 2071", 2071, "151,240"),
])
def test_an_opening_balance_asked_in_any_of_its_words_is_the_beginning_of_year_row(question, year, expect):
    assert _answer(question, _CASH_FLOWS, "Talloway Hardware, Inc.", year, 2072) == expect


_COMPREHENSIVE = [["KOWHAI CERAMICS LIMITED", "CONSOLIDATED STATEMENT OF PROFIT OR LOSS AND OTHER COMPREHENSIVE INCOME",
                   "NZ$000 2071 2070",
                   "Revenue 284,615 262,118",
                   "Profit for the year 31,406 28,120",
                   "Other comprehensive income",
                   "Exchange differences on translation of foreign operations (2,115) 1,406",
                   "Other comprehensive income for the year, net of tax (2,115) 1,406",
                   "Total comprehensive income for the year 29,291 29,526",
                   "Profit for the year attributable to:",
                   "Owners of the Company 30,118 27,004",
                   "Non-controlling interests 1,288 1,116",
                   "Total comprehensive income for the year attributable to:",
                   "Owners of the Company 28,215 28,330",
                   "Non-controlling interests 1,076 1,196"]]


@pytest.mark.parametrize("question, year, expect", [
    ("Kowhai TCI attributable to owners FY2071", 2071, "28,215"),
    ("Kowhai TCI attributable to NCI 2070", 2070, "1,196"),
    ("Kowhai TCI 2071", 2071, "29,291"),
    ("Kowhai OCI net of tax 2070", 2070, "1,406"),
    ("Kowhai total comprehensive income attributable to owners of the company 2070", 2070, "28,330"),
    ("Kowhai profit attributable to owners 2071", 2071, "30,118"),
])
def test_comprehensive_income_by_its_initials_and_its_holders_shares(question, year, expect):
    assert _answer(question, _COMPREHENSIVE, "Kowhai Ceramics Limited", year, 2071) == expect


def test_tci_and_oci_are_spelled_only_in_capitals_as_whole_words():
    assert shorthand.spell("TCI for 2071") == "total comprehensive income for 2071"
    assert shorthand.spell("FX loss in OCI") == "foreign exchange loss in other comprehensive income"
    assert shorthand.spell("tci bancorp revenue") == "tci bancorp revenue"      # (a name in lower case stays)


_HONG_KONG_POSITION = [["TAITAM PRECISION HOLDINGS LIMITED", "CONSOLIDATED STATEMENT OF FINANCIAL POSITION",
                        "AT 31 MARCH 2071", "NOTES 2071 2070", "HK$'000 HK$'000",
                        "Non-current assets",
                        "Property, plant and equipment 15 412,415 384,812",
                        "Right-of-use assets 16 28,615 32,412",
                        "441,030 417,224",
                        "Current assets",
                        "Inventories 21 115,412 98,615",
                        "Bank balances and cash 24 58,614 64,815",
                        "174,026 163,430",
                        "Current liabilities",
                        "Trade and other payables 25 68,415 46,812",
                        "Bank borrowings 27 48,000 56,000",
                        "116,415 102,812",
                        "Net current assets 57,611 60,618",
                        "Total assets less current liabilities 498,641 477,842",
                        "Non-current liabilities",
                        "Bank borrowings 27 22,000 36,000",
                        "Deferred tax liabilities 29 2,815 1,612",
                        "24,815 37,612",
                        "Net assets 473,826 440,230",
                        "Capital and reserves",
                        "Share capital 30 12,480 12,480",
                        "Reserves 461,346 427,750",
                        "Total equity 473,826 440,230"]]


@pytest.mark.parametrize("question, year, expect", [
    ("Taitam total assets less current liabilities at 31 March 2071", 2071, "498,641"),
    ("Taitam current liabilities 2071", 2071, "116,415"),
    ("Taitam current assets 2070", 2070, "163,430"),
    ("Taitam total non-current assets 2071", 2071, "441,030"),
    ("Taitam non-current liabilities 2070", 2070, "37,612"),
    ("Taitam net current assets 2071", 2071, "57,611"),
])
def test_a_hong_kong_balance_sheets_unlabelled_block_totals_and_its_subtotal_after_current_liabilities(
        question, year, expect):
    assert _answer(question, _HONG_KONG_POSITION, "Taitam Precision Holdings Limited", year, 2071) == expect


def test_current_liabilities_are_never_the_total_assets_less_current_liabilities_line():
    # without the block's unlabelled total the question has no line of its own: it is refused, not answered with
    # the subtotal that deducts them
    pages = [[ln for ln in _HONG_KONG_POSITION[0] if ln != "116,415 102,812"]]
    assert _answer("Taitam current liabilities 2071", pages, "Taitam Precision Holdings Limited", 2071, 2071) is None


_EQUITY_AROUND_MINORITIES = [["Group and Company Statements of Financial Position", "Figures in Pound Sterling",
                              "Group Company", "31 March 31 March 31 March 31 March",
                              "Note(s) 2071 2070 2071 2070",
                              "Assets",
                              "Intangible assets 3 2,875,570 1,114,817 405,578 242,946",
                              "Cash and cash equivalents 10 3,648,995 392,955 952,900 389,421",
                              "Total assets 6,524,565 1,507,772 1,358,478 632,367",
                              "Equity and liabilities",
                              "Equity",
                              "Share capital 11 21,996,730 19,705,244 21,996,730 19,705,244",
                              "Reserves 223,801 137,700 516,977 614,195",
                              "Accumulated loss (15,968,158) (18,709,962) (21,774,721) (19,994,240)",
                              "6,252,373 1,132,982 738,986 325,199",
                              "Non controlling interest 27,754 – – –",
                              "6,280,127 1,132,982 738,986 325,199",
                              "Liabilities",
                              "Trade and other payables 15 244,438 374,790 618,492 307,168",
                              "Total liabilities 244,438 374,790 618,492 307,168",
                              "Total equity and liabilities 6,524,565 1,507,772 1,358,478 632,367"]]


@pytest.mark.parametrize("question, year, expect", [
    ("Brackenmoor Minerals plc total equity at 31 March 2071", 2071, "6,280,127"),
    ("Brackenmoor Minerals plc equity attributable to owners of the parent 2071", 2071, "6,252,373"),
])
def test_an_equity_blocks_two_unlabelled_totals_around_the_minorities(question, year, expect):
    assert _answer(question, _EQUITY_AROUND_MINORITIES, "Brackenmoor Minerals plc", year, 2071) == expect


def test_one_unlabelled_equity_total_with_no_minorities_after_it_stays_total_equity():
    pages = [[ln for ln in _EQUITY_AROUND_MINORITIES[0]
              if not ln.startswith(("Non controlling", "6,280,127"))]]
    assert _answer("Brackenmoor Minerals plc total equity 2071", pages, "Brackenmoor Minerals plc", 2071,
                   2071) == "6,252,373"


_EMPLOYEE_COST = [["Notes to the Financial Statements", "Group Company",
                   "31 March 31 March 31 March 31 March", "2071 2070 2071 2070",
                   "26. EMPLOYEE COST (EXCLUDING DIRECTORS)",
                   "Employees 24,200 18,900 24,200 18,900",
                   "Senior management 82,040 78,855 55,378 44,250",
                   "Average number of employees excluding directors 3 2 3 2"]]


def test_employees_under_an_employee_cost_heading_are_an_amount_and_the_headcount_is_the_number_row():
    facts = company_facts(_EMPLOYEE_COST, "Brackenmoor Minerals plc", 2071)
    kinds = {(f.label, f.value_printed): f.kind for f in facts if f.fiscal_year == 2071}
    assert kinds[("Employees", "24,200")] == "money"
    assert kinds[("Average number of employees excluding directors", "3")] == "count"
    assert _answer("How many employees did Brackenmoor Minerals plc have in FY2071?", _EMPLOYEE_COST,
                   "Brackenmoor Minerals plc", 2071, 2071) == "3"


def test_employees_in_a_headcount_table_stay_a_count():
    pages = [["Notes to the Financial Statements", "2071 2070", "27. STAFF NUMBERS",
              "Employees 2,412 2,215", "Contractors 310 288"]]
    facts = company_facts(pages, "Brackenmoor Minerals plc", 2071)
    assert {f.kind for f in facts if f.label == "Employees"} == {"count"}


def test_a_loss_per_share_or_net_loss_printed_without_its_sign_is_said_as_a_loss():
    from pipeline.answer.wording import shown

    pages = [["NOTE 9. NET LOSS PER SHARE", "Year Ended December 31,", "2071 2070",
              "Net loss $ 40,116 $ 144,666",
              "Weighted average shares - basic and diluted 101,029 23,561",
              "Basic and diluted loss per share $ 0.40 $ 6.73",
              "Earnings (loss) per share 0.15 0.01"]]
    said = {f.label: shown(f) for f in company_facts(pages, "Pelican Positioning, Inc.", 2071)
            if f.fiscal_year == 2071}
    assert said["Basic and diluted loss per share"].startswith("a loss of ")
    assert said["Net loss"].startswith("a loss of ")
    assert not said["Earnings (loss) per share"].startswith("a loss")      # (its sign is the figure's)
    assert not said["Weighted average shares - basic and diluted"].startswith("a loss")


_BY_CATEGORY = [["8. FINANCIAL ASSETS BY CATEGORY",
                 "31 March 2071 31 March 2070",
                 "Fair value Fair value",
                 "Loans and through Loans and through",
                 "receivables profit or loss Total receivables profit or loss Total",
                 "GROUP",
                 "Trade and other receivables 119,856 – 119,856 1,359 – 1,359",
                 "Cash and cash equivalents 3,648,995 – 3,648,995 392,955 – 392,955",
                 "3,768,851 – 3,768,851 394,314 – 394,314",
                 "31 March 2071 31 March 2070",
                 "Fair value Fair value",
                 "Loans and through Loans and through",
                 "receivables profit or loss Total receivables profit or loss Total",
                 "COMPANY",
                 "Loans to Group Companies 5,657,509 – 5,657,509 5,490,220 – 5,490,220",
                 "Cash and cash equivalents 952,900 – 952,900 389,421 – 389,421",
                 "6,610,409 – 6,610,409 5,879,641 – 5,879,641"]]


def test_a_notes_group_and_company_blocks_tell_whose_rows_follow():
    facts = company_facts(_BY_CATEGORY, "Brackenmoor Minerals plc", 2071)
    cash = {f.value_printed: f.secondary for f in facts if f.label == "Cash and cash equivalents" and f.fiscal_year == 2071}
    assert cash == {"3,648,995": False, "952,900": True}
    assert _answer("Brackenmoor Minerals plc cash & cash equivalents at YE Mar-71", _BY_CATEGORY,
                   "Brackenmoor Minerals plc", 2071, 2071) == "3,648,995"


def test_a_month_and_year_written_with_a_hyphen_and_an_ampersand_between_words():
    from pipeline.question.lexicon import fold, get_lexicon

    assert shorthand.spell("cash at YE Mar-22") == "cash at year-end March 2022"
    assert shorthand.spell("revenue for Dec-2071") == "revenue for December 2071"
    assert shorthand.spell("Mar-Apr sales") == "Mar-Apr sales"          # (two months, no year)
    assert fold("Cash & cash equivalents") == "cash and cash equivalents"
    assert fold("D&A") == "d&a"
    assert [m.key for m in get_lexicon().find("cash & cash equivalents")] == ["cash"]


def test_an_unlabelled_line_before_the_minorities_is_the_owners_share_only_where_the_next_adds_them():
    from pipeline.reading.unlabelled_totals import owners_before_minorities

    assert owners_before_minorities(["1,000", "900"], ["Non-controlling interests 50 40", "1,050 940"])
    assert not owners_before_minorities(["1,000", "900"], ["Non-controlling interests 50 40", "1,060 940"])
    assert not owners_before_minorities(["1,000", "900"], ["Deferred tax 50 40", "1,050 940"])


# Round 32 of the made-up pages: a restated comparative captioned under its year (the columns bottom-aligned), a
# German HGB statement's outline, memo lines and arithmetic signs, nil cells run together, and counts by heading.

_BOTTOM_ALIGNED = [["MAGALIES CITRUS HOLDINGS LIMITED",
                    "CONSOLIDATED STATEMENT OF PROFIT OR LOSS AND OTHER COMPREHENSIVE INCOME",
                    "for the year ended 30 June 2071", "2070", "Notes 2071 Restated*", "R'000 R'000",
                    "Revenue 3 1,184,615 948,320", "Cost of sales 4 (812,480) (628,915)",
                    "Profit for the year 179,369 124,418"],
                   ["MAGALIES CITRUS HOLDINGS LIMITED", "CONSOLIDATED STATEMENT OF FINANCIAL POSITION",
                    "as at 30 June 2071", "30 June 1 July", "30 June 2070 2069", "Notes 2071 Restated* Restated*",
                    "R'000 R'000 R'000", "Inventories 19 168,240 184,615 172,480",
                    "Total assets 1,565,384 1,328,900 1,249,325"],
                   ["MAGALIES CITRUS HOLDINGS LIMITED", "SALIENT FEATURES", "2070", "2071 Restated % change",
                    "Headline earnings per share (cents) 62.0 41.7 48.7", "Permanent employees 3,412 3,286 3.8"]]


@pytest.mark.parametrize("question, year, expect", [
    ("Magalies revenue FY71", 2071, "1,184,615"),
    ("Magalies revenue 2070 (restated)", 2070, "948,320"),
    ("Magalies total assets at 30 June 2071", 2071, "1,565,384"),
    ("Magalies total assets 2070", 2070, "1,328,900"),
    ("Magalies inventories 2069", 2069, "172,480"),
    ("Magalies HEPS 2071", 2071, "62.0"),
    ("How many permanent employees did Magalies have in 2070?", 2070, "3,286"),
])
def test_a_restated_comparative_captioned_under_its_year_keeps_the_columns_in_order(question, year, expect):
    assert _answer(question, _BOTTOM_ALIGNED, "Magalies Citrus Holdings Limited", year, 2071) == expect


def test_restacking_leaves_an_ordinary_header_alone():
    from pipeline.reading.stacked_years import restack

    assert restack(["Notes 2071 2070", "R'000 R'000"]) == ["Notes 2071 2070", "R'000 R'000"]
    assert restack(["2071 2070", "Restated"]) == ["2071 2070", "Restated"]
    assert restack(["2070", "Notes 2071 Restated*"]) == ["Notes 2071 2070 Restated"]
    assert restack(["Group", "2070", "2071 Restated"]) == ["Group", "2070", "2071 Restated"]     # (a caption above)


_HGB = [["ILMENAU FORMTEILE AG", "Consolidated income statement",
         "for the financial year from 1 October 2070 to 30 September 2071", "Note 2070/71 2069/70", "T€ T€",
         "1. Sales revenue (22) 312,615 284,240",
         "5. Cost of materials",
         "a) Cost of raw materials and supplies -134,615 -122,480",
         "b) Cost of purchased services -11,480 -9,615",
         "-146,095 -132,095",
         "6. Personnel expenses",
         "a) Wages and salaries -78,415 -72,840",
         "b) Social security and pension costs -14,240 -13,115",
         "– thereof for pensions T€ 2,184 (prior year: T€ 2,015)",
         "-92,655 -85,955",
         "7. Amortisation of intangible fixed assets and depreciation of property, plant and equipment (24) -14,815 -13,480",
         "15. Consolidated net income for the year 23,018 15,078"],
        ["ILMENAU FORMTEILE AG", "Consolidated balance sheet as at 30 September 2071", "ASSETS",
         "Note 30.09.2071 30.09.2070", "T€ T€",
         "A. Fixed assets", "I. Intangible assets",
         "1. Goodwill 8,415 9,840", "2. Advance payments 615 215", "9,030 10,055",
         "II. Property, plant and equipment",
         "1. Land and buildings 62,480 63,915", "2. Technical equipment and machinery 84,615 79,240", "147,095 143,155",
         "(5) 156,125 153,210",
         "B. Current assets", "I. Inventories 52,970 49,480", "II. Cash on hand and bank balances 18,383 12,674",
         "71,353 62,154",
         "C. Prepaid expenses 1,840 1,615",
         "EQUITY AND LIABILITIES", "Note 30.09.2071 30.09.2070", "T€ T€",
         "A. Equity", "I. Subscribed capital (9) 8,400 8,400", "II. Revenue reserves 94,215 84,215", "102,615 92,615",
         "C. Liabilities",
         "1. Liabilities to banks",
         "– thereof with a remaining term of up to one year T€ 12,480 (prior year: T€ 14,480) 48,615 56,240",
         "2. Trade payables 38,480 28,615",
         "(12) 87,095 84,855"],
        ["ILMENAU FORMTEILE AG", "Consolidated cash flow statement",
         "for the financial year from 1 October 2070 to 30 September 2071", "2070/71 2069/70", "T€ T€",
         "Consolidated net income for the year 23,018 15,078",
         "+/- Increase/decrease in provisions 6,925 1,215",
         "= Cash flows from operating activities 56,059 40,379",
         "- Payments for investments in property, plant and equipment -28,415 -24,840",
         "= Cash flows from investing activities -27,700 -24,313"]]


@pytest.mark.parametrize("question, year, expect", [
    ("Ilmenau personnel expenses 2070/71", 2071, "-92,655"),
    ("Ilmenau cost of materials FY2069/70", 2070, "-132,095"),
    ("Ilmenau intangible assets at 30.09.2071", 2071, "9,030"),
    ("Ilmenau current assets 30 Sep 2070", 2070, "62,154"),
    ("Ilmenau total equity 30.09.2071", 2071, "102,615"),
    ("Ilmenau liabilities to banks at 30 September 2070", 2070, "56,240"),
    ("Ilmenau total liabilities 2071", 2071, "87,095"),
    ("Ilmenau op CF FY2070/71", 2071, "56,059"),
    ("Ilmenau capex on PP&E 2069/70", 2070, "-24,840"),
])
def test_a_german_hgb_statements_outline_memo_lines_and_arithmetic_signs(question, year, expect):
    assert _answer(question, _HGB, "Ilmenau Formteile AG", year, 2071) == expect


def test_a_memo_line_is_no_row_and_no_heading():
    facts = company_facts(_HGB, "Ilmenau Formteile AG", 2071)
    assert not [f for f in facts if "thereof" in f.label_path]
    labels = {f.label_path: f.value_printed for f in facts if f.fiscal_year == 2071}
    assert labels["Total Fixed assets"] == "156,125"            # (the outline's letter is no word of the total)
    assert labels["6. Personnel expenses › b) Social security and pension costs"] == "-14,240"


def test_of_which_rows_with_their_figures_in_columns_stay_rows():
    pages = [["Notes", "£m 2071 2070", "Revenue 412.3 381.6", "of which: services 120.4 110.2",
              "Operating profit 41.1 36.1"]]
    facts = company_facts(pages, "Brackenmoor Minerals plc", 2071)
    assert [f.value_printed for f in facts if f.label.startswith("of which") and f.fiscal_year == 2071] == ["120.4"]


def test_nil_cells_run_together_are_one_cell_each():
    from pipeline.reading.line_tidy import tidy_lines

    assert tidy_lines(["Non controlling interest 117,754 \u2013\u2013\u2013"]) == \
        ["Non controlling interest 117,754 \u2013 \u2013 \u2013"]


def test_rows_under_an_average_staff_caption_or_a_deliveries_heading_are_counts():
    pages = [["(30) Employees", "The average number of employees during the financial year was:", "2070/71 2069/70",
              "Salaried employees 412 398", "Industrial employees 1,184 1,142", "Trainees (not included above) 64 58"],
             ["Selected Operating Data", "Years Ended November 30,", "2071 2070",
              "Homes delivered:", "West . . . . 1,742 1,684", "East . . . . 1,618 1,490", "Total . . . . 3,360 3,174",
              "Home sales revenue $ 1,184,615 $ 1,048,320"]]
    facts = company_facts(pages, "Larkspur Homes, Inc.", 2071)
    kinds = {f.label_path: f.kind for f in facts if f.fiscal_year == 2071}
    assert kinds["Average number of employees \u203a Salaried employees"] == "count"
    assert kinds["Average number of employees \u203a Trainees (not included above)"] == "count"
    assert kinds["Homes delivered \u203a Total"] == "count"
    assert kinds["Home sales revenue"] == "money"
    assert _answer("How many homes delivered in 2071?", pages, "Larkspur Homes, Inc.", 2071, 2071) == "3,360"
    assert _answer("Number of employees at 30 September 2071", pages, "Larkspur Homes, Inc.", 2071, 2071) is None
    assert _answer("What revenue did Larkspur deliver in 2071?", pages, "Larkspur Homes, Inc.", 2071, 2071) == \
        "1,184,615"


@pytest.mark.parametrize("label, capex", [
    ("Payments for investments in property, plant and equipment", True),
    ("Purchases of network assets, property, and equipment", True),
    ("Purchases of short-term deposits, property and equipment", False),
    ("Purchases of investments, property and equipment", False),     # (investments bought too: no capex line)
    ("Proceeds from sale of property, plant and equipment", False),
])
def test_capex_lines_naming_another_fixed_asset_first_or_investments_in_ppe(label, capex):
    from pipeline.question.lexicon import get_lexicon

    metric = next(m for m in get_lexicon().metrics if m.key == "capex")
    assert metric.matches_row(label) is capex


def test_operating_cash_flow_and_attributable_shorthand():
    assert shorthand.spell("op CF FY94") == "operating cash flow FY94"
    assert shorthand.spell("Group OCF 2089") == "Group operating cash flow 2089"
    assert shorthand.spell("profit attrib to owners") == "profit attributable to owners"
    assert shorthand.spell("Hop CF") == "Hop CF"


# Yes/no: a dividend received is none paid, an increase asked is no payment's, a part stake is no whole ownership
# (made-up reports round 24's first run and the corpus-world check on Galileo Resources).

def _report(*texts: str):
    from pipeline.stores.corpus import ReportPage

    return [ReportPage("doc", "Quillfeather", 2071, "ANNUAL", i + 1, t) for i, t in enumerate(texts)]


def _event(key: str):
    from pipeline.answer import yesno

    return next(e for e in yesno.events() if e.key == key)


def test_a_dividend_the_company_received_is_no_dividend_it_paid():
    from pipeline.answer import yesno

    r = yesno.read_report(_report("Phase 1: a dividend of ZAR46 million (approximately £2.3 million) was paid to "
                                  "Quillfeather during February 2071 in respect of its 29% shareholding in Tarn.",
                                  "Dividends received from joint venture 238,827 during 2071."),
                          _event("dividend"), 2071)
    assert not r.affirmed and len(r.named) == 2
    r = yesno.read_report(_report("An interim dividend of 3.0 pence per share was paid to shareholders on "
                                  "20 October 2071."), _event("dividend"), 2071)
    assert r.affirmed


def test_an_increase_of_the_dividend_asked_is_decided_by_a_sentence_stating_the_change():
    from pipeline.answer import yesno
    from pipeline.question.analysis import analyse

    assert yesno.event_asked(analyse("Did Quillfeather increase its total dividend for FY71?")).key == \
        "dividend_increase"
    assert yesno.event_asked(analyse("Did Quillfeather pay a dividend in 2071?")).key == "dividend"
    event = _event("dividend_increase")
    r = yesno.read_report(_report("The Board has declared a final dividend of 9.0 cents per share for 2071. Together "
                                  "with the interim dividend of 6.0 cents, the total dividend for the year is "
                                  "unchanged at 15.0 cents per share."), event, 2071)
    assert r.denied and not r.affirmed
    r = yesno.read_report(_report("The Board increased the final dividend by 8% to 9.7 pence for 2071."), event, 2071)
    assert r.affirmed


def test_a_part_stake_in_the_named_entity_is_no_whole_ownership():
    from pipeline.answer.which_event import partial_degree

    sentence = ("The consolidated financial statements include the accounts of the Company, its wholly owned "
                "subsidiaries and Sabine Ferry Gaming, L.L.C., a variable interest entity in which the Company holds "
                "a 60% interest.")
    assert partial_degree("Is Sabine Ferry wholly owned by Tensaw Gaming?", sentence)
    assert not partial_degree("Is Tensaw Hotels wholly owned by Tensaw Gaming?", sentence)
    assert not partial_degree("Is Sabine Ferry wholly owned?", "Sabine Ferry is a wholly owned subsidiary.")


# Made-up reports round 24 (in-sample once fixed on): cells set apart by printed rules, a re-presented comparative's
# caption in the header, each column's year and unit inside a table, a row's own "(£m)", "statutory" named by a
# five-year record of the statement's own figure, a reconciliation's "Adjusted for:" heading, both EPS bases asked.

_RULED = [["CONSOLIDATED INCOME STATEMENT", "for the year ended 31 October 2071",
           "| Note | 2071 £000 | 2070 £000 (re-presented*)",
           "Continuing operations",
           "Revenue 2 174,242 155,248",
           "Profit before tax 24,294 20,112",
           "Profit for the year attributable to owners of the parent 17,076 14,912",
           "Earnings per share 6 | 2071 pence | 2070 pence",
           "Basic - continuing operations 20.2 23.5",
           "Diluted - continuing operations 20.1 23.3"],
          ["FIVE-YEAR RECORD", "| 2071 | 2070 | 2069", "Revenue (£m) | 174.2 | 155.2 | 150.1",
           "Statutory profit before tax (£m) | 24.3 | 20.1 | 18.0"]]


@pytest.mark.parametrize("question, year, expect", [
    ("Seacroft rev FY71 (£000)?", 2071, "174,242"),
    ("Seacroft revenue 2070 (re-presented)", 2070, "155,248"),
    ("Seacroft statutory PBT for the year to Oct-71", 2071, "24,294"),
    ("basic EPS from continuing ops, Seacroft FY71, in pence", 2071, "20.2"),
    ("Seacroft basic EPS FY71", 2071, None),     # (only the continuing operations' printed: not the year's whole)
    ("Seacroft revenue 2069", 2069, "150.1"),
])
def test_cells_set_apart_by_printed_rules_and_a_re_presented_comparative(question, year, expect):
    assert _answer(question, _RULED, "Seacroft Leisure plc", year, 2071) == expect


def test_each_columns_year_and_unit_inside_a_table_is_a_header_not_a_row():
    from pipeline.reading.cells import split_row

    assert split_row("Earnings per share 6 2093 pence 2092 pence")[1] == []
    assert split_row("Dividend 2.5 pence 2.0 pence") == ("Dividend (pence)", ["2.5", "2.0"])
    facts = company_facts(_RULED, "Seacroft Leisure plc", 2071)
    assert not [f for f in facts if f.value_printed in ("2071", "2070")]


def test_a_rows_own_abbreviated_unit_supports_a_figure_in_millions():
    from decimal import Decimal

    from pipeline.guardrails.verifier import supported

    assert supported(Decimal("24.3"), "million", ["Statutory profit before tax (£m) | 24.3 | 20.1"])
    assert not supported(Decimal("24.3"), "million", ["Statutory profit before tax 24.3 20.1"])


def test_a_statutory_row_of_another_amount_than_the_statements_line_is_another_measure():
    statement = ["Consolidated statement of profit or loss", "(in millions) 2071 2070", "Total revenues 9,000 8,500",
                 "Net income 1,500 1,400"]
    highlights = ["Financial highlights", "(in millions) 2071 2070", "Statutory net income 800 760"]
    assert _answer("Halvard statutory net income 2071", [statement, highlights], "Halvard Life plc", 2071,
                   2071) in ("800", None)      # (never the statement's 1,500: another basis)
    assert _answer("Halvard net income 2071", [statement, highlights], "Halvard Life plc", 2071, 2071) == "1,500"


def test_a_reconciliations_adjusted_for_heading_is_no_adjusted_measure():
    pages = [["22. EARNINGS PER SHARE", "Group", "31 March 31 March", "2071 2070",
              "Profit for the year attributable to equity holders of the parent 2,025,895 21,323",
              "Adjusted for:", "Foreign exchange differences on translation (483,319) 66,549",
              "Profit for the year 1,542,576 87,872",
              "Weighted average number of shares in issue 1,038,799,984 765,428,083",
              "Basic earnings per share (pence) 0.15 0.01"]]
    assert _answer("Brackenmoor basic EPS FY71", pages, "Brackenmoor Minerals plc", 2071, 2071) == "0.15"
    assert _answer("Brackenmoor basic and diluted EPS for FY71", pages, "Brackenmoor Minerals plc", 2071,
                   2071) == "0.15"
    assert _answer("Brackenmoor diluted EPS FY71", pages, "Brackenmoor Minerals plc", 2071, 2071) is None


def test_diluted_asked_and_answered_by_a_basic_row_is_said_as_basic():
    from pipeline.retrieval.eps_basis import basis_printed

    assert basis_printed("diluted eps", "Basic earnings per share (pence)") == "basic eps"
    assert basis_printed("diluted eps", "Basic and diluted loss per share") == "diluted eps"


def test_a_dividend_asked_of_a_company_stating_it_paid_none_is_said_so():
    from pipeline.answer.no_dividend import denied

    none = _report("Item 5. Dividends. We have never declared or paid any cash dividends on our common stock and do "
                   "not anticipate paying any in the foreseeable future.")
    found = denied(none)
    assert found is not None and "never declared or paid" in found[0]
    paid = _report("An interim dividend of 2.0 pence per share was paid on 3 May 2071.",
                   "The Directors do not recommend the payment of a final dividend for 2071.")
    assert denied(paid) is None         # (an interim paid: a dividend there was)
    received = _report("A dividend of ZAR46 million was paid to Quillfeather in February 2071 by its joint venture.")
    assert denied(received) is None


def test_a_ticker_after_the_exchanges_board_and_a_unit_per_share_in_brackets():
    from ingest.aliases import _LISTING_LINE

    m = _LISTING_LINE.search("NZX Main Board: KPF")
    assert m is not None and "KPF" in m.groups()
    assert _LISTING_LINE.search("Main Board: KPF") is None        # (no exchange named: no listing)
    pages = [["Notes", "2071 2070", "Earnings per share", "Basic and diluted earnings per share (CLP per share) 6 22.39 22.49"]]
    assert _answer("Talcahuano EPS 2071 (pesos/share)", pages, "Puerto Talcahuano S.A.", 2071, 2071) == "22.39"


def test_a_five_year_records_scale_said_with_unless_stated_supports_its_figures():
    from decimal import Decimal

    from pipeline.guardrails.verifier import supported

    page = ["FIVE-YEAR RECORD", "£m unless stated | FY71 | FY70 | FY69", "Revenue | 274.2 | 255.2 | 268.4",
            "Net debt excluding leases | 138.3 | 159.6 | 172.4"]
    assert supported(Decimal("138.3"), "million", ["\n".join(page)])


def test_a_latin_american_audit_firms_legal_form_and_accented_name():
    from pipeline.answer.people import _FIRM

    m = _FIRM.search("Auditors: Errázuriz Mella Auditores Limitada")
    assert m is not None and m.group(0) == "Errázuriz Mella Auditores Limitada"
    assert _FIRM.search("Contadores Asociados Ltda.") is not None


@pytest.mark.parametrize("said, spelled", [
    ("OP FY91", "operating profit FY91"),
    ("OP units 2091", "OP units 2091"),                  # (a REIT's operating partnership units)
    ("S&A expenses 2092", "selling and administrative expenses 2092"),
    ("PATAMI FY2096", "profit attributable to owners of the company FY2096"),
    ("interest pd 2091", "interest paid 2091"),
    ("PD ratio", "PD ratio"),                            # (a bank's probability of default)
    ("total assets end-92", "total assets year-end FY92"),
    ("notes at FYE93", "notes at year-end FY93"),
])
def test_analysts_shorthand_of_round_32(said, spelled):
    assert shorthand.spell(said) == spelled


@pytest.mark.parametrize("label", ["Depreciation and amortisation",
                                   "Amortisation of intangible fixed assets and depreciation of property, plant and "
                                   "equipment"])
def test_depreciation_and_amortisation_in_british_spelling_and_german_order(label):
    from pipeline.question.lexicon import get_lexicon

    assert get_lexicon().get("depreciation_amortization").matches_row(label)


def test_a_restated_third_balance_sheet_dated_1_january_is_the_year_befores_close():
    pages = [["Consolidated statement of financial position",
              "in € million Note 31 December 31 December 1 January", "2071 2070 2070", "restated* restated*",
              "Property, plant and equipment 12 912.4 884.6 851.2",
              "Equity attributable to equity holders of the parent 1,237.2 1,200.6 1,152.3",
              "Total equity 1,268.4 1,229.7 1,179.5"]]
    company = "Dintelhaven Zuivel N.V."
    assert _answer("Dintelhaven equity attributable to equity holders of the parent, end 2070", pages, company, 2070,
                   2071) == "1,200.6"
    assert _answer("Dintelhaven total equity 2069", pages, company, 2069, 2071) == "1,179.5"


@pytest.mark.parametrize("question, expect", [("Net investing cash flow 2070", "-68,460"),
                                              ("financing cash flow 2071", "-67,624")])
def test_investing_and_financing_totals_are_their_own_measures(question, expect):
    pages = [["CONSOLIDATED STATEMENT OF CASH FLOWS", "(in PLN thousand)", "2071 2070",
              "B. CASH FLOWS FROM INVESTING ACTIVITIES",
              "I. Inflows 12,245 2,780",
              "2. Disposal of subsidiary, net of cash disposed 8,615 -",
              "II. Outflows 85,115 71,240",
              "III. Net cash flows from investing activities (I-II) -72,870 -68,460",
              "C. CASH FLOWS FROM FINANCING ACTIVITIES",
              "I. Inflows 30,000 48,215", "II. Outflows 97,624 88,950",
              "III. Net cash flows from financing activities (I-II) -67,624 -40,735"]]
    year = int(question[-4:])
    assert _answer(question, pages, "Fabryka Wrzosowa S.A.", year, 2071) == expect


# The audit of this round's change: each counter-example it found, answered right (or refused) now.

def test_a_dividends_income_cover_or_yield_rising_is_no_dividend_increase():
    from pipeline.answer import yesno

    r = yesno.read_report(_report("The Board reduced the final dividend to 5.0 pence per share for 2071.",
                                  "Dividend income from associates increased by 12% to £4.1 million in 2071.",
                                  "Dividend cover increased to 2.4 times in 2071."), _event("dividend_increase"), 2071)
    assert r.denied and not r.affirmed


@pytest.mark.parametrize("sentence", [
    "In 2071 the Company paid a dividend of R1.20 per share to shareholders, funded from dividends received from "
    "subsidiaries.",
    "A final dividend of £50 million was paid to the parent company in 2071.",
    "The Directors declared a final dividend of 5.0p for 2071, supported by the strong cash returns from investments.",
])
def test_a_dividend_the_company_paid_is_affirmed_whatever_funded_it(sentence):
    from pipeline.answer import yesno

    assert yesno.read_report(_report(sentence), _event("dividend"), 2071).affirmed


def test_an_equity_heading_already_naming_the_owners_keeps_its_own_total():
    pages = [["Consolidated statement of financial position", "£m 2071 2070",
              "Equity attributable to owners of the parent", "Share capital 1,000 1,000", "Retained earnings 2,800 2,500",
              "3,800 3,500", "Non-controlling interests 200 180", "4,000 3,680"]]
    facts = {f.label_path: f.value_printed for f in company_facts(pages, "Ashdown Brewing plc", 2071)
             if f.fiscal_year == 2071}
    assert facts.get("Total Equity attributable to owners of the parent") in ("3,800", None)
    assert "4,000" not in facts.values()        # (the minorities added: no total of the owners' heading)


def test_minorities_after_the_liabilities_are_no_part_of_an_equity_total():
    pages = [["Balance sheet", "£m 2071 2070", "Liabilities", "Trade payables 1,800 1,700", "Borrowings 1,200 1,100",
              "3,000 2,800", "Minority interests 200 180", "3,200 2,980"]]
    assert _answer("Ashdown total liabilities 2071", pages, "Ashdown Brewing plc", 2071, 2071) != "3,200"


def test_a_staff_costs_caption_naming_the_average_number_elsewhere_heads_no_counts():
    pages = [["9. Staff costs", "Staff costs for the year were as follows (the average number of employees is given in "
              "note 9):", "£000 2071 2070", "Wages and salaries 18,412 17,215", "Social security costs 2,215 2,014",
              "Pension costs 1,519 1,402", "22,146 20,631"]]
    assert _answer("How many employees did Ashdown Brewing have on average in 2071?", pages, "Ashdown Brewing plc",
                   2071, 2071) is None


def test_revenue_under_a_deliveries_heading_stays_money_and_counts_need_a_count_row():
    pages = [["Selected Operating Data", "2071 2070", "Homes delivered:", "West 1,742 1,684", "East 1,618 1,490",
              "Home sales revenue $ 1,184,615 $ 1,048,320"]]
    company = "Larkspur Homes, Inc."
    assert _answer("How many homes delivered in 2071?", pages, company, 2071, 2071) in (None, "1,742", "1,618") and \
        _answer("How many homes delivered in 2071?", pages, company, 2071, 2071) != "1,184,615"
    assert _answer("Larkspur home sales revenue 2071", pages, company, 2071, 2071) == "1,184,615"


def test_a_wholly_owned_subsidiary_holding_a_part_stake_in_another_is_still_wholly_owned():
    from pipeline.answer.which_event import partial_degree

    assert not partial_degree("Is Tarn Mining a wholly owned subsidiary of Quillfeather?",
                              "Tarn Mining (Pty) Ltd, a wholly owned subsidiary of the Company, holds a 74% interest in "
                              "the Kalkfontein mining right.")


def test_a_measure_adjusted_for_items_in_its_own_label_is_still_non_gaap():
    pages = [["Financial highlights", "£m 2071 2070", "Profit before tax adjusted for exceptional items 61.7 58.2"]]
    assert _answer("Ashdown PBT FY71", pages, "Ashdown Brewing plc", 2071, 2071) is None


def test_a_double_dash_stays_one_nil_cell():
    pages = [["Notes", "Note 2071 2070", "Provisions 15 1,200 \u2013\u2013", "Borrowings 16 3,400 2,900"]]
    assert _answer("Ashdown provisions 2071", pages, "Ashdown Brewing plc", 2071, 2071) == "1,200"


def test_a_month_and_day_written_with_a_hyphen_stay_a_date():
    assert shorthand.spell("revenue for the year ended Sep-24, 2022") == "revenue for the year ended Sep-24, 2022"
    assert shorthand.spell("quarter ended Sep-24") == "quarter ended Sep-24"


def test_tax_losses_and_a_loss_allowance_are_no_loss_said():
    from pipeline.answer.wording import shown

    pages = [["Deferred tax assets", "£000 2071 2070", "Tax losses carried forward 3,412 2,915",
              "Loss allowance at 31 December 1,204 988", "Net loss 4,116 3,001"]]
    said = {f.label: shown(f) for f in company_facts(pages, "Ashdown Brewing plc", 2071) if f.fiscal_year == 2071}
    assert not said["Tax losses carried forward"].startswith("a loss")
    assert not said["Loss allowance at 31 December"].startswith("a loss")
    assert said["Net loss"].startswith("a loss of")


def test_single_letters_around_an_ampersand_stay_an_abbreviation():
    from pipeline.question.lexicon import fold, get_lexicon

    assert fold("PP & E 2071") == "pp & e 2071"
    assert [m.key for m in get_lexicon().find("PP&E 2071")] == ["net_ppe"]


def test_savings_delivered_is_how_a_result_is_asked_and_homes_delivered_a_count():
    from pipeline.question.analysis import QuestionFacts
    from pipeline.question.figure_ask import read_ask
    from pipeline.question.registry import Company

    def hard(q):
        return read_ask(q, QuestionFacts(text=q, companies=[Company(key="f", name="Fenwick plc")], years=[2071],
                                         metrics=[]), None).hard
    assert "deliv" not in hard("cost savings delivered by Fenwick in 2071")
    assert "deliv" in hard("homes delivered by Fenwick in 2071")


def test_a_per_share_row_with_its_unit_after_non_consecutive_figures_stays_a_row():
    from pipeline.reading.cells import split_row

    assert split_row("Dividend per share 29 2000 won 1950 won")[1] == ["29", "2000", "1950"]


def test_a_german_cash_flows_arithmetic_signs_and_thousands_of_euros():
    from pipeline.reading.columns import scale_of
    from pipeline.reading.line_tidy import tidy_lines

    assert tidy_lines(["+/- Increase/decrease in provisions 6,925 1,215", "= Cash flows from operating activities 1 2",
                       "-/+ Gain/loss on disposal -215 -184"]) == \
        ["Increase/decrease in provisions 6,925 1,215", "Cash flows from operating activities 1 2",
         "Gain/loss on disposal -215 -184"]
    assert scale_of("T€ T€") == "thousand"


def test_a_company_blocks_rows_end_at_the_next_header():
    pages = [["8. FINANCIAL ASSETS BY CATEGORY", "31 March 2071 31 March 2070", "GROUP",
              "Cash and cash equivalents 3,648,995 392,955", "COMPANY", "Cash and cash equivalents 952,900 389,421",
              "Group Company", "2071 2070 2071 2070", "9. TRADE AND OTHER RECEIVABLES",
              "Trade receivables 615,698 1,359 – –"]]
    facts = company_facts(pages, "Brackenmoor Minerals plc", 2071)
    trade = {f.value_printed: f.secondary for f in facts if f.label == "Trade receivables" and f.fiscal_year == 2071}
    assert trade.get("615,698") is False


def test_total_homes_delivered_is_never_the_home_sales_line():
    pages = [["CONSOLIDATED STATEMENTS OF OPERATIONS", "2071 2070", "Revenues:", "Home sales 3,284,615 2,984,110",
              "Financial services 86,655 80,115"],
             ["Selected Operating Data", "2071 2070", "Homes delivered:", "West 1,742 1,684", "East 1,618 1,490",
              "Total 3,360 3,174"]]
    assert _answer("Total homes delivered in fiscal 2071", pages, "Larkspur Homes, Inc.", 2071, 2071) == "3,360"


def test_diluted_eps_of_continuing_operations_under_the_eps_heading():
    assert _answer("Seacroft diluted EPS from continuing operations FY71", _RULED, "Seacroft Leisure plc", 2071,
                   2071) == "20.1"


# Made-up reports round 25 (in-sample once fixed on): a split year in two digits, a name typed without its accents,
# a Nordic audit firm's initial, continuing operations' EPS under a basis heading.

def test_a_split_fiscal_year_in_two_digits_is_the_year_it_ends():
    from pipeline.question.analysis import analyse

    assert analyse("Profit attributable to parent company shareholders FY94/95?").years == [2095]
    assert analyse("revenue FY 94-95").years == [2095]
    assert analyse("revenue FY94/96").years != [2096]        # (no split year: two years apart)


def test_a_company_named_without_its_accents():
    from pipeline.question.registry import name_pattern

    assert name_pattern("Klarälven Modulbygg AB").search("rental segment EBIT klaralven modulbygg 94/95")
    assert name_pattern("Øresund Foods AB").search("oresund foods revenue")
    assert not name_pattern("Klarälven Modulbygg AB").search("klarelven modulbygg")


def test_an_audit_firm_opening_on_an_accented_capital():
    from pipeline.answer.people import _FIRM

    assert _FIRM.search("Auditor: Öhrlund & Partners Revision AB, Stockholm").group(0) == \
        "Öhrlund & Partners Revision AB"


def test_continuing_operations_eps_under_a_basis_heading():
    pages = [["CONSOLIDATED STATEMENTS OF INCOME", "2071 2070", "Net income $ 82,115 $ 96,204",
              "Basic earnings per share:", "Continuing operations $1.73 $2.22", "Net income $2.14 $2.31",
              "Diluted earnings per share:", "Continuing operations $1.71 $2.20", "Net income $2.12 $2.29"]]
    company = "Conococheague Linen, Inc."
    assert _answer("Conococheague diluted EPS from continuing operations FY71", pages, company, 2071, 2071) == "$1.71" \
        or _answer("Conococheague diluted EPS from continuing operations FY71", pages, company, 2071, 2071) == "1.71"
    assert _answer("Conococheague diluted EPS FY71", pages, company, 2071, 2071) in ("2.12", "$2.12")


def test_a_text_layer_whose_fonts_map_letters_to_private_codes_is_told_apart():
    from ingest.pdf import garbled_text

    garbled = ("\x06\x0f\x0f\x07\x01 \x1dCBG=GHG\x01C:\x01\x065\x07\x01\x13\x0f\n\x15\x10\x0e\x01G<5F9G\x01C:\x017CAACB"
               "\x01GHC7?\x01CKB98\x018=F97H@M\x016M\x01'F\x0c\x01\"5N5F8\n") * 4
    assert garbled_text(garbled)
    assert not garbled_text("Consists of (a) 2,903,506 shares of common stock owned directly by Mr. Kazand and "
                            "(b) 184,214 shares held by the trust. " * 4)
    assert not garbled_text("Revenue 412,615 384,240\nCost of sales (312,480) (290,115)\nGross profit 100,135 94,125\n"
                            "Operating expenses (61,204) (58,110)\nOperating income 38,931 36,015\n" * 3)


_TRUST = [["Statement of Comprehensive Income", "Year ended 31 March 2071 Year ended 31 March 2070",
           "Revenue Capital Total Revenue Capital Total", "Notes £’000 £’000 £’000 £’000 £’000 £’000",
           "Income 3 1,996 - 1,996 1,815 - 1,815",
           "Net return before finance costs and taxation 1,367 (11,649) (10,282) 1,117 26,812 27,929",
           "Net return before taxation 1,310 (11,734) (10,424) 1,073 26,747 27,820",
           "Taxation 7 (200) - (200) (181) - (181)",
           "Net return after taxation 1,110 (11,734) (10,624) 892 26,747 27,639"]]


@pytest.mark.parametrize("question", ["Sakuragawa loss for the year to March 2071",
                                      "Sakuragawa total return attributable to shareholders FY71"])
def test_an_investment_trusts_net_return_after_taxation_is_its_bottom_line(question):
    assert _answer(question, _TRUST, "Sakuragawa Japan Investment Trust plc", 2071, 2071) == "(10,624)"


def test_continuing_and_discontinued_operations_in_shorthand():
    assert shorthand.spell("diluted EPS from cont ops FY93") == "diluted EPS from continuing operations FY93"
    assert shorthand.spell("loss from disc. ops 2092") == "loss from discontinued operations 2092"


def test_a_nordic_audit_firm_signed_for_by_its_authorised_public_accountant():
    from pipeline.answer import people
    from pipeline.state import TurnState

    pages = _report("Auditor's report. To the general meeting of the shareholders of Quillfeather AB. We have audited "
                    "the annual accounts. Karlstad, 24 June 2071. Öhrlund & Partners Revision AB, Mats Ekstrand, "
                    "Authorised Public Accountant")
    text, kind = people._auditor(TurnState(question="q"), "Quillfeather", 2071, pages, lambda p: 1)
    assert kind == "name" and "Öhrlund & Partners Revision AB" in text


def test_a_result_from_discontinued_operations_is_never_the_cash_flows_operating_result_line():
    pages = [["Consolidated income statement", "in € million 2071 2070", "Revenue 2,846.3 2,672.4",
              "Result from continuing operations 120.2 115.8",
              "Result from discontinued operations, net of tax (18.6) (4.2)", "Result for the year 101.6 111.6"],
             ["Consolidated statement of cash flows", "in € million 2071 2070",
              "Operating result from continuing operations 207.6 196.0",
              "Operating result from discontinued operations (18.4) (3.1)"]]
    for q in ("Result from discontinued operations 2071?", "Result from disc. ops 2071?"):
        assert _answer(q, pages, "Dintelhaven Zuivel N.V.", 2071, 2071) == "(18.6)"
