"""Classes found by the thirtieth rounds (stop 55). The companies, names, wording and figures here are made up."""
from __future__ import annotations

import re

import pytest

from pipeline.question import shorthand
from tests.stored_facts import printed_answer


def _answer(question, pages, company, year, doc_fy):
    return printed_answer(shorthand.spell(question), pages, company, year, doc_fy)


_GROUP_COMPANY = [["ILE-OSA BOTTLING PLC", "Consolidated and Separate Statements of Profit or Loss",
                   "For the year ended 31 December 2071", "Group Company", "Notes 2071 2070 2071 2070",
                   "₦'000 ₦'000 ₦'000 ₦'000", "Revenue 7 412,815,240 348,620,915 368,240,615 312,480,240"]]


@pytest.mark.parametrize("question, expect", [
    ("Ile-Osa company revenue 2070", None),         # (its Company column, or only the company's figure: refused)
    ("Ile-Osa revenue 2070", "348,620,915"),
    ("Ile-Osa revenue, company, 2070", "312,480,240"),
])
def test_company_in_lower_case_after_a_name_may_be_the_company_column_so_both_columns_refuse(question, expect):
    assert _answer(question, _GROUP_COMPANY, "Ile-Osa Bottling Plc", 2070, 2071) == expect


_PAID_FOR = [["OSPREY HOLLOW TOOLS, INC.", "CONSOLIDATED STATEMENTS OF CASH FLOWS", "(In thousands)",
              "Year Ended December 31, 2071 2070", "Net cash provided by operating activities 412,118 398,220",
              "Supplemental disclosures of cash flow information:", "Cash paid for:",
              "Interest, net of amounts capitalized 41,220 38,415", "Income taxes, net of refunds 61,840 55,212"]]


@pytest.mark.parametrize("question, expect", [
    ("interest paid 2071", "41,220"),               # (the item's basis, "net of amounts capitalized", keeps it interest)
    ("cash paid for interest in 2070", "38,415"),
    ("income taxes paid 2071", "61,840"),
    ("interest expense 2071", None),                # (the year's expense asked: the cash paid is not it)
    ("capitalized interest 2071", None),            # (what the row is net of, never the row)
])
def test_an_item_under_cash_paid_for_is_the_payment_on_its_basis_and_only_a_payment_asked(question, expect):
    assert _answer(question, _PAID_FOR, "Osprey Hollow Tools, Inc.", int(question[-4:]), 2071) == expect


@pytest.mark.parametrize("question, measure", [
    ("EBIT margin 2094/95 (not adjusted)?", "ebit margin"),
    ("purchases of property and equipment (net) 2095", "purchases of property and equipment"),
    ("(loss) before tax 2095", "loss before tax"),
])
def test_the_measure_named_as_asked_stops_at_a_bracket_or_a_years_remains(question, measure):
    from pipeline.question.analysis import QuestionFacts
    from pipeline.question.figure_ask import read_ask

    ask = read_ask(question, QuestionFacts(text=question, companies=[], years=[2095], metrics=[]), None)
    assert ask.measure == measure


_NORDIC = [["SAARIJÄRVEN KONEPAJA OYJ", "CONSOLIDATED STATEMENT OF COMPREHENSIVE INCOME (IFRS)",
            "EUR 1 000 Note 1.1.–31.12.2071 1.1.–31.12.2070", "Revenue 2.1 212 407 196 318",
            "Other operating income 2.2 2 306 871", "Employee benefit expenses 2.4 -51 209 -47 733",
            "Operating profit 18 114 9 052", "Profit before taxes 16 390 7 118",
            "Saarijärven Konepaja Oyj | Financial Statements 2071 | 34"],
           ["KEY FIGURES", "EUR 1 000 2067 2068 2069 2070 2071",
            "Gearing, % 51.2 47.0 42.3 38.6 27.9", "Personnel, average 702 731 755 781 806",
            "Dividend per share, EUR 0.10 0.14 0.18 0.24 0.38 *)"]]


@pytest.mark.parametrize("question, expect", [
    ("revenue 2071", "212407"),                     # (a year printed as a range of days: "1.1.–31.12.2071")
    ("other operating income 2071", "2306"),        # (a section's note "2.2", then 2 306 and 871)
    ("other operating income 2070", "871"),
    ("personnel expenses 2070", "-47733"),          # (the workforce's cost, said the continental way)
    ("profit before taxes 2070", "7118"),
    ("gearing 2070", "38.6"),                       # (a rate by name)
    ("average personnel 2071", "806"),              # (a count in a key-figures table's word order)
    ("dividend per share 2071", "0.38"),            # (a footnote's asterisk after the last figure)
])
def test_a_nordic_report_in_thousands_of_euros_with_its_year_as_a_range_of_days(question, expect):
    assert _answer(question, _NORDIC, "Saarijärven Konepaja Oyj", int(question[-4:]), 2071) == expect


def test_a_report_book_named_financial_statements_in_a_running_footer_makes_no_fact():
    from tests.stored_facts import company_facts

    facts = company_facts(_NORDIC[:1], "Saarijärven Konepaja Oyj", 2071)
    assert facts and not [f for f in facts if "Financial Statements" in f.label]
    # (a row about the statements is no footer: "Audit of the Company and consolidated financial statements 120 110")
    fees = [["ACME PLC", "Auditor's remuneration", "2071 2070", "£000 £000",
             "Audit of the Company and consolidated financial statements 120 110", "Audit of subsidiaries 340 320"]]
    assert _answer("audit of the consolidated financial statements 2071", fees, "Acme plc", 2071, 2071) == "120"


def test_a_caption_of_thousands_with_a_comma_leaves_the_page_read_as_spaced_thousands():
    page = [["SAARIJÄRVEN KONEPAJA OYJ", "CONSOLIDATED INCOME STATEMENT", "SEK 1,000 Note 31.12.2071 31.12.2070",
             "Revenue 2.1 148 615 132 480", "Operating profit 14 229 6 420", "Profit before taxes 12 888 4 927"]]
    assert _answer("operating profit 2070", page, "Saarijärven Konepaja Oyj", 2070, 2071) == "6420"


def test_a_range_of_days_over_two_years_is_no_years_column():
    page = [["SAARIJÄRVEN KONEPAJA OYJ", "CONSOLIDATED INCOME STATEMENT",
             "EUR 1 000 1.1.2070–31.12.2071 1.1.2068–31.12.2069", "Revenue 412 615 386 480", "Operating profit 27 229 23 420"]]
    assert _answer("revenue 2071", page, "Saarijärven Konepaja Oyj", 2071, 2071) is None


def test_section_notes_on_a_page_with_no_notes_caption_are_notes():
    page = [["SAARIJÄRVEN KONEPAJA OYJ", "CONSOLIDATED INCOME STATEMENT", "NOK 1000 2071 2070",
             "Revenue 2.1 148 615 132 480", "Other operating income 2.2 1 284 915", "Operating profit 14 229 6 420"]]
    assert _answer("revenue 2071", page, "Saarijärven Konepaja Oyj", 2071, 2071) == "148615"


def test_a_half_year_printed_as_a_range_of_days_is_no_years_column():
    page = [["SAARIJÄRVEN KONEPAJA OYJ", "CONSOLIDATED INCOME STATEMENT", "EUR 1 000 1.7.–31.12.2071 1.7.–31.12.2070",
             "Revenue 74 615 66 480", "Operating profit 7 229 3 420"]]
    assert _answer("revenue 2071", page, "Saarijärven Konepaja Oyj", 2071, 2071) is None


_VAS = [["BINH LAM FEEDMILL JOINT STOCK COMPANY", "CONSOLIDATED INCOME STATEMENT", "for the year ended 31 December 2071",
         "Unit: VND million", "ITEMS Code Note Current year Previous year",
         "1. Gross revenue from sale of goods and rendering of services 01 VI.1 5,284,615 4,812,480",
         "2. Less revenue deductions 02 VI.1 84,215 71,840",
         "3. Net revenue from sale of goods and rendering of services 10 VI.1 5,200,400 4,740,640",
         "4. Cost of goods sold and services rendered 11 VI.2 4,612,840 4,215,615",
         "5. Gross profit from sale of goods and rendering of services 20 587,560 525,025"],
        ["BINH LAM FEEDMILL JOINT STOCK COMPANY", "CONSOLIDATED BALANCE SHEET", "as at 31 December 2071",
         "Unit: VND million", "ASSETS Code Note Ending balance Beginning balance",
         "A. CURRENT ASSETS 100 2,459,410 2,160,320", "I. Cash and cash equivalents 110 V.1 204,215 147,480"]]


@pytest.mark.parametrize("question, year, expect", [
    ("net revenue 2071", 2071, "5,200,400"),
    ("selling expenses 2071", 2071, None),
    ("revenue 2070", 2070, "4,740,640"),
    ("gross profit 2070", 2070, "525,025"),
    ("cash and cash equivalents at 31 December 2070", 2070, "147,480"),   # (the balance brought forward)
    ("cash and cash equivalents 2071", 2071, "204,215"),
])
def test_vietnamese_standards_wording_and_an_undated_ending_and_beginning_balance(question, year, expect):
    assert _answer(question, _VAS, "Binh Lam Feedmill Joint Stock Company", year, 2071) == expect


_SPANISH = [["VIÑEDOS LOMA ARENOSA S.A. Y FILIALES", "ESTADOS CONSOLIDADOS DE RESULTADOS INTEGRALES POR FUNCIÓN",
             "(En miles de pesos chilenos - M$)", "Nota 31.12.2071 31.12.2070",
             "Ingresos de actividades ordinarias 27 184.512.640 171.284.315",
             "Costo de ventas 28 (118.415.280) (112.840.615)", "Ganancia bruta 66.097.360 58.443.700",
             "Ganancia (pérdida), antes de impuestos 12.849.155 10.753.405",
             "Ganancia (pérdida), atribuible a los propietarios de la controladora 9.152.060 7.353.710",
             "Ganancia (pérdida) por acción básica 22,88 18,38"],
            ["VIÑEDOS LOMA ARENOSA S.A. Y FILIALES", "ESTADOS CONSOLIDADOS DE SITUACIÓN FINANCIERA CLASIFICADOS",
             "Nota 31.12.2071 31.12.2070", "Activos corrientes",
             "Efectivo y equivalentes al efectivo 6 8.412.615 11.284.240", "Inventarios corrientes 10 72.415.840 66.840.215",
             "Total de activos 331.780.385 318.535.550", "Pasivos no corrientes",
             "Otros pasivos financieros no corrientes 18 68.415.240 70.069.205",
             "Patrimonio total 174.338.375 168.595.465"],
            ["VIÑEDOS LOMA ARENOSA S.A. Y FILIALES", "ESTADOS CONSOLIDADOS DE FLUJOS DE EFECTIVO DIRECTO",
             "Nota 31.12.2071 31.12.2070",
             "Flujos de efectivo netos procedentes de (utilizados en) actividades de operación 18.653.675 23.783.770",
             "Compras de propiedades, planta y equipo 16 (11.840.215) (14.215.840)",
             "Dividendos pagados 24 (4.216.000) (3.840.000)",
             "Otras partidas distintas al efectivo 1.215.480 984.615"]]


@pytest.mark.parametrize("question, expect", [
    ("revenue 2071", "184512640"), ("cost of sales 2070", "(112840615)"), ("gross profit 2071", "66097360"),
    ("profit before tax 2070", "10753405"), ("profit attributable to owners of the parent 2071", "9152060"),
    ("basic EPS 2070", "18.38"), ("cash and cash equivalents 2071", "8412615"), ("inventories 2070", "66840215"),
    ("total assets 2071", "331780385"), ("total equity 2070", "168595465"),
    ("operating cash flow 2071", "18653675"),
    ("capex 2070", "(14215840)"), ("dividends paid 2071", "(4216000)"),
    ("other non-cash items 2071", None),            # (a label the vocabulary does not cover stays unread in English)
])
def test_a_spanish_statement_is_read_by_the_ifrs_taxonomys_english_labels(question, expect):
    assert _answer(question, _SPANISH, "Viñedos Loma Arenosa S.A.", int(question[-4:]), 2071) == expect


@pytest.mark.parametrize("label, gloss", [
    ("Total de activos corrientes", "Total current assets"),
    ("Ganancia (pérdida), atribuible a los propietarios de la controladora",
     "Profit (loss), attributable to owners of the parent"),
    ("Otras partidas distintas al efectivo", None),      # (a word not covered: no half translation)
    ("Total", None), ("Revenue", None),                  # (no Spanish word: no gloss)
])
def test_a_spanish_label_is_glossed_only_when_every_word_is_covered(label, gloss):
    from pipeline.reading.foreign_labels import english

    assert english(label) == gloss


def test_an_english_page_is_never_glossed_for_a_word_or_two_in_common():
    from pipeline.reading.foreign_labels import glossed

    lines = ["Revenue 1,204 1,100", "Total 1,204 1,100", "Patrimonio total 5 4"]
    assert glossed(lines) == lines


_SEGMENTS = [["LOMA VERDE FLOWERS S.A.", "4. Operating segments",
              "2071 Roses | Carnations and other flowers | Logistics | Corporate | Total",
              "External operating revenue 984.612 341.806 86.388 - 1.412.806",
              "Segment operating profit 142.806 31.418 9.118 (3.472) 179.870"]]


@pytest.mark.parametrize("question, expect", [
    ("Roses segment operating profit 2071", "142806"),      # (a segment named by a word that is also a verb's tense)
    ("Logistics segment operating profit 2071", "9118"),
    ("Tulips segment operating profit 2071", None),         # (a segment not printed: never the total)
])
def test_a_segment_column_named_by_a_word_a_question_may_say_as_filler_is_still_that_segment(question, expect):
    assert _answer(question, _SEGMENTS, "Loma Verde Flowers S.A.", 2071, 2071) == expect


@pytest.mark.parametrize("question, sentence, another", [
    ("Did Kition pay a final dividend for 2071?", "Dividends paid in 2071 amounted to EUR 4,446,000, comprising the "
     "final dividend for 2070 of EUR 0.04 per share and the interim dividend for 2071 of EUR 0.025 per share.", True),
    ("Did Kition pay an interim dividend for 2071?", "Dividends paid in 2071 amounted to EUR 4,446,000, comprising the "
     "final dividend for 2070 of EUR 0.04 per share and the interim dividend for 2071 of EUR 0.025 per share.", False),
    ("Did Kition pay a final dividend for FY2071?", "The final dividend of 5.2p per share in respect of the year ended "
     "31 March 2070 was paid in July.", True),
    ("Did Kition pay a final dividend in 2071?", "The final dividend for 2070 was paid in June 2071.", False),
])
def test_a_final_dividend_asked_for_a_year_is_not_another_years_final_dividend_paid_in_it(question, sentence, another):
    from pipeline.answer.which_event import another_years_dividend

    assert another_years_dividend(question, sentence) is another


_OPENING_IN_FIGURES = [["FJELLVIK SJØMAT ASA", "CONSOLIDATED STATEMENT OF CASH FLOWS", "(NOK 1 000) Note 2071 2070",
                        "Net cash flow from operating activities 996 905 817 675",
                        "Net change in cash and cash equivalents -63 355 63 030",
                        "Cash and cash equivalents at 1.1. 486 215 423 185",
                        "Cash and cash equivalents at 31.12. 422 860 486 215"]]


@pytest.mark.parametrize("question, expect", [
    ("Group cash and cash equivalents year-end 2071", "422860"),    # (never the balance the year opened with)
    ("opening cash 2071", "486215"),
])
def test_a_balance_at_the_first_day_in_figures_is_the_opening_one(question, expect):
    assert _answer(question, _OPENING_IN_FIGURES, "Fjellvik Sjømat ASA", 2071, 2071) == expect


@pytest.mark.parametrize("label, gloss", [
    ("Utilidad de operación", "Operating profit"),
    ("Total del capital contable", "Total equity"),
    ("Flujos netos de efectivo de actividades de operación", "Net cash flows from operating activities"),
])
def test_mexican_statement_wording_is_glossed_too(label, gloss):
    from pipeline.reading.foreign_labels import english

    assert english(label) == gloss


def test_a_movement_tables_beginning_and_ending_balance_columns_are_no_years():
    page = [["BINH LAM FEEDMILL JOINT STOCK COMPANY", "Note 15. Borrowings", "as at 31 December 2071",
             "Unit: VND million", "Beginning balance Increase Decrease Ending balance",
             "Bank loans 1,100,000 3,484,615 3,313,479 1,271,136"]]
    assert _answer("bank loans 2071", page, "Binh Lam Feedmill Joint Stock Company", 2071, 2071) != "3,484,615"


def test_gross_profit_from_goods_alone_is_a_part_not_the_total():
    page = [["BINH LAM FEEDMILL JOINT STOCK COMPANY", "CONSOLIDATED INCOME STATEMENT", "Unit: VND million", "2071 2070",
             "Gross profit from sale of goods 500,000 450,000", "Gross profit from rendering of services 200,000 180,000",
             "Total gross profit 700,000 630,000"]]
    assert _answer("gross profit 2071", page, "Binh Lam Feedmill Joint Stock Company", 2071, 2071) == "700,000"


def test_labour_costs_in_a_cost_of_sales_note_are_no_staff_costs():
    page = [["ACME PLC", "5. Cost of sales", "2071 2070", "£000 £000", "Materials 2,400 2,200", "Labour costs 900 850",
             "Total cost of sales 3,300 3,050"]]
    assert _answer("staff costs 2071", page, "Acme plc", 2071, 2071) is None


def test_a_row_asked_with_its_own_less_qualifier_is_that_row():
    page = [["ACME PLC", "CONSOLIDATED CASH FLOW STATEMENT", "2071 2070", "£000 £000",
             "Royalty receipts less withholding tax 515 480", "Net cash from operating activities 2,100 1,900"]]
    assert _answer("royalty receipts less withholding tax 2071", page, "Acme plc", 2071, 2071) == "515"


def test_total_company_revenue_is_the_groups_word_not_a_column():
    from pipeline.question.whose_figure import asked

    assert asked("Total company revenue 2071") == (False, False, False)


def test_a_run_of_spaced_tokens_no_grouping_reads_is_unreadable_never_its_last_tokens():
    from pipeline.reading import spaced_thousands

    page = ["EUR 1 000 2071 2070", "Revenue 148 615 132 480", "Operating profit 14 229 6 420", "Other items 1 234 5 678 9"]
    assert spaced_thousands.read(page)[-1] == "Other items n/a n/a"


@pytest.mark.parametrize("question, spelled", [
    ("FHLB advances 2071", "Federal Home Loan Bank advances 2071"), ("loans HFI 2071", "loans held for investment 2071"),
    ("NII 2071", "net interest income 2071"), ("NIM 2071", "net interest margin 2071"),
    ("FTEs at end of 2071", "full-time equivalent employees at end of 2071"),
    ("Employees (FTE) 2071", "Employees (FTE) 2071"),          # (a row's own bracket, as printed, stays)
])
def test_a_banks_measures_and_full_time_equivalents_by_their_initials(question, spelled):
    assert shorthand.spell(question) == spelled


_BANK_DATA = [["PEE DEE RIVER BANCORP, INC.", "Selected Financial Information",
               "(Dollars in thousands) At or for the Years Ended December 31,", "2071 2070",
               "Selected Average Balances", "Average total assets $ 4,048,615 $ 3,795,240",
               "Performance Ratios", "Efficiency ratio (1) 56.11% 54.44%",
               "Other Data", "Full-time equivalent employees 512 497"]]


@pytest.mark.parametrize("question, expect", [
    ("efficiency ratio 2071", "56.11%"), ("FTEs at end of 2070", "497"),
    ("total assets 2071", None),                   # (the average, never the year-end level)
])
def test_a_section_of_average_balances_ends_at_the_next_sections_heading(question, expect):
    assert _answer(question, _BANK_DATA, "Pee Dee River Bancorp, Inc.", int(question[-4:]), 2071) == expect


def test_weighted_average_shares_used_in_computing_loss_per_share_are_a_count():
    page = [["TALLULAH CODEWORKS, INC.", "CONSOLIDATED STATEMENTS OF OPERATIONS", "(in thousands, except per share data)",
             "Year Ended January 31, 2071 2070", "Net loss (51,240) (88,415)",
             "Net loss per share attributable to common stockholders, basic and diluted $ (0.36) $ (0.65)",
             "Weighted-average shares used in computing net loss per share attributable to common stockholders, basic "
             "and diluted 142,815 138,240"]]
    assert _answer("weighted average basic shares 2071", page, "Tallulah Codeworks, Inc.", 2071, 2071) == "142,815"


@pytest.mark.parametrize("question, keys", [
    ("Matelot Springs Group current ratio at 30 September 2071", ["a"]),   # (the group a holding company heads)
    ("Orion Group revenue 2071", []),                   # (another entity's name: not a held non-holding company)
    ("Matelot Springs Group Holdings revenue 2071", []),
])
def test_a_holding_companys_name_with_group_after_it_is_its_group(question, keys):
    from pipeline.question.registry import Company, Registry

    registry = Registry([Company(key="a", name="Matelot Springs Holdings Limited", aliases=("Matelot Springs",)),
                         Company(key="b", name="Orion Energy Inc.", aliases=("Orion",))])
    assert [c.key for c in registry.find_companies(question)] == keys


_POLISH = [["GRUPA KAPITAŁOWA MAZURSKIE MEBLE S.A.",
            "SKONSOLIDOWANE SPRAWOZDANIE Z ZYSKÓW LUB STRAT I INNYCH CAŁKOWITYCH DOCHODÓW", "(w tysiącach złotych)",
            "Nota 01.01.2071 - 31.12.2071 01.01.2070 - 31.12.2070", "Przychody ze sprzedaży 5 1 318 204 1 207 551",
            "Koszt własny sprzedaży 6 (962 410) (880 377)", "Zysk (strata) brutto ze sprzedaży 355 794 327 174",
            "Zysk (strata) z działalności operacyjnej 171 306 140 982", "Zysk (strata) brutto 160 017 128 455"],
           ["GRUPA KAPITAŁOWA MAZURSKIE MEBLE S.A.", "SKONSOLIDOWANE SPRAWOZDANIE Z SYTUACJI FINANSOWEJ",
            "(w tysiącach złotych)", "Nota 31.12.2071 31.12.2070", "AKTYWA",
            "Środki pieniężne i ich ekwiwalenty 17 73 906 64 112", "AKTYWA RAZEM 1 012 377 948 106",
            "Kapitał własny razem 561 204 497 930"]]


@pytest.mark.parametrize("question, expect", [
    ("revenue 2071", "1318204"), ("gross profit 2070", "327174"), ("operating profit 2071", "171306"),
    ("profit before tax 2070", "128455"), ("total assets 2071", "1012377"), ("total equity 2070", "497930"),
    ("cash and cash equivalents 2071", "73906"),
    ("revenue 2071 in EUR", None),                  # (the statements are in złoty: never another currency's answer)
])
def test_a_polish_statement_is_read_by_its_english_gloss_in_its_own_currency(question, expect):
    year = int(re.search(r"20\d\d", question).group(0))
    assert _answer(question, _POLISH, "Mazurskie Meble S.A.", year, 2071) == expect


@pytest.mark.parametrize("caption, scale, currency", [
    ("(w tysiącach złotych)", "thousand", "PLN"), ("(En miles de pesos chilenos - M$)", "thousand", "CLP"),
    ("(En miles de pesos mexicanos, excepto utilidad por acción)", "thousand", "MXN"),
])
def test_a_units_caption_in_spanish_or_polish_names_its_scale_and_currency(caption, scale, currency):
    from pipeline.core.currencies import currency_of
    from pipeline.reading.unit_caption import detect_unit

    assert (detect_unit(caption), currency_of(caption)) == (scale, currency)


_STANDALONE_ONLY = [["MALAPURAM RESINS LIMITED", "Standalone Statement of Profit and Loss for the year ended 31 March 2071",
                     "(₹ in crore)", "Particulars Note Year ended Year ended", "No. 31 March 2071 31 March 2070",
                     "I Revenue from operations 24 8,642.18 7,915.46", "VII Profit before tax (V + VI) 1,227.82 925.17"],
                    ["MALAPURAM RESINS LIMITED", "Standalone Balance Sheet as at 31 March 2071", "(₹ in crore)",
                     "Particulars Note As at As at", "No. 31 March 2071 31 March 2070", "Total assets 9,412.60 8,845.12"]]


@pytest.mark.parametrize("question, expect", [
    ("revenue from operations FY2071", "8,642.18"), ("total assets 2070", "8,845.12"),
])
def test_a_report_printing_only_its_standalone_statements_has_them_as_its_primary_ones(question, expect):
    assert _answer(question, _STANDALONE_ONLY, "Malapuram Resins Limited", int(question[-4:]), 2071) == expect


def test_standalone_statements_beside_consolidated_ones_stay_the_parents():
    pages = _STANDALONE_ONLY + [["MALAPURAM RESINS LIMITED",
                                 "Consolidated Statement of Profit and Loss for the year ended 31 March 2071",
                                 "(₹ in crore)", "Particulars Note Year ended Year ended", "No. 31 March 2071 31 March 2070",
                                 "I Revenue from operations 24 9,918.40 9,011.27"]]
    assert _answer("revenue from operations FY2071", pages, "Malapuram Resins Limited", 2071, 2071) == "9,918.40"


def test_a_count_of_homes_never_answers_the_value_asked():
    page = [["SANDHILL CRANE HOMES, INC.", "Selected Operating Data", "Years Ended November 30, 2071 2070 2069",
             "Homes delivered 3,118 2,944 3,006", "Backlog at year end (homes) 3,412 3,238 3,509",
             "Backlog at year end (value) $ 1,812,480 $ 1,664,215"]]
    assert _answer("backlog value at November 30, 2069", page, "Sandhill Crane Homes, Inc.", 2069, 2071) is None
    assert _answer("backlog homes 2069", page, "Sandhill Crane Homes, Inc.", 2069, 2071) == "3,509"


def test_operating_profit_before_working_capital_changes_is_no_operating_profit():
    page = [["KAVERI GLASSWORKS LIMITED", "Statement of Cash Flows for the year ended 31 March 2071", "(Rs in lakhs)",
             "Particulars 2071 2070", "Profit before tax 31,204.10 25,117.40",
             "Depreciation and amortisation expense 8,604.27 7,718.95",
             "Operating profit before working capital changes 34,741.67 28,324.12",
             "Net cash generated from operating activities 29,118.20 24,402.10"]]
    assert _answer("operating profit 2071", page, "Kaveri Glassworks Limited", 2071, 2071) is None


_TOTAL_IN_A_NOTE = [["MOPANI FLEET LIMITED", "STATEMENT OF FINANCIAL POSITION", "as at 30 June 2071", "2071 2070",
                     "R'000 R'000", "Non-current liabilities", "Interest-bearing borrowings 15 1,106,500 1,182,400",
                     "Current liabilities", "Current portion of interest-bearing borrowings 15 214,600 196,800"],
                    ["15. Interest-bearing borrowings R'000 2071 2070",
                     "Total interest-bearing borrowings 1,321,100 1,379,200",
                     "Non-current interest-bearing borrowings 1,106,500 1,182,400"]]


@pytest.mark.parametrize("question, expect", [
    ("total interest-bearing borrowings 2071", "1,321,100"),     # (the total said: the note's total row)
    ("interest-bearing borrowings 2070", "1,182,400"),
])
def test_total_said_prefers_a_rows_printed_total_over_a_statements_part(question, expect):
    assert _answer(question, _TOTAL_IN_A_NOTE, "Mopani Fleet Limited", int(question[-4:]), 2071) == expect


def test_a_dividend_under_an_income_heading_is_received_never_the_dividends_paid():
    page = [["BUNDABERG CREEK INVESTMENTS LIMITED", "NOTES TO THE FINANCIAL STATEMENTS", "5. Revenue", "2071 2070", "$ $",
             "Net gain/(loss) from investment portfolio", "Interest income 1,204 2,118",
             "Unfranked dividends 8,866 12,404", "Total revenue 10,070 14,522"]]
    assert _answer("What dividends did Bundaberg Creek pay in FY2071?", page, "Bundaberg Creek Investments Limited",
                   2071, 2071) is None


def test_whole_figures_as_many_as_a_multiple_of_the_years_are_read_as_printed_on_a_page_of_spaced_runs():
    from pipeline.reading import spaced_thousands

    page = ["months ended December 31, 2071 and 2070 is as follows:", "Net income 461 229 695 432",
            "Add: Income tax expense 33 61 91 124", "Adjusted EBIT 1 204 1 118", "Adjusted net income 9 812 9 507"]
    assert spaced_thousands.read(page)[2] == "Add: Income tax expense 33 61 91 124"
