"""Classes found by the seventeenth round of made-up report pages (Hungary, Bangladesh, Qatar, Ghana, Jamaica,
Mauritius, Kazakhstan; a US for-profit educator, cruise line and payments processor) and by probes of layouts the
round's brief named (a Thai four-column caption, a bank's Group and Bank columns), written by a helper who never read
the code. The companies, wording and figures here are made up again."""
from __future__ import annotations

import pytest

from pipeline.reading.tables import parse_page
from pipeline.retrieval.fact_match import FactMatch
from tests.stored_facts import answer_of, facts_of, stored_facts


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


# a cash flow statement's reconciliation rows dated in their labels, a note number after the date
CASH_FLOW = ["Perdita Holdings plc", "Consolidated statement of cash flows", "for the year ended 31 December 2061",
             "Note 2061 2060", "£m £m", "Net cash from operating activities 410 380",
             "Net increase in cash and cash equivalents 120 90", "Cash and cash equivalents at 1 January 300 210",
             "Effect of exchange rate changes (5) -", "Cash and cash equivalents at 31 December 22 415 300"]


@pytest.mark.parametrize("question,want", [
    ("Closing cash and cash equivalents 2061", "415"),
    ("Cash and cash equivalents at 31 December 2061 per the cash flow statement", "415"),
    ("Cash at 1 January 2061 per the cash flow statement", "300"),       # the opening row, the year it opens
    ("Opening cash and cash equivalents 2061", "300"),
])
def test_a_closing_row_with_its_note_after_the_date_is_read_and_each_dated_row_answers_its_own_date(question, want):
    hit = _hit(question, [CASH_FLOW])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == want


@pytest.mark.parametrize("caption,code", [
    ("Taka Taka Taka Taka", "BDT"), ("GH¢'000 GH¢'000", "GHS"), ("J$'000", "JMD"), ("QR'000 QR'000", "QAR"),
    ("KD 000's KD 000's", "KWD"), ("KD million", "KWD"), ("KZT million", "KZT"), ("MAD 000", "MAD"),
    ("RON thousand", "RON"),
])
def test_a_units_row_in_more_countries_currencies_names_the_currency_and_heads_the_columns(caption, code):
    from pipeline.core.currencies import currency_of
    from pipeline.reading.columns import is_fragment
    assert currency_of(caption) == code
    assert is_fragment(caption)         # a units row under the years heads the columns, it is no row heading


@pytest.mark.parametrize("caption,code", [
    ("(in thousands of Jamaican dollars)", "JMD"), ("Mauritian rupees", "MUR"), ("S/(000)", "PEN"),
    ("Peruvian soles", "PEN"),
])
def test_a_currency_named_in_words_or_by_its_sign_is_that_currency(caption, code):
    from pipeline.core.currencies import currency_of
    assert currency_of(caption) == code


@pytest.mark.parametrize("text", ["Leather soles revenue", "Pen and pencil sales", "Mad River segment revenue",
                                  "Ron Smith, director", "Kd ratio", "QR code payments"])
def test_a_word_that_is_also_a_currency_code_or_name_names_no_currency_without_its_scale(text):
    from pipeline.core.currencies import currency_of
    assert currency_of(text) is None


def test_a_report_expressed_in_its_own_dollars_is_in_that_currency_not_us_dollars():
    from ingest.identify import identify
    pages = ["RIO PERDITA LIMITED\nCONSOLIDATED INCOME STATEMENT\nYEAR ENDED 31 MARCH 2061\n"
             "(expressed in Jamaican dollars unless otherwise indicated)\nNote 2061 2060\n$'000 $'000\n"
             "Revenue 5 38,406,115 34,218,406\nGross profit 11,287,709 9,812,288",
             "Convenience translation\nUS$'000 2061 2060\nRevenue 168,115 159,306"]
    idn = identify(pages)
    assert (idn.currency, idn.scale) == ("JMD", "thousands")


# equity attributable to the owners worded for stockholders, beside a convenience translation in US dollars
JAMAICAN = [["PERDITA CONSOLIDATED LIMITED", "CONSOLIDATED STATEMENT OF FINANCIAL POSITION", "31 MARCH 2061",
             "(expressed in Jamaican dollars unless otherwise indicated)", "Note 2061 2060", "$'000 $'000",
             "Total assets 29,641,396 27,131,214", "STOCKHOLDERS' EQUITY", "Share capital 24 2,418,306 2,418,306",
             "Retained earnings 13,679,694 11,749,048",
             "Equity attributable to stockholders of the company 16,098,000 14,167,354",
             "Non-controlling interests 1,338,494 1,218,306", "Total stockholders' equity 17,436,494 15,385,660"],
            ["PERDITA CONSOLIDATED LIMITED", "36. US dollar convenience translation (unaudited)", "US$'000 2061",
             "Total assets 129,750", "Total stockholders' equity 76,325"]]


def test_equity_attributable_to_stockholders_is_the_owners_share_and_a_translation_never_answers_unasked():
    def _hit(question, pages):     # (with the report's currency as ingest identifies it: Jamaican dollars)
        facts = stored_facts(["\n".join(p) for p in pages], 2061, "ANNUAL", as_ingested=True)
        return answer_of(question, facts, "Perdita", 2061)

    hit = _hit("Equity attributable to stockholders of Perdita, March 2061", JAMAICAN)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "16,098,000"
    # the statements in the report's own currency answer; the US$ note only where US dollars are asked
    hit = _hit("Total stockholders' equity at 31 March 2061", JAMAICAN)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "17,436,494"
    hit = _hit("Total stockholders' equity at 31 March 2061", [JAMAICAN[0][:6] + JAMAICAN[0][-1:], JAMAICAN[1]])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "17,436,494"
    only_translation = _hit("Total stockholders' equity 2061", [JAMAICAN[0][:7], JAMAICAN[1]])
    assert not isinstance(only_translation, FactMatch)
    asked_in_usd = _hit("Total stockholders' equity 2061 in US dollars", [JAMAICAN[0][:7], JAMAICAN[1]])
    assert isinstance(asked_in_usd, FactMatch) and asked_in_usd.fact.value_printed == "76,325"


def test_a_units_row_of_rupiah_beside_a_dollar_translation_is_the_pages_currency():
    from ingest import statement_units
    page = "\n".join(["FINANCIAL HIGHLIGHTS", "2061 2060 2061", "Rp million Rp million US$ thousand",
                      "Revenue 18,452,306 16,904,218 860,247"])
    assert statement_units._page_units(page)[:2] == ("IDR", "millions")
    assert statement_units._page_units("Taka Taka\nRevenue 12 10")[:2] == ("BDT", "units")


def test_money_owed_to_employees_is_no_headcount():
    page = ["PERDITA PHOTONICS LTD.", "CONSOLIDATED BALANCE SHEETS", "U.S. dollars in thousands", "December 31,",
            "2061 2060", "CURRENT LIABILITIES", "Trade payables 12,400 11,900",
            "Employees and payroll accruals 17,552 15,118", "Total current liabilities 29,952 27,018"]
    assert not isinstance(_hit("Total employees at Dec 31, 2061?", [page]), FactMatch)
    hit = _hit("Employees and payroll accruals at December 31, 2061", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "17,552" and hit.fact.kind == "money"


def test_research_and_development_net_of_grants_is_the_rd_line_and_answers_net_when_asked():
    page = ["PERDITA PHOTONICS LTD.", "CONSOLIDATED STATEMENTS OF OPERATIONS", "U.S. dollars in thousands",
            "Year ended December 31,", "2061 2060", "Gross profit 122,740 100,176", "Operating expenses:",
            "Research and development 52,618 46,205", "Less - grants and participations 3,140 3,882",
            "Research and development, net 49,478 42,323", "Sales and marketing 38,906 33,771",
            "Total operating expenses 88,384 76,094"]
    hit = _hit("R&D expenses, net, for 2061?", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "49,478"


# the parent's own statements after the group's, their pages headed "Separate financial statements", same labels
GROUP_CASH = ["PERDITA GROUP", "CONSOLIDATED STATEMENT OF CASH FLOWS", "for the year ended 31 December 2061",
              "in PLN thousand Note 2061 2060", "Net cash from operating activities 301,118 280,406",
              "Purchase of property, plant and equipment 18 (112,406) (98,733)"]
OWN_PAGES = ["PERDITA S.A. - SEPARATE FINANCIAL STATEMENTS", "STATEMENT OF CASH FLOWS", "in PLN thousand Note 2061 2060",
             "Net cash from operating activities 146,186 141,293",
             "Purchase of property, plant and equipment (71,204) (64,118)"]


@pytest.mark.parametrize("question,want", [
    ("Group capex in 2061 per the cash flow statement?", "(112,406)"),
    ("Perdita capex 2061", "(112,406)"),
    ("Separate capex 2061", "(71,204)"),
    ("Purchase of property, plant and equipment on a standalone basis for 2061?", "(71,204)"),
    ("Capex in the Company's separate cash flow statement, 2061", "(71,204)"),
    ("Standalone (separate) operating cash flow 2061", "146,186"),
])
def test_pages_headed_separate_financial_statements_are_the_parents_own_and_never_the_groups(question, want):
    hit = _hit(question, [GROUP_CASH, OWN_PAGES])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == want


def test_a_thai_public_company_limited_is_a_legal_form_and_initials_name_the_company():
    from pipeline.question.registry import bare_name
    assert bare_name("Chao Lotus Cold Chain Public Company Limited") == "Chao Lotus Cold Chain"
    page = ["PERDITA TRUST BANK PLC", "CONSOLIDATED AND SEPARATE STATEMENTS OF PROFIT OR LOSS",
            "For the year ended 31 December 2061", "Group Bank", "Notes 2061 2060 2061 2060",
            "N'million N'million N'million N'million", "Profit after tax 189,562 129,428 169,542 117,129"]
    facts = facts_of(["\n".join(page)])
    hit = answer_of("PTB group profit after tax for FY2061 (N'million)?", facts, "Perdita Trust Bank Plc", 2061)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "189,562"


def test_a_units_row_of_naira_millions_is_the_pages_currency_and_scale():
    from ingest import statement_units
    assert statement_units._page_units("N'million N'million\nProfit after tax 12 10")[:2] == ("NGN", "millions")


# counter-examples: each was a wrong figure or a lost answer under a first version of the rules above
def test_an_opening_row_is_never_the_closing_balance_of_a_column_dated_at_the_years_end():
    page = ["Perdita plc", "Consolidated statement of cash flows", "Year ended 31 December 2061 31 December 2060",
            "Net cash from operating activities 410 380", "Cash and cash equivalents at 1 January 300 210"]
    hit = _hit("Cash and cash equivalents as at 31 December 2061 per the cash flow statement", [page])
    assert not isinstance(hit, FactMatch)


def test_a_closing_rate_is_a_measure_no_balance_sheet_row_answers():
    page = ["Perdita plc", "Consolidated balance sheet", "Note 2061 2060",
            "Derivative financial instruments - interest rate swaps 45 30", "Total assets 2,000 1,800"]
    assert not isinstance(_hit("Closing rate 2061", [page]), FactMatch)
    assert not isinstance(_hit("Closing interest rate 2061", [page]), FactMatch)


def test_a_units_row_is_never_read_from_prose():
    from decimal import Decimal
    from pipeline.guardrails.verifier import supported
    chair = "\n".join(["Chair's statement", "I'm pleased to report another year of growth.",
                       "One million new shares were issued.", "Revenue rose to 12,500."])
    assert not supported(Decimal("12500"), "million", [chair])


def test_a_rupee_of_a_country_the_list_does_not_hold_is_never_indias():
    from ingest.identify import identify
    idn = identify(["PERDITA LIMITED\nThe financial statements are presented in Nepalese rupees, rounded to the "
                    "nearest thousand.\nStatement of profit or loss\nNote 2061 2060\nRevenue 1,000 900"])
    assert idn.currency != "INR"


def test_a_sentence_naming_the_separate_financial_statements_makes_no_page_the_parents():
    page = ["PERDITA S.A.", "STATEMENT OF FINANCIAL POSITION", "(the Company's separate financial statements are "
            "presented on pages 90-120)", "Note 2061 2060", "Total assets 2,000 1,800"]
    hit = _hit("Total assets 2061", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "2,000"
    assert not isinstance(_hit("Separate total assets 2061", [page]), FactMatch)


def test_a_companys_initials_that_spell_a_measure_stay_the_measure():
    page = ["NORTHERN INVESTMENT INCOME PLC", "Income statement", "Note 2061 2060", "Interest income 2,987 2,712",
            "Interest expense 987 712", "Net interest income 2,000 2,000"]
    facts = facts_of(["\n".join(page)])
    hit = answer_of("NII 2061", facts, "Northern Investment Income plc", 2061)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "2,000"


def test_employees_on_the_payroll_are_a_headcount():
    page = ["Perdita Ltd", "Notes to the financial statements", "27. Employees", "2061 2060",
            "Employees on payroll 12,400 11,900"]
    hit = _hit("Number of employees 2061", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "12,400" and hit.fact.kind == "count"


def test_an_unconsolidated_summary_answers_unasked_years_but_never_a_consolidated_question():
    pages = [["PERDITA TEXTILES LIMITED", "CONSOLIDATED STATEMENT OF PROFIT OR LOSS", "Note 2061 2060",
              "Sales - net 96,412 84,908", "Earnings per share - basic and diluted (Rupees) 16.38 10.11"],
             ["PERDITA TEXTILES LIMITED", "SIX YEARS AT A GLANCE (UNCONSOLIDATED)", "2061 2060 2059 2058",
              "Sales - net 86,412 74,908 68,412 61,806", "Earnings per share (Rupees) 14.94 8.78 7.74 6.74"]]
    assert not isinstance(_hit("Consolidated EPS for 2058", pages, year=2058), FactMatch)
    hit = _hit("Sales 2058", pages, year=2058)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "61,806"


def test_a_numbered_notes_sub_heading_marked_separate_makes_no_page_the_parents():
    page = ["PERDITA PHARMACEUTICALS PLC", "Notes to the Financial Statements", "24.1 Revenue by product (Separate)",
            "2061 2060", "Tablets 8,406 7,604", "37. Number of employees", "2061 2060",
            "Permanent employees (Group) 4,812 4,566"]
    hit = _hit("How many permanent employees did the group have at 30 June 2061?", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "4,812"


# found by the eighteenth round of made-up pages
def test_a_caption_date_then_notes_then_the_years_on_one_line_heads_four_columns():
    page = ["PERDITA SPICE HOLDINGS PLC", "STATEMENT OF PROFIT OR LOSS", "Group Company",
            "For the year ended 31 March Note 2061 2060 2061 2060", "Rs.'000 Rs.'000 Rs.'000 Rs.'000",
            "Revenue 4 48,612,330 44,105,218 21,402,115 19,887,440"]
    hit = _hit("Perdita group revenue FY2060/61", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "48,612,330"
    hit = _hit("For the Company, revenue in 2060", [page], year=2060)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "19,887,440"


def test_a_trailing_entity_word_in_lower_case_names_the_column():
    hit = _hit("profit after tax 2041, bank", [_bank_page()], year=2041)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "152,300"


def _bank_page():
    return ["Perdita Bank Plc", "Consolidated and separate statements of profit or loss", "GROUP BANK",
            "Notes 2041 2040 2041 2040", "N'million N'million N'million N'million",
            "Profit after tax 182,400 150,100 152,300 140,200"]


def test_total_operating_income_is_the_sum_of_incomes_never_the_operating_profit():
    page = ["PERDITA LOGISTIKA d.d.", "KONSOLIDIRANI RAČUN DOBITI I GUBITKA / CONSOLIDATED STATEMENT OF PROFIT OR LOSS",
            "Grupa / Group", "Bilješka / Note 2061 2060", "u tisućama EUR / EUR thousand",
            "Prihodi od prodaje / Sales revenue 4 184.512 171.208",
            "Ukupni poslovni prihodi / Total operating income 187.930 174.114",
            "Ukupni poslovni rashodi / Total operating expenses (141.058) (133.229)",
            "Dobit iz poslovanja / Operating profit 46.872 40.885"]
    facts = stored_facts(["\n".join(page)], 2061, "ANNUAL", as_ingested=True)
    hit = answer_of("Total operating income for 2060", facts, "Perdita", 2060)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "174.114"
    assert not any(f.label_path.startswith("u tisućama") for f in facts)      # the units caption heads no row
    hit = answer_of("Operating income for 2060", facts, "Perdita", 2060)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "40.885"


def test_a_balance_asked_at_the_first_of_a_month_is_never_that_years_closing_row():
    balance = ["Perdita plc", "Consolidated balance sheet", "Note 2061 2060", "Cash and cash equivalents 18,204 14,112"]
    assert not isinstance(_hit("Cash at 1 January 2061", [balance]), FactMatch)
    cash_flow = ["Perdita plc", "Consolidated statement of cash flows", "Note 2061 2060",
                 "Cash and cash equivalents at 1 January 14,112 12,001"]
    hit = _hit("Cash at 1 January 2061", [balance, cash_flow])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "14,112"


def test_a_thai_public_company_limited_is_registered_by_its_name_without_the_form():
    from ingest.identify import identify
    idn = identify(["CHAO LOTUS COLD CHAIN PUBLIC COMPANY LIMITED\nAnnual Report 2061\nSET Symbol: CLCC",
                    "Chao Lotus Cold Chain Public Company Limited and its subsidiaries\nStatement of financial position\n"
                    "As at 31 December 2061\n(Unit: Thousand Baht)\nNote 2061 2060\nTotal assets 7,024,195 6,351,637"])
    assert idn.company.lower() == "chao lotus cold chain"


@pytest.mark.parametrize("line,want", [
    ("SET Symbol: PLCC", ["PLCC"]),
    ("Listed on the Nigerian Exchange Limited (NGX) - Ticker: PERDITATB", ["PERDITATB"]),
    ("Listed on the Warsaw Stock Exchange (GPW) - ticker: PRD", ["PRD"]),     # the exchange's own code is no ticker
])
def test_a_listing_line_of_more_exchanges_gives_the_companys_ticker(line, want):
    from ingest.aliases import learn
    found = learn(["PERDITA HOLDINGS S.A.\nAnnual Report 2061\n" + line], names=["Perdita Holdings S.A."])
    assert [n.name for n in found if n.kind == "ticker"] == want


def test_the_company_in_capitals_as_its_column_is_printed_is_the_parents_column():
    from pipeline.question import whose_figure
    assert whose_figure.asked("What was THE COMPANY's revenue in FY2092?")[1]
    assert not whose_figure.asked("THE COMPANY's shareholders' equity 2092")[1]
