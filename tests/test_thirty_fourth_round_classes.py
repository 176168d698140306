"""Classes found by the thirty-fourth rounds (stop 59). The companies, names, wording and figures here are made up."""
from __future__ import annotations

import re

import pytest

from pipeline.question import shorthand
from pipeline.question.registry import Company
from pipeline.question.name_forms import coined_words, leading_parts
from pipeline.reading.columns import scale_of
from pipeline.reading.header_dates import without_stacked_starts
from pipeline.reading.unit_caption import detect_unit
from tests.stored_facts import company_facts, facts_of, printed_answer


def _answer(question, pages, company, year, doc_fy):
    return printed_answer(shorthand.spell(question), pages, company, year, doc_fy)


# an income statement setting each section's name in capitals, its revenue total unlabelled
_CAPITALS = [["TALIM BAY FERRIES, INC. AND SUBSIDIARIES", "CONSOLIDATED STATEMENTS OF COMPREHENSIVE INCOME",
              "(Amounts in Thousands)", "Years Ended December 31", "2081 2080",
              "REVENUES (Note 18)", "Passage P2,412,806 P2,206,418", "Freight 1,118,204 1,006,612",
              "3,531,010 3,213,030",
              "COST OF SERVICES (Note 19) 2,604,118 2,418,206", "GROSS PROFIT 926,892 794,824",
              "GENERAL AND ADMINISTRATIVE EXPENSES (Note 20) 318,406 296,118", "INCOME FROM OPERATIONS 608,486 498,706"]]


def test_an_unlabelled_line_closes_a_capitals_section_before_the_next_capitals_line():
    assert _answer("Talim Bay total revenues 2081", _CAPITALS, "Talim Bay Ferries, Inc.", 2081, 2081) == "3,531,010"
    facts = company_facts(_CAPITALS, "Talim Bay Ferries, Inc.", 2081)
    # (the lines after it stand beside the section, no longer under it)
    assert any(f.label_path.startswith("COST OF SERVICES") for f in facts)


def test_a_lower_case_row_after_the_unlabelled_line_keeps_it_unread():
    # ("Revenues:" / "Product" / "Service" / "1,500" / "Financing revenue 300": a subtotal of the first rows)
    page = [["ACME", "CONSOLIDATED STATEMENTS OF INCOME", "(In thousands)", "2081 2080", "REVENUES",
             "Product 1,000 900", "Service 500 450", "1,500 1,350", "Financing revenue 300 280",
             "Cost of revenues 1,100 1,000"]]
    facts = company_facts(page, "Acme", 2081)
    assert not any(f.label.startswith("Total") for f in facts)


# a note's table of a measure by segment, captioned above the period line, closed by an unlabelled sum
_SEGMENT_NOTE = [["HARLAN VALLEY CARE, INC.", "NOTES TO CONSOLIDATED FINANCIAL STATEMENTS (Continued)",
                  "(12) Segment Information", "Net patient revenue by segment (in thousands):",
                  "Year Ended December 31,", "2084 2083",
                  "Home care services $ 612,418 $ 580,206", "Hospice services 304,812 288,118",
                  "$ 917,230 $ 868,324", "Average daily census 6,412 6,118"]]


@pytest.mark.parametrize("question, year, expect", [
    ("Hospice services revenue 2084", 2084, "304,812"),
    ("What was home care services revenue in 2083?", 2083, "580,206"),
])
def test_a_by_segment_caption_over_the_period_line_heads_the_segments_rows(question, year, expect):
    assert _answer(question, _SEGMENT_NOTE, "Harlan Valley Care, Inc.", year, 2084) == expect


def test_a_caption_whose_rows_no_line_sums_heads_nothing():
    page = [_SEGMENT_NOTE[0][:6] + ["Home care services $ 612,418 $ 580,206", "Hospice services 304,812 288,118",
                                    "Average daily census 6,412 6,118"]]
    facts = company_facts(page, "Harlan Valley Care, Inc.", 2084)
    assert not any("Net patient revenue" in f.label_path for f in facts)


def test_a_heading_naming_another_measure_makes_no_parts():
    # ("EBITDA margin (%)" over the segments: no segment's EBITDA; a growth table: no segment's profit)
    page = [["VARDA", "Segment information", "2084 2083", "EBITDA margin (%)", "Chile 28.4 27.1", "Peru 24.2 22.8"]]
    assert _answer("Chile EBITDA 2084", page, "Varda S.A.", 2084, 2084) is None


def test_the_last_word_of_a_name_the_language_uses_is_the_question_s_word():
    # ("Hospice services revenue" of Harlan Valley Home Care & Hospice asks the segment, not the company's revenue)
    company = Company(key="k", name="Harlan Valley Home Care & Hospice, Inc.")
    assert "Hospice" not in coined_words(company) and "Hospice" in coined_words(company, common=True)
    # (the name's head and the words running on from it still name the company: "Otter Creek net income")
    assert coined_words(Company(key="k", name="Otter Creek Bancorp, Inc."))[:2] == ["Otter", "Creek"]


def test_a_legal_form_printed_first_leaves_the_name_after_it():
    parts = leading_parts(Company(key="k", name="JSC Tsivi Mineral Waters"))
    assert "Tsivi Mineral Waters" in parts
    assert not leading_parts(Company(key="k", name="Astoria Mineral Waters Ltd")) & {"Mineral Waters"}


# a statement printing each column's first day over its last day (a period split over two lines)
def test_a_period_s_first_days_over_its_last_days_date_it_by_its_end():
    lines = ["ACUMULADO", "01.01.2083 01.01.2082", "Estado de resultados Nota 31.12.2083 31.12.2082", "M$ M$"]
    assert without_stacked_starts(lines)[1:3] == ["Nota 31.12.2083 31.12.2082", ""]
    # (two balance dates, the later day above, are no period's start)
    assert without_stacked_starts(["31.12.2083 31.12.2082", "Nota 01.01.2083 01.01.2082"])[0] == \
        "31.12.2083 31.12.2082"
    page = ["CLÍNICAS ALTIPLANO S.A.", "ESTADOS CONSOLIDADOS DE RESULTADOS POR FUNCIÓN",
            "(Expresados en miles de pesos chilenos - M$)", "ACUMULADO", "01.01.2083 01.01.2082",
            "Estado de resultados Nota 31.12.2083 31.12.2082", "M$ M$",
            "Ingresos de actividades ordinarias 24 212.806.318 196.412.906",
            "Costo de ventas 25 (158.412.604) (144.806.118)", "Ganancia bruta 54.393.714 51.606.788"]
    revenue = [f for f in facts_of(["\n".join(page)], 2083) if "Revenue" in f.label]
    assert sorted((f.fiscal_year, f.scale) for f in revenue) == [(2082, "thousand"), (2083, "thousand")]


@pytest.mark.parametrize("text, scale", [("M$ M$", None), ("MM$ MM$", "million"), ("MUS$", None),
                                         ("$m $m", "million"), ("US$ m", "million"), ("£000", "thousand")])
def test_m_dollar_is_no_scale_of_its_own(text, scale):
    # (Chile's "M$" is thousands, Quebec's millions: the caption says which; "M$ M$" is never "$ M")
    assert scale_of(text) == scale


def test_a_spanish_caption_expressed_in_thousands():
    assert detect_unit("(Expresados en miles de pesos chilenos - M$)") == "thousand"
    assert detect_unit("(Cifras en millones de pesos)") == "million"


# Vietnam's VAS form: a code column and a note column before the figures, formulas over codes
_VAS = [["SONG DA BINH HYDROPOWER JOINT STOCK COMPANY", "CONSOLIDATED INCOME STATEMENT Form B 02 - DN/HN",
         "For the year ended 31 December 2083", "Unit: VND million", "ITEMS Code Note Year 2083 Year 2082",
         "1 2 3 4 5",
         "1. Revenue from sales of goods and rendering of services 01 VI.1 1,418,612 1,286,406",
         "2. Revenue deductions 02 806 718",
         "3. Net revenue from sales of goods and rendering of services (10 = 01 - 02) 10 1,417,806 1,285,688",
         "11. Net operating profit",
         "{30 = 20 + (21 - 22) + 24 - (25 + 26)} 30 612,418 580,206",
         "18. Net profit after corporate income tax (60 = 50 - 51 - 52) 60 506,358 477,358",
         "18.1 Profit after tax attributable to shareholders of the parent company 61 501,546 473,740"]]


@pytest.mark.parametrize("question, year, expect", [
    ("Song Da Binh net revenue 2083", 2083, "1,417,806"),
    ("Profit after tax attributable to shareholders of the parent 2082", 2082, "473,740"),
])
def test_a_vas_form_with_code_and_note_columns_is_read(question, year, expect):
    assert _answer(question, _VAS, "Song Da Binh Hydropower Joint Stock Company", year, 2083) == expect


def test_a_vas_form_s_title_names_its_statement():
    facts = company_facts(_VAS, "Song Da Binh Hydropower Joint Stock Company", 2083)
    assert {f.statement for f in facts} == {"income"}
    assert any(f.label == "Profit after tax attributable to shareholders of the parent company" for f in facts)


# matching
_FERRY_CASH = [["TALIM BAY FERRIES, INC.", "CONSOLIDATED STATEMENTS OF FINANCIAL POSITION", "(Amounts in Thousands)",
                "December 31", "2081 2080", "LIABILITIES AND EQUITY", "Current Liabilities",
                "Trade and other payables (Note 15) 412,806 398,118", "Unearned passage revenue (Note 18) 118,206 98,412"],
               ["TALIM BAY FERRIES, INC.", "CONSOLIDATED STATEMENTS OF CASH FLOWS", "(Amounts in Thousands)",
                "Years Ended December 31", "2081 2080", "CASH FLOWS FROM OPERATING ACTIVITIES",
                "Income before income tax 992,030 692,030", "Adjustments for",
                "Depreciation and amortization 742,806 686,118", "Unearned passage revenue 19,794 12,806",
                "Acquisitions of vessels and equipment (Note 10) (1,465,836) (1,206,418)"]]


def test_a_cash_flow_row_printing_a_balance_line_is_its_movement():
    assert _answer("Unearned passage revenue 2080", _FERRY_CASH, "Talim Bay Ferries, Inc.", 2080, 2081) == "98,412"


def test_a_fleet_s_assets_and_equipment_bought_are_capex():
    assert _answer("capex 2081", _FERRY_CASH, "Talim Bay Ferries, Inc.", 2081, 2081) == "(1,465,836)"
    # (never what the company bought of others' shares, nor its inventories)
    page = [_FERRY_CASH[1][:6] + ["Purchases of shares and equipment funds (12,000) (8,000)"]]
    assert _answer("capex 2081", page, "Talim Bay Ferries, Inc.", 2081, 2081) is None


_POLISH = [["ZAKŁADY PRZETWÓRCZE NAREW S.A.", "CONSOLIDATED STATEMENT OF PROFIT OR LOSS", "PLN '000", "2084 2083",
            "Continuing operations", "Revenue from sales 402,324 381,206", "Profit on operating activities 38,282 34,118",
            "Profit before tax 31,482 28,206", "Net profit from continuing operations 25,464 22,818"]]


def test_continuing_operations_never_say_operating():
    assert _answer("What was the group's operating profit in 2084?", _POLISH, "Zakłady Przetwórcze Narew S.A.",
                   2084, 2084) == "38,282"
    without = [[ln for ln in _POLISH[0] if not ln.startswith("Profit on")]]
    assert _answer("operating profit 2084", without, "Zakłady Przetwórcze Narew S.A.", 2084, 2084) is None
    assert _answer("profit from continuing operations 2083", _POLISH, "Zakłady Przetwórcze Narew S.A.", 2083,
                   2084) == "22,818"


def test_homes_closed_asks_no_closing_balance():
    page = [["SANTEE BLUFF HOMES, INC.", "CONSOLIDATED BALANCE SHEETS", "(In millions)", "2084 2083", "ASSETS",
             "Inventories", "Homes under construction 1,618.4 1,412.6"],
            ["SANTEE BLUFF HOMES, INC.", "SELECTED OPERATING DATA", "2084 2083", "Homes closed (units) 10,554 9,806"]]
    assert _answer("Homes closed in fiscal 2084", page, "Santee Bluff Homes, Inc.", 2084, 2084) == "10,554"
    assert _answer("closing homes under construction 2084", page, "Santee Bluff Homes, Inc.", 2084, 2084) == "1,618.4"


def test_an_undated_column_is_at_a_date_the_dated_columns_print():
    # (a five-year table's "at year end" column never answers a quarter-end of a December year)
    pages = [["MAUMEE RIVER BANCORP, INC.", "CONSOLIDATED BALANCE SHEETS", "(Dollars in thousands)", "December 31,",
              "2086 2085", "LIABILITIES", "Deposits", "Total deposits 3,399,218 3,106,412"],
             ["SELECTED FINANCIAL DATA", "Balance Sheet Data (at year end) 2086 2085 2084",
              "Total deposits 3,399,218 3,106,412 2,912,806"]]
    assert _answer("Total deposits at June 30, 2086", pages, "Maumee River Bancorp, Inc.", 2086, 2086) is None
    assert _answer("Total deposits at December 31, 2086", pages, "Maumee River Bancorp, Inc.", 2086, 2086) == \
        "3,399,218"


def test_an_average_asked_is_never_a_year_end_row():
    page = [["MAUMEE RIVER BANCORP, INC.", "CONSOLIDATED BALANCE SHEETS", "(Dollars in thousands)", "2086 2085",
             "ASSETS", "Loans 2,906,418 2,712,806"]]
    assert _answer("Average loans 2086", page, "Maumee River Bancorp, Inc.", 2086, 2086) is None
    averages = [page[0] + ["AVERAGE BALANCES", "2086 2085", "Average loans 2,806,412 2,612,118"]]
    assert _answer("Average loans 2086", averages, "Maumee River Bancorp, Inc.", 2086, 2086) == "2,806,412"


def test_shares_outstanding_are_a_count_never_the_common_stock_s_par_amount():
    page = [["TUSCARORA GRILL, INC.", "CONSOLIDATED BALANCE SHEETS", "(In thousands)", "2086 2085",
             "Stockholders' equity:", "Common stock, $0.01 par value; 41,206,418 and 41,012,806 shares issued 412 410"]]
    assert _answer("Shares outstanding at year-end 2086", page, "Tuscarora Grill, Inc.", 2086, 2086) is None
    counted = [page[0][:4] + ["Shares outstanding (in millions) 36.2 36.6"]]
    assert _answer("Shares outstanding 2086", counted, "Tuscarora Grill, Inc.", 2086, 2086) == "36.2"


def test_a_long_term_row_under_the_current_side_is_no_non_current_part():
    page = [["PT SEMERU PANGAN Tbk", "CONSOLIDATED STATEMENT OF FINANCIAL POSITION", "(in millions of Rupiah)",
             "2086 2085", "CURRENT LIABILITIES", "Current maturities of long-term liabilities:",
             "Long-term bank loans 286,412 244,806", "NON-CURRENT LIABILITIES",
             "Long-term liabilities - net of current maturities:", "Long-term bank loans 1,412,806 1,318,412"]]
    assert _answer("Long-term bank loans, non-current portion, 2086", page, "PT Semeru Pangan Tbk", 2086,
                   2086) == "1,412,806"


# a statement printing each label in its language before the figures and in English after them
_INDONESIAN = ["PT SEMERU PANGAN Tbk DAN ENTITAS ANAK / AND SUBSIDIARIES",
               "LAPORAN LABA RUGI KONSOLIDASIAN CONSOLIDATED STATEMENT OF PROFIT OR LOSS",
               "(Disajikan dalam jutaan Rupiah) (Expressed in millions of Rupiah)", "Catatan/", "Notes 2086 2085*)",
               "PENJUALAN NETO 2q,27 9,812,406 8,904,118 NET SALES",
               "Beban penjualan 29 (412,318) (386,204) Selling expenses",
               "Beban umum dan General and administrative", "administrasi 30 (398,612) (371,418) expenses",
               "LABA SEBELUM BEBAN PAJAK PROFIT BEFORE INCOME TAX", "PENGHASILAN 785,952 604,450 EXPENSE",
               "LABA TAHUN BERJALAN 608,140 468,032 PROFIT FOR THE YEAR"]


@pytest.mark.parametrize("question, year, expect", [
    ("Semeru Pangan net sales 2086", 2086, "9,812,406"),
    ("G&A expenses 2085", 2085, "(371,418)"),
    ("Profit before income tax 2086", 2086, "785,952"),
    ("Profit for the year 2085", 2085, "468,032"),
])
def test_a_label_printed_after_the_figures_in_english_is_read(question, year, expect):
    assert _answer(question, [_INDONESIAN], "PT Semeru Pangan Tbk", year, 2086) == expect


def test_an_english_page_with_words_after_its_figures_is_read_as_printed():
    from pipeline.reading.trailing_labels import english
    lines = ["ACME PLC", "Notes 2086 2085", "Revenue 4 1,234.5 1,180.2 (restated)",
             "The group had 1,796 employees at the year end (2085: 1,702), of whom 412 were part time.",
             "Operating profit 5 212.4 198.2 see note 5", "Profit for the year 150.2 140.8 Continuing operations"]
    assert english(lines) == lines


def test_a_legal_form_printed_first_names_the_company_on_its_line():
    from ingest import entity
    from ingest.registrant import short_name, tickers
    from pipeline.question.registry import bare_name
    pages = ["AS VENTAS KOKS\nANNUAL REPORT 2086\nShares listed on Nasdaq Riga (ticker VKK1R)",
             "LETTER OF THE MANAGEMENT BOARD\nAS Ventas Koks | Annual Report 2086 | 2"]
    found = entity.reporting_entity(pages)
    assert found is not None and found.legal_name.lower() == "as ventas koks"
    assert short_name("AS Ventas Koks") == "Ventas Koks" and bare_name("PT Semeru Pangan Tbk") == "Semeru Pangan"
    assert tickers(pages[0]) == ("VKK1R",)
    # (a caption in capitals is no company: "AS OF DECEMBER 31, 2086", "AS AT 30 JUNE")
    assert entity.reporting_entity(["AS OF DECEMBER 31\nAS AT JUNE\nSome text"]) is None


def test_a_rating_grade_asked_is_answered_only_by_that_grade():
    from pipeline.answer.grades import another_grade
    assert another_grade("Are the bonds rated idAAA?", "The bonds are rated idAA+ (stable) by Pefindo.")
    assert not another_grade("Are the bonds rated idAA+?", "The bonds are rated idAA+ (stable) by Pefindo.")
    assert not another_grade("Did revenue grow in 2086?", "Revenue grew 4% to A$ 1.2 billion.")
    assert another_grade("Is Acme rated Baa1 by Moody's?", "Moody's rates the notes Baa2.")


def test_a_count_at_the_season_s_peak_is_no_year_end_count():
    from pipeline.answer.prose_counts import PEAK
    assert PEAK.search("Employment peaks in July, when we employed approximately 9,118 team members.")
    assert not PEAK.search("At January 3, 2094 we employed approximately 7,412 team members.")


# a Brazilian statement in Portuguese, the parent's and the group's columns side by side
_BRAZIL = [["MÁQUINAS AGRÍCOLAS SERRA GAÚCHA S.A.", "Demonstrações do resultado",
            "Exercícios findos em 31 de dezembro de 2086 e 2085", "(Em milhares de reais - R$, exceto o lucro por ação)",
            "Controladora Consolidado", "Nota 31/12/2086 31/12/2085 31/12/2086 31/12/2085",
            "Receita operacional líquida 22 918.412 806.118 1.082.316 950.204",
            "Lucro bruto 250.206 216.706 310.898 267.898",
            "Despesas com vendas 23 (62.318) (51.206) (81.406) (68.812)",
            "Lucro líquido do exercício 87.326 82.050 88.744 83.256"]]


@pytest.mark.parametrize("question, expect", [
    ("Serra Gaúcha consolidated net revenue 2086", "1082316"),     # (continental thousands read as digits)
    ("Gross profit 2085, consolidated", "267898"),
    ("Parent company net income 2086", "87326"),
])
def test_a_portuguese_statement_with_parent_and_group_columns_is_read(question, expect):
    year = int(re.search(r"20\d\d", question).group(0))
    assert _answer(question, _BRAZIL, "Máquinas Agrícolas Serra Gaúcha S.A.", year, 2086) == expect


def test_an_english_page_is_never_glossed_as_portuguese():
    from pipeline.reading.foreign_labels import glossed
    lines = ["ACME PLC", "2086 2085", "Revenue 1,234 1,180", "Debentures 400 400", "Investments 212 198",
             "Provisions 12 10"]
    assert glossed(lines) == lines


# the audit's counter-examples (made up): each rule kept to its class
def test_a_dated_row_of_a_debt_note_is_no_period_start():
    lines = ["Facility Drawdown Maturity 2091 2090", "Bond NVK02 (repaid)", "01.06.2086 01.06.2091 - -",
             "Term loan B 15.09.2089 15.09.2094 412,806 398,118"]
    assert without_stacked_starts(lines) == lines


def test_a_statement_all_in_capitals_keeps_its_partial_subtotal_unread():
    page = [["HARBOR POINT REIT", "CONSOLIDATED STATEMENTS OF OPERATIONS", "(In thousands)", "2091 2090", "REVENUES",
             "RENTAL INCOME 41,206 39,118", "TENANT REIMBURSEMENTS 8,412 8,006", "49,618 47,124",
             "OTHER INCOME 2,012 1,806", "51,630 48,930", "EXPENSES", "PROPERTY OPERATING 18,412 17,206"]]
    assert _answer("total revenues 2091", page, "Harbor Point REIT", 2091, 2091) != "49,618"


def test_an_intersegment_heading_makes_no_segment_revenue():
    page = [["HARLAN VALLEY CARE", "Segment information", "2084 2083", "Intersegment revenue",
             "Hospice services 4,806 4,412", "Home care services 2,118 1,906"]]
    assert _answer("Hospice services revenue 2084", page, "Harlan Valley Care, Inc.", 2084, 2084) is None


def test_an_average_by_nature_answers_an_average_asked():
    # (a realized price is the year's average; only a year-end balance is never an average)
    page = [["COPPER RIDGE MINING", "OPERATING STATISTICS", "2091 2090", "Realized copper price ($/lb) 4.12 3.86"]]
    assert _answer("average realized copper price 2091", page, "Copper Ridge Mining Corp.", 2091, 2091) == "4.12"


def test_a_company_named_in_full_leaves_its_words_elsewhere_asked():
    page = [["SOUTHWEST GAS HOLDINGS, INC.", "SEGMENT INFORMATION", "(In thousands)", "2091 2090",
             "Operating revenues", "Natural gas distribution 1,812,406 1,706,118", "Utility infrastructure services 1,206,118 1,118,412",
             "Total operating revenues 3,018,524 2,824,530"]]
    assert _answer("Gas operating revenues of Southwest Gas Holdings 2091", page, "Southwest Gas Holdings, Inc.", 2091,
                   2091) != "3,018,524"


def test_a_brand_s_letters_are_no_legal_form():
    from ingest import entity
    from pipeline.question.registry import bare_name
    assert bare_name("AB Commercial Mortgage Trust Inc.") == "AB Commercial Mortgage Trust"
    assert bare_name("SIA Engineering Company Limited") == "SIA Engineering"
    assert bare_name("AO Smith Water Products Company") == "AO Smith Water Products"
    for caption in ("AS ADJUSTED", "AS ORIGINALLY PRESENTED", "AS SHOWN BELOW"):
        assert not entity.hits([f"{caption}\nSome text"])


def test_an_exchange_name_after_ticker_is_no_ticker():
    from ingest.registrant import tickers
    assert tickers("listed on the Toronto Stock Exchange under the ticker TSX: MAPL") in ((), ("MAPL",))
    assert "IN" not in tickers("listed on the Stock Exchange of Thailand under the stock code IN THE SET index")


def test_a_peak_beside_the_year_end_count_leaves_it_answered():
    from pipeline.answer.prose_counts import PEAK
    assert not PEAK.search("our total workforce was approximately 12,400 people, compared with a peak of 14,000")
    assert not PEAK.search("including about 1,100 seasonal workers")
    assert not PEAK.search("Alder Peak operated 412 stores")


def test_a_grade_said_as_a_rating_or_a_threshold():
    from pipeline.answer.grades import another_grade
    assert not another_grade("Is the company rated A by S&P?", "S&P affirmed its issuer credit rating of A.")
    assert not another_grade("Are the bonds rated Aa2?", "In 2091 Moody's upgraded the company's bonds to Aa2 from Aa3.")
    assert not another_grade("Are the notes rated Baa3 or better?", "Moody's rates the notes Baa2.")
    assert not another_grade("Is AA rated investment grade?", "Alcoa is rated BBB-.")


def test_payments_for_supplies_are_no_capex():
    page = [["MESA VERDE FOODS", "STATEMENTS OF CASH FLOWS (direct method)", "(In thousands)", "2091 2090",
             "Cash flows from operating activities", "Payments for supplies and equipment (118,206) (106,412)"]]
    assert _answer("capex 2091", page, "Mesa Verde Foods, Inc.", 2091, 2091) is None


# round 35's wrong answers once its Latvian report was identified
_LATVIAN = [["AS VENTAS KOKS", "STATEMENT OF FINANCIAL POSITION (EUR thousand)", "Group Company", "Note 2086 2085 2086 2085",
             "Bank loans - non-current 7 36,818 44,018 32,806 38,806", "Bank loans - current 7 7,200 7,200 6,000 6,000"],
            ["AS VENTAS KOKS", "STATEMENT OF PROFIT OR LOSS (EUR thousand)", "Group Company", "2086 2085 2086 2085",
             "Operating profit 19,470 13,582 13,476 11,276", "Dividends from subsidiaries - - 2,100 2,800",
             "Profit for the year 21,903 12,197 22,213 12,806"],
            ["AS VENTAS KOKS", "STATEMENT OF CHANGES IN EQUITY (EUR thousand)", "2086",
             "Dividend for 2085 (EUR 0.14 per share) (3,360)"]]


def test_a_line_printed_with_its_side_after_a_dash_is_one_side():
    assert _answer("How much did the Ventas Koks group owe in bank loans at end-2086?", _LATVIAN, "AS Ventas Koks",
                   2086, 2086) is None
    assert _answer("Ventas Koks non-current bank loans 2086, group", _LATVIAN, "AS Ventas Koks", 2086, 2086) == "36,818"


def test_a_dividend_received_or_another_year_s_is_no_dividend_asked():
    # (the dividend proposed after the year is in no statement: neither the dividends received from subsidiaries nor
    # the year before's paid in this one)
    assert _answer("Ventas Koks proposed 2086 dividend", _LATVIAN, "AS Ventas Koks", 2086, 2086) is None
    assert _answer("Dividends paid by the company in 2086", _LATVIAN, "AS Ventas Koks", 2086, 2086) != "2,100"
