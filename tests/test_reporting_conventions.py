"""Reporting conventions of other countries' annual reports: a legal form printed in capitals on the cover, Indian
crore and lakh scales with "Rs.", currency codes printed before each figure, a unit caption naming the currency,
Chilean "ThUS$" unit rows, a row naming its measure's acronym. Made-up companies and figures (each a new variant of
a class a made-up evaluation round showed, not that round's item)."""
from __future__ import annotations

from decimal import Decimal

import pytest

from ingest import entity
from ingest.identify import identify
from pipeline.question.analysis import QuestionFacts
from pipeline.question.lexicon import get_lexicon
from pipeline.question.units import SCALE
from pipeline.reading.cells import split_row
from pipeline.retrieval.fact_match import FactMatch
from tests.stored_facts import facts_of, lookup



def _hit(question: str, pages: list[list[str]], year: int = 2037, company: str = "Godavari"):
    return lookup(question, pages, year, company)


@pytest.mark.parametrize("cover", [["GODAVARI STEEL WORKS LIMITED", "Annual Report 2036-37"],
                                   ["KESTREL MARINE CORPORATION AND SUBSIDIARIES", "2036 Annual Report"],
                                   ["Annual Report 2037", "Godavari Steel Works Limited | Annual Report 2036-37"]])
def test_a_cover_printing_the_legal_form_in_capitals_or_beside_the_title_names_the_company(cover):
    found = entity.reporting_entity(["\n".join(cover), "Contents\nDirectors' report 4"])
    assert found is not None and found.legal_name.lower().split()[0] in ("godavari", "kestrel")


def test_an_indian_listing_line_is_a_listing():
    page = "Godavari Steel Works Limited\nNSE: GODSTEEL | BSE: 531122\nCIN: L27100MH2001PLC123456"
    assert any(h.kind == "listing" for h in entity.hits([page]))


@pytest.mark.parametrize("caption,want", [("(Rs. in crore)", ("INR", "crores")), ("(₹ in lakhs)", ("INR", "lakhs")),
                                          ("(Rs. in million)", ("INR", "millions"))])
def test_rupee_captions_name_the_currency_and_the_indian_scales(caption, want):
    found = identify([f"STANDALONE BALANCE SHEET AS AT 31 MARCH 2037\n{caption}\nParticulars Note 2037 2036\n"
                      "Total assets 1,204.5 1,118.2"])
    assert (found.currency, found.scale) == want


def test_a_crore_is_ten_million_and_facts_carry_it():
    assert SCALE["crore"] == Decimal(10) ** 7 and SCALE["lakh"] == Decimal(10) ** 5
    page = ["CONSOLIDATED STATEMENT OF PROFIT AND LOSS FOR THE YEAR ENDED 31 MARCH 2037", "(Rs. in crore)",
            "Particulars Note 2037 2036", "Revenue from operations 21 4,118.62 3,806.40"]
    fact = next(f for f in facts_of(["\n".join(page)]) if f.fiscal_year == 2037)
    assert (fact.currency, fact.scale, fact.value_printed) == ("INR", "crore", "4,118.62")


@pytest.mark.parametrize("line,label,cells", [
    ("Trade receivables 7 PHP 8,406 PHP 7,912", "Trade receivables", ["7", "8,406", "7,912"]),
    ("Php 98,118 Php 91,406", "", ["98,118", "91,406"]),
    ("Loans denominated in USD 1,204 1,118", "Loans denominated in USD", ["1,204", "1,118"]),
])
def test_a_currency_code_printed_before_each_figure_is_no_cell_and_no_label(line, label, cells):
    assert split_row(line) == (label, cells)


def test_a_unit_caption_names_the_tables_currency_and_a_question_in_another_is_refused():
    page = ["Consolidated statement of profit or loss", "(Qatari Riyals in thousands)", "Note 2037 2036",
            "Revenue 5 612,480 588,102", "Basic and diluted earnings per share (QAR) 14 2.41 2.18"]
    rev = next(f for f in facts_of(["\n".join(page)]) if f.label == "Revenue" and f.fiscal_year == 2037)
    assert rev.currency == "QAR"
    assert not isinstance(_hit("revenue 2037 in euros", [page], 2037), FactMatch)
    hit = _hit("EPS 2037 (QAR)", [page], 2037)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "2.41"


def test_a_dollar_table_the_report_does_not_name_answers_any_dollar_asked():
    page = ["Consolidated statement of cash flows", "($'000) 2037 2036",
            "Payments for property, plant and equipment (41,206) (38,118)"]
    hit = _hit("capital expenditure 2037 (in AUD thousands)", [page], 2037)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "(41,206)"


def test_a_chilean_units_row_is_the_tables_currency_not_a_heading():
    page = ["Consolidated Statements of Income by Function", "(In thousands of US dollars - ThUS$)",
            "Note 01.01.2037 01.01.2036", "12.31.2037 12.31.2036", "ThUS$ ThUS$", "Revenue 21 612,480 588,102"]
    rev = next(f for f in facts_of(["\n".join(page)]) if f.fiscal_year == 2037 and f.label == "Revenue")
    assert rev.label_path == "Revenue" and rev.currency == "USD"
    assert not isinstance(_hit("revenue 2037 in CLP millions", [page], 2037), FactMatch)


@pytest.mark.parametrize("label,metric", [("Operating profit (EBIT)", "ebit"), ("Result from operations (EBIT)", "ebit"),
                                          ("Revenues from sales and services", "revenue"), ("Revenue from sales", "revenue")])
def test_a_row_naming_its_measure_in_continental_wording(label, metric):
    assert get_lexicon().get(metric).matches_row(label)


def test_a_bracket_that_is_not_an_acronym_names_no_measure():
    ebit = get_lexicon().get("ebit")
    assert not ebit.matches_row("Other operating result (loss)") and not ebit.matches_row("Operating result (Italy)")


def test_the_board_proposing_a_dividend_is_no_word_of_the_measure():
    note = ["Note 9 Dividends", "2037 2036", "Dividend paid during the year per share (EUR) 0.62 0.55",
            "Dividend proposed for the financial year per share (EUR) 0.70 0.62"]
    for question in ("What dividend per share have the directors proposed for 2037?",
                     "DPS recommended by the board for FY2037"):
        hit = _hit(question, [note], 2037)
        assert isinstance(hit, FactMatch) and hit.fact.value_printed == "0.70", question
    hit = _hit("DPS FY2037", [note], 2037)          # the year's dividend is the one for it, not the one paid in it
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "0.70"
    hit = _hit("dividend per share paid during 2037", [note], 2037)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "0.62"


def test_total_liabilities_under_a_liabilities_and_equity_heading_is_total_liabilities():
    page = ["Statement of financial position", "(In millions) 2037 2036", "LIABILITIES AND EQUITY",
            "Trade payables 410 388", "Total Liabilities 2,118 1,904", "Total equity 3,006 2,840",
            "Total Liabilities and Equity 5,124 4,744"]
    hit = _hit("total liabilities at end of 2037", [page], 2037)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "2,118"


@pytest.mark.parametrize("question", ["PAT FY2037", "profit after tax 2037 (consolidated)", "NPAT for 2037"])
def test_profit_after_tax_is_never_the_profit_before_it_nor_a_tax_line(question):
    page = ["CONSOLIDATED STATEMENT OF PROFIT AND LOSS FOR THE YEAR ENDED 31 MARCH 2037", "(Rs. in crore)",
            "Particulars Note 2037 2036", "V Profit before exceptional items and tax 902.14 811.60",
            "VI Exceptional items (31.20) -", "VII Profit before tax 870.94 811.60", "VIII Tax expense",
            "Current tax 214.10 198.32", "Deferred tax 8.45 6.10", "IX Profit for the year 648.39 607.18"]
    hit = _hit(question, [page], 2037)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "648.39"


def test_a_split_financial_year_is_the_year_it_ends():
    from pipeline.answer import yesno
    from pipeline.stores.corpus import ReportPage
    event = next(e for e in yesno.events() if e.key == "dividend")
    text = ("Your Board has recommended a final dividend of Rs. 6.50 per equity share for FY 2036-37, compared with "
            "Rs. 5.75 per share for the previous year, subject to the approval of the members.")
    reading = yesno.read_report([ReportPage("doc", "Godavari", 2037, "ANNUAL", 3, text)], event, 2037)
    assert reading.affirmed
    assert not yesno.read_report([ReportPage("doc", "Godavari", 2037, "ANNUAL", 3, text)], event, 2038).affirmed


@pytest.mark.parametrize("company", ["Cantieri Navali Lagunari S.p.A.", "CANTIERI NAVALI LAGUNARI S.P.A."])
def test_any_coined_word_of_the_companys_name_is_no_word_of_the_measure(company):
    page = ["Consolidated statement of financial position", "(euro thousands) 2037 2036",
            "Equity attributable to owners of the parent 180,412 171,204", "Total equity 184,006 174,118"]
    for question in ("Lagunari total equity at 31 December 2037", "Navali total equity 2037"):
        hit = _hit(question, [page], 2037, company)
        assert isinstance(hit, FactMatch) and hit.fact.value_printed == "184,006", question
    # a word of the language in the name stays a word of the question: "Services revenue" is a line of its own
    services = ["Consolidated income statement", "(In millions) 2037 2036", "Services revenue 410 388",
                "Total revenue 1,204 1,118"]
    hit = _hit("Services revenue 2037", [services], 2037, "Kestrel Services Limited")
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "410"


@pytest.mark.parametrize("cover,ticker", [
    ("KESTREL SANDS RESOURCES LIMITED\nABN 12 345 678 901\nANNUAL REPORT 2037\nASX: KSR", "KSR"),
    ("GODAVARI STEEL WORKS LIMITED\nAnnual Report 2036-37\nNSE: GODSTEEL | BSE: 531122", "GODSTEEL"),
    ("Cantieri Navali Lagunari S.p.A.\nAnnual Financial Report 2037\nShares listed on Euronext Milan, ticker: CNL", "CNL"),
])
def test_a_ticker_printed_on_the_cover_is_learned(cover, ticker):
    from ingest.aliases import learn
    name = cover.splitlines()[0]
    assert (ticker, "ticker") in [(n.name, n.kind) for n in learn([cover], names=[name])]


def test_statutory_is_the_reported_figure_of_an_annual_report_but_an_insurers_regulatory_basis_in_a_10k():
    from tests.stored_facts import stored_facts
    from tests.stored_facts import answer_of
    page = "\n".join(["CONSOLIDATED STATEMENTS OF INCOME", "(In thousands) 2037 2036", "Premiums 812,406 790,118",
                      "Income before income taxes 140,212 131,806", "Net income 110,418 102,906"])
    us = answer_of("statutory net income 2037", stored_facts([page], 2037, "10K"), "Kestrel Life", 2037)
    assert not isinstance(us, FactMatch)
    uk = answer_of("statutory net income 2037", stored_facts([page], 2037, "ANNUAL"), "Kestrel Life", 2037)
    assert isinstance(uk, FactMatch) and uk.fact.value_printed == "110,418"


def test_a_result_stated_with_fewer_decimals_than_its_derivation_is_the_derived_figure():
    from pipeline.guardrails.verifier import check_claim
    from pipeline.state import Claim
    page = ("Consolidated statement of cash flows\nNOK million 2037 2036\nNet cash from operating activities 1,412.9 1,306.2\n"
            "Purchase of property, plant and equipment (710.5) (650.2)")
    claim = Claim(text="Free cash flow in FY2037 was NOK 702.4 million [1], computed as 1,412.90 [1] − 710.50 [1] = 702.40.",
                  label="x")
    assert check_claim(claim, [page], ["free cash flow = 1,412.90 [1] − 710.50 [1] = 702.40"]).verdict != "unsupported"


def test_a_currency_named_as_a_rows_unit_is_no_slice_of_the_measure():
    from pipeline.retrieval.row_currency import sliced_currencies
    page = ["Consolidated income statement", "Note 2037 2036", "NOK million", "Revenue 5 6,412.8 5,906.1",
            "Earnings per share (NOK)", "Basic 9 7.41 6.90", "Interest-bearing debt, NOK million 2,118.4 2,306.0"]
    facts = facts_of(["\n".join(page)])
    assert "NOK" not in sliced_currencies(facts)
    assert "EUR" in sliced_currencies(facts + facts_of(["Borrowings by currency\n2037 2036\nEuro 400.0 380.0"]))
    hit = _hit("NOK revenue FY2037", [page], 2037)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "6,412.8"


@pytest.mark.parametrize("page,firm", [
    ("Corporate governance\nAuditor\nThe Group's auditor is Vestfjord Revisjon AS. State authorised public accountant "
     "Kari Nes is the partner responsible.", "Vestfjord Revisjon AS"),
    ("CORPORATE BODIES\nBoard of Statutory Auditors\nLuca Bianchi - Chair\nIndependent Auditors\nRevisori Lagunari S.p.A.\n"
     "Manager in charge of preparing the company's financial reports", "Revisori Lagunari S.p.A."),
])
def test_an_audit_firm_of_a_continental_legal_form_named_on_a_governance_page(page, firm, monkeypatch):
    from pipeline.answer import people
    from pipeline.question.analysis import QuestionFacts
    from pipeline.state import TurnState
    from pipeline.stores import corpus
    from pipeline.stores.corpus import ReportPage
    monkeypatch.setattr(corpus, "report_pages", lambda conn, company, year: [
        ReportPage("doc", "Cantieri Navali", 2037, "ANNUAL", 7, page)])
    facts = QuestionFacts(text="Who is the auditor of Cantieri Navali?", years=[2037])
    text, kind = people.answer(TurnState(question=facts.text), None, facts, "Cantieri Navali", 2037, lambda p: 1)
    assert kind == "name" and firm in text.split("(")[0]


@pytest.mark.parametrize("question,role", [("Who chairs the Board of Statutory Auditors at Cantieri?", None),
                                           ("Who is the chair of the audit committee?", "chair of the audit committee"),
                                           # (the supervisory board's own chair: never the board of directors')
                                           ("Who is the chairman of the supervisory board?", "supervisory board chair"),
                                           ("Who audits Cantieri Navali?", "auditor")])
def test_the_chair_of_an_audit_body_is_neither_the_audit_firm_nor_the_companys_chair(question, role):
    from pipeline.answer.role_asked import asks_role
    from pipeline.question.analysis import QuestionFacts
    assert asks_role(QuestionFacts(text=question)) == role


@pytest.mark.parametrize("question", ["Non-current borrowings on Godavari's consolidated balance sheet at 31 March 2037?",
                                      "Godavari trade receivables, standalone, as at 31 March 2037"])
def test_a_bare_noun_phrase_with_its_date_and_whose_accounts_asks_a_value(question):
    from pipeline.answer.figure_kinds import asks_a_value
    from pipeline.question.registry import Company
    facts = QuestionFacts(text=question, years=[2037], companies=[Company(key="g", name="Godavari")])
    assert asks_a_value(facts)


def test_a_money_measure_is_never_a_share_count_printed_under_its_heading():
    page = ["Consolidated statements of income", "(Thousands of pesos) 2037 2036", "Net income attributable to:",
            "Non-controlling interests 41,118 38,004", "Weighted average number of shares (thousands) 1,840,112 1,852,906"]
    hit = _hit("Net income attributable to the controlling interest, FY2037", [page], 2037)
    assert not isinstance(hit, FactMatch) or hit.fact.value_printed != "1,840,112"
    hit = _hit("Weighted average number of shares 2037", [page], 2037)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "1,840,112"


def test_a_per_unit_question_is_never_an_amount():
    page = ["Consolidated statements of operations", "(In millions, except per unit data) 2037 2036",
            "Net income attributable to the partnership 1,102 988", "Net income per limited partner unit 2.41 2.16"]
    hit = _hit("Net income per LP unit 2037", [page], 2037)
    assert not isinstance(hit, FactMatch) or hit.fact.value_printed == "2.41"
    assert not isinstance(_hit("Net income per LP unit 2037", [page[:-1]], 2037), FactMatch)
    hit = _hit("Net income attributable to the partnership 2037", [page], 2037)       # the amount, asked as one
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "1,102"


def test_a_total_asked_is_the_notes_total_row_over_the_balance_sheets_parts():
    balance = ["Statements of financial position", "Group 2037 2036", "Non-current liabilities",
               "Loans and borrowings 905,330 1,012,448", "Current liabilities", "Loans and borrowings 310,006 296,550"]
    note = ["18. Loans and borrowings", "Group 2037 2036", "Term loans 905,330 1,012,448",
            "Revolving credits 310,006 296,550", "Total loans and borrowings 1,215,336 1,308,998"]
    hit = _hit("What were the Group's total loans and borrowings at 30 June 2037?", [balance, note], 2037)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "1,215,336"
    # a statement printing the measure whole answers before a note's total of another breakdown
    income = ["Consolidated income statement", "(In millions) 2037 2036", "Revenue 1,204 1,118", "Cost of sales (700) (650)"]
    segments = ["Segment information", "(In millions) 2037 2036", "Retail 464 430", "Total revenue 740 690"]
    hit = _hit("total revenue 2037", [income, segments], 2037)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "1,204"


def test_a_balance_at_a_date_is_never_a_cash_flow_movement():
    flows = ["Consolidated statements of cash flows", "(NT$ thousand) 2037 2036", "Cash flows from financing activities",
             "Proceeds from short-term borrowings 2,150,000 1,980,000", "Repayments of short-term borrowings (2,310,000) (1,870,000)"]
    assert not isinstance(_hit("Short-term borrowings as of December 31, 2037", [flows], 2037), FactMatch)
    hit = _hit("Proceeds from short-term borrowings in the year ending on 31 December 2037", [flows], 2037)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "2,150,000"


def test_a_figure_asked_net_of_a_deduction_is_the_block_printed_net_of_it():
    note = ["Segment information", "(In millions) 2037 2036", "Net revenues", "Smokeless products 3,118 2,960",
            "Total net revenues 22,406 21,804", "Revenues net of excise taxes", "Smokeless products 2,745 2,610",
            "Total revenues net of excise taxes 20,118 19,652"]
    hit = _hit("Smokeless products revenues net of excise taxes 2037", [note], 2037)
    assert not isinstance(hit, FactMatch) or hit.fact.value_printed == "2,745"
    loans = ["Consolidated balance sheets", "(In thousands) 2037 2036", "Loans held for investment 5,204,118 4,980,406",
             "Less: allowance for credit losses on loans (61,205) (58,330)", "Loans, net 5,142,913 4,922,076"]
    hit = _hit("Loans net of the allowance at 31 December 2037", [loans], 2037)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "5,142,913"


def test_a_swedish_public_company_and_nordic_legal_forms_name_the_company():
    from ingest.registrant import short_name
    found = entity.reporting_entity(["VINDEL\n\nVindel Spel AB (publ)\nAnnual Report 2037\nCorporate identity number "
                                     "556677-8899", "Vindel Spel AB (publ)  |  Annual Report 2037  |  Contents"])
    assert found is not None and found.legal_name.startswith("Vindel Spel AB")
    assert [short_name(n) for n in ("Vindel Spel AB (publ)", "Fjellvik Sjømat ASA", "Kestrel Oyj",
                                    "Grupo Cerro Alto, S.A.B. de C.V.", "Sinar Jaya Plantations Berhad")] == \
        ["Vindel Spel", "Fjellvik Sjømat", "Kestrel", "Grupo Cerro Alto", "Sinar Jaya Plantations"]


def test_cancelling_treasury_shares_is_not_a_buy_back_question():
    from pipeline.answer.yesno import event_asked
    assert event_asked(QuestionFacts(text="Has Godavari cancelled the 2,000,000 treasury shares it holds?")) is None
    assert event_asked(QuestionFacts(text="Did Godavari repurchase and cancel shares in 2037?")).key == "buyback"


def test_a_quarters_figure_in_a_sentence_is_not_the_years():
    from pipeline.answer import prose
    from pipeline.question.registry import Company
    from pipeline.retrieval.passage import Passage

    def said(text: str):
        p = Passage(chunk_id=1, doc="d", company="Kestrel", fiscal_year=2037, doc_type="ANNUAL", page=5, score=1.0,
                    text=text)
        facts = QuestionFacts(text="Average daily production at Kestrel in 2037, boe/d?", years=[2037],
                              companies=[Company(key="k", name="Kestrel")])
        return prose.covering(None, facts, [p], 2037)
    assert said("Fourth-quarter 2037 production averaged 31,240 boe/d. Volumes grew on the drilling program.") is None
    found = said("Average daily production in 2037 was 27,905 boe/d. Volumes grew on the drilling program.")
    assert found is not None and "27,905" in found.sentence
    found = said("Average daily production in 2037 was 27,905 boe/d, with the fourth quarter the strongest.")
    assert found is not None and "27,905" in found.sentence


def test_a_table_stated_per_unit_of_output_holds_rates_not_amounts():
    page = ["MANAGEMENT'S DISCUSSION AND ANALYSIS", "NETBACKS ($/boe) 2037 2036", "Oil and gas sales 81.40 79.90",
            "Royalties (11.20) (10.85)", "Funds flow from operations 41.02 40.73", "",
            "Reconciliation 2037 2036", "Cash flow from operating activities 402,880 391,740",
            "Funds flow from operations 428,290 410,540"]
    facts = facts_of(["\n".join(page)])
    assert {f.qualifiers for f in facts if f.value_printed == "41.02"} == {"per boe"}
    hit = _hit("Kestrel funds flow from operations 2037?", [page], 2037, "Kestrel Energy Ltd.")
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "428,290"
    hit = _hit("Funds flow from operations per boe in 2037", [page], 2037, "Kestrel Energy Ltd.")
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "41.02"


@pytest.mark.parametrize("question,formula", [
    ("What payout ratio does the proposed 2037 dividend imply relative to EPS before dilution?",
     "dividends_per_share / eps_basic * 100"),
    ("Dividend payout ratio 2037 over diluted earnings per share", "dividends_per_share / eps_diluted * 100"),
    ("Dividend payout ratio 2037", "dividends_paid / net_income * 100"),
])
def test_a_payout_ratio_over_a_per_share_base_divides_per_share_figures(question, formula):
    from pipeline.answer.figures import derived_formula
    assert derived_formula(get_lexicon().get("payout_ratio"), question) == formula


@pytest.mark.parametrize("question,text", [
    ("How many employees did Kestrel have at the end of 2037?",
     "The parent company employed 96 people on average during the year (88)."),
    ("Has Kestrel cancelled its treasury shares?",
     "The Board resolved to cancel 1,250,000 treasury shares, with effect from 30 June 2038."),
])
def test_a_parent_company_sentence_or_a_resolution_to_act_answers_no_group_question(question, text):
    from pipeline.answer import prose
    from pipeline.question.registry import Company
    from pipeline.retrieval.passage import Passage
    p = Passage(chunk_id=1, doc="d", company="Kestrel", fiscal_year=2037, doc_type="ANNUAL", page=7, score=1.0, text=text)
    facts = QuestionFacts(text=question, years=[2037], companies=[Company(key="k", name="Kestrel")])
    assert prose.covering(None, facts, [p], 2037) is None


@pytest.mark.parametrize("question", ["What was the allowance for loan losses at year-end 2037 (see Note 5)?",
                                      "allowance for credit losses on loans 2037, per note 12"])
def test_a_note_reference_says_where_not_what(question):
    page = ["Consolidated balance sheets", "(In thousands) 2037 2036", "Loans 6,204,115 5,880,402",
            "Allowance for credit losses on loans (74,306) (70,118)", "Loans, net 6,129,809 5,810,284"]
    hit = _hit(question, [page], 2037)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "(74,306)"


_PERIOD_COLUMNS = ["Sorae Textile Holdings Co., Ltd.", "Consolidated Statements of Profit or Loss",
                   "43rd term: For the fiscal year ended March 31, 2071", "42nd term: For the fiscal year ended March 31, 2070",
                   "(Unit: millions of yen)", "Note 43rd term (Current) 42nd term (Prior)",
                   "Net sales 5 402,118 388,406", "Operating profit 61,204 55,872"]


def test_columns_headed_by_the_numbered_fiscal_period_read_as_the_dates_its_legend_names():
    hit = _hit("Sorae net sales FY2071", [_PERIOD_COLUMNS], 2071, "Sorae Textile")
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "402,118"
    prior = _hit("Sorae operating profit for the year ended March 2070", [_PERIOD_COLUMNS], 2070, "Sorae Textile")
    assert isinstance(prior, FactMatch) and prior.fact.value_printed == "55,872"


def test_numbered_period_columns_without_a_legend_stay_unread():
    page = [ln for ln in _PERIOD_COLUMNS if "ended" not in ln]
    assert not [f for f in facts_of(["\n".join(page)]) if f.value_printed == "402,118"]


_OCI = ["Marisol Cerámica S.A.", "Consolidated Statement of Profit or Loss and Other Comprehensive Income",
        "For the year ended 31 December 2071", "EUR thousand Notes 2071 2070",
        "Revenue 4 218,406 201,117", "Other income 5 3,118 2,904", "Profit for the year 18,442 16,021",
        "Other comprehensive income", "Items that will not be reclassified to profit or loss:",
        "Actuarial gains on defined benefit plans 12 1,204 (806)",
        "Equity instruments at fair value through other comprehensive income 618 211",
        "Items that may be reclassified subsequently to profit or loss:",
        "Cash flow hedges (402) 1,118", "Currency translation differences 2,006 (1,390)",
        "3,426 (867)", "Total comprehensive income for the year 21,868 15,154"]


def test_an_unlabelled_line_summing_two_sub_headings_is_the_outer_headings_total():
    hit = _hit("Marisol total other comprehensive income 2071", [_OCI], 2071, "Marisol")
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "3,426"
    total = _hit("Marisol total comprehensive income 2070", [_OCI], 2070, "Marisol")
    assert isinstance(total, FactMatch) and total.fact.value_printed == "15,154"


def test_other_comprehensive_income_is_never_other_income_an_oci_reserve_or_an_asset_measured_through_it():
    page = [ln for ln in _OCI if ln != "3,426 (867)"]     # the subtotal left unprinted: nothing answers
    page += ["Consolidated Statement of Financial Position", "At 31 December 2071", "EUR thousand 2071 2070",
             "Financial assets at fair value through other comprehensive income 9,204 8,586",
             "Accumulated other comprehensive income 4,118 692"]
    hit = _hit("Marisol total other comprehensive income 2071", [page[:15], page[15:]], 2071, "Marisol")
    assert not isinstance(hit, FactMatch), hit.fact.label_path
    assert isinstance(_hit("Marisol other income 2071", [page[:15]], 2071, "Marisol"), FactMatch)


def test_a_lead_in_heading_gets_no_total_from_its_sections_rows():
    page = ["Cash flows", "Years ended December 31", "(in millions of dollars) 2071 2070", "Cash provided by (used in):",
            "Operating activities", "Net earnings 120.4 98.2", "Items not affecting cash:",
            "Depreciation 40.1 38.0", "Deferred taxes 5.5 4.1", "166.0 140.3", "Investing activities",
            "Capital expenditures (60.2) (55.0)"]
    assert not [f for f in facts_of(["\n".join(page)]) if f.value_printed == "166.0" and "Cash provided" in f.label_path]


_SHARE_COLUMNS = ["LOTUS RIVER ELECTRONICS CORPORATION AND SUBSIDIARIES", "CONSOLIDATED BALANCE SHEETS",
                  "(In Thousands of New Taiwan Dollars)", "2072 2071", "ASSETS Amount % Amount %", "CURRENT ASSETS",
                  "Cash and cash equivalents (Note 6) $ 4,118,402 22 $ 3,906,115 21",
                  "Contract assets arising from long-term", "service agreements (Note 8) 820,000 4 1,004,000 5",
                  "Refundable deposits -", "non-current (Note 9) 61,204 - 58,118 -",
                  "Total current assets 9,204,118 49 8,870,552 48", "NON-CURRENT ASSETS",
                  "Property, plant and equipment (Note 12) 9,406,330 51 9,612,008 52",
                  "Total non-current assets 9,406,330 51 9,612,008 52", "TOTAL $ 18,610,448 100 $ 18,482,560 100"]


def test_a_sub_header_of_amount_and_percent_pairs_gives_each_year_its_amount_column():
    cash = _hit("Lotus River cash and cash equivalents at end of 2071", [_SHARE_COLUMNS], 2071, "Lotus River")
    assert isinstance(cash, FactMatch) and cash.fact.value_printed == "3,906,115"
    assert not [f for f in facts_of(["\n".join(_SHARE_COLUMNS)]) if f.value_printed in ("22", "21", "100")]


def test_a_label_wrapped_at_its_qualifiers_dash_is_one_row_and_the_dash_no_nil_cell():
    facts = facts_of(["\n".join(_SHARE_COLUMNS)])
    assert {f.value_printed for f in facts if f.label.startswith("Refundable deposits - non-current")} == {"61,204", "58,118"}
    assert not [f for f in facts if f.label.endswith("deposits -") or f.value_printed == "-"]


def test_a_bare_total_closing_a_section_is_the_sections_total():
    hit = _hit("Lotus River total assets at December 31, 2072", [_SHARE_COLUMNS], 2072, "Lotus River")
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "18,610,448"


def test_opex_is_operating_expenses():
    page = ["Kestrel Freight Inc.", "CONSOLIDATED STATEMENTS OF OPERATIONS", "(In thousands) 2072 2071",
            "Revenue 812,406 790,118", "Operating expenses:", "Salaries and wages 301,118 288,406",
            "Fuel 120,552 131,008", "Total operating expenses 706,204 690,331", "Operating income 106,202 99,787"]
    from pipeline.question import shorthand
    hit = _hit(shorthand.spell("Kestrel total opex 2072"), [page], 2072, "Kestrel Freight")
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "706,204"


_SPACED_DECIMALS = ["SAIMAA LOGISTIIKKA OYJ", "CONSOLIDATED STATEMENT OF INCOME", "EUR million Note 2073 2072",
                    "Revenue 3.1 2 940.7 2 655.3", "Freight and subcontracting 3.3 -1 706.2 -1 588.9",
                    "Wages and salaries 3.4 -611.5 -590.2", "Result before taxes 188.6 150.2",
                    "Reserve for invested unrestricted equity 1 118.0 950.6"]


def test_space_grouped_thousands_with_decimals_and_section_numbered_notes_are_read_whole():
    facts = {(f.label, f.fiscal_year): f.value for f in facts_of(["\n".join(_SPACED_DECIMALS)])}
    assert facts[("Revenue", 2073)] == Decimal("2940.7") and facts[("Freight and subcontracting", 2072)] == Decimal("-1588.9")
    assert facts[("Reserve for invested unrestricted equity", 2073)] == Decimal("1118.0")
    assert facts[("Wages and salaries", 2073)] == Decimal("-611.5")


def test_an_integer_note_beside_decimal_figures_stays_a_note_and_small_decimals_turn_on_nothing():
    page = ["KOLI FOODS OYJ", "CONSOLIDATED INCOME STATEMENT", "EUR million Note 2073 2072",
            "Net sales 3 618.2 3 402.7", "Raw materials -1 902.6 -1 811.4", "Other operating expenses 6 412.8 380.1",
            "Share of result of associates 5.3 4.1", "Finance income 12.8 9.6"]
    facts = {(f.label, f.fiscal_year): f.value for f in facts_of(["\n".join(page)])}
    assert facts[("Other operating expenses", 2073)] == Decimal("412.8")      # note 6, never 6,412.8
    assert facts[("Net sales", 2072)] == Decimal("3402.7") and facts[("Finance income", 2073)] == Decimal("12.8")


def test_a_change_column_beside_space_grouped_figures_is_no_figure_of_a_year():
    page = ["PORVOO MARINE OYJ", "FINANCIAL INDICATORS", "EUR million 2073 2072 Change, %", "Order intake 2 204.3 1 988.0 10.9",
            "Interest-bearing net debt 914.2 1 006.8 -9.2", "Number of personnel at year end 4 512 4 380 3.0",
            "Vessels delivered 118 104 13.5", "Dividend/share, EUR 0.65* 0.60 8.3", "* Proposal of the Board"]
    facts = {(f.label, f.fiscal_year): (f.value, f.kind) for f in facts_of(["\n".join(page)])}
    assert facts[("Interest-bearing net debt", 2072)][0] == Decimal("1006.8")
    assert facts[("Number of personnel at year end", 2073)] == (Decimal("4512"), "count")
    assert facts[("Vessels delivered", 2073)][0] == Decimal("118") and facts[("Vessels delivered", 2072)][0] == Decimal("104")
    assert facts[("Dividend/share, EUR", 2073)][0] == Decimal("0.65")


def test_personnel_as_an_expense_line_is_money_not_a_headcount():
    page = ["BANCO ANDINO S.A.", "NOTE 28 - OPERATING EXPENSES BY NATURE", "(In millions of pesos) 2074 2073",
            "Personnel 120,406 112,118", "Technology and communications 40,118 38,204"]
    fact = next(f for f in facts_of(["\n".join(page)]) if f.label == "Personnel" and f.fiscal_year == 2074)
    assert fact.kind == "money"
    assert not isinstance(_hit("How many employees did Banco Andino have at the end of 2074?", [page], 2074,
                               "Banco Andino"), FactMatch)


def test_a_group_block_after_the_business_areas_heads_its_rows():
    page = ["NOTE 4 OPERATING SEGMENTS", "EUR million 2073 2072", "Marine", "Order intake 1 204.1 1 018.6",
            "Ports", "Order intake 1 000.2 969.4", "Group", "Order intake 2 204.3 1 988.0"]
    paths = {f.label_path for f in facts_of(["\n".join(page)]) if f.value == Decimal("2204.3")}
    assert paths == {"Group › Order intake"}


_GROUP_COMPANY = ["SAVANNA BREWERIES PLC", "CONSOLIDATED AND SEPARATE STATEMENTS OF FINANCIAL POSITION",
                  "AS AT 31 DECEMBER 2073", "Group Group Company Company", "Notes 2073 2072 2073 2072",
                  "N'000 N'000 N'000 N'000", "Investment in subsidiaries 14 - - 8,400,000 8,400,000",
                  "Cash and cash equivalents 18 6,204,118 5,118,402 2,306,551 1,904,206",
                  "Total assets 98,406,112 90,118,540 61,204,338 58,118,906",
                  "Equity attributable to owners of the Company 40,118,204 37,204,118 35,806,112 33,118,204"]


@pytest.mark.parametrize("question,want", [
    ("Savanna total assets for the Company at 31 December 2073", "61,204,338"),
    ("Company cash and cash equivalents 2073", "2,306,551"),
    ("What were the Company's own investments in subsidiaries in 2073?", "8,400,000"),
    ("Savanna separate company total assets 2073", "61,204,338"),
    ("Savanna group total assets 2073", "98,406,112"),
    ("Equity attributable to owners of the Company 2073", "40,118,204"),     # the group's owners, the group's column
])
def test_the_company_asked_beside_a_group_column_is_the_parents_column(question, want):
    hit = _hit(question, [_GROUP_COMPANY], 2073, "Savanna Breweries")
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == want


def test_the_company_in_a_report_without_a_company_column_is_the_reporting_group():
    page = ["KESTREL FREIGHT INC.", "CONSOLIDATED BALANCE SHEETS", "(In thousands) 2073 2072",
            "Total assets 1,204,118 1,118,406"]
    hit = _hit("What were total assets for the Company in 2073?", [page], 2073, "Kestrel Freight")
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "1,204,118"


def test_teur_is_thousands_of_euros_and_a_split_year_header_reads():
    page = ["DONAUFELD WERKE AG", "CONSOLIDATED INCOME STATEMENT", "in TEUR Notes 2071/72 2072/73",
            "Revenue (1) 204,118 221,806", "EBIT (operating result) 18,402 20,117"]
    fact = next(f for f in facts_of(["\n".join(page)]) if f.label == "Revenue" and f.fiscal_year == 2073)
    assert (fact.value, fact.scale, fact.currency) == (Decimal("221806"), "thousand", "EUR")


def test_a_caption_closing_on_its_years_and_a_change_column_heads_the_table():
    page = ["Key figures", "CHF million, unless otherwise stated 2074 2073 Change",
            "Net sales 1,204.6 1,118.2 7.7%", "Free cash flow 98.4 71.2 38.2%"]
    facts = {(f.label, f.fiscal_year): f.value_printed for f in facts_of(["\n".join(page)])}
    assert facts[("Free cash flow", 2074)] == "98.4" and facts[("Net sales", 2073)] == "1,118.2"
    assert "7.7%" not in facts.values()


_UNCONSOLIDATED = [["INDUS VALLEY CEMENT LIMITED", "UNCONSOLIDATED STATEMENT OF PROFIT OR LOSS",
                    "FOR THE YEAR ENDED JUNE 30, 2074", "Note 2074 2073", "Rupees in '000",
                    "Sales - net 21 40,118,204 36,204,118", "Profit after taxation 3,118,406 2,806,112"],
                   ["INDUS VALLEY CEMENT LIMITED AND ITS SUBSIDIARY", "CONSOLIDATED STATEMENT OF PROFIT OR LOSS",
                    "FOR THE YEAR ENDED JUNE 30, 2074", "Note 2074 2073", "Rupees in '000",
                    "Sales - net 21 44,806,112 39,118,204", "Profit after taxation 3,406,118 3,004,552"],
                   ["INDUS VALLEY CEMENT LIMITED", "UNCONSOLIDATED STATEMENT OF FINANCIAL POSITION",
                    "AS AT JUNE 30, 2074", "Note 2074 2073", "Rupees in '000", "Total assets 61,204,118 58,118,406"]]


@pytest.mark.parametrize("question,year,want", [("Indus Valley unconsolidated net sales 2074", 2074, "40,118,204"),
                                                ("Indus Valley standalone profit after taxation 2073", 2073, "2,806,112"),
                                                ("Indus Valley consolidated profit after taxation 2074", 2074, "3,406,118"),
                                                ("Indus Valley consolidated total assets at June 30, 2074", 2074, None)])
def test_an_unconsolidated_statement_answers_the_parents_figure_and_never_the_groups(question, year, want):
    hit = _hit(question, _UNCONSOLIDATED, year, "Indus Valley")
    if want is None:
        assert not isinstance(hit, FactMatch), hit.fact.table_title
    else:
        assert isinstance(hit, FactMatch) and hit.fact.value_printed == want


def test_equity_in_unconsolidated_affiliates_asks_no_parent_figure():
    page = ["HARROW MIDSTREAM PARTNERS LP", "CONSOLIDATED STATEMENTS OF OPERATIONS", "(In thousands) 2074 2073",
            "Equity in earnings of unconsolidated affiliates 12,406 11,118"]
    hit = _hit("Harrow equity in earnings of unconsolidated affiliates 2074", [page], 2074, "Harrow Midstream")
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "12,406"


def test_a_total_asked_of_a_measure_printed_only_in_parts_is_not_one_part():
    page = ["HARTLEPOOL CABLES PLC", "CONSOLIDATED BALANCE SHEET", "At 31 December 2074", "2074 2073", "£m £m",
            "Non-current liabilities", "Borrowings 412.6 388.0", "Provisions 20.4 18.1", "Current liabilities",
            "Trade and other payables 290.2 270.5", "Borrowings 44.1 61.9"]
    assert not isinstance(_hit("Hartlepool's total borrowings at the end of 2074?", [page], 2074, "Hartlepool Cables"),
                          FactMatch)
    part = _hit("Hartlepool non-current borrowings 2074", [page], 2074, "Hartlepool Cables")
    assert isinstance(part, FactMatch) and part.fact.value_printed == "412.6"


_FUND = [["BRIARWOOD CREDIT FUND INC.", "Statements of Operations", "(in thousands, except per share amounts)",
          "For the Years Ended June 30, 2074 2073", "Investment income:", "Interest income $ 204,118 $ 188,406",
          "Dividend income 4,118 3,806", "Total investment income 208,236 192,212", "Expenses:",
          "Interest expense 61,204 58,118", "Management fees 20,412 19,806", "Total expenses 81,616 77,924",
          "Net investment income 126,620 114,288", "Net realized and unrealized gains (losses) (8,406) 4,118"],
         ["BRIARWOOD CREDIT FUND INC.", "Statements of Assets and Liabilities", "June 30, 2074 June 30, 2073",
          "Total net assets 1,204,118 1,118,406", "Net asset value per share $ 15.12 $ 15.40"],
         ["Note 9. Financial Highlights", "Per share data: 2074 2073 2072",
          "Net investment income 1.60 1.52 1.48", "Net realized and unrealized gains (losses) (0.11) 0.05 0.09",
          "Net assets, end of period (in thousands) $ 1,204,118 $ 1,118,406 $ 1,002,304"]]


def test_a_per_share_data_table_holds_per_share_figures_unless_a_row_states_its_scale():
    facts = {(f.label, f.fiscal_year): f for f in facts_of(["\n".join(p) for p in _FUND]) if f.page == 3}
    assert facts[("Net realized and unrealized gains (losses)", 2073)].kind == "per_share"
    assert facts[("Net assets, end of period (in thousands)", 2074)].kind == "money"
    hit = _hit("Briarwood net realized and unrealized losses 2074", _FUND, 2074, "Briarwood Credit")
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "(8,406)"


def test_net_interest_income_is_never_interest_income():
    hit = _hit("Briarwood net interest income 2074", _FUND, 2074, "Briarwood Credit")
    assert not isinstance(hit, FactMatch), hit.fact.label
    nii = _hit("Briarwood net investment income 2074", _FUND, 2074, "Briarwood Credit")
    assert isinstance(nii, FactMatch) and nii.fact.value_printed == "126,620"


def test_a_balance_asked_at_a_date_the_report_does_not_close_on_is_not_printed():
    assert not isinstance(_hit("Briarwood net asset value per share as of March 31, 2074", _FUND, 2074, "Briarwood Credit"),
                          FactMatch)
    hit = _hit("Briarwood NAV per share at June 30, 2073", _FUND, 2073, "Briarwood Credit")
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "15.40"


_LINES = ["ALTO PARAMO S.A.", "CONSOLIDATED STATEMENT OF INCOME", "Notes 2074 2073",
          "General and administrative costs 9 (71,204) (66,018)", "Financial income 11 8,316 7,905",
          "Financial expenses 11 (52,117) (49,660)", "Depreciation 40,118 38,204", "Amortization 12,806 11,118",
          "CONSOLIDATED BALANCE SHEET", "Utility plant at original cost 9,204,118 8,806,412",
          "Less accumulated depreciation (2,118,406) (1,904,118)", "Net utility plant 7,085,712 6,902,294"]


@pytest.mark.parametrize("question,want", [("Alto Paramo financial expenses 2074", "(52,117)"),
                                           ("Alto Paramo amortization 2074", "12,806"),
                                           ("Alto Paramo net utility plant 2074", "7,085,712")])
def test_a_measures_own_word_names_its_line(question, want):
    hit = _hit(question, [_LINES], 2074, "Alto Paramo")
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == want


def test_net_asked_is_never_the_amount_at_original_cost():
    page = [ln for ln in _LINES if not ln.startswith("Net utility")]
    assert not isinstance(_hit("Alto Paramo net utility plant 2074", [page], 2074, "Alto Paramo"), FactMatch)


def test_the_parents_own_income_statement_answers_its_line_over_its_cash_flow():
    pages = [["HUNZA MILLS LIMITED", "UNCONSOLIDATED STATEMENT OF PROFIT OR LOSS", "Note 2074 2073", "Rupees in '000",
              "Other income 12 204,118 188,406", "Profit after taxation 2,806,112 2,406,118"],
             ["HUNZA MILLS LIMITED", "UNCONSOLIDATED STATEMENT OF CASH FLOWS", "Note 2074 2073", "Rupees in '000",
              "Other income received 212,551 190,806"],
             ["HUNZA MILLS LIMITED AND ITS SUBSIDIARY", "CONSOLIDATED STATEMENT OF PROFIT OR LOSS", "Note 2074 2073",
              "Rupees in '000", "Other income 12 240,118 218,204"]]
    hit = _hit("What was the standalone other income of Hunza Mills in 2074?", pages, 2074, "Hunza Mills")
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "204,118"
    group = _hit("Hunza Mills consolidated other income 2074", pages, 2074, "Hunza Mills")
    assert isinstance(group, FactMatch) and group.fact.value_printed == "240,118"


def test_whose_figure_is_kept_for_a_calculators_input():
    from pipeline.question.analysis import QuestionFacts
    from pipeline.question.figure_ask import read_ask
    for q, parent in (("Rio Claro's standalone operating margin in 2074?", True),
                      ("Rio Claro's consolidated operating margin in 2074?", False)):
        assert read_ask(q, QuestionFacts(text=q), None, with_qualifiers=False).parent_only is parent


@pytest.mark.parametrize("line,ticker", [("Shares listed on Euronext Amsterdam (ticker HVNM)", "HVNM"),
                                         ("Registered shares listed on SIX Swiss Exchange (ALPG)", "ALPG"),
                                         ("Shares traded on B3 under the ticker RCLR3", "RCLR3"),
                                         ("Listed on the Main Market of Bursa Malaysia (Stock code: 7164, TJEMAS)", "TJEMAS")])
def test_a_covers_listing_line_gives_the_ticker(line, ticker):
    from ingest import aliases
    cover = f"HAVENMOLEN GROEP N.V.\nAnnual Report 2074\n\n{line}\nFinancial year 2074"
    found = aliases.learn([cover], names=["Havenmolen Groep N.V.", "Havenmolen Groep"])
    assert (ticker, "ticker") in [(f.name, f.kind) for f in found]


def test_no_ticker_from_a_listing_line_far_from_the_companys_name_inside_the_report():
    from ingest import aliases
    body = "Havenmolen Groep N.V. " + "Our markets grew in every region this year. " * 12 + "A peer trades under the ticker PEER."
    found = aliases.learn(["Contents", "Strategy", body], names=["Havenmolen Groep N.V.", "Havenmolen Groep"])
    assert "PEER" not in [f.name for f in found]


_UNDERWRITING = ["MILLBROOK MUTUAL HOLDINGS, INC.", "Consolidated Underwriting Results", "(Dollars in millions)",
                 "Years ended December 31, 2074 2073 2072", "Net premiums earned 4,118 3,806 3,412",
                 "Losses and loss adjustment expenses 2,702 2,612 2,204", "Ratios (%)",
                 "Loss and loss adjustment expense ratio 65.6 68.6 64.6", "Combined ratio 93.4 96.1 92.8",
                 "Underlying combined ratio (non-GAAP) 89.2 88.7 89.0"]


@pytest.mark.parametrize("question,year,want", [("Millbrook combined ratio 2073", 2073, "96.1"),
                                                ("Millbrook losses and LAE 2074", 2074, "2,702"),
                                                ("Millbrook underlying combined ratio 2072", 2072, "89.0")])
def test_a_rate_named_by_its_own_kind_word_and_insurers_lae(question, year, want):
    from pipeline.question import shorthand
    hit = _hit(shorthand.spell(question), [_UNDERWRITING], year, "Millbrook Mutual")
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == want


def test_an_amount_asked_without_a_rate_word_is_never_the_rate():
    hit = _hit("Millbrook loss and loss adjustment expense 2074", [_UNDERWRITING], 2074, "Millbrook Mutual")
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "2,702"


def test_as_restated_asks_the_reports_own_comparative():
    page = ["SOLVIK INDUSTRI ASA", "KEY FIGURES", "NOK million 2074 2073 restated*", "Revenue 12,406.1 11,804.6"]
    hit = _hit("Solvik revenue 2073 as restated", [page], 2073, "Solvik Industri")
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "11,804.6"


@pytest.mark.parametrize("legend", [["75th term: April 1, 2070 - March 31, 2071", "74th term: April 1, 2069 - March 31, 2070"],
                                    ["75th term: From April 1, 2070 to March 31, 2071",
                                     "74th term: From April 1, 2069 to March 31, 2070"]])
def test_a_numbered_periods_legend_as_a_date_range_names_the_periods_end(legend):
    page = ["Sakuragawa Foods Co., Ltd.", "Consolidated Statements of Income", *legend, "(Millions of yen)",
            "Note 75th term 74th term", "Net sales 402,118 388,406"]
    facts = {f.fiscal_year: f.value_printed for f in facts_of(["\n".join(page)]) if f.label == "Net sales"}
    assert facts == {2071: "402,118", 2070: "388,406"}


def test_a_row_printing_amounts_without_their_shares_under_amount_and_percent_columns_is_read():
    page = ["LOTUS CORP", "CONSOLIDATED STATEMENTS OF COMPREHENSIVE INCOME", "2072 2071", "Amount % Amount %",
            "OPERATING REVENUE $ 8,114,502 100 $ 7,920,388 100", "EARNINGS PER SHARE", "Basic $ 11.85 $ 9.24"]
    facts = {(f.label, f.fiscal_year): f.value_printed for f in facts_of(["\n".join(page)])}
    assert facts[("Basic", 2071)] == "9.24" and facts[("OPERATING REVENUE", 2072)] == "8,114,502"


def test_a_total_of_one_part_of_a_compound_heading_is_not_the_compound():
    page = ["HSIN CHU CORP", "CONSOLIDATED BALANCE SHEETS", "2074 2073", "LIABILITIES AND EQUITY",
            "Short-term borrowings 1,204,118 1,118,406", "Total liabilities 4,204,118 3,906,412",
            "Share capital 5,000,000 4,900,000"]
    assert not isinstance(_hit("Hsin Chu total liabilities and equity at December 31, 2074", [page], 2074, "Hsin Chu"),
                          FactMatch)
    hit = _hit("Hsin Chu total liabilities at December 31, 2074", [page], 2074, "Hsin Chu")
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "4,204,118"


def test_a_money_row_in_a_per_share_data_table_stays_money():
    page = ["Note 9. Financial Highlights", "Per share data: 2074 2073", "Net investment income 1.60 1.52",
            "Average debt outstanding $ 1,006,204 $ 988,118"]
    kinds = {f.label: f.kind for f in facts_of(["\n".join(page)])}
    assert kinds == {"Net investment income": "per_share", "Average debt outstanding": "money"}


def test_amortization_asked_is_never_depreciation_and_amortization():
    page = ["CORVID INC", "CONSOLIDATED STATEMENTS OF CASH FLOWS", "(In thousands) 2074 2073",
            "Net income 100,118 90,406", "Depreciation and amortization 40,118 38,204"]
    assert not isinstance(_hit("Corvid amortization 2074", [page], 2074, "Corvid"), FactMatch)
    hit = _hit("Corvid depreciation and amortization 2074", [page], 2074, "Corvid")
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "40,118"


def test_other_comprehensive_income_under_a_net_of_tax_heading_is_not_total_comprehensive_income():
    page = ["MARISOL SA", "Consolidated Statement of Comprehensive Income", "EUR thousand 2074 2073",
            "Profit for the year 18,442 16,021", "Other comprehensive income, net of tax",
            "Items that will not be reclassified to profit or loss:", "Actuarial gains 1,204 (806)",
            "Items that may be reclassified:", "Cash flow hedges (402) 1,118",
            "Total comprehensive income for the year 19,244 16,333"]
    assert not isinstance(_hit("Marisol total other comprehensive income 2074", [page], 2074, "Marisol"), FactMatch)
    hit = _hit("Marisol total comprehensive income 2074", [page], 2074, "Marisol")
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "19,244"


@pytest.mark.parametrize("question,want", [("Acme financial income 2074", "12.4"), ("Acme finance costs 2074", "(40.1)"),
                                           ("Acme financial result 2074", "(27.7)")])
def test_finance_and_financial_lines_and_a_titles_income_covers_no_row(question, want):
    page = ["ACME AG", "CONSOLIDATED INCOME STATEMENT", "EUR million 2074 2073", "Finance income 12.4 10.2",
            "Finance costs (40.1) (38.2)", "Financial result (27.7) (28.0)"]
    hit = _hit(question, [page], 2074, "Acme")
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == want
    assert not isinstance(_hit("Acme other income 2074", [page], 2074, "Acme"), FactMatch)


@pytest.mark.parametrize("question", ["Harrow equity in earnings of unconsolidated real estate ventures 2074",
                                      "Harrow equity in earnings of unconsolidated affiliates 2074"])
def test_unconsolidated_investees_ask_no_parent_figure(question):
    page = ["HARROW REALTY TRUST", "CONSOLIDATED STATEMENTS OF OPERATIONS", "(In thousands) 2074 2073",
            "Equity in earnings of unconsolidated real estate ventures 12,406 11,118",
            "Equity in earnings of unconsolidated affiliates 3,204 2,806"]
    hit = _hit(question, [page], 2074, "Harrow Realty")
    assert isinstance(hit, FactMatch) and hit.fact.value_printed in ("12,406", "3,204")


def test_ordinary_wording_of_the_company_beside_a_group_column_is_the_groups():
    hit = _hit("What cash and cash equivalents were held by the Company at the end of 2073?", [_GROUP_COMPANY], 2073,
               "Savanna Breweries")
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "6,204,118"


def test_the_groups_share_said_as_share_of_the_group_is_the_owners_line():
    page = ["MEUSEVAL SA/NV", "CONSOLIDATED BALANCE SHEET", "(in million EUR) 31/03/2096 31/03/2095",
            "Equity, share of the Group 806.2 744.9", "Non-controlling interests 40.1 38.8", "Total equity 846.3 783.7"]
    hit = _hit("Meuseval equity, share of the Group at 31 March 2096", [page], 2096, "Meuseval")
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "806.2"
    total = _hit("Meuseval total equity at 31 March 2096", [page], 2096, "Meuseval")
    assert isinstance(total, FactMatch) and total.fact.value_printed == "846.3"


def test_a_footnote_marker_after_the_last_figure_is_no_cell_and_a_note_before_figures_keeps_a_bracketed_figure():
    from pipeline.reading.cells import without_marker
    assert without_marker(["1.40", "1.55", "(3)"], 2) == ["1.40", "1.55"]
    assert without_marker(["9", "1.5", "(4)"], 2) is None


def test_a_split_year_caption_heads_its_table():
    page = ["MEUSEVAL SA/NV", "Note 7 - Key figures", "(in million EUR) 2094/95 2095/96",
            "Capital expenditure (million EUR) 88.1 94.6", "Gross dividend per share (EUR) 1.40 1.55 (3)",
            "(3) Proposed to the Annual General Meeting."]
    facts = {(f.label, f.fiscal_year): f.value_printed for f in facts_of(["\n".join(page)])}
    assert facts[("Gross dividend per share (EUR)", 2096)] == "1.55" and facts[("Capital expenditure (million EUR)", 2095)] == "88.1"


def test_a_bilingual_label_naming_a_payment_is_money_and_kshs_is_a_currency():
    page = ["RIO ALERCE S.A.", "ESTADO DE FLUJOS DE EFECTIVO / STATEMENT OF CASH FLOWS", "ThCh$ 2096 2095",
            "Pagos a y por cuenta de los empleados / Payments to and on behalf of employees (4.118.306) (3.906.118)"]
    kinds = {f.kind for f in facts_of(["\n".join(page)]) if "employees" in f.label}
    assert kinds == {"money"}
    from pipeline.core.currencies import currency_of
    assert currency_of("KShs '000") == "KES" and currency_of("KSh million") == "KES"


@pytest.mark.parametrize("question", ["Juniper Bluff inventories on the balance sheet at the end of 2093",
                                      "Juniper Bluff total investments at December 31, 2093"])
def test_a_balance_asked_is_never_a_flow_row(question):
    pages = [["JUNIPER BLUFF INC.", "CONSOLIDATED STATEMENTS OF OPERATIONS", "(In thousands) 2095 2094 2093",
              "Net investment income 98,614 76,205 52,418"],
             ["JUNIPER BLUFF INC.", "CONSOLIDATED STATEMENTS OF CASH FLOWS", "(In thousands) 2095 2094 2093",
              "Cash flows from operating activities", "Changes in operating assets and liabilities:",
              "Inventories (31,544) (12,118) (8,406)", "Purchases of investments (812,406) (694,305) (588,118)"],
             ["JUNIPER BLUFF INC.", "CONSOLIDATED BALANCE SHEETS", "(In thousands) 2095 2094", "Inventories 204,118 188,406",
              "Total investments 3,015,071 2,879,640"]]
    assert not isinstance(_hit(question, pages, 2093, "Juniper Bluff"), FactMatch)
    hit = _hit(question.replace("2093", "2094"), pages, 2094, "Juniper Bluff")
    assert isinstance(hit, FactMatch) and hit.fact.value_printed in ("188,406", "2,879,640")


_VAS_INCOME = ["HONG LAM CERAMICS JOINT STOCK COMPANY", "CONSOLIDATED INCOME STATEMENT", "For the year ended 31 December 2081",
               "Unit: VND million", "ITEMS Code Note Current year Previous year",
               "1. Gross sales 01 VI.1 1,806,412 1,702,118", "2. Sales deductions 02 8,406 7,118",
               "3. Net sales", "(10 = 01 - 02) 10 1,798,006 1,695,000", "4. Cost of sales 11 VI.2 1,402,118 1,318,406"]
_VAS_BALANCE = ["HONG LAM CERAMICS JOINT STOCK COMPANY", "CONSOLIDATED BALANCE SHEET", "As at 31 December 2081",
                "Unit: VND million", "ASSETS Code Note Closing balance 31/12/2081 Opening balance 01/01/2081",
                "I. Cash and cash equivalents 110 V.1 204,118 188,406", "IV. Inventories 140 V.4 412,806 398,118",
                "1. Inventories 141 418,204 402,806", "2. Provision for devaluation of inventories 149 (5,398) (4,688)"]


@pytest.mark.parametrize("question,year,want", [("Hong Lam net sales 2081", 2081, "1,798,006"),
                                                ("Hong Lam cost of sales 2080", 2080, "1,318,406"),
                                                ("Hong Lam cash and cash equivalents at 31 December 2080", 2080, "188,406")])
def test_line_codes_current_year_columns_and_an_opening_balance_read(question, year, want):
    hit = _hit(question, [_VAS_INCOME, _VAS_BALANCE], year, "Hong Lam")
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == want


def test_an_opening_balance_is_the_previous_years_never_the_current_one():
    facts = {f.fiscal_year for f in facts_of(["\n".join(_VAS_BALANCE)]) if f.value_printed == "188,406"}
    assert facts == {2080}


def test_a_label_printed_twice_on_a_page_with_two_figures_is_not_guessed():
    assert not isinstance(_hit("Hong Lam inventories at 31 December 2081", [_VAS_BALANCE], 2081, "Hong Lam"), FactMatch)


def test_current_year_columns_without_a_dated_caption_stay_unread():
    page = ["HONG LAM CERAMICS JOINT STOCK COMPANY", "NOTES (continued)", "Unit: VND million Current year Previous year",
            "Domestic sales 1,204,118 1,118,406"]
    assert not facts_of(["\n".join(page)])


def test_a_bare_noun_phrase_of_four_words_about_a_year_looks_for_its_row_first():
    from pipeline.answer.figure_kinds import asks_a_value
    from pipeline.question.analysis import QuestionFacts
    assert asks_a_value(QuestionFacts(text="Commercial Lines combined ratio 2085", years=[2085]))
    assert not asks_a_value(QuestionFacts(text="Commercial Lines underwriting strategy and pricing outlook 2085",
                                          years=[2085]))


@pytest.mark.parametrize("question", ["Calder Title pretax earnings 2097", "Calder Title pre-tax result 2097",
                                      "Calder Title earnings before income taxes 2097"])
def test_pretax_earnings_and_result_are_profit_before_tax_never_net_earnings(question):
    page = ["CALDER TITLE GROUP, INC.", "CONSOLIDATED STATEMENTS OF EARNINGS", "(In thousands) 2097 2096",
            "Earnings before income taxes 412,806 388,118", "Income tax expense (98,406) (90,118)",
            "Net earnings 314,400 298,000"]
    hit = _hit(question, [page], 2097, "Calder Title")
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "412,806"


def test_a_nota_column_is_a_notes_column():
    page = ["VINA CORDILLERA S.A.", "Estado de Situacion Financiera / Statement of Financial Position", "Nota 31.12.2096 31.12.2095",
            "Inventarios / Inventories 8 54.306.418 51.418.205", "Efectivo / Cash 5 20.840.398 20.335.733"]
    facts = {(f.label, f.fiscal_year): f.value for f in facts_of(["\n".join(page)])}
    assert facts[("Inventarios / Inventories", 2096)] == Decimal("54306418")


def test_a_decimal_comma_on_a_page_makes_its_single_dots_thousands():
    page = ["VINA CORDILLERA S.A.", "Principales indicadores / Key figures", "(MCh$ - millones de pesos) 2096 2095",
            "Ingresos / Revenue 318.406 296.118", "Dividendo por accion (Ch$) / Dividend per share (Ch$) 4,12 3,90"]
    facts = {(f.label, f.fiscal_year): f.value for f in facts_of(["\n".join(page)])}
    assert facts[("Ingresos / Revenue", 2096)] == Decimal("318406")
    assert facts[("Dividendo por accion (Ch$) / Dividend per share (Ch$)", 2095)] == Decimal("3.90")
    english = ["ACME", "Key figures", "($ millions) 2096 2095", "Revenue 1,204.5 1,118.2", "Yield 12.806 11.205"]
    assert {f.value for f in facts_of(["\n".join(english)]) if f.label == "Yield"} == {Decimal("12.806"), Decimal("11.205")}
