"""Whose column and which row of a statement a question means, and who a cover names: "the Company's" profit where
Group and Company columns are printed (and "for the company", which may mean either), the operating cash flow's
total below its "cash provided by operations" subtotal, the cash a year closes with (never the balance it opened
with), a dividend "per stock unit"; a combined 10-K's table of registrants, Latin American and other legal forms, a
bilingual statement heading and a currency named in words. Made-up companies and figures (each a new variant of a
class a made-up evaluation round showed, not that round's item)."""
from __future__ import annotations

import pytest

from ingest import entity, statement_units
from ingest.identify import identify
from ingest.registrant import cover_name, cover_registrants
from pipeline.core.currencies import currency_of
from pipeline.question import whose_figure
from pipeline.retrieval.fact_match import FactMatch
from tests.stored_facts import lookup

_GROUP_AND_COMPANY = [
    "Wren Valley Holdings Limited", "Income statement for the year ended 30 June 2041",
    "Group Company", "Note 2041 2040 2041 2040", "$'000 $'000 $'000 $'000",
    "Turnover 4 8,412,300 7,905,118 1,204,600 1,118,402",
    "Operating profit 2,104,118 1,880,406 612,300 588,119",
    "Profit before taxation 1,802,440 1,560,218 598,004 571,226",
    "Taxation (450,610) (390,054) (61,208) (58,330)",
    "Net profit 1,351,830 1,170,164 536,796 512,896",
]


def _hit(question: str, pages: list[list[str]], year: int = 2041):
    return lookup(question, pages, year, "Wren Valley")


@pytest.mark.parametrize("question,named,unclear", [
    ("The Company's operating profit in 2041", True, False),
    ("What was the Company's turnover for 2040?", True, False),
    ("Operating profit for the company, 2041", False, True),
    ("the company's operating profit 2041", False, True),
    ("company op profit FY41", False, True),
    ("Company's operating profit 2040", True, False),
    ("Operating profit, Company, 2041", True, False),
    ("The Company's consolidated turnover 2041", False, False),
    ("the Company's profit attributable to shareholders 2041", False, False),
    ("Profit attributable to the Company's shareholders 2041", False, False),
    ("Profit attributable to owners of the company 2041", False, False),
    ("Group operating profit 2041", False, False),
])
def test_whose_figure_the_company_is_named_or_left_unclear(question, named, unclear):
    _, got_named, got_unclear = whose_figure.asked(question)
    assert (got_named, got_unclear) == (named, unclear)


def test_the_companys_figure_is_its_column_and_a_lower_case_for_the_company_is_refused_naming_both():
    hit = _hit("The Company's profit before taxation in 2041", [_GROUP_AND_COMPANY])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "598,004"
    unclear = _hit("Profit before taxation for the company, 2041", [_GROUP_AND_COMPANY])
    assert not isinstance(unclear, FactMatch) and "Group" in unclear.reason and "Company" in unclear.reason
    group = _hit("Group profit before taxation 2041", [_GROUP_AND_COMPANY])
    assert isinstance(group, FactMatch) and group.fact.value_printed == "1,802,440"


def test_for_the_company_where_no_company_column_is_printed_is_the_groups_figure():
    page = ["Income statement for the year ended 30 June 2041", "2041 2040", "$'000 $'000",
            "Turnover 8,412,300 7,905,118", "Profit before taxation 1,802,440 1,560,218"]
    hit = _hit("Profit before taxation for the company, 2041", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "1,802,440"


_CASH_FLOW = [
    "Wren Valley Holdings Limited", "Statement of cash flows for the year ended 30 June 2041", "2041 2040",
    "$'000 $'000", "Cash flows from operating activities", "Net profit 1,351,830 1,170,164",
    "Depreciation 402,118 388,604", "Changes in working capital:", "Inventories (120,406) (98,204)",
    "Cash provided by operations 1,633,542 1,460,564", "Interest paid (180,220) (176,018)",
    "Tax paid (401,906) (380,112)", "Net cash provided by/(used in) operating activities 1,051,416 904,434",
    "Cash flows from investing activities", "Purchase of property, plant and equipment (640,118) (602,330)",
    "Net cash used in investing activities (640,118) (602,330)",
    "Net increase in cash and cash equivalents 411,298 302,104",
    "Cash and cash equivalents at 1 July 905,212 603,108",
    "Cash and cash equivalents at 30 June 1,316,510 905,212",
    "Cash and cash equivalents at end of year comprise:", "Cash and cash equivalents 1,502,118 1,100,406",
    "Bank overdrafts (185,608) (195,194)",
]


@pytest.mark.parametrize("question", ["net cash provided by operating activities 2041", "op cash flow FY2041",
                                      "operating cash flow in 2041"])
def test_the_operating_cash_flow_is_the_sections_net_total_not_cash_provided_by_operations(question):
    hit = _hit(question, [_CASH_FLOW])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "1,051,416"


@pytest.mark.parametrize("question", ["Cash and cash equivalents at 30 June 2041 per the cash flow statement",
                                      "cash and cash equivalents at end of year 2041 (cash flow statement)"])
def test_the_cash_a_year_closes_with_is_never_its_opening_balance(question):
    hit = _hit(question, [_CASH_FLOW])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "1,316,510"


def test_a_year_ending_in_february_opens_on_1_march_and_that_row_is_never_its_year_end_cash():
    page = ["Statement of cash flows for the year ended 28 February 2041", "2041 2040", "$'000 $'000",
            "Net increase in cash 118 96", "Cash at 1 March 905 809", "Cash at 28 February 1,023 905"]
    for question in ("year-end cash 2041", "cash at end of year 2041", "cash at 28 February 2041"):
        hit = _hit(question, [page])
        assert isinstance(hit, FactMatch) and hit.fact.value_printed == "1,023", question


def test_a_question_asking_the_opening_balance_is_never_answered_with_the_closing_one():
    hit = _hit("cash and cash equivalents at the beginning of the year 2041", [_CASH_FLOW])
    assert not isinstance(hit, FactMatch) or hit.fact.value_printed == "905,212"


def test_a_dividend_per_stock_unit_is_never_answered_with_the_dividends_amount():
    page = ["Notes to the financial statements", "12. Dividends 2041 2040", "$'000 $'000",
            "Final dividend for the prior year - 30 cents per ordinary stock unit 96,300 80,250",
            "Interim dividend - 45 cents per ordinary stock unit 144,450 128,400", "240,750 208,650"]
    per_unit = _hit("interim dividend per ordinary stock unit 2041", [page])
    assert not isinstance(per_unit, FactMatch) or per_unit.fact.value_printed != "144,450"
    hit = _hit("interim dividend paid 2041", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "144,450"


_COMBINED_COVER = """UNITED STATES SECURITIES AND EXCHANGE COMMISSION
FORM 10-K
ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934
For the fiscal year ended December 31, 2041
Commission File Number | Exact name of registrant as specified in its charter, address and telephone | IRS No.
1-55102 BRIARWOOD UTILITIES CORP. (an Ohio corporation) 31-4408812
1-02231 BRIARWOOD POWER & LIGHT COMPANY (an Ohio corporation) 31-0099214
200 Main Street, Dayton, Ohio 45402
This combined Form 10-K is separately filed by Briarwood Utilities Corp. and Briarwood Power & Light Company."""


def test_a_combined_covers_registrant_table_names_the_first_registrant_never_the_period_line():
    assert cover_registrants(_COMBINED_COVER) == ["BRIARWOOD UTILITIES CORP.", "BRIARWOOD POWER & LIGHT COMPANY"]
    name, _ = cover_name(_COMBINED_COVER)
    assert name == "BRIARWOOD UTILITIES CORP."
    found = identify([_COMBINED_COVER, "Item 1. Business\nBriarwood Utilities is a holding company."])
    assert found.company.lower().startswith("briarwood utilities")


def test_a_period_line_above_the_registrant_caption_is_no_name():
    cover = "FORM 10-K\nFor the fiscal year ended March 31, 2041\n(Exact name of registrant as specified in its charter)"
    assert cover_name(cover)[0] == ""


@pytest.mark.parametrize("legal", ["Cementos del Norte Andino, S.A.B. de C.V.", "Textiles Rio Bravo, S.A. de C.V.",
                                   "Minera Huallaga S.A.A.", "Bahar Ports PJSC", "Fjordfiskur hf.",
                                   "Labe Strojirny a.s."])
def test_latin_american_gulf_nordic_and_czech_legal_forms_name_the_company_on_a_title_page(legal):
    found = entity.reporting_entity([f"{legal}\nInforme Anual 2041 / Annual Report 2041", "Contents\nReview 4"])
    assert found is not None and found.legal_name == legal


@pytest.mark.parametrize("heading,caption,want", [
    ("Estados consolidados de resultados / Consolidated statements of income",
     "(Miles de pesos colombianos / Thousands of Colombian pesos)", ("income", "COP", "thousands")),
    ("Consolidated Statements of Financial Position", "(Amounts in Millions of Chilean Pesos)",
     ("balance", "CLP", "millions")),
])
def test_a_bilingual_heading_is_a_statement_and_a_currency_named_in_words_is_its_currency(heading, caption, want):
    page = f"{heading}\n{caption}\nNote 2041 2040\nRevenue 5 38,204,118 35,118,406\nCost of sales (25,406,118) (23,204,604)"
    (reading,) = statement_units.read([page])
    assert (reading.statement, reading.currency, reading.scale) == want


_BILINGUAL = [
    "CEMENTOS DEL NORTE ANDINO, S.A.B. DE C.V.",
    "Estados consolidados de resultados por funcion / Consolidated statements of income by function",
    "(Miles de pesos chilenos - MM$ / Millions of Chilean pesos - MM$)", "Nota / Note 2041 2040",
    "Ingresos / Revenue 5 12,406,118 11,204,604", "Costo de ventas / Cost of sales (8,204,118) (7,604,330)",
    "Utilidad bruta / Gross profit 4,202,000 3,600,274",
    "Utilidad neta consolidada / Consolidated net income 1,204,600 1,010,118",
    "Utilidad neta atribuible a / Net income attributable to:",
    "Participacion controladora / Owners of the parent 1,118,402 940,206",
    "Participacion no controladora / Non-controlling interest 86,198 69,912",
]


def test_a_bilingual_row_is_the_line_either_language_names_on_a_statement_titled_in_both():
    hit = _hit("Net income attributable to owners of the parent, 2041", [_BILINGUAL])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "1,118,402" and hit.fact.statement == "income"
    hit = _hit("Gross profit 2040", [_BILINGUAL], 2040)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "3,600,274"


def test_a_caption_naming_its_currency_in_words_is_that_currency_not_its_dollar_sign():
    assert currency_of("(Miles de pesos argentinos - M$ / Thousands of Argentine pesos - M$)") == "ARS"
    assert currency_of("(MM$ / MCh$)") == "CLP" and currency_of("$'000") == "$"
    # a bare "$" first stays the figures' currency, whatever other currency the caption names after it
    assert currency_of("(In thousands of dollars, except rates in Colombian pesos per dollar)") == "$"
    assert not isinstance(_hit("Revenue 2041 in US dollars", [_BILINGUAL]), FactMatch)


def test_a_forward_looking_figure_is_the_outlooks_sentence_never_the_held_years_figure(ask):
    # (the generated FY2030 filing prints capex 9,876 and says only that 2031 spending will be "similar": no figure)
    state = ask("What will Verizon's capital expenditure be in 2031?", one_off=True)
    assert "9,876" not in state.answer
    assert state.answer.startswith("I could not find an outlook for FY2031 in Verizon's FY2030 report")


@pytest.mark.parametrize("question", ["EBIT margin before special items 2041", "EBITDA before one-time items 2041",
                                      "operating profit before items affecting comparability in 2041"])
def test_a_measure_before_special_or_one_time_items_is_an_adjusted_one(question):
    from pipeline.question.figure_ask import NON_GAAP
    assert NON_GAAP.search(question)


def test_a_row_naming_its_own_measure_under_a_revenue_heading_is_not_the_parts_revenue():
    page = ["Consolidated statements of income", "(Amounts in millions)", "2041 2040",
            "REVENUE", "Property sales 12,406 11,204", "Interest income - lending 8,118 7,406",
            "Fees and commissions 1,204 1,118", "Total revenue 21,728 19,728"]
    assert not isinstance(_hit("Lending segment revenue 2041", [page]), FactMatch)
    hit = _hit("Interest income from lending 2041", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "8,118"


_SEPARATE = [
    ["Wren Valley Holdings Co., Ltd.", "Consolidated Statements of Profit or Loss",
     "For the years ended December 31, 2041 and 2040", "(in millions of Korean won) 2041 2040",
     "Revenue 4,806,118 4,412,604", "Profit for the year 412,806 388,204"],
    ["Wren Valley Holdings Co., Ltd. - Separate Financial Statements",
     "Separate Statements of Profit or Loss and Comprehensive Income",
     "For the years ended December 31, 2041 and 2040", "(in millions of Korean won) 2041 2040",
     "Revenue 1,604,118 1,512,406", "Profit for the year 118,406 96,204"],
]


@pytest.mark.parametrize("question,want", [
    ("What profit for the year did the parent report in its separate (stand-alone) statements for 2041?", "118,406"),
    ("stand-alone revenue 2041", "1,604,118"),
    ("Profit for the year 2041", "412,806"),
    ("consolidated revenue 2041", "4,806,118"),
])
def test_separate_statements_are_the_parents_own_asked_as_such_and_never_the_groups(question, want):
    hit = _hit(question, _SEPARATE)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == want


def test_a_10k_glossary_entry_defines_the_companys_abbreviation_only_when_it_spells_the_name():
    from ingest.aliases import learn

    page = ("GLOSSARY OF TERMS\nBPUC Briarwood Power Utilities Corp., the holding company, and its subsidiaries\n"
            "BP&L Briarwood Power & Light Company, a regulated utility subsidiary of BPUC\n"
            "FERC Federal Energy Regulatory Commission\nMW Megawatts")
    found = {n.name for n in learn([page], names=["Briarwood Power Utilities", "Briarwood Power Utilities Corp."])}
    assert found == {"BPUC"}


@pytest.mark.parametrize("line,question,refused_or_not", [
    ("Net income / (loss) from discontinued operations (90) 44", "net income 2041", "(90)"),
    ("Total assets / total equity 2.5 2.4", "total assets 2041", "2.5"),
    ("Capital expenditure / revenue 7.5 6.9", "capex 2041", "7.5"),
])
def test_an_english_labels_own_slash_is_no_translation(line, question, refused_or_not):
    page = ["Five-year summary", "2041 2040", "Revenue 4,806 4,412", "Net income 475 430", line]
    hit = _hit(question, [page])
    assert not isinstance(hit, FactMatch) or hit.fact.value_printed != refused_or_not


def test_a_state_of_incorporation_column_is_no_part_of_a_registrants_name():
    cover = ("FORM 10-K\nCommission File Number | Exact name of registrant | State of Incorporation | IRS No.\n"
             "1-55102 BRIARWOOD UTILITIES CORP. OHIO 31-4408812\n1-02231 Briarwood Power & Light Company Ohio 31-0099214")
    assert cover_registrants(cover) == ["BRIARWOOD UTILITIES CORP.", "Briarwood Power & Light Company"]


@pytest.mark.parametrize("title,want", [("Memoria Anual del Directorio de Minera Quilca S.A.A.", "Minera Quilca S.A.A."),
                                        ("Banco de Credito del Altiplano S.A.A.", "Banco de Credito del Altiplano S.A.A.")])
def test_a_spanish_headings_words_before_de_or_del_are_no_part_of_the_name(title, want):
    found = entity.reporting_entity([f"{title}\nInforme Anual 2041", "Contents\nReview 4"])
    assert found is not None and found.legal_name == want


def test_the_companys_consolidated_figure_is_the_groups_even_beside_a_company_column():
    hit = _hit("The Company's consolidated profit before taxation 2041", [_GROUP_AND_COMPANY])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "1,802,440"


def _yes_no(question: str, text: str, monkeypatch) -> str:
    from pipeline.answer import yesno
    from pipeline.question.analysis import QuestionFacts
    from pipeline.state import TurnState
    from pipeline.stores.corpus import ReportPage

    pages = [ReportPage("doc", "Wren Valley", 2041, "ANNUAL", 1, text)]
    monkeypatch.setattr(yesno.corpus, "report_pages", lambda conn, company, year: pages)
    got = yesno.answer(TurnState(question=question), None, QuestionFacts(text=question, years=[2041]), "Wren Valley",
                       2041, lambda p: 1)
    return got[0]


def test_a_pending_acquisition_is_neither_done_nor_denied_but_a_risk_mention_alone_is_a_no(monkeypatch):
    pending = ("In November 2041 Wren Valley agreed to acquire Fenwick Water Corp. for P4.2 billion; completion is "
               "subject to the approval of the competition regulator and is expected in 2042.")
    said = _yes_no("Has the acquisition of Fenwick Water Corp. been completed?", pending, monkeypatch)
    assert said.startswith("I could not find") and "p. 1" in said, said
    risk = ("Acquisitions we may make in the future could fail to deliver the expected benefits and could "
            "disrupt our operations.")
    said = _yes_no("Did Wren Valley make any acquisition in 2041?", risk, monkeypatch)
    assert said.startswith("No: the report"), said


def test_a_proposal_asked_as_such_is_affirmed_by_the_sentence_proposing_it(monkeypatch):
    text = ("Dividends. An interim dividend of 2.0 cents per share was paid on 12 September 2041. The Board recommends "
            "the payment of a final dividend of 3.5 cents per share for the year ended 31 December 2041, subject to "
            "shareholders' approval at the annual general meeting.")
    said = _yes_no("Is Wren Valley's board recommending a final dividend for FY2041?", text, monkeypatch)
    assert said.startswith("Yes") and "recommends the payment of a final dividend" in said, said
    said = _yes_no("Has Wren Valley's proposed final dividend for FY2041 been approved?", text, monkeypatch)
    assert not said.startswith(("Yes", "No")), said


def test_an_authorisation_alone_is_a_no_of_the_year_not_an_undecided_matter(monkeypatch):
    text = ("Share repurchases. In 2032 the Board authorised the repurchase of up to 1,000,000 shares; 752,468 shares "
            "remain available under this authorisation.")
    said = _yes_no("Did Wren Valley buy back shares in 2041?", text, monkeypatch)
    assert said.startswith("No: the report"), said


_GROUP_AND_BANK = [
    "Wren Valley Bank Plc", "Consolidated and separate statements of profit or loss",
    "For the year ended 31 December 2041", "GROUP BANK", "Notes 2041 2040 2041 2040",
    "N'million N'million N'million N'million",
    "Gross earnings 912,330 805,118 804,551 710,228",
    "Profit before tax 212,400 180,100 182,300 160,200",
    "Profit after tax 182,400 150,100 152,300 140,200",
    "Due to banks 14 41,200 39,800 40,100 38,700",
]


@pytest.mark.parametrize("question,want", [
    ("Profit after tax for the Bank in 2041", "152,300"),
    ("The Bank's profit after tax, 2041", "152,300"),
    ("Bank-only profit before tax 2041", "182,300"),
    ("Profit after tax, Bank, 2041", "152,300"),
    ("Group profit after tax 2041", "182,400"),
    ("Wren Valley profit after tax 2041", "182,400"),
    ("the bank's profit after tax 2041", None),     # lower case: either column may be meant
    ("Due to banks 2041", "41,200"),                # a bank named as the measure is no entity
])
def test_a_banks_group_and_bank_columns_are_read_and_the_bank_said_as_whose_figure_is_its_own_column(question, want):
    hit = _hit(question, [_GROUP_AND_BANK])
    if want is None:
        assert not isinstance(hit, FactMatch) and "Group" in hit.reason and "Bank" in hit.reason
    else:
        assert isinstance(hit, FactMatch) and hit.fact.value_printed == want
