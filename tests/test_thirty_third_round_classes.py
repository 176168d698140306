"""Classes found by the thirty-third rounds (stop 58). The companies, names, wording and figures here are made up."""
from __future__ import annotations

from datetime import date

import pytest

from pipeline.answer import yesno
from pipeline.question import shorthand
from pipeline.stores.corpus import ReportPage
from tests.stored_facts import facts_of, printed_answer


def _answer(question, pages, company, year, doc_fy):
    return printed_answer(shorthand.spell(question), pages, company, year, doc_fy)


def _pages(*texts: str, fy: int = 2071) -> list[ReportPage]:
    return [ReportPage("doc", "Molinera Pampa", fy, "ANNUAL", i + 1, t) for i, t in enumerate(texts)]


def _event(question: str):
    return next(e for e in yesno.events() if e.asked.search(question))


# a statement printed in two languages whose column header carries its header words beside their translation
# ("Nota / Note", "Reexpresado / Restated") over split years ("2071/72")
def _bilingual_header(header: str) -> list[list[str]]:
    return [["MOLINERA PAMPA S.A.", "ESTADO DE RESULTADOS / INCOME STATEMENT",
             "Ejercicio finalizado el 30 de junio / Year ended 30 June (ARS millones / ARS million)", header,
             "Ingresos / Revenue 4 8.412,6 7.918,2",
             "Resultado operativo / Operating profit 1.206,4 1.118,8",
             "Resultado del ejercicio / Profit for the year 712,8 640,2",
             "Atribuible a / Attributable to:",
             "Propietarios de la controladora / Owners of the parent 688,4 611,6",
             "Participaciones no controladoras / Non-controlling interests 24,4 28,6"]]


@pytest.mark.parametrize("header", [
    "Nota / Note | 2071/72 | 2070/71 Reexpresado / Restated",
    "Nota / Note 2071/72 2070/71 Reexpresado / Restated",
    "Nota / Note 2071/72 2070/71",
])
def test_a_header_word_beside_its_translation_is_a_header_word(header):
    facts = [f for f in facts_of(["\n".join(_bilingual_header(header)[0])], 2072) if f.label.endswith("Revenue")]
    assert sorted(f.value_printed for f in facts) == ["7918.2", "8412.6"]


def test_a_translated_pair_whose_english_is_no_header_word_is_no_header():
    # ("Ventas / Sales" beside the years is a row's label, never a column header)
    facts = facts_of(["\n".join(_bilingual_header("Ventas / Sales 2071/72 2070/71")[0])], 2072)
    assert not any(f.column_header.startswith("Ventas") for f in facts)


@pytest.mark.parametrize("question, expect", [
    ("Molinera Pampa revenue 2071/72", "8412.6"),
    ("Profit attributable to owners of the parent 2072", "688.4"),
    ("Molinera Pampa profit for the year 2071", "640.2"),
])
def test_a_bilingual_statement_under_a_translated_header_is_read(question, expect):
    year = 2071 if question.endswith("2071") else 2072
    assert _answer(question, _bilingual_header("Nota / Note | 2071/72 | 2070/71 Reexpresado / Restated"),
                   "Molinera Pampa", year, 2072) == expect


@pytest.mark.parametrize("question", [
    "Was the interim dividend raised in 2071?",
    "Was the final dividend increased in 2071?",
    "Did Molinera lift its dividend in 2071?",
    "Was the dividend hiked in 2071?",
])
def test_a_dividend_raised_asked_after_the_noun_is_a_change_of_the_dividend(question):
    assert _event(question).key == "dividend_increase"


def test_a_dividend_held_answers_no_to_raised_and_its_payment_alone_says_nothing():
    pages = _pages("Dividends paid in the year were ARS 5.2 million: the 2070 final of 2.40 cent and the 2071 interim "
                   "of 1.20 cent.", "The interim dividend was held at 1.20 cent per share.")
    r = yesno.read_report(pages, _event("Was the interim dividend raised?"), 2071, None,
                          "Was the interim dividend raised in 2071?")
    assert not r.affirmed and [p.page for _, p in r.denied] == [2]


@pytest.mark.parametrize("sentence, change", [
    # its name in the report's language in brackets, and when it was paid before the comparative
    ("The Board paid an interim dividend (dividendo anticipado) of ARS 0.40 per share in December 2070, compared "
     "with ARS 0.60 a year earlier, and proposes a final dividend of ARS 0.60 per share.", -1),
    ("An interim dividend of 3.0 pence per share was paid on 12 May 2071, against 2.0 pence", None),
    ("An interim dividend (the first) of 3.0 pence per share on 12 May 2071, against 2.0 pence", 1),
    ("The Board paid an interim dividend of ARS 0.40 per share in December 2070.", None),
])
def test_a_dividend_compared_after_its_translation_or_its_payment_date_is_read(sentence, change):
    from pipeline.answer.comparatives import dividend_change

    assert dividend_change(sentence, "interim") == change


def test_a_sentence_paying_one_dividend_and_proposing_another_answers_for_the_one_paid():
    pages = _pages("Dividends. The Board paid an interim dividend (dividendo anticipado) of ARS 0.40 per share in "
                   "December 2071, compared with ARS 0.60 a year earlier, and proposes a final dividend of ARS 0.60 per "
                   "share, for a total of ARS 1.00 per share.", fy=2072)
    r = yesno.read_report(pages, _event("Was the interim dividend raised?"), 2072, date(2072, 6, 30),
                          "Was the interim dividend raised in 2071/72?")
    assert r.denied and not r.affirmed
    # the proposal's own comparative still names a plan: no answer of the year from it
    plan = _pages("The Board proposes a final dividend of ARS 0.90 per share (2071: ARS 0.60).", fy=2072)
    r = yesno.read_report(plan, _event("Was the final dividend raised?"), 2072, date(2072, 6, 30),
                          "Was the final dividend raised in 2071/72?")
    assert not r.affirmed and not r.denied


@pytest.mark.parametrize("terms, score", [
    (["member", "great", "britain"], 0),      # members asked: the clubs' places count no members
    (["club", "great", "britain"], 2),        # clubs asked: "19 in Great Britain" counts clubs
    (["club"], 2),
])
def test_a_number_whose_noun_is_left_out_before_a_place_counts_the_noun_stated_before_it(terms, score):
    from pipeline.answer.prose_counts import count_score

    sentence = ("At 31 December 2071 we operated 86 clubs (2070: 79): 58 in the Republic of Ireland, 9 in Northern "
                "Ireland and 19 in Great Britain.")
    assert count_score(sentence, terms) == score


def test_a_bilingual_attribution_heading_or_row_names_the_line_it_splits():
    facts = facts_of(["\n".join(_bilingual_header("Nota / Note 2071/72 2070/71")[0])], 2072)
    owners = next(f for f in facts if f.label.endswith("Owners of the parent") and f.fiscal_year == 2072)
    assert owners.label_path.startswith("Resultado del ejercicio / Profit for the year attributable to ›")
    summary = ["FIVE-YEAR SUMMARY (ARS million)", "2067/68 | 2068/69 | 2069/70 | 2070/71 | 2071/72",
               "Resultado del ejercicio / Profit for the year 511,8 690,6 981,2 640,2 712,8",
               "Atribuible a propietarios / Attributable to shareholders 490,6 661,2 951,8 611,6 688,4"]
    row = next(f for f in facts_of(["\n".join(summary)], 2072) if f.fiscal_year == 2072 and "shareholders" in f.label)
    assert row.label == "Resultado del ejercicio / Profit for the year attributable to shareholders"
    assert _answer("Profit attributable to shareholders 2072", [summary], "Molinera Pampa", 2072, 2072) == "688.4"


def test_a_short_first_word_english_does_not_use_names_its_company_only_capitalised():
    from pipeline.question.registry import Company, Registry

    reg = Registry([Company(key="v", name="Vask Markets"), Company(key="c", name="Cork Holdings"),
                    Company(key="b", name="Bank Street Capital")])
    assert reg.spell_out("Vask net sales 2071") == "Vask Markets net sales 2071"
    assert reg.spell_out("What was Vask's operating cash flow?") == "What was Vask Markets's operating cash flow?"
    assert reg.spell_out("vask net sales") == "vask net sales"           # (lower case: a word, not the name)
    assert reg.spell_out("Cork revenue 2071") == "Cork revenue 2071"     # (a word English uses: never a name alone)
    assert reg.spell_out("Bank revenue 2071") == "Bank revenue 2071"


def test_capex_from_the_purchases_of_fixed_assets_names_the_purchases_of_intangibles_beside_them():
    from pipeline.answer.wording import other_capex

    page = ["MOANA PAYMENTS LIMITED", "Consolidated statement of cash flows", "for the year ended 31 March 2071",
            "Note 2071 2070", "$'000 $'000", "Cash flows from investing activities",
            "Payments for property, plant and equipment (960) (1,412)", "Payments for intangible assets (10,512) (9,806)",
            "Proceeds from sale of intangible assets 12 -", "Net cash used in investing activities (11,460) (11,218)"]
    facts = [f for f in facts_of(["\n".join(page)], 2071) if f.fiscal_year == 2071]
    ppe = next(f for f in facts if f.label.startswith("Payments for property"))
    assert other_capex(ppe, facts).label == "Payments for intangible assets"
    intangibles = next(f for f in facts if f.label == "Payments for intangible assets")
    assert other_capex(intangibles, facts) is None
    assert other_capex(ppe, [f for f in facts if "intangible" not in f.label or "sale" in f.label]) is None


@pytest.mark.parametrize("label, value, address", [
    ("Level 4, 17 Harbour Parade, Fremantle WA", "6160", True),
    ("PO Box 321, Subiaco WA", "6904", True),
    ("100 Main Street, Suite 400, Dallas, TX", "75201", True),
    ("Level 3 assets", "1234", False),                          # (the fair value hierarchy's level: a row)
    ("Rent for 28 Market Street premises", "1200", False),     # (an amount about a street: a row)
    ("Level 4, 17 Harbour Parade, Fremantle WA", "6,160", False),   # (a grouped figure is no postcode)
])
def test_a_postal_address_ending_in_its_postcode_is_no_row(label, value, address):
    from pipeline.reading.not_facts import postal_address

    assert postal_address(label, [(None, value)]) == address


@pytest.mark.parametrize("label, value, header", [
    ("Total Level 1 Level 2 Level", "3", True),
    ("Stage 1 Stage 2 Stage", "3", True),
    ("Transfer out of Level", "5", False),
    ("Level 2", "3", False),
])
def test_a_header_of_numbered_columns_whose_last_number_fell_into_the_values_is_no_row(label, value, header):
    from pipeline.reading.not_facts import numbered_header

    assert numbered_header(label, [(None, value)]) == header


def test_an_address_page_gives_no_fact_and_its_statement_lines_still_do():
    page = ["KOOKABURRA MINERALS LTD", "Registered office", "Level 4, 17 Harbour Parade, Fremantle WA 6160",
            "Statement of financial position", "as at 30 June 2071", "2071 2070", "$ $",
            "Cash and cash equivalents 1,204,118 2,418,206", "Total assets 6,812,406 7,118,212"]
    facts = facts_of(["\n".join(page)], 2071)
    assert not any("Harbour Parade" in f.label for f in facts)
    assert {f.value_printed for f in facts if f.label == "Total assets"} == {"6,812,406", "7,118,212"}


_TITLE_ON_THE_COLUMN_LINE = [["TARAWERA LEISURE GROUP PLC", "CONSOLIDATED STATEMENT OF FINANCIAL POSITION",
                              "As at 31 December 2071 (NZ$'000) Note 2071 2070", "Current liabilities",
                              "Trade and other payables 36,118 32,406", "Borrowings 7 12,500 10,000",
                              "Total current liabilities 48,618 42,406", "Non-current liabilities",
                              "Borrowings 7 118,406 96,812", "Lease liabilities 8 214,230 201,406",
                              "Total non-current liabilities 332,636 298,218"]]


def test_a_titles_date_on_the_column_line_before_the_notes_word_is_no_column():
    facts = facts_of(["\n".join(_TITLE_ON_THE_COLUMN_LINE[0])], 2071)
    assert sorted(f.value_printed for f in facts if f.label == "Borrowings" and f.fiscal_year == 2071) == \
        ["118,406", "12,500"]       # (never the note's "7" as a third column)
    assert {f.value_printed for f in facts if f.label == "Trade and other payables"} == {"36,118", "32,406"}


@pytest.mark.parametrize("question, expect", [
    ("Non-current borrowings at 31 December 2071, Tarawera", "118,406"),
    ("Tarawera long-term debt 2071", "118,406"),
    ("non-current debt 2070", "96,812"),
    ("current borrowings 2071", "12,500"),
    ("borrowings 2071", None),          # (which? the current and the non-current are printed, no total)
])
def test_borrowings_under_a_non_current_heading_are_the_non_current_borrowings(question, expect):
    year = int(question[-4:]) if question[-1].isdigit() else 2071
    assert _answer(question, _TITLE_ON_THE_COLUMN_LINE, "Tarawera Leisure Group", year, 2071) == expect


def _board_pages(*lines):
    return [ReportPage("d", "Molinera Pampa", 2071, "ANNUAL", 1, "\n".join(["Corporate governance", *lines]))]


@pytest.mark.parametrize("role, lines, name", [
    # a board list naming a second title before a semicolon, and the role beside its translation
    ("chair of the audit committee",
     ["Tomás P. Ibarra Rey - Director independiente; Presidente del Comité de Auditoría / Chair of the Audit Committee",
      "Lucía M. Vidal Olmos - Directora independiente; Presidenta del Comité de Compensaciones / Chair of the "
      "Remuneration Committee"], "Tomás P. Ibarra Rey"),
    ("chair of the audit committee",
     ["Bold Ganbaatar - Independent director; Chairman of the Audit Committee (from 28 April 2071)",
      "Nomin Tsetseg - Independent director and Chair of the Audit Committee until 28 April 2071 (retired)"],
     "Bold Ganbaatar"),
    ("chair", ["Ana Inés Barreiro Sosa - Presidenta / Chair (from 27 July 2070)",
               "Joaquín Mendiola Araújo - Vicepresidente / Vice-Chair"], "Ana Inés Barreiro Sosa"),
    ("chief financial officer", ["Rodrigo J. Olivera Techera - Gerente General / General Manager (CEO)",
                                 "Lucía M. Pereira Sturla - Gerente de Administración y Finanzas / Chief Financial Officer"],
     "Lucía M. Pereira Sturla"),
])
def test_a_board_lists_role_after_a_dash_another_title_or_its_translation_names_its_holder(role, lines, name):
    from pipeline.answer import people
    from pipeline.state import TurnState

    text, kind = people._role_answer(TurnState(question="q"), "Molinera Pampa", 2071, _board_pages(*lines), role,
                                     lambda p: 1)
    assert kind == "name" and text.split(" (")[0].endswith(f": {name}")


@pytest.mark.parametrize("sentence, names", [
    ("Jane Roe Director, Chief Financial Officer", ["Jane Roe"]),      # (a title after the name is no surname)
    ("Jane Roe Independent Non-executive Chair", ["Jane Roe"]),
    ("Ana Inés Barreiro Sosa, Chair", ["Ana Inés Barreiro Sosa"]),
])
def test_a_second_given_name_or_surname_is_part_of_the_name_and_a_title_never_is(sentence, names):
    from pipeline.answer import people

    pages = [ReportPage("d", "Molinera Pampa", 2071, "ANNUAL", 1, sentence)]
    assert [n for n, _, _ in people.role_mentions(pages, "chair" if "Chair" in sentence and "Officer" not in sentence
                                                  else "chief financial officer")] == names


@pytest.mark.parametrize("question, role", [
    ("Name Molinera's external audit firm", "auditor"),
    ("Please name the CFO of Molinera", "chief financial officer"),
    ("Named lines of Molinera's revenue", None),
])
def test_a_role_asked_as_an_instruction_to_name_it_is_asked(question, role):
    from pipeline.answer.role_asked import asks_role
    from pipeline.question.analysis import QuestionFacts

    assert asks_role(QuestionFacts(text=question)) == role


_HIGHLIGHTS = ["Kaiwaka Implementos S.A. - 4Q71 and 2071 Earnings Release",
               "Highlights (R$ million) 4Q71 4Q70 Var. 2071 2070 Var.",
               "Gross revenue 506.2 458.4 10.4% 1,786.6 1,620.9 10.2%",
               "Net revenue 412.6 371.8 11.0% 1,482.3 1,350.2 9.8%",
               "EBITDA 71.8 63.4 13.2% 244.3 223.7 9.2%"]


@pytest.mark.parametrize("line, read", [
    ("Highlights (R$ million) 4Q71 4Q70 Var. 2071 2070 Var.", "Highlights (R$ million) Q4 2071 Q4 2070 Var. 2071 2070 Var."),
    ("Q4 22 Q4 21 2022 2021", "Q4 2022 Q4 2021 2022 2021"),
    ("4T71 4T70 2071 2070", "Q4 2071 Q4 2070 2071 2070"),        # (Portuguese "trimestre")
    ("Phase 2Q71 3 items", "Phase 2Q71 3 items"),                # (no full year beside it: left as printed)
])
def test_a_quarter_named_with_a_two_digit_year_beside_full_years_is_read_in_full(line, read):
    from pipeline.reading.quarter_names import short_years

    assert short_years(line) == read


def test_a_highlights_table_of_quarter_and_year_columns_with_variations_reads_each_column():
    facts = [f for f in facts_of(["\n".join(_HIGHLIGHTS)], 2071) if f.label == "Net revenue"]
    assert sorted((f.column_header, f.value_printed) for f in facts) == [
        ("2070", "1,350.2"), ("2071", "1,482.3"), ("Q4 2070", "371.8"), ("Q4 2071", "412.6")]
    assert {f.span for f in facts if f.column_header.startswith("Q4")} == {"quarter"}
    assert "quarter" not in {f.span for f in facts if not f.column_header.startswith("Q4")}
    assert _answer("Kaiwaka net revenue 2071", [_HIGHLIGHTS], "Kaiwaka Implementos", 2071, 2071) == "1,482.3"
    assert _answer("Kaiwaka Q4 net revenue 2071", [_HIGHLIGHTS], "Kaiwaka Implementos", 2071, 2071) == "412.6"


@pytest.mark.parametrize("header, read", [
    ("Key figures (EUR million) 2071 2070", True),
    ("Highlights (R$ million) 2071 2070 Var.", True),
    ("Financial highlights (£m) 2071 2070", True),
    ("Net sales (EUR million) 2071 2070", False),      # (a row's label: never a caption, whatever its figures)
    ("Revenue 2071 2070 12,406", False),
])
def test_the_labels_columns_caption_with_the_tables_units_is_no_word_of_the_header(header, read):
    from pipeline.reading.columns import is_fragment

    assert is_fragment(header) == read


_UTILITY = [["KAWEAH POWER & LIGHT COMPANY", "CONSOLIDATED STATEMENTS OF INCOME", "(In thousands)",
             "Year Ended December 31,", "2071 2070 2069",
             "Total operating revenues ................ $ 2,255,222 $ 2,162,720 $ 2,051,098",
             "INTEREST CHARGES",
             "Interest on long-term debt ............... 186,412 171,806 162,418",
             "Other interest ........................... 12,806 9,412 6,218",
             "Net interest charges ..................... 199,218 181,218 168,636",
             "INCOME BEFORE INCOME TAXES ............... 237,650 220,266 213,996",
             "NET INCOME ............................... 165,232 154,060 152,184",
             "Preferred stock dividend requirements .... 2,406 2,406 2,406",
             "EARNINGS AVAILABLE FOR COMMON STOCK ...... $ 162,826 $ 151,654 $ 149,778"],
            ["CONSOLIDATED STATEMENTS OF CASH FLOWS", "(In thousands)", "Year Ended December 31,", "2071 2070 2069",
             "INVESTING ACTIVITIES",
             "Construction expenditures (excluding AFUDC - equity) ..... (612,806) (586,418) (540,212)",
             "Accrued construction expenditures ....................... 54,206 48,118 40,806"]]


@pytest.mark.parametrize("question, year, expect", [
    ("What were earnings available for common stock in 2070?", 2070, "151,654"),
    ("Interest on long-term debt in 2070", 2070, "171,806"),
    ("Kaweah net interest charges 2071", 2071, "199,218"),
    ("Construction expenditures (capex) in 2070", 2070, "(586,418)"),
    ("Kaweah capex 2071", 2071, "(612,806)"),
    ("Kaweah interest expense 2071", 2071, None),     # (a component is never the whole interest expense)
])
def test_a_utilitys_statement_wording_answers_and_its_net_total_closes_its_heading(question, year, expect):
    assert _answer(question, _UTILITY, "Kaweah Power & Light", year, 2071) == expect


def test_a_net_total_of_a_heading_closes_it():
    facts = facts_of(["\n".join(_UTILITY[0])], 2071)
    assert {f.label_path for f in facts if f.label == "NET INCOME"} == {"NET INCOME"}
    assert {f.label_path for f in facts if f.label == "Net interest charges"} == {"INTEREST CHARGES › Net interest charges"}


_THRIFT = [["KEOWEE SAVINGS BANCORP, INC.", "CONSOLIDATED BALANCE SHEETS", "(Dollars in thousands)",
            "June 30, 2071 June 30, 2070", "ASSETS", "Cash and due from banks 18,406 16,212",
            "Federal Home Loan Bank stock, at cost 9,806 12,118", "Loans receivable, net 1,402,118 1,318,406",
            "Total assets 1,706,412 1,612,118", "LIABILITIES AND STOCKHOLDERS' EQUITY", "Deposits 1,318,206 1,206,412",
            "Federal Home Loan Bank advances 191,000 228,000", "Total liabilities 1,552,406 1,476,212"]]


@pytest.mark.parametrize("question, year, expect", [
    ("How much did Keowee owe the Federal Home Loan Bank at June 30, 2070?", 2070, "228,000"),
    ("Federal Home Loan Bank stock 2070", 2070, "12,118"),       # (the asset asked as such)
])
def test_what_a_company_owes_is_a_liability_never_an_asset_printing_the_same_words(question, year, expect):
    assert _answer(question, _THRIFT, "Keowee Savings Bancorp", year, 2071) == expect


@pytest.mark.parametrize("question, owes", [
    ("How much did Keowee owe the bank?", True),
    ("amounts owing to suppliers", True),
    ("How much does the company owe its lenders?", True),
    ("How much was owed by customers?", False),
    ("What was owed to the company by its parent?", False),
    ("How much did related parties owe Keowee?", False),         # (others owing it: its receivable)
    ("Amounts owing from related parties", False),
    ("How much did Keowee's customers owe?", False),
])
def test_an_amount_owed_by_the_company_is_asked_only_when_the_company_owes_it(question, owes):
    import dataclasses

    from pipeline.retrieval.owed import asset_for_owed
    from tests.stored_facts import facts_of as facts

    stock = next(f for f in facts(["\n".join(_THRIFT[0])], 2071) if f.label.startswith("Federal Home Loan Bank stock"))
    stock = dataclasses.replace(stock, company="Keowee Savings Bancorp")
    assert asset_for_owed(question, stock) == owes


def test_a_bare_rupee_is_the_reports_countrys_and_its_thousands_caption_is_read():
    from ingest.identify import identify
    from pipeline.guardrails.verifier import page_unit
    from pipeline.reading.facts import extract

    pages = ["INDUS VALLEY TEXTILES LIMITED\nAnnual Report 2071\nListed on the Pakistan Stock Exchange (PSX: IVTL)\n"
             "Securities and Exchange Commission of Pakistan; Companies Act, 2017",
             "STATEMENT OF PROFIT OR LOSS\nFor the year ended 30 June 2071 Note 2071 2070 (Rupees in '000)\n"
             "Revenue - net 12 18,612,406 15,418,212\nProfit for the year 713,746 823,052\n"
             "Earnings per share - basic and diluted (Rupees) 16 19.83 22.86",
             "NOTES TO THE FINANCIAL STATEMENTS\n24. Investment in the joint venture in India\n"
             "(INR in '000) 2071 2070\nShare of profit of the joint venture 12,406 10,118"]
    idn = identify(pages)
    assert (idn.currency, idn.scale) == ("PKR", "thousands")
    assert page_unit(pages[1]) == "thousand"
    # (as ingest reads them: each statement page's own units, then the facts)
    facts = extract(pages, 2071, "ANNUAL", None, idn.currency, idn.scale,
                    page_units={u.page: (u.currency, u.scale) for u in idn.statement_units})
    share = next(f for f in facts if f.label.startswith("Share of profit") and f.fiscal_year == 2071)
    assert share.currency == "INR"                # (said in India's rupees: India's)
    revenue = next(f for f in facts if f.label == "Revenue - net" and f.fiscal_year == 2071)
    assert (revenue.currency, revenue.value_printed) == ("PKR", "18,612,406")
    eps = next(f for f in facts if f.label.startswith("Earnings per share") and f.fiscal_year == 2071)
    assert eps.value_printed == "19.83"         # (never the note's "16" before it)


def test_an_indian_reports_rupee_stays_indias():
    from ingest.statement_units import rupee_country

    # (an Indian report naming its Pakistani and Sri Lankan subsidiaries' regulators: India's rupee still)
    assert rupee_country(["Listed on BSE Limited and National Stock Exchange of India", "Companies Act, 2013",
                          "Our subsidiary is listed on the Pakistan Stock Exchange; Companies Act, 2017 applies to it",
                          "and another on the Colombo Stock Exchange (Colombo Stock Exchange)"]) == ""
    assert rupee_country(["Listed on the Colombo Stock Exchange", "Sri Lanka Accounting Standards"]) == "LKR"


def test_thousands_set_apart_by_an_apostrophe_and_a_swiss_thousands_caption_are_read():
    from ingest.identify import identify

    page = ["KONZERNERFOLGSRECHNUNG / CONSOLIDATED INCOME STATEMENT", "CHF 1'000 Note 2071 2070 restated",
            "Net revenue from transport 3 61'406 55'812", "Personnel expenses -38'412 -35'606",
            "Group profit 13'712 11'206"]
    facts = {(f.label, f.fiscal_year): f for f in facts_of(["\n".join(page)], 2071)}
    assert facts[("Net revenue from transport", 2071)].value == 61406
    assert facts[("Personnel expenses", 2070)].value == -35606
    assert facts[("Group profit", 2071)].scale == "thousand"
    assert (identify(["Annual report 2071", "\n".join(page)]).scale) == "thousands"


def test_a_japanese_holdings_abbreviation_is_part_of_the_name_and_a_long_possessive_still_asks_a_committee():
    from pipeline.answer.role_asked import asks_role
    from pipeline.question.analysis import QuestionFacts
    from pipeline.question.registry import Company, Registry

    reg = Registry([Company(key="s", name="Shirakaba Seminar Holdings Co., Ltd.")])
    assert reg.strip_names("Ordinary profit FY3/2071 - Shirakaba Seminar HD").strip(" -") == "Ordinary profit FY3/2071"
    assert asks_role(QuestionFacts(text="Who chairs Shirakaba Seminar Holdings's Audit and Supervisory Committee?")) == \
        "chair of the audit and supervisory committee"


@pytest.mark.parametrize("question, parent", [
    ("Company (holding company only) profit for the year 2071", True),
    ("Non-consolidated net sales for the fiscal year ended March 2071", True),
    ("non consolidated net sales 2071", True),
    ("Equity in earnings of non-consolidated affiliates 2071", False),     # (an investee, not the accounts)
    ("Acme Holding Company revenue 2071", False),
])
def test_a_holding_company_only_or_a_non_consolidated_figure_is_the_parents_own(question, parent):
    from pipeline.question.whose_figure import asked

    assert asked(question)[0] == parent


_SWISS_FER = [["KONZERNERFOLGSRECHNUNG / CONSOLIDATED INCOME STATEMENT", "CHF 1'000 Note 2071 2070",
               "Net revenue from transport 3 61'406 55'812", "Other operating income 4'218 4'806",
               "Net operating income 65'624 60'618", "Personnel expenses 7 -41'218 -38'406",
               "Operating result (EBIT) 17'100 14'288", "Group profit 13'712 10'558"]]


@pytest.mark.parametrize("question, expect", [
    ("Tödi net operating income 2071 (CHF 000)", "65,624"),
    ("Tödi NOI 2071", "65,624"),
    ("Tödi operating income 2071", "17,100"),      # (the operating result, never the line named net operating income)
])
def test_net_operating_income_is_a_measure_of_its_own_never_the_operating_result(question, expect):
    assert _answer(question, _SWISS_FER, "Tödi Bergbahnen", 2071, 2071) == expect


@pytest.mark.parametrize("role, lines, name", [
    # a committee's members listed under its name, the chair first with "Chairperson" after the name
    ("chair of the audit committee", ["Board Committees", "Audit Committee", "Ms. Noor Fatima Khoso Chairperson",
                                      "Mr. Imran Ali Laghari Member", "Human Resource Committee",
                                      "Mr. Bilal Ahmed Junejo Chairman", "Ms. Noor Fatima Khoso Member"],
     "Noor Fatima Khoso"),
    # the role wrapped onto the next line after another title in brackets and its semicolon
    ("chair of the audit and supervisory committee",
     ["Directors who are Audit and Supervisory Committee Members",
      "Aiko Morimoto - Director (full-time Audit and Supervisory Committee Member); Chair of the Audit and Supervisory",
      "Committee", "Ren Takeda - Outside Director (Audit and Supervisory Committee Member)"], "Aiko Morimoto"),
])
def test_a_committees_chair_listed_under_it_or_wrapped_onto_the_next_line_is_named(role, lines, name):
    from pipeline.answer import people
    from pipeline.state import TurnState

    text, kind = people._role_answer(TurnState(question="q"), "Molinera Pampa", 2071, _board_pages(*lines), role,
                                     lambda p: 1)
    assert kind == "name" and text.split(" (")[0].endswith(f": {name}")


def test_another_committees_chair_listed_after_its_own_name_is_never_the_asked_committees():
    from pipeline.answer import people

    pages = _board_pages("Audit Committee", "Mr. Imran Ali Laghari Member", "Human Resource Committee",
                         "Mr. Bilal Ahmed Junejo Chairman")
    assert [n for n, _, _ in people.role_mentions(pages, "chair of the audit committee")] == []


def test_a_tangible_book_value_asked_is_the_non_gaap_line_that_prints_it():
    page = [["KEOWEE SAVINGS BANCORP, INC.", "Reconciliation of Non-GAAP Financial Measures", "Fiscal 2071 Fiscal 2070",
             "Book value per common share (GAAP) $14.87 $13.83",
             "Tangible book value per common share (non-GAAP) $12.95 $11.93",
             "Adjusted diluted earnings per common share (non-GAAP) $1.73 $1.91",
             "Diluted earnings per common share (GAAP) $1.35 $1.91"]]
    assert _answer("Keowee tangible book value per share 2070", page, "Keowee Savings Bancorp", 2070, 2071) == "11.93"
    assert _answer("Keowee book value per share 2071", page, "Keowee Savings Bancorp", 2071, 2071) == "14.87"
    assert _answer("Keowee diluted EPS 2071", page, "Keowee Savings Bancorp", 2071, 2071) == "1.35"


def test_review_counter_examples_of_this_stops_rules():
    """The audit's counter-examples (made-up): each rule fires only on its class."""
    from pipeline.answer import people
    from pipeline.answer.prose_counts import count_score
    from pipeline.answer.role_asked import asks_role
    from pipeline.question.analysis import QuestionFacts
    from pipeline.question.registry import Company, Registry
    from pipeline.reading.line_tidy import tidy_lines
    from pipeline.reading.quarter_names import short_years

    # apostrophe thousands with a decimal comma or point; an apostrophe in words left alone
    assert tidy_lines(["Price 1'234,50 1'200,00", "the 2090's boom"]) == ["Price 1,234.50 1,200.00", "the 2090's boom"]
    # a quarter's two-digit year only on a header of quarter columns, in the latest full year's century or the one before
    assert short_years("Revenue in Q3 12 rose in 2012") == "Revenue in Q3 12 rose in 2012"
    assert short_years("4Q00 4Q99 Var. 2000 1999") == "Q4 2000 Q4 1999 Var. 2000 1999"
    # "Name ..." asks a role only when it names whose ("Name its auditor"), never a list of things
    assert asks_role(QuestionFacts(text="Name two risks the CFO highlighted")) is None
    assert asks_role(QuestionFacts(text="Name its auditor")) == "auditor"
    # a word made from the asked noun states it ("Membership ... 12,000 in Scotland": members in Scotland)
    assert count_score("Membership grew to 46,000, 12,000 in Scotland.", ["member", "scotland"]) == 2
    # a short first word with a meaning of its own names no company
    reg = Registry([Company(key="r", name="Rand Capital"), Company(key="m", name="Mesa Labs")])
    assert reg.spell_out("Revenue in Rand 2071") == "Revenue in Rand 2071"
    assert reg.spell_out("Mesa segment sales") == "Mesa segment sales"
    # a town or a word English uses after a signature's name, or a letter's closing words before it, is no part of it
    pages = [ReportPage("d", "Acme", 2071, "ANNUAL", 1, "Kind regards\nJane Roe Melbourne\nChief Executive Officer")]
    assert {n for n, _, _ in people.role_mentions(pages, "chief executive officer")} == {"Jane Roe"}


@pytest.mark.parametrize("question, expect", [
    ("Waimea debt 2071", None),                     # (neither part is the debt, and no total is printed)
    ("Waimea long-term debt 2071", "120,000"),
])
def test_the_non_current_part_answers_only_a_question_saying_non_current_or_long_term(question, expect):
    page = [["WAIMEA HOLDINGS", "BALANCE SHEET", "2071 2070", "Current liabilities", "Borrowings 10,000 9,000",
             "Non-current liabilities", "Borrowings 120,000 110,000"]]
    assert _answer(question, page, "Waimea Holdings", 2071, 2071) == expect


@pytest.mark.parametrize("question, asked", [
    ("Was the dividend paid out of the capital raised in the IPO?", False),
    ("Did the dividend cut lift the share price?", False),
    ("Was the dividend per share raised?", True),
])
def test_a_dividend_raised_is_asked_only_beside_the_noun(question, asked):
    assert (_event(question).key == "dividend_increase") == asked


def test_an_amortisation_line_is_never_named_as_the_intangibles_bought_beside_capex():
    from pipeline.answer.wording import other_capex

    page = ["MOANA PAYMENTS LIMITED", "Consolidated statement of cash flows", "2071 2070",
            "Payments for property, plant and equipment (960) (1,412)",
            "Amortisation of capitalised software 2,406 2,118"]
    facts = [f for f in facts_of(["\n".join(page)], 2071) if f.fiscal_year == 2071]
    ppe = next(f for f in facts if f.label.startswith("Payments for property"))
    assert other_capex(ppe, facts) is None


def test_columns_dated_day_month_year_with_hyphens_are_read():
    page = ["IDANRE HILLS COCOA PROCESSORS PLC", "STATEMENTS OF PROFIT OR LOSS", "Group Company",
            "Notes 31-Mar-2071 31-Mar-2070 31-Mar-2071 31-Mar-2070", "N'000 N'000 N'000 N'000",
            "Revenue 6 186,412,806 128,618,412 158,206,412 109,412,806"]
    facts = [f for f in facts_of(["\n".join(page)], 2071) if f.label == "Revenue"]
    assert sorted((f.fiscal_year, f.value_printed) for f in facts) == [
        (2070, "109,412,806"), (2070, "128,618,412"), (2071, "158,206,412"), (2071, "186,412,806")]
    assert _answer("Idanre group revenue 2071", [page], "Idanre Hills Cocoa Processors", 2071, 2071) == "186,412,806"


def test_the_pesos_sign_run_into_a_figure_is_layout():
    from pipeline.reading.line_tidy import tidy_lines

    assert tidy_lines(["Income before income tax P992,030 P692,030", "Term loan (P12,806) ₱2,118,412",
                       "Phase P1 12 items"]) == ["Income before income tax 992,030 692,030",
                                                "Term loan (12,806) 2,118,412", "Phase P1 12 items"]
    page = ["SIBUYAN LINES, INC.", "NOTES", "2071 2070", "Loans payable:",
            "Visayas Development Bank - fleet term loan P2,118,412 P2,418,206",
            "Orient Bank - vessel loan 1,736,618 1,906,412", "Total P3,855,030 P4,324,618"]
    assert _answer("What did Sibuyan owe Visayas Development Bank at December 31, 2071?", [page], "Sibuyan Lines",
                   2071, 2071) == "2,118,412"


def test_a_colombian_utilitys_legal_form_and_its_spanish_ticker_label_identify_it():
    from ingest.identify import identify

    pages = ["HIDROELÉCTRICA DEL RÍO CHICAMOCHA S.A. E.S.P.\nINFORME ANUAL 2071 / ANNUAL REPORT 2071\n"
             "Sociedad anónima inscrita en la Bolsa de Valores de Colombia (nemotécnico: HRCHICA)\n"
             "Ejercicio terminado el 31 de diciembre de 2071 / Year ended 31 December 2071",
             "HIDROELÉCTRICA DEL RÍO CHICAMOCHA S.A. E.S.P. | Annual Report 2071\nStatement of financial position\n"
             "(COP millones / COP millions) 2071 2070\nTotal assets 4.412.806 4.118.412"]
    idn = identify(pages)
    assert (idn.company.lower(), idn.tickers) == ("hidroeléctrica del río chicamocha", ("HRCHICA",))


def test_whole_pesos_stated_on_the_statements_and_a_rows_own_count_in_millions_are_no_scale_of_millions():
    from ingest.identify import identify
    from pipeline.reading.facts import extract
    from pipeline.reading.unit_caption import detect_unit

    assert detect_unit("Nuts processed (millions) 486 512") is None
    assert detect_unit("(in millions) 2071 2070") == "million"
    pages = ["BOHOL COCONUT CORPORATION\n2071 ANNUAL REPORT\nListed on the Philippine Stock Exchange",
             "CONSOLIDATED STATEMENTS OF INCOME\n(Amounts in Philippine Pesos) 2071 2070\n"
             "Revenues 4,812,406,118 4,306,118,412\nNet income 441,249,976 298,756,222",
             "NOTES\nThe financial statements are presented in Philippine Pesos.\n"
             "FIVE-YEAR HIGHLIGHTS\n(Amounts in Philippine Pesos) 2069 2070 2071\n"
             "Revenues 3,918,412,806 4,306,118,412 4,812,406,118\nNuts processed (millions) 531 574 612"]
    idn = identify(pages)
    assert (idn.currency, idn.scale) == ("PHP", "units")
    facts = extract(pages, 2071, "ANNUAL", None, idn.currency, idn.scale,
                    page_units={u.page: (u.currency, u.scale) for u in idn.statement_units})
    assert {f.scale for f in facts if f.label == "Revenues"} <= {"units", None}


def test_a_balance_asked_is_never_its_lines_movement_in_the_cash_flows_nor_a_receivables_facility():
    pages = [["NODAWAY CARE, INC.", "CONSOLIDATED BALANCE SHEETS", "December 31, 2071 2070", "ASSETS",
              "Patient accounts receivable 312,806 284,194", "LIABILITIES",
              "Accounts receivable securitization facility 202 180"],
             ["CONSOLIDATED STATEMENTS OF CASH FLOWS", "Year ended December 31, 2071 2070 2069",
              "Changes in operating assets and liabilities, net of acquisitions",
              "Patient accounts receivable (28,612) (21,406) (19,118)"]]
    assert _answer("Patient accounts receivable at December 31, 2071", pages, "Nodaway Care", 2071, 2071) == "312,806"
    # (a year the balance sheet does not print: never the cash flows' movement of that year)
    assert _answer("Patient accounts receivable at December 31, 2069", pages, "Nodaway Care", 2069, 2071) is None
    assert _answer("Nodaway accounts receivable 2070", pages, "Nodaway Care", 2070, 2071) == "284,194"
    assert _answer("change in patient accounts receivable 2069", pages, "Nodaway Care", 2069, 2071) == "(19,118)"
