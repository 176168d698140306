"""Classes found by the twenty-sixth rounds (made-up report pages, round 28; made-up whole reports, round 20) and by
what the last rounds left (a terse "<company> CEO?", a statement titled with its unit on the same line), written by
helpers who never read the code. The companies, names, wording and figures here are made up again."""
from __future__ import annotations


import pytest

from pipeline.answer.role_asked import asks_role
from pipeline.question import shorthand
from pipeline.question.analysis import QuestionFacts
from pipeline.question.registry import Company
from pipeline.reading.statement_titles import detect_title
from tests.stored_facts import company_facts, printed_answer


_facts, _answer = company_facts, printed_answer


_TERNLEY = Company(key="t", name="Ternley Marsh Outfitters, Inc.", aliases=("Ternley", "Ternley Marsh"),
                   tickers=("TMO.UN",))


@pytest.mark.parametrize("question, role", [
    ("TMO.UN CEO?", "chief executive officer"),
    ("Ternley's auditor?", "auditor"),
    ("Ternley Marsh external auditors?", "auditor"),
    ("Ternley chair?", "chair"),
    ("TMO.UN Group CFO?", "chief financial officer"),
    ("Ternley Marsh CFO?", "chief financial officer"),          # no period: the person
    ("Ternley chief financial officer FY2071?", "chief financial officer"),
    ("Ternley CFO FY2071?", None),          # beside a period "CFO" is operating cash flow, as analysts abbreviate it
    ("Ternley CFO in fiscal '71", None),
    ("TMO.UN CFO H1?", None),
    ("TMO.UN MD & CEO?", "chief executive officer"),       # a combined title names the role it holds
    ("Ternley President and CEO?", "chief executive officer"),
    ("Ternley revenue and CFO?", None),
    ("Ternley CEO and CFO?", None),                        # two people asked: not one role's answer
    ("Ternley CEO pay?", None),              # a measure about the role, not the person
    ("Ternley capex?", None),
])
def test_a_role_named_alone_beside_the_company_asks_for_the_person(question, role):
    assert asks_role(QuestionFacts(text=question, companies=[_TERNLEY])) == role


@pytest.mark.parametrize("line, kind", [
    ("Consolidated Statements of Income (Millions of yen)", "income"),
    ("Consolidated Balance Sheet (Unit: millions of yen)", "balance"),
    ("Consolidated Statement of Cash Flows (in thousands, except per share data)", "cash_flow"),
    ("Consolidated Income Statement (€ million)", "income"),
    ("Consolidated Statement of Financial Position (HK$'000)", "balance"),
    ("Consolidated Statements of Income (see note 3)", None),     # a bracket that is no unit: a sentence's aside
    ("Consolidated balance sheet (in millions) 45", None),       # a contents entry: a page number after it
])
def test_a_statement_titled_with_its_unit_on_the_same_line_is_that_statement(line, kind):
    assert detect_title([line, "Net sales 412,308 438,915"])[1] == kind


# A start-named fiscal year ("FY2071" = April 2071 to March 2072) whose statement prints its unit on the title line and
# the prior year first: the title dates the filing, so the March 2071 column is FY2070's
_SHIRANAMI = [
    ["SHIRANAMI SEIKA CO., LTD.", "Integrated Report 2072",
     "In this report, 'FY2071' refers to the fiscal year from April 1, 2071 to March 31, 2072."],
    ["Consolidated Statements of Income (Millions of yen)",
     "FY2070 (Apr 1, 2070 - Mar 31, 2071) FY2071 (Apr 1, 2071 - Mar 31, 2072)",
     "Net sales 205,114 219,802",
     "Cost of sales 143,580 152,903",
     "Gross profit 61,534 66,899",
     "Selling, general and administrative expenses 52,116 55,020",
     "Operating profit 9,418 11,879",
     "Ordinary profit 9,902 12,311",
     "Profit attributable to owners of parent 6,204 7,718"],
]


def test_a_start_named_filers_prior_year_column_is_its_prior_fiscal_year():
    assert _answer("Shiranami ordinary profit FY2071", _SHIRANAMI, "Shiranami Seika", 2071, 2071) == "12,311"
    assert _answer("Shiranami ordinary profit FY2070", _SHIRANAMI, "Shiranami Seika", 2070, 2071) == "9,902"



# Book value per share printed as "Net assets per share" (a Japanese results summary) or "Equity per share" (a Nordic
# key-figures table); asked as "BVPS" or spelled out
_KAWASEMI = [["Consolidated Balance Sheets (Millions of yen)",
              "As of March 31, 2071 As of March 31, 2072",
              "Total assets 188,402 197,310",
              "Total net assets 102,118 108,940",
              "Net assets per share (yen) 2,418.36 2,577.02",
              "Equity ratio (%) 53.1 54.0"]]
_FJELLHAVN = [["Key figures", "NOK million 2071 2070",
               "Operating revenue 8,412 7,906",
               "Equity 3,318 3,102",
               "Equity per share (NOK) 41.22 38.54",
               "Equity ratio 38.2% 37.6%"]]


def test_book_value_per_share_is_read_from_net_assets_or_equity_per_share():
    assert _answer(shorthand.spell("Kawasemi BVPS FY2071"), _KAWASEMI, "Kawasemi Denki", 2071, 2071) == "2,577.02"
    assert _answer("Kawasemi book value per share FY2070?", _KAWASEMI, "Kawasemi Denki", 2070, 2071) == "2,418.36"
    assert _answer("Fjellhavn book value per share 2071", _FJELLHAVN, "Fjellhavn Marine", 2071, 2071) == "41.22"
    assert _answer("Fjellhavn equity 2071", _FJELLHAVN, "Fjellhavn Marine", 2071, 2071) == "3,318"


# A fiscal year named "F2098" (South African reports, analysts' notes): a column header and a question's year alike;
# "R'000 unless otherwise stated" is a unit caption, so a five-year review's header under it is read
_KAROO = [["FIVE-YEAR REVIEW",
           "R'000 unless otherwise stated F2071 F2070 F2069",
           "Revenue 1,842,306 1,702,118 1,611,904",
           "Headline earnings per share (cents) 212.4 198.6 181.2"]]


def test_a_fiscal_year_named_F2071_heads_a_column_and_is_asked_so():
    assert _answer(shorthand.spell("Karoo revenue F2071?"), _KAROO, "Karoo Pipe", 2071, 2071) == "1,842,306"
    assert _answer(shorthand.spell("Karoo HEPS F2070"), _KAROO, "Karoo Pipe", 2070, 2071) == "198.6"
    # two digits after an F are an aircraft's or a product's name, never a year; nor is a company's own name
    assert shorthand.spell("F35 programme revenue in FY2071") == "F35 programme revenue in FY2071"
    assert shorthand.spell("F2070 Partners revenue 2071", keep={"f2070", "partners"}).startswith("F2070 Partners")


# "Consolidated Holding Company" over the years: the second pair of columns is the parent's own ("the holding company")
_TAVEUNI = [["TAVEUNI COAST RESORTS LIMITED AND ITS SUBSIDIARIES",
             "STATEMENTS OF PROFIT OR LOSS",
             "FOR THE YEAR ENDED 31 DECEMBER 2071",
             "Consolidated Holding Company",
             "Notes 2071 2070 2071 2070",
             "$ $ $ $",
             "Revenue 5 31,418,206 29,806,412 1,204,000 1,150,000",
             "Dividend income from subsidiaries - - 3,000,000 2,400,000",
             "Profit before income tax 6,812,406 5,906,118 3,612,480 2,918,306",
             "Net profit after income tax 5,418,204 4,712,806 3,580,118 2,890,604"]]


def test_a_holding_company_column_is_the_parents_and_the_group_is_answered_from_the_consolidated_one():
    assert _answer("Taveuni revenue 2071", _TAVEUNI, "Taveuni Coast Resorts", 2071, 2071) == "31,418,206"
    assert _answer("Dividend income the holding company received from subsidiaries in 2070", _TAVEUNI,
                   "Taveuni Coast Resorts", 2070, 2071) == "2,400,000"
    assert _answer("Net profit after income tax of the holding company, 2071", _TAVEUNI, "Taveuni Coast Resorts",
                   2071, 2071) == "3,580,118"


def test_net_sales_revenue_is_the_top_line_not_operating_revenues_around_it():
    pages = [["INCOME STATEMENT", "in EUR thousand 2071 2070",
              "Net sales revenue 98.412 91.306",
              "Change in inventories of products 1.204 -618",
              "Other operating revenues 2.118 1.906",
              "Operating revenues 101.734 92.594"]]
    assert _answer("Net sales revenue 2071", pages, "Savinja Lesna", 2071, 2071) == "98.412"
    assert _answer("Savinja revenue 2070", pages, "Savinja Lesna", 2070, 2071) == "91.306"


# A segment note whose columns are segments named in a sentence on the page, a block a year, each year labelled with its
# period in brackets; a convenience translation column repeats the latest year on the statements
_HAKKODA = [
    ["Hakkoda Kanko Railway Co., Ltd. and Consolidated Subsidiaries", "Consolidated Statements of Income",
     "Thousands of", "Millions of yen U.S. dollars (Note 1)",
     "Fiscal 2070 Fiscal 2071 Fiscal 2071",
     "(Apr. 1, 2070 - Mar. 31, 2071) (Apr. 1, 2071 - Mar. 31, 2072)",
     "Operating revenue 118,204 124,612 832,410",
     "Operating income 11,306 12,918 86,290"],
    ["Notes to Consolidated Financial Statements", "12. Segment Information",
     "The Group's reportable segments are Railways (rail and bus), Property Leasing (offices and malls) and Hotels.",
     "Fiscal 2070 (Year ended March 31, 2071)", "Millions of yen",
     "Railways Property Leasing Hotels Adjustments Consolidated",
     "Operating revenue:",
     "External customers 70,118 30,406 17,680 - 118,204",
     "Intersegment 1,204 2,306 118 (3,628) -",
     "Total 71,322 32,712 17,798 (3,628) 118,204",
     "Segment income 7,206 4,118 402 (420) 11,306",
     "Fiscal 2071 (Year ended March 31, 2072)", "Millions of yen",
     "Railways Property Leasing Hotels Adjustments Consolidated",
     "Operating revenue:",
     "External customers 73,902 32,514 18,196 - 124,612",
     "Intersegment 1,306 2,418 122 (3,846) -",
     "Total 75,208 34,932 18,318 (3,846) 124,612",
     "Segment income 8,014 4,506 812 (414) 12,918",
     # (each column's name is printed elsewhere on the page, or the header is not split: "Adjustments" here)
     "Note: Adjustments are eliminations of intersegment transactions and corporate expenses."],
    ["Consolidated Balance Sheets", "Millions of yen", "March 31, 2071 March 31, 2072",
     "Total assets 402,118 418,906", "Total net assets 180,412 188,604"],
]


def test_a_translation_column_repeating_the_latest_year_keeps_each_years_figure_apart():
    assert _answer("Hakkoda operating revenue fiscal 2071", _HAKKODA, "Hakkoda Kanko", 2071, 2071) == "124,612"
    assert _answer("Hakkoda operating income fiscal 2070", _HAKKODA, "Hakkoda Kanko", 2070, 2071) == "11,306"


def test_segments_named_in_the_notes_sentence_head_the_columns_of_each_years_block():
    facts = _facts(_HAKKODA, "Hakkoda Kanko", 2071)
    cells = {(f.fiscal_year, f.label_path): (f.value_printed, f.kind) for f in facts if f.page == 2}
    assert cells[(2071, "Property Leasing › Segment income")] == ("4,506", "money")
    assert cells[(2070, "Hotels › Segment income")] == ("402", "money")
    # a row under its heading "Operating revenue:" is revenue (money), never a count of customers
    assert cells[(2070, "Railways › Operating revenue › External customers")] == ("70,118", "money")
    assert _answer("Property Leasing segment income fiscal 2071", _HAKKODA, "Hakkoda Kanko", 2071, 2071) == "4,506"


# "Per share (yen):" heads the rows below it: they are per-share figures (never millions of yen) and "Net assets" there
# is book value per share; a question's "(Rs cr)" is its unit (crore), no word of the measure
_SHIMOKITA = [["Five-Year Summary", "Millions of yen, except per-share data",
               "Fiscal 2069 Fiscal 2070 Fiscal 2071",
               "Net sales 98,406 101,218 104,812",
               "Net assets 61,204 63,118 66,906",
               "Per share (yen):",
               "Net income 112.40 118.06 131.92",
               "Cash dividends 30.00 32.00 36.00",
               "Net assets 1,804.12 1,861.40 1,972.55",
               # (no heading closes the per-share block: a rate, a count and an amount below it are not per share)
               "Equity ratio (%) 41.2 42.0 43.1",
               "Number of employees 2,312 2,406 2,512",
               "Capital expenditures 4,806 5,118 5,212"]]


def test_rows_under_a_per_share_heading_are_per_share_figures():
    facts = {(f.fiscal_year, f.label_path): f for f in _facts(_SHIMOKITA, "Shimokita Foods", 2071)}
    assert facts[(2071, "Per share (yen) \u203a Net assets")].kind == "per_share"
    assert facts[(2071, "Per share (yen) \u203a Net assets")].scale is None
    assert _answer("Shimokita book value per share fiscal 2071", _SHIMOKITA, "Shimokita Foods", 2071, 2071) == "1,972.55"
    assert _answer("Shimokita net assets fiscal 2070", _SHIMOKITA, "Shimokita Foods", 2070, 2071) == "63,118"
    assert _answer("Shimokita dividends per share fiscal 2069", _SHIMOKITA, "Shimokita Foods", 2069, 2071) == "30.00"
    assert _answer("Shimokita equity ratio fiscal 2071", _SHIMOKITA, "Shimokita Foods", 2071, 2071) == "43.1"
    assert _answer("Shimokita number of employees fiscal 2071", _SHIMOKITA, "Shimokita Foods", 2071, 2071) == "2,512"
    assert _answer("Shimokita capex fiscal 2071", _SHIMOKITA, "Shimokita Foods", 2071, 2071) == "5,212"
    assert _answer("Shimokita net income fiscal 2071", _SHIMOKITA, "Shimokita Foods", 2071, 2071) is None   # per share
    # a US "Per share data:" block running into the balance-sheet amounts: they stay amounts
    us = [["SELECTED FINANCIAL DATA", "(in thousands, except per share data) 2071 2070",
           "Per share data:", "Basic earnings 2.14 1.98", "Diluted earnings 2.11 1.95",
           "Cash dividends declared 0.80 0.72", "Stockholders' equity 412,118 389,406", "Total assets 1,204,118 1,150,812"]]
    assert _answer("Acme book value per share 2071", us, "Acme Tools", 2071, 2071) is None
    assert _answer("Acme stockholders' equity 2071", us, "Acme Tools", 2071, 2071) == "412,118"
    assert _answer("Acme diluted EPS 2071", us, "Acme Tools", 2071, 2071) == "2.11"


def test_a_crore_unit_in_brackets_is_the_answers_unit():
    pages = [["Consolidated Statement of Profit and Loss for the year ended 31 March 2071",
              "(Rs crore) Note Year ended 31 March 2071 Year ended 31 March 2070",
              "Revenue from operations 21 3,412.06 3,018.44",
              "Total income 3,466.90 3,061.20"]]
    assert _answer("Vaigai revenue from operations FY71 (Rs cr)?", pages, "Vaigai Textiles", 2071, 2071) == "3,412.06"


# A service company's top line "Revenue from services" heads its segments' revenue; "workers' comp" is analysts'
# shorthand for workers' compensation
_BRAZORIA = [["NOTE 15. SEGMENT INFORMATION", "(in thousands) Fiscal 2071 Fiscal 2070",
              "Revenue from services:",
              "Light Industrial Staffing 904,118 881,206",
              "Clinical Staffing 212,406 198,118",
              "Total revenue from services $ 1,116,524 $ 1,079,324"],
             ["CONSOLIDATED BALANCE SHEETS", "(in thousands) Fiscal 2071 Fiscal 2070",
              "Current liabilities",
              "Accrued workers' compensation 12,406 11,818",
              "Total current liabilities 88,412 84,206",
              "Workers' compensation, less current portion 27,118 25,906"]]


def test_total_revenue_from_services_is_the_top_line_but_the_services_line_beside_products_is_a_part():
    assert _answer("Brazoria revenue fiscal 2071", _BRAZORIA, "Brazoria Staffing", 2071, 2071) == "1,116,524"
    both = [["CONSOLIDATED STATEMENTS OF OPERATIONS", "(in thousands) 2071 2070", "Revenues:",
             "Revenue from product sales 612,406 590,118", "Revenue from services 402,118 380,406",
             "1,014,524 970,524", "Cost of revenues 640,118 611,906"]]
    assert _answer("Ardent revenue 2071", both, "Ardent Devices", 2071, 2071) != "402,118"
    assert _answer(shorthand.spell("Current accrued workers' comp FY71"), _BRAZORIA, "Brazoria Staffing", 2071,
                   2071) == "12,406"
    assert shorthand.spell("comp sales FY71") == "comp sales FY71"      # comparable sales, no compensation


def test_a_banks_purchases_of_premises_and_equipment_are_its_capex():
    pages = [["CONSOLIDATED STATEMENTS OF CASH FLOWS", "(dollars in thousands) 2071 2070",
              "Investing Activities",
              "Net increase in loans (212,406) (180,118)",
              "Purchases of premises and equipment (1,806) (2,412)",
              "Proceeds from sale of premises and equipment 118 -",
              "Net cash used in investing activities (214,094) (182,530)"]]
    assert _answer("Cedarvale capex 2071", pages, "Cedarvale Bancorp", 2071, 2071) == "(1,806)"
    assert _answer("Cedarvale capital expenditure 2070", pages, "Cedarvale Bancorp", 2070, 2071) == "(2,412)"


def test_a_ratio_read_for_an_amounts_words_isnamed_as_printed():
    from pipeline.answer.lead_measure import named_as_printed
    from pipeline.question.lexicon import get_lexicon

    pages = [["CAPITAL RATIOS", "Capital Ratios (Consolidated) 2071 2070",
              "Common Equity Tier 1 Risk-based Capital Ratio 8.40 % 8.92 %",
              "Tier 1 Risk-based Capital Ratio 9.15 % 9.71 %"]]
    fact = next(f for f in _facts(pages, "Cedarvale Bancorp", 2071)
                if f.label.startswith("Common Equity") and f.fiscal_year == 2071)
    assert fact.kind == "percent"
    name = named_as_printed(fact, "equity", get_lexicon().get("total_equity"))
    assert name == "Common Equity Tier 1 Risk-based Capital Ratio"     # never "Cedarvale's equity was 8.40 %"


def test_a_plan_for_next_year_never_answers_how_many_were_opened_this_year():
    from pipeline.answer import prose
    from pipeline.question.analysis import analyse
    from pipeline.retrieval.passage import Passage

    text = ("Shop estate\nWe opened 94 shops in the year and closed 36 shops. Sales were up 3.8%. We plan to open "
            "around 90 new shops in FY72. Ingredient costs remain volatile.")
    page = Passage(chunk_id=1, doc="WREN_2071_AR", company="Wrenfield Bakers", fiscal_year=2071, doc_type="AR", page=4,
                   score=1.0, text=text)
    for question in ("How many new shops did Wrenfield open in FY71 (gross)?", "How many new shops did it open in FY2071?"):
        assert prose.covering(None, analyse(question), [page], 2071) is None
    found = prose.covering(None, analyse("How many new shops were opened in FY71?"), [page], 2071)
    assert found is not None and "94 shops" in found.sentence


def test_a_standalone_companys_count_never_answers_the_groups():
    from pipeline.answer import prose
    from pipeline.question.analysis import analyse
    from pipeline.retrieval.passage import Passage

    text = ("Particulars of employees\nThe Company (standalone) had 8,412 permanent employees on its rolls as on 31 March "
            "2071. The Group had 10,906 permanent employees as at 31 March 2071.")
    page = Passage(chunk_id=1, doc="KAVERI_2071_AR", company="Kaveri Health", fiscal_year=2071, doc_type="AR", page=6,
                   score=1.0, text=text)
    found = prose.covering(None, analyse("Group permanent employees at 31 March 2071?"), [page], 2071)
    assert found is not None and "10,906" in found.sentence
    alone = Passage(chunk_id=2, doc="KAVERI_2071_AR", company="Kaveri Health", fiscal_year=2071, doc_type="AR", page=7,
                    score=1.0, text=text.split(" The Group")[0])
    assert prose.covering(None, analyse("How many permanent employees at 31 March 2071?"), [alone], 2071) is None
    found = prose.covering(None, analyse("Standalone permanent employees at 31 March 2071?"), [page], 2071)
    assert found is not None and "8,412" in found.sentence


# A segment note with measures as columns and a block a year, each year on a line of its own under the names
_MURSKA = [["NOTES TO THE CONSOLIDATED FINANCIAL STATEMENTS", "1. Segment reporting",
            "The Group's operating segments are Doors and Windows. Results are monitored at the level of EBITDA.",
            "in EUR thousand Net sales revenue EBITDA Operating profit",
            "2071",
            "Doors 61.204 8.118 5.406",
            "Windows 38.912 4.206 2.118",
            "Group 100.116 12.324 7.524",
            "2070",
            "Doors 58.806 7.512 4.918",
            "Windows 36.118 3.904 1.806",
            "Group 94.924 11.416 6.724",
            "Net sales revenue by location of customer",
            "in EUR thousand 2071 2070",
            "Slovenia 30.118 28.906"]]


def test_a_measure_column_table_in_year_blocks_reads_each_segment_for_its_year():
    assert _answer("Operating profit of the Windows segment in 2070", _MURSKA, "Murska Okna", 2070, 2071) == "1.806"
    assert _answer("Doors EBITDA 2071", _MURSKA, "Murska Okna", 2071, 2071) == "8.118"
    facts = {(f.fiscal_year, f.label_path) for f in _facts(_MURSKA, "Murska Okna", 2071)}
    assert (2071, "EBITDA") in facts and (2071, "Group › EBITDA") not in facts     # "Group" is the company's row


def test_profit_from_operations_is_operating_profit_not_the_years_profit():
    assert _answer("Profit from operations 2071 (consolidated)", _TAVEUNI_OPS, "Taveuni Coast Resorts", 2071,
                   2071) == "7,906,118"
    assert _answer("Taveuni net profit 2071", _TAVEUNI_OPS, "Taveuni Coast Resorts", 2071, 2071) == "5,418,204"


_TAVEUNI_OPS = [["STATEMENT OF PROFIT OR LOSS", "FOR THE YEAR ENDED 31 DECEMBER 2071", "Notes 2071 2070",
                 "Revenue 5 31,418,206 29,806,412",
                 "Profit from operations 7,906,118 6,912,406",
                 "Finance costs (1,093,712) (1,006,288)",
                 "Profit before income tax 6,812,406 5,906,118",
                 "Net profit after income tax 5,418,204 4,712,806"]]


def test_the_holding_company_is_the_parents_column_only_where_nothing_says_the_group():
    from pipeline.question.whose_figure import asked
    assert asked("Revenue of the holding company 2071")[0]
    for question in ("Net profit attributable to owners of the holding company 2071",
                     "Consolidated revenue of the holding company 2071",
                     "Total assets of the holding company and its subsidiaries 2071",
                     "Cedarvale Bancorp (the holding company for Cedarvale Bank) total assets 2071"):
        assert not asked(question)[0], question
    assert _answer("Net profit after income tax attributable to owners of the holding company 2071", _TAVEUNI,
                   "Taveuni Coast Resorts", 2071, 2071) != "3,580,118"


def test_a_premises_lease_or_sale_is_no_capex():
    pages = [["CONSOLIDATED STATEMENTS OF CASH FLOWS", "(dollars in thousands) 2071 2070",
              "Investing Activities", "Payments for intangible assets (1,118) (906)",
              "Purchase of premises held for sale (6,400) -",
              "Financing Activities", "Payments for premises leases (4,206) (3,918)"]]
    assert _answer("Wattle capex 2071", pages, "Wattle Bank", 2071, 2071) not in ("(4,206)", "(6,400)")


def test_a_multiples_name_is_never_shown_as_a_percentage():
    from pipeline.answer.figure_kinds import shown_as_percent
    assert shown_as_percent("loan-to-deposit ratio", "(net loans / customer deposits)?", 0.599, None)
    assert shown_as_percent("equity ratio", "(total equity / total assets)", 0.27, None)
    for name in ("current ratio", "quick ratio", "net debt to EBITDA ratio", "interest coverage ratio",
                 "debt-to-equity ratio"):
        assert not shown_as_percent(name, "?", 0.7, None), name


def test_a_revenue_heading_never_makes_a_count_money():
    pages = [["KEY OPERATING DATA", "Fiscal 2071 Fiscal 2070", "Net sales:",
              "Comparable store sales growth 2.1% 1.8%", "Number of stores at end of year 1,204 1,166",
              "Number of employees 41,206 40,118"]]
    assert _answer("How many stores did Acme have at the end of fiscal 2071?", pages, "Acme Stores", 2071,
                   2071) == "1,204"


# A statutory form with a code column ("Item AOP Note 2088 2087"): the code, the note, the line's formula over codes and
# the item's letter are no words of the label; a period printed from its first day dates no column
_ZLATIBOR = [["ZLATIBORSKI MLIN a.d.", "CONSOLIDATED INCOME STATEMENT", "for the period from 01.01.2071 to 31.12.2071",
              "- in RSD thousand -", "Item AOP Note 2071 2070",
              "A. OPERATING INCOME (1002+1009+1016+1017) 1001 4.812.406 4.506.118",
              "II. Income from sale of products and services 1009 5 4.604.218 4.318.906",
              "C. OPERATING PROFIT (1001-1018) >= 0 1030 512.406 488.118",
              "P. NET PROFIT (1060-1061-1062-1063+1064) 1065 402.118 381.604"],
             ["ZLATIBORSKI MLIN a.d.", "CONSOLIDATED BALANCE SHEET as at 31.12.2071", "- in RSD thousand -",
              "Item AOP Note 31.12.2071 31.12.2070 01.01.2070",
              "B. NON-CURRENT ASSETS (0003+0010) 0002 2.118.406 2.006.812 1.912.118",
              "E. TOTAL ASSETS (0001+0002+0042+0043) 0071 3.912.804 3.706.118 3.512.406"]]


def test_a_statutory_forms_code_column_is_no_part_of_the_label():
    # (a page printing only dotted thousands reads them so: "512.406" is 512406)
    assert _answer("Zlatiborski operating profit 2071", _ZLATIBOR, "Zlatiborski Mlin", 2071, 2071) == "512406"
    assert _answer("Zlatiborski net profit 2070", _ZLATIBOR, "Zlatiborski Mlin", 2070, 2071) == "381604"
    assert _answer("Total assets at 31.12.2071", _ZLATIBOR, "Zlatiborski Mlin", 2071, 2071) == "3912804"
    # the opening balance "01.01.2070" is the close of 2069, never a second 2070 figure
    assert _answer("Zlatiborski total assets 2070", _ZLATIBOR, "Zlatiborski Mlin", 2070, 2071) == "3706118"
    assert _answer("Zlatiborski total assets 2069", _ZLATIBOR, "Zlatiborski Mlin", 2069, 2071) == "3512406"


_GOZO = [["Statements of financial position", "As at 31 October 2071", "Group Company", "Notes 2071 2070 2071 2070",
          "Non-current liabilities",
          "Bank borrowings 24 18,415,000 16,240,000 6,500,000 7,200,000",
          "Lease liabilities 22 3,315,480 3,512,615 1,180,240 1,248,615",
          "21,730,480 19,752,615 7,680,240 8,448,615",
          "Current liabilities",
          "Bank borrowings 24 3,612,480 3,215,880 1,386,240 1,298,480",
          "Trade and other payables 25 9,815,240 8,912,480 3,915,880 3,512,615",
          "13,427,720 12,128,360 5,302,120 4,811,095",
          "Total liabilities 35,158,200 31,880,975 12,982,360 13,259,710"]]


def test_of_the_company_asks_its_column_and_a_total_is_never_one_part_under_its_heading():
    assert _answer("Current bank borrowings of the Company at 31 October 2071", _GOZO, "Gozo Hotels", 2071,
                   2071) == "1,386,240"
    assert _answer("Total non-current liabilities of the group at 31.10.2071?", _GOZO, "Gozo Hotels", 2071,
                   2071) not in ("3,315,480", "18,415,000")


def test_an_opening_balance_dated_day_month_alike_is_the_prior_years_close():
    pages = [["CONSOLIDATED BALANCE SHEET", "As at 31 December 2071", "Code Note 31/12/2071 01/01/2071",
              "VND million VND million",
              "I. Cash and cash equivalents 110 V.1 2,118,406 1,804,115",
              "TOTAL ASSETS 270 36,179,737 33,882,230"]]
    assert _answer("closing cash 2071", pages, "Song Lam Steel", 2071, 2071) == "2,118,406"
    assert _answer("Total assets 2070", pages, "Song Lam Steel", 2070, 2071) == "33,882,230"


def test_the_verifier_reads_a_tables_own_unit_caption_in_brackets():
    from decimal import Decimal

    from pipeline.guardrails.verifier import supported
    page = ("OPERATING AND FINANCIAL REVIEW\nGroup results (A$ million) FY71 FY70 Change\nRevenue 498.6 471.3 5.8%\n"
            "Underlying NPAT 48.9 45.3 7.9%\nFIVE-YEAR SUMMARY (consolidated, R$ million unless stated) 2071 2070\n"
            "Net revenue 2,208.7 2,021.9")
    assert supported(Decimal("48.9"), "million", [page]) and supported(Decimal("2208.7"), "million", [page])
    assert not supported(Decimal("48.9"), "thousand", [page])        # the same digits at another scale: not printed
    assert not supported(Decimal("49.8"), "million", [page])


@pytest.mark.parametrize("label, cost", [("Income tax", True), ("Taxation", True), ("Income tax expense", True),
                                         ("Income tax credit", False), ("Deferred tax assets", False),
                                         ("Staff costs", True), ("Finance income", False)])
def test_a_tax_charge_printed_in_brackets_is_an_amount_in_a_defined_ratio(label, cost):
    # ("effective tax rate (income tax / PBT)": "Income tax (10.354)" over 42,263 is 24.5 %, never -24.5 %)
    from pipeline.answer.figure_inputs import _COST_LINE
    assert bool(_COST_LINE.search(label)) is cost


def test_a_prior_years_short_figure_beside_the_asked_one_leaves_the_sentence_the_asked_years():
    # ("(FY30: 7.2p)" beside this year's 7.9p: the sentence is still about FY31; only a count reads "FY97" as its year)
    from pipeline.answer import prose
    from pipeline.question.analysis import analyse
    from pipeline.retrieval.passage import Passage

    text = ("Dividends\nThe Directors propose a final dividend for the year ended 31 March 2071 of 7.9p per share "
            "(FY70: 7.2p), payable on 14 August 2071.")
    page = Passage(chunk_id=1, doc="BRACK_2071_AR", company="Brackley Instruments", fiscal_year=2071, doc_type="AR",
                   page=18, score=1.0, text=text)
    facts = analyse("What final DPS is Brackley proposing for FY71?")
    facts.companies = [Company(key="b", name="Brackley Instruments")]
    found = prose.covering(None, facts, [page], 2071, need="per_share", require_year=True)
    assert found is not None and "7.9p" in found.sentence


def test_a_segment_header_wrapped_over_lines_is_never_split_by_its_last_lines_capitals():
    # "Digital Media" / "Digital" / "Marketing Print and Publishing Total" over year blocks: three segments and a total,
    # never "Marketing", "Print and", "Publishing" (the first column's revenue given to the wrong segment)
    pages = [["NOTES TO CONSOLIDATED FINANCIAL STATEMENTS (Continued)",
              "Our segment results for fiscal 2071 and 2070 were as follows (dollars in thousands):",
              "Digital Media", "Digital", "Marketing Print and Publishing Total",
              "Fiscal 2071",
              "Revenue $ 3,095,160 $ 1,508,858 $ 191,493 $ 4,795,511",
              "Gross profit $ 2,884,573 $ 983,549 $ 183,072 $ 4,051,194",
              "Fiscal 2070",
              "Revenue $ 2,603,179 $ 1,355,216 $ 188,670 $ 4,147,065",
              "Gross profit $ 2,454,221 $ 891,444 $ 179,320 $ 3,524,985"]]
    paths = {f.label_path for f in _facts(pages, "Adamant Systems", 2071)}
    assert not any(p.startswith(("Marketing ›", "Print and ›", "Publishing ›")) for p in paths), paths
