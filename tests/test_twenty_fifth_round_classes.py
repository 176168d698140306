"""Classes found by the twenty-fifth rounds (made-up report pages, round 26; made-up whole reports, round 18) and by
the refusals left from earlier rounds, written by helpers who never read the code. The companies, names, wording
and figures here are made up again."""
from __future__ import annotations


import pytest

from pipeline.reading import year_rows
from pipeline.reading.tables import parse_page
from tests.stored_facts import company_facts, printed_answer


_facts, _answer = company_facts, printed_answer


# a results summary printed one fiscal year a row, measures as columns, each figure followed by its change
SUMMARY = [["Summary of Consolidated Financial Results for the Fiscal Year Ended March 31, 2072",
            "Company name: Mizunagi Precision Co., Ltd.",
            "(1) Consolidated operating results (% indicates changes from the previous year)",
            "Net sales Operating profit Ordinary profit Profit attributable to owners of parent",
            "Millions of yen % Millions of yen % Millions of yen % Millions of yen %",
            "FY2071 92,410 4.2 7,318 11.0 7,902 9.3 5,114 (2.7)",
            "FY2070 88,688 1.9 6,593 (3.4) 7,230 0.6 5,256 12.1",
            "Basic earnings per share Diluted earnings per share Return on equity Operating profit to net sales",
            "Yen Yen % %",
            "FY2071 121.36 120.90 8.4 7.9",
            "FY2070 124.73 124.15 9.1 7.4",
            "(2) Consolidated financial position",
            "Total assets Net assets Equity ratio",
            "Millions of yen Millions of yen %",
            "As of March 31, 2072 118,204 66,315 54.9",
            "As of March 31, 2071 112,870 62,041 53.6",
            "2. Cash dividends",
            "Annual dividends per share Payout ratio (consolidated)",
            "1st quarter-end 2nd quarter-end 3rd quarter-end Fiscal year-end Total",
            "Yen Yen Yen Yen Yen %",
            "FY2070 - 18.00 - 20.00 38.00 30.5",
            "FY2071 - 20.00 - 24.00 44.00 36.3",
            "FY2072 (Forecast) - 22.00 - 24.00 46.00 35.8"]]


def test_a_years_as_rows_summary_reads_each_measure_for_each_year():
    cells = {(c.label, c.period.header): c for c in year_rows.cells(parse_page("\n".join(SUMMARY[0])))}
    assert cells[("Net sales", "FY2071")].value == "92,410"
    assert cells[("Profit attributable to owners of parent", "FY2070")].value == "5,256"     # (not its change, 12.1)
    assert cells[("Net sales", "FY2071")].unit == "million" and cells[("Net sales", "FY2071")].period.currency == "JPY"
    assert cells[("Return on equity", "FY2071")].kind == "percent"
    assert cells[("Diluted earnings per share", "FY2071")].kind == "per_share"
    assert cells[("Total assets", "As of March 31, 2072")].period.end.isoformat() == "2072-03-31"
    assert cells[("Fiscal year-end", "FY2071")].path == ("Annual dividends per share",)
    # a forecast's row is the plan, not a result
    assert not [c for c in cells.values() if c.period.header.startswith("FY2072")]


def test_a_years_as_rows_summary_answers_by_fiscal_year():
    name = "Mizunagi Precision Co., Ltd."
    assert _answer("Mizunagi net sales FY2071", SUMMARY, name, 2071, 2071) == "92,410"
    assert _answer("Operating profit FY2070?", SUMMARY, name, 2070, 2071) == "6,593"
    assert _answer("Diluted EPS FY2071 in yen", SUMMARY, name, 2071, 2071) == "120.90"
    assert _answer("ROE FY2070", SUMMARY, name, 2070, 2071) == "9.1"
    assert _answer("equity ratio FY2071", SUMMARY, name, 2071, 2071) == "54.9"
    assert _answer("year-end DPS FY2071", SUMMARY, name, 2071, 2071) == "24.00"
    assert _answer("annual dividend per share FY2071", SUMMARY, name, 2071, 2071) == "44.00"
    # a measure the summary does not print is not one it prints
    assert _answer("return on assets FY2071", SUMMARY, name, 2071, 2071) is None
    assert _answer("net sales FY2072", SUMMARY, name, 2072, 2071) is None      # (only forecast)


def test_a_header_whose_units_do_not_pair_with_its_names_is_not_read():
    page = ["Net sales Operating profit Ordinary profit",
            "Millions of yen % Millions of yen",        # (three units for three measures and their changes: no)
            "FY2071 92,410 4.2 7,318"]
    assert year_rows.cells(parse_page("\n".join(page))) == []
    # measures as rows and years as columns is an ordinary table, not this one
    ordinary = ["Key figures", "2071 2070", "Net sales 92,410 88,688", "Operating profit 7,318 6,593"]
    assert year_rows.cells(parse_page("\n".join(ordinary))) == []


def test_a_return_on_equity_printed_as_its_initials_answers_it_spelled_out():
    page = [["KESTREL HARBOUR GROUP PLC", "Five-year summary", "2071 2070 2069",
             "Revenue (£m) 1,204.5 1,118.2 1,090.0", "ROE 14.2% 13.8% 12.9%", "Return on tangible equity 18.1% 17.5% 16.0%"]]
    assert _answer("Kestrel return on equity 2070", page, "Kestrel Harbour Group plc", 2070, 2071) == "13.8%"
    assert _answer("Kestrel ROE 2071", page, "Kestrel Harbour Group plc", 2071, 2071) == "14.2%"


def test_a_rate_of_one_amount_over_another_answers_only_a_question_naming_both():
    name = "Mizunagi Precision Co., Ltd."
    page = [SUMMARY[0][:5] + ["Ordinary profit to total assets Operating profit to net sales", "% %",
                              "FY2071 6.9 7.9", "FY2070 6.6 7.4"]]
    assert _answer("ordinary profit to total assets FY2071", page, name, 2071, 2071) == "6.9"
    assert _answer("YoY % growth in ordinary profit FY2071", page, name, 2071, 2071) != "6.9"


# results printed for the parent (standalone) and the group (consolidated) side by side, under one title
RESULTS = [["KAVERI DYESTUFFS LIMITED",
            "STATEMENT OF STANDALONE AND CONSOLIDATED AUDITED FINANCIAL RESULTS FOR THE YEAR ENDED 31ST MARCH, 2072",
            "(Rs. in crore, except per share data)",
            "Standalone Consolidated",
            "Particulars Year ended Year ended Year ended Year ended",
            "31.03.2072 31.03.2071 31.03.2072 31.03.2071",
            "I Revenue from operations 1,204.16 1,118.40 1,386.22 1,290.05",
            "III Total income (I+II) 1,230.57 1,140.11 1,409.84 1,309.72",
            "X Profit/(loss) from discontinued operations - - (12.40) (3.10)",
            "XI Tax expense/(credit) of discontinued operations - - (1.60) (0.40)",
            "XII Profit/(loss) from discontinued operations after tax (X-XI) - - (10.80) (2.70)",
            "Share of profit of subsidiaries 41.20 36.85 - -"]]


def test_standalone_and_consolidated_results_side_by_side_answer_each_as_asked():
    name = "Kaveri Dyestuffs Limited"
    assert _answer("Kaveri consolidated revenue from operations FY72", RESULTS, name, 2072, 2072) == "1,386.22"
    assert _answer("Kaveri standalone revenue from operations FY72", RESULTS, name, 2072, 2072) == "1,204.16"
    # the sum of the numbered lines a row totals is no word of it, and no "(x)" multiple
    facts = {f.label for f in _facts(RESULTS, name, 2072)}
    assert "Total income" in facts and not any("(I+II)" in label for label in facts)
    assert _answer("Kaveri loss from discontinued operations after tax FY2072, consolidated", RESULTS, name,
                   2072, 2072) == "(10.80)"
    # a line only the parent prints (the group's a dash) is the parent's line
    assert _answer("Kaveri share of profit of subsidiaries FY2072", RESULTS, name, 2072, 2072) == "41.20"


def test_a_unit_bracket_before_the_dates_is_part_of_the_header():
    page = [["ACME HOLDINGS", "CONSOLIDATED STATEMENT OF PROFIT AND LOSS FOR THE YEAR ENDED 31 MARCH 2072",
             "(Rs. crore) Year ended 31 March 2072 | Year ended 31 March 2071",
             "Revenue from operations 2,412.36 2,218.04", "Profit for the year 246.27 210.92"]]
    assert _answer("Acme profit for the year FY2071", page, "Acme Holdings", 2071, 2072) == "210.92"


def test_a_year_alone_over_quarter_names_dates_each_quarter_column():
    page = [["OTTER CREEK BANCORP, INC.", "NOTE 21. QUARTERLY FINANCIAL DATA (UNAUDITED)",
             "(Dollars in thousands, except per share data)", "2071",
             "Fourth Quarter Third Quarter Second Quarter First Quarter",
             "Net interest income 40,120 39,845 38,010 37,216",
             "Net income $ 12,402 $ 11,980 $ 11,215 $ 10,874", "2070",
             "Fourth Quarter Third Quarter Second Quarter First Quarter",
             "Net interest income 36,802 36,115 35,240 34,918",
             "Net income $ 10,655 $ 10,412 $ 9,980 $ 9,714"]]
    name = "Otter Creek Bancorp, Inc."
    assert _answer("Otter Creek net income Q3 2071", page, name, 2071, 2071) == "11,980"
    assert _answer("Otter Creek net interest income first quarter 2070", page, name, 2070, 2071) == "34,918"
    assert _answer("Otter Creek net income 2071", page, name, 2071, 2071) is None     # (no year's column printed)


# a restated opening balance sheet: day-month dates over a line of years, and unlabelled subtotals
POSITION = [["WATERBERG LOGISTICS PROPERTIES LIMITED", "CONSOLIDATED STATEMENT OF FINANCIAL POSITION",
             "as at 30 June 2072", "Restated Restated", "30 June 30 June 1 July", "2072 2071 2070",
             "R'000 R'000 R'000", "ASSETS", "Non-current assets",
             "Investment property 4,120,400 3,980,100 3,850,250", "Equipment 12,300 11,800 10,900",
             "4,132,700 3,991,900 3,861,150", "Current assets",
             "Trade and other receivables 84,210 80,115 76,400", "Cash and cash equivalents 40,120 36,880 33,010",
             "124,330 116,995 109,410", "Total assets 4,257,030 4,108,895 3,970,560",
             "EQUITY AND LIABILITIES", "Total equity 2,900,000 2,810,000 2,700,000",
             "Non-current liabilities", "Interest-bearing borrowings 1,100,000 1,050,000 1,020,000",
             "Current liabilities", "Interest-bearing borrowings 180,000 170,000 175,000",
             "Trade and other payables 77,030 78,895 75,560", "257,030 248,895 250,560",
             "Total liabilities 1,357,030 1,298,895 1,270,560",
             "Total equity and liabilities 4,257,030 4,108,895 3,970,560"]]


def test_day_month_dates_over_a_line_of_years_date_each_column():
    name = "Waterberg Logistics Properties Limited"
    assert _answer("Waterberg total assets at 1 July 2070", POSITION, name, 2070, 2072) == "3,970,560"
    assert _answer("Waterberg total assets at 30 June 2071", POSITION, name, 2071, 2072) == "4,108,895"


def test_a_sub_headings_unlabelled_total_is_read_though_the_sections_total_follows():
    name = "Waterberg Logistics Properties Limited"
    # ("Total liabilities" below names the section, not "Current liabilities")
    assert _answer("Waterberg total current liabilities at 30 June 2072", POSITION, name, 2072, 2072) == "257,030"


def test_a_numeric_date_with_a_two_digit_year_names_its_day():
    from pipeline.question.shorthand import spell
    assert spell("Total deposits at 12/31/71?") == "Total deposits at December 31, 2071?"
    assert spell("Bonds outstanding 31/3/72") == "Bonds outstanding March 31, 2072"
    assert spell("units sold 6/5/71") == "units sold 6/5/71"        # (either part may be the month: left as written)


def test_a_symbol_bracketed_after_an_exchanges_name_or_said_in_the_sentence_is_the_ticker():
    from ingest.aliases import learn
    cover = ("TAPTI CERAMICS LIMITED\nAnnual Report 2071-72\n" + "Key numbers for the year\n" * 20 +
             "Listed on: BSE Limited (Scrip Code: 512345) and National Stock Exchange of India Limited (Symbol: TAPTICER)")
    assert [(n.name, n.kind) for n in learn([cover], names=["Tapti Ceramics", "Tapti Ceramics Limited"])] == \
        [("TAPTICER", "ticker")]
    note = ("NOTES\n1. Basis of preparation\nHollins Brae Group plc is a public company limited by shares, incorporated "
            "and domiciled in England and\nWales and listed on the Main Market of the London Stock Exchange (ticker: HBG). "
            "The financial statements ...")
    learned = learn(["Hollins Brae Group plc\nAnnual report 2071", "Contents", note], names=["Hollins Brae Group"])
    assert ("HBG", "ticker") in [(n.name, n.kind) for n in learned]
    # a ticker in another sentence than the name is not the company's
    other = "NOTES\nHollins Brae Group plc owns 30% of Cask Ltd. Cask Ltd is listed on AIM (ticker: CSK)."
    assert "CSK" not in [n.name for n in learn(["x", "y", other], names=["Hollins Brae Group"])]


def test_a_row_stating_its_own_unit_rate_is_a_rate_not_an_amount_in_the_tables_scale():
    page = [["WANDOO GOLD LIMITED", "FIVE-YEAR SUMMARY", "(A$m unless stated) 2072 2071",
             "Gold produced (koz) 412 398", "AISC (A$/oz) 2,301 2,185", "Revenue (A$m) 1,193.6 1,049.8"]]
    facts = {f.label: f for f in _facts(page, "Wandoo Gold Limited", 2072) if f.fiscal_year == 2072}
    assert facts["AISC (A$/oz)"].scale is None and "per oz" in facts["AISC (A$/oz)"].qualifiers
    assert _answer("Wandoo AISC FY2072 (A$/oz)", page, "Wandoo Gold Limited", 2072, 2072) == "2,301"
    assert _answer("Wandoo revenue FY2072", page, "Wandoo Gold Limited", 2072, 2072) == "1,193.6"


# a header printed again down the page ("LIABILITIES AND EQUITY Note ..."), the entity caption only at the top
BALANCE = [["COMPANHIA DE SANEAMENTO DO VALE - CSV", "BALANCE SHEETS AS OF DECEMBER 31, 2071 AND 2070",
            "(In thousands of Brazilian reais - R$)", "Parent Company Consolidated",
            "ASSETS Note 12/31/2071 12/31/2070 12/31/2071 12/31/2070",
            "Cash and cash equivalents 5 41,284 38,641 54,861 49,824",
            "TOTAL ASSETS 1,421,140 1,302,121 1,488,166 1,371,050",
            "LIABILITIES AND EQUITY Note 12/31/2071 12/31/2070 12/31/2071 12/31/2070",
            "Debentures 19 284,621 261,284 304,621 281,284",
            "TOTAL LIABILITIES AND EQUITY 1,421,140 1,302,121 1,488,166 1,371,050"]]


def test_a_header_repeated_down_the_page_keeps_the_entities_named_at_the_top():
    name = "Companhia de Saneamento do Vale - CSV"
    assert _answer("Consolidated total assets at Dec 31 2071", BALANCE, name, 2071, 2071) == "1,488,166"
    assert _answer("Debentures (consolidated) end of 2070", BALANCE, name, 2070, 2071) == "281,284"
    assert _answer("Debentures, parent, 12/31/2071", BALANCE, name, 2071, 2071) == "284,621"


BANK = [["STORFJELL SPAREBANK ASA", "Income statement", "Group", "NOK m Note 2072 2071",
         "Net interest income 4 9,412 8,846", "Net credit losses 9 (486) (214)",
         "Profit before tax 5,120 4,880", "Balance sheet", "Group", "NOK m Note 31 Dec 2072 31 Dec 2071",
         "Loans to credit institutions 14 8,614 7,942", "Loans to the public 14 526,418 498,712",
         "Total assets 690,340 648,998", "Amounts owed to credit institutions 22 24,612 28,416",
         "Deposits and borrowings from the public 23 318,462 301,846", "Total liabilities 645,357 606,532"]]


def test_a_banks_deposit_and_credit_loss_lines_answer_in_analysts_words():
    name = "Storfjell Sparebank ASA"
    assert _answer("Storfjell customer deposits at 31 December 2072", BANK, name, 2072, 2072) == "318,462"
    assert _answer("Storfjell loan loss impairment charges 2072", BANK, name, 2072, 2072) == "(486)"
    assert _answer("Storfjell provision for credit losses 2071", BANK, name, 2071, 2072) == "(214)"
    # the deposits it holds with other banks are an asset, never its customers' deposits
    assert _answer("Storfjell customer deposits at 31 December 2072", [BANK[0][:13]], name, 2072, 2072) is None


# The audit of this stop's rules (a helper who tried to break them): each counter-example answers right or not at all.

def test_a_joint_results_title_over_the_standalone_block_alone_is_the_parents_page():
    name = "Kaveri Dyestuffs Limited"
    standalone = [RESULTS[0][0], RESULTS[0][1], RESULTS[0][2], "Part A - Standalone",
                  "Particulars Year ended Year ended", "31.03.2072 31.03.2071", "I Revenue from operations 1,204.16 1,118.40"]
    consolidated = ["KAVERI DYESTUFFS LIMITED", "CONSOLIDATED STATEMENT OF PROFIT AND LOSS FOR THE YEAR ENDED 31 MARCH 2072",
                    "(Rs. crore) Year ended 31 March 2072 | Year ended 31 March 2071",
                    "Revenue from operations 1,386.22 1,290.05"]
    assert _answer("Kaveri consolidated revenue from operations FY2072", [standalone, consolidated], name,
                   2072, 2072) == "1,386.22"


def test_a_repeated_header_captioned_its_own_way_is_another_tables():
    page = BALANCE[0][:7] + ["Note 14 - Loans and financing", "Current Non-current",
                             "12/31/2071 12/31/2070 12/31/2071 12/31/2070", "Bank loans 50,000 40,000 300,000 280,000"]
    assert _answer("Consolidated bank loans at Dec 31 2071", [page], "Companhia de Saneamento do Vale - CSV",
                   2071, 2071) is None


def test_an_unlabelled_line_summing_a_headings_first_rows_is_not_its_total():
    page = ["ACME UTILITY INC", "CONSOLIDATED STATEMENTS OF INCOME", "(In millions) 2072 2071", "Operating revenues:",
            "Electric 1,000 900", "Natural gas 500 450", "1,500 1,350", "Wholesale 200 180", "Total revenues 1,700 1,530",
            "Operating expenses:", "Fuel 400 380", "Operations 300 280", "700 660", "Depreciation 250 240",
            "Total expenses 950 900"]
    assert _answer("total operating revenues 2072", [page], "Acme Utility Inc", 2072, 2072) == "1,700"
    assert _answer("operating expenses 2072", [page], "Acme Utility Inc", 2072, 2072) == "950"


def test_a_forecast_block_a_price_column_and_a_maturity_schedule_are_no_results():
    forecast = SUMMARY[0][:2] + ["3. Consolidated Financial Forecasts for the Fiscal Year Ending March 31, 2073",
                                 SUMMARY[0][3], SUMMARY[0][4], "FY2072 98,000 6.0 7,800 6.6 8,300 5.0 5,500 7.5"]
    assert year_rows.cells(parse_page("\n".join(forecast))) == []
    price = ["Number of employees Share price at fiscal year-end", "Persons Yen", "FY2071 4,210 2,345"]
    assert [c.label for c in year_rows.cells(parse_page("\n".join(price)))] == ["Number of employees"]
    maturities = ["Fiscal year Long-term debt Lease obligations", "Millions of yen Millions of yen", "2073 4,000 310",
                  "2074 3,500 280"]
    assert year_rows.cells(parse_page("\n".join(maturities))) == []


def test_a_return_on_one_thing_is_not_a_return_on_another():
    page = [["KESTREL HARBOUR GROUP PLC", "Five-year summary", "2071 2070", "Return on capital employed 11.2% 10.4%"]]
    assert _answer("Kestrel return on invested capital 2071", page, "Kestrel Harbour Group plc", 2071, 2071) is None
    assert _answer("Kestrel return on capital employed 2071", page, "Kestrel Harbour Group plc", 2071, 2071) == "11.2%"


def test_one_quarters_dividend_never_answers_another_quarter():
    page = [["ACME BANCORP", "Dividends declared per common share", "2072 2071", "First quarter 0.20 0.18",
             "Second quarter 0.20 0.18", "Third quarter 0.22 0.20", "Fourth quarter 0.25 0.22", "Total 0.87 0.78"]]
    assert _answer("Q4 dividend per share 2072", page, "Acme Bancorp", 2072, 2072) in ("0.25", None)
    assert _answer("year-end dividend per share 2072", page, "Acme Bancorp", 2072, 2072) is None


def test_the_parents_shareholders_and_a_parent_printed_dash_are_the_groups():
    page = [["NORDVIK GROUP ASA", "Income statement", "Group Parent company", "NOK m 2072 2071 2072 2071",
             "Dividend income - - 30,000 25,000", "Profit for the year 1,210 1,100 800 700",
             "Attributable to:", "Shareholders in the parent 1,100 1,010 - -", "Non-controlling interests 110 90 - -"]]
    # (the parent's dividend income, the group's a dash: the group's nil, not the parent's figure unasked)
    assert _answer("Nordvik dividend income 2072", [page[0][:5]], "Nordvik Group ASA", 2072, 2072) != "30,000"
    assert _answer("profit attributable to shareholders in the parent 2072", page, "Nordvik Group ASA",
                   2072, 2072) == "1,100"


def test_a_symbol_on_a_subsidiarys_cover_naming_its_listed_holding_company_is_not_the_subsidiarys():
    from ingest.aliases import learn
    sub = ("TAPTI POLYMERS PRIVATE LIMITED\nAnnual Report 2071-72\nHolding Company: Tapti Ceramics Limited, listed on "
           "National Stock Exchange of India Limited (Symbol: TAPTICER)")
    assert learn([sub], names=["Tapti Polymers", "Tapti Polymers Private Limited"]) == []


def test_a_gain_on_price_risk_management_per_boe_is_no_price():
    page = [["ACME ENERGY LTD", "Netbacks ($/boe) 2072 2071", "Realized oil price 78.40 72.10",
             "Realized gain (loss) on commodity price risk management 0.88 (1.20)"]]
    assert _answer("realized gain on commodity price risk management 2072", page, "Acme Energy Ltd", 2072, 2072) \
        in ("0.88", None)


def test_a_net_income_above_the_tax_line_is_a_net_revenue_not_the_bottom_line():
    page = [["WATTLE FX GROUP LIMITED", "Consolidated statement of comprehensive income",
             "for the year ended 31 March 2072", "Notes 2072 2071", "$'000 $'000",
             "Fee and trading income 3 158,015 134,232", "Fee and commission expense 3 (11,391) (16,762)",
             "Net income 146,624 117,470", "Interest and other income 3 403 460", "Net operating income 147,027 117,930",
             "Employment expenses 4 (66,618) (57,992)", "Other operating expenses 4 (11,593) (8,779)",
             "Net profit before income tax 32,107 15,633", "Income tax expense 5 (7,649) (3,548)",
             "Net profit attributable to ordinary shareholders 24,458 12,085"]]
    name = "Wattle FX Group Limited"
    assert _answer("Net profit after tax FY2072", page, name, 2072, 2072) == "24,458"
    assert _answer("Net income 2072", page, name, 2072, 2072) == "24,458"
    # an ordinary statement's net income, below its tax line, is the bottom line
    us = [["ACME CORP", "CONSOLIDATED STATEMENTS OF INCOME", "(In millions) 2072 2071", "Revenue 1,000 900",
           "Cost of revenue (600) (550)", "Income before income taxes 400 350", "Provision for income taxes (84) (70)",
           "Net income 316 280", "Other comprehensive income", "Income tax benefit related to OCI 3 2"]]
    assert _answer("Acme net income 2072", us, "Acme Corp", 2072, 2072) == "316"


@pytest.mark.parametrize("line,ticker", [
    ("Shares traded on B3 S.A. - Brasil, Bolsa, Balcao (Novo Mercado) under the ticker GRNA3", "GRNA3"),
    ("Listed on the Main Market of Bursa Malaysia Securities Berhad (Stock code: 5123, GRANIT)", "GRANIT"),
])
def test_an_exchange_named_by_its_own_legal_form_on_the_cover_is_no_other_company(line, ticker):
    from ingest.aliases import learn
    cover = "GRANITO NORTE ALIMENTOS S.A.\nAnnual Report 2071\n" + "Highlights of the year\n" * 5 + line
    assert ticker in [n.name for n in learn([cover], names=["Granito Norte Alimentos"])]


def test_a_ratio_asked_of_a_quarter_is_not_computed_from_the_years_figures():
    from pipeline.answer.figure_kinds import computes_a_part
    from pipeline.question.analysis import QuestionFacts
    from pipeline.question.lexicon import get_lexicon
    operating = get_lexicon().get("operating_income")
    assert computes_a_part(QuestionFacts(text="ACME Q4 FY2072 operating margin?", years=[2072]), operating)
    assert computes_a_part(QuestionFacts(text="Acme first-half SG&A as a % of revenue 2072", years=[2072]), None)
    assert not computes_a_part(QuestionFacts(text="ACME FY2072 operating margin?", years=[2072]), operating)
    assert not computes_a_part(QuestionFacts(text="ACME Q4 FY2072 operating income", years=[2072]), operating)


def test_a_reit_calling_itself_the_reit_learns_no_alias():
    from ingest.aliases import learn
    page = ('MANAGEMENT\'S DISCUSSION AND ANALYSIS\nKestrel Ridge Logistics REIT (the "REIT") is an unincorporated, '
            'open-ended real estate investment trust. The REIT owned 148 properties.')
    assert "REIT" not in [n.name for n in learn(["KESTREL RIDGE LOGISTICS REIT\nAnnual Report 2071", page],
                                                 names=["Kestrel Ridge Logistics REIT"])]
