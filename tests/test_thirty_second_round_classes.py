"""Classes found by the thirty-second rounds (stop 57). The companies, names, wording and figures here are made up."""
from __future__ import annotations

import pytest

from pipeline.question import shorthand
from pipeline.question.analysis import QuestionFacts
from tests.stored_facts import facts_of, printed_answer


def _answer(question, pages, company, year, doc_fy):
    return printed_answer(shorthand.spell(question), pages, company, year, doc_fy)


# a report printed in two languages: every label and the columns' entity caption beside its translation, the parent's
# columns before the group's
_TWO_LANGUAGES = [["KAMNIK TERME d.d.", "Izkaz poslovnega izida / Income statement",
                   "za leto, končano 31. decembra 2071 / for the year ended 31 December 2071",
                   "Družba / Company Skupina / Group", "Pojasnilo / Note 2071 2070 2071 2070",
                   "EUR '000 EUR '000 EUR '000 EUR '000",
                   "Prihodki od prodaje / Sales revenue 4 52,118 48,406 71,212 66,018",
                   "Stroški dela / Staff costs (15,406) (14,218) (21,118) (19,806)",
                   "Poslovni izid iz poslovanja / Operating profit 9,812 8,406 13,618 11,212",
                   "Čisti poslovni izid / Profit for the year 7,406 6,212 10,118 8,406",
                   "Čisti dolg / EBITDA 1.8 2.1 2.2 2.4"]]


@pytest.mark.parametrize("question, expect", [
    ("Kamnik Terme group sales revenue 2071", "71,212"),
    ("Sales revenue of the Company 2070", "48,406"),
    ("Group operating profit 2070", "11,212"),
    ("Prihodki od prodaje skupine 2071", None),      # (asked in the report's other language: its own words, or none)
])
def test_a_bilingual_entity_caption_heads_its_columns_and_a_label_is_matched_by_its_english_half(question, expect):
    said = _answer(question, _TWO_LANGUAGES, "Kamnik Terme", int(question[-4:]) if question[-1].isdigit() else 2071,
                   2071)
    assert said == expect if expect else said in (None, "71,212")


def test_each_year_of_both_entities_is_read_under_a_bilingual_entity_caption():
    facts = [f for f in facts_of(["\n".join(_TWO_LANGUAGES[0])]) if f.label.endswith("Sales revenue")]
    assert sorted(f.value_printed for f in facts) == ["48,406", "52,118", "66,018", "71,212"]


@pytest.mark.parametrize("text, english", [
    ("Prihodki od prodaje / Sales revenue", "Sales revenue"),
    ("Revenue / Umsatzerlöse", "Revenue"),
    ("Dobiček pripisan / Profit attributable to: › Lastnikom / Owners of the parent",
     "Profit attributable to: › Owners of the parent"),
    ("Net debt / EBITDA", "Net debt / EBITDA"),               # (a ratio's slash: an acronym is no translation)
    ("Total assets / total equity", "Total assets / total equity"),
    ("Net income / (loss)", "Net income / (loss)"),
    ("Loans / advances", "Loans / advances"),
])
def test_the_english_half_of_a_label_is_taken_only_beside_a_word_english_does_not_use(text, english):
    from pipeline.core.bilingual import english as english_of

    assert english_of(text) == english


def _registry(*names):
    from pipeline.question.registry import Company, Registry

    return Registry([Company(key=n.split()[0].upper() + str(i), name=n, aliases=tuple(a))
                     for i, (n, a) in enumerate(names)])


def test_a_one_word_name_that_is_another_companys_first_word_is_asked_about_never_given_to_one():
    reg = _registry(("Tamarack Gold", ["Tamarack Gold Limited", "Tamarack"]),
                    ("Tamarack Group Holdings", ["Tamarack Group Holdings, Inc."]))
    assert reg.find_companies("Tamarack total assets 2071") == []
    assert set(reg.shared_names("Tamarack total assets 2071")["Tamarack"]) == {c for c in reg.companies}
    assert reg.spell_out("What were Tamarack's total assets?") == "What were Tamarack's total assets?"
    assert [c.name for c in reg.find_companies("Tamarack Group Holdings total assets")] == ["Tamarack Group Holdings"]


def test_a_one_word_name_no_other_company_begins_with_stays_its_own():
    reg = _registry(("Tamarack Gold", ["Tamarack Gold Limited", "Tamarack"]), ("Birchwood Group", ["Birchwood"]))
    assert [c.name for c in reg.find_companies("Tamarack total assets 2071")] == ["Tamarack Gold"]


@pytest.mark.parametrize("question", [
    "How much net cash did Lakeshore Re's operating activities provide in FY2071?",
    "How much cash did the company's operating activities generate in 2071?",
])
def test_operating_activities_as_the_subject_of_providing_cash_name_the_operating_cash_flow(question):
    from pipeline.question.lexicon import fold, get_lexicon
    from pipeline.question.paraphrase import name_measures

    ms = get_lexicon().find(name_measures(fold(question)))
    assert ms and ms[0].key == "operating_cash_flow"


def test_net_purchases_of_fixed_assets_is_the_capital_expenditure_and_their_sale_is_not():
    from pipeline.question.lexicon import get_lexicon

    capex = next(m for m in get_lexicon().metrics if m.key == "capex")
    assert capex.matches_row("Net purchases of fixed assets", "cash_flow")
    assert capex.matches_row("Purchase of fixed assets", "cash_flow")
    assert not capex.matches_row("Proceeds from sale of fixed assets", "cash_flow")


def _covering(question, text, year=2071, report_year=2071):
    from pipeline.answer import prose
    from pipeline.question.registry import Company
    from pipeline.retrieval.passage import Passage

    p = Passage(chunk_id=1, doc="d", company="Quillon", fiscal_year=report_year, doc_type="10K", page=25, score=1.0,
                text=text)
    facts = QuestionFacts(text=question, years=[year], companies=[Company(key="q", name="Quillon")])
    return prose.covering(None, facts, [p], year)


def test_a_headcount_stated_at_the_reports_filing_date_is_the_reports_years():
    text = "Employees\nAs of February 22, 2072, we had 118 full-time employees. None of our employees are unionized."
    found = _covering("How many employees did Quillon have in 2071?", text)
    assert found is not None and "118 full-time employees" in found.sentence
    # (the same date in the next year's report is no count of that report's year)
    assert _covering("How many employees did Quillon have in 2071?", text, report_year=2070) is None
    # (a date later in the year is the year's own, not the report's filing)
    later = "As of September 30, 2072, we had 131 full-time employees."
    assert _covering("How many employees did Quillon have in 2071?", later) is None


@pytest.mark.parametrize("sentence, counts", [
    ("The disease has an estimated prevalence of 94,000 people among the seven major markets.", False),
    ("Our therapy could reach about 40,000 individuals in the United States.", False),
    ("We employ approximately 5,700 people worldwide.", True),
    ("At year end we had 1,240 people across our nine countries.", True),
])
def test_people_said_without_work_are_no_workforce(sentence, counts):
    found = _covering("How many employees does Quillon have in 2071?", sentence)
    assert (found is not None) == counts


# the statements' own currency and a convenience translation beside each year, told apart by a units row naming a
# currency for each column
_TRANSLATED = [["PREK TNAOT MILLS PLC", "STATEMENT OF FINANCIAL POSITION", "AS AT 31 DECEMBER 2071",
                "Note 2071 2071 2070 2070", "US$ KHR'000 US$ KHR'000", "(Note 2.4) (Note 2.4)", "ASSETS",
                "Inventories 7 12,806,420 52,506,322 11,418,260 45,673,040",
                "Cash and cash equivalents 10 3,406,120 13,965,092 2,812,480 11,249,920",
                "TOTAL ASSETS 58,278,660 238,942,506 53,879,140 215,516,560"]]


@pytest.mark.parametrize("question, expect", [
    ("Prek Tnaot total assets 2071", "58,278,660"),
    ("Total assets 2070 in KHR'000", "215,516,560"),
    ("Cash and cash equivalents at 31 December 2071 (KHR thousands)", "13,965,092"),
    ("Inventories 2070", "11,418,260"),
])
def test_a_units_row_naming_a_currency_for_each_column_tells_a_translation_apart(question, expect):
    assert _answer(question, _TRANSLATED, "Prek Tnaot Mills", int(question.split("20")[-1][:2]) + 2000, 2071) == expect


def test_the_column_notes_line_under_a_header_heads_no_row():
    facts = facts_of(["\n".join(_TRANSLATED[0])])
    assert facts and not any("Note 2.4" in f.label_path for f in facts)


@pytest.mark.parametrize("text, code", [("KHR'000", "KHR"), ("GEL'000", "GEL"), ("MNT million", "MNT"),
                                        ("EPS'000", None), ("CEO million", None), ("A$m", "AUD")])
def test_any_iso_currency_code_before_its_scale_names_the_currency(text, code):
    from pipeline.core.currencies import currency_of

    assert currency_of(text) == code


def test_an_iso_code_asked_in_capitals_is_the_currency_asked():
    from pipeline.retrieval.row_currency import asked_currencies

    assert asked_currencies("Revenue 2071 in KHR'000") == {"KHR"}
    assert asked_currencies("Revenue of ALL segments 2071") == frozenset()


def test_employees_profit_share_is_money_not_a_count():
    lines = ["27. Proposed appropriation of profits", "2071 2070", "Net profit for the year 468,412 276,812",
             "Legal reserve (5%) (23,421) (13,841)", "Employees' profit share (46,806) (27,412)",
             "Retained earnings carried forward 295,950 128,765"]
    facts = [f for f in facts_of(["\n".join(lines)]) if f.label == "Employees' profit share"]
    assert facts and {f.kind for f in facts} == {"money"}


_SEGMENT_WORD = [["OKAHANDJA MEAT LIMITED", "STATEMENT OF FINANCIAL POSITION", "at 30 September 2071",
                  "Note 2071 2070", "N$'000 N$'000", "Current assets",
                  "Biological assets - feedlot cattle 11 86,412 78,206", "Inventories 12 41,218 38,806",
                  "Total assets 1,206,412 1,118,206"]]


def test_a_segments_figure_is_never_a_statement_line_holding_only_the_segments_word():
    assert _answer("Feedlot segment assets at 30 September 2071", _SEGMENT_WORD, "Okahandja Meat", 2071, 2071) is None
    assert _answer("Biological assets - feedlot cattle 2071", _SEGMENT_WORD, "Okahandja Meat", 2071, 2071) == "86,412"


# --- the second half of the stop: round 42's refusals and round 31's wrong answers -----------------------------------
_STATEMENTS = [["TSKALTUBO SPRINGS JSC", "Consolidated Statement of Profit or Loss", "For the year ended 31 December 2071",
                "Note 2070 2071", "GEL'000 GEL'000", "Revenue 5 163,512 186,418",
                "Net foreign exchange (loss)/gain (2,806) 1,218", "Profit before tax 21,118 24,806",
                "Taxation 8 (3,212) (3,806)", "Current income tax 9 (2,806) (3,118)", "Profit for the year 17,906 21,000"],
               ["TSKALTUBO SPRINGS JSC", "CONSOLIDATED BALANCE SHEETS", "(In thousands)", "2071 2070",
                "Current portion of long-term debt 49,906 —", "Long-term debt 448,612 498,206"],
               ["TSKALTUBO SPRINGS JSC", "CONSOLIDATED STATEMENTS OF OPERATIONS", "(In thousands)", "2071 2070",
                "Operating revenues", "Capacity purchase agreement revenue", "Fixed aircraft lease 286,406 271,118",
                "Pass-through revenue 41,206 38,118", "Total operating revenues 327,612 309,236",
                "Cost of revenue:", "Systems 884,206 792,418", "Services 120,118 110,206", "Total cost of revenue 1,004,324 902,624"]]


@pytest.mark.parametrize("question, expect", [
    ("Net FX result 2070 - loss", "(2,806)"),           # ("FX": foreign exchange; a gains and losses line is its result)
    ("Group taxation charge 2071", "(3,806)"),
    ("Current income tax expense 2071", "(3,118)"),      # (the metric's own line after the qualifier, on its statement)
    ("Long-term debt (non-current) at December 31, 2071", "448,612"),
    ("current portion of long-term debt 2071", "49,906"),
    ("Fixed aircraft lease revenue for 2070", "271,118"),   # (a heading naming a kind of revenue transforms no row)
    ("Cost of systems revenue in 2070", "792,418"),
])
def test_round_42_wordings_of_printed_lines(question, expect):
    assert _answer(question, _STATEMENTS, "Tskaltubo Springs", _year(question), 2071) == expect


def _year(question):
    import re
    return int(re.findall(r"20\d\d", question)[-1])


def test_a_units_row_of_an_iso_code_is_no_heading_of_the_rows():
    facts = [f for f in facts_of(["\n".join(_STATEMENTS[0])]) if f.label == "Revenue"]
    assert facts and all(f.label_path == "Revenue" for f in facts)


def test_a_heading_wrapped_onto_its_next_line_is_one_heading_and_the_next_section_replaces_it():
    lines = ["CONSOLIDATED STATEMENTS OF CASH FLOWS", "(In thousands)", "2071 2070", "Cash flows from operating activities:",
             "Net income $ 395,497 $ 296,847", "Adjustments to reconcile net income to net cash provided by operating",
             "activities:", "Depreciation and amortization 66,618 64,618",
             "Net cash provided by operating activities 470,618 380,412", "Cash flows from financing activities:",
             "Dividends paid (37,612) (33,806)"]
    paths = {f.label_path for f in facts_of(["\n".join(lines)])}
    assert "Cash flows from financing activities › Dividends paid" in paths


@pytest.mark.parametrize("question, sentence, no", [
    ("Was fiscal 2071 a 53-week year?", "Fiscal years 2067 through 2071 each contained 52 weeks.", True),
    ("Was fiscal 2071 a 53-week year?", "Fiscal 2071 contained 53 weeks, compared with 52 weeks in fiscal 2070.", False),
    ("Did it open 12 stores in 2071?", "We opened 12 new stores in 2071.", False),
])
def test_a_count_asked_that_the_sentence_states_otherwise_is_denied(question, sentence, no):
    from pipeline.answer.which_event import other_count

    assert other_count(question, sentence) == no


@pytest.mark.parametrize("sentence, partial", [
    ("the directors declared a final dividend of 4.5 cents per share, franked to 50%.", True),
    ("a final dividend of 4.5 cents per share, 50% franked.", True),
    ("a final dividend of 4.5 cents per share, fully franked.", False),
])
def test_a_dividend_franked_to_a_part_is_not_fully_franked(sentence, partial):
    from pipeline.answer.which_event import partial_degree

    assert partial_degree("Is the final dividend fully franked?", sentence) == partial


def test_a_yes_no_answer_opening_on_a_pronoun_reads_the_sentence_before_it():
    text = ("8. Dividends\nProposed final dividend for 2071: GEL 0.30 per share, subject to shareholder approval on 24 April "
            "2072. It has not been recognised as a liability at 31 December 2071. The tax on the proposed 2071 final "
            "dividend will be recognised in 2072.")
    found = _covering("Is the proposed 2071 final dividend recognised as a liability at 31 December 2071?", text)
    assert found is not None and "It has not been recognised as a liability" in found.sentence


@pytest.mark.parametrize("question, role", [
    ("Who chairs Kestrel's Audit and Risk Committee?", "chair of the audit and risk committee"),
    ("who chairs the audit committee at Kestrel?", "chair of the audit committee"),
    ("Who is the audit committee chair?", "chair of the audit committee"),
    ("Who chairs the board?", "chair"),
    ("Kestrel company secretary", "company secretary"),
])
def test_a_committees_chair_is_a_role_of_its_own(question, role):
    from pipeline.answer.role_asked import asks_role
    from pipeline.question.registry import Company

    assert asks_role(QuestionFacts(text=question, companies=[Company(key="k", name="Kestrel")])) == role


def _people_pages(*pages):
    from pipeline.stores.corpus import ReportPage

    return [ReportPage(doc="d", company="Kestrel", fiscal_year=2071, doc_type="ANNUAL", page=i + 1, text="\n".join(p))
            for i, p in enumerate(pages)]


@pytest.mark.parametrize("role, pages, name", [
    ("chair of the audit and risk committee",
     [["Board renewal", "Ms. Jane K. Rowe-Baxter succeeded Mr. Alan P. Dunmore as Chair of the Audit and Risk Committee in "
       "November 2070."], ["Corporate governance", "Audit and Risk Committee: Jane K. Rowe-Baxter (Chair), Lucy F. Marsh and "
                           "Ben O. Achter."]], "Jane K. Rowe-Baxter"),
    ("chair of the audit committee", [["Directors", "Lucius D. Farnham-Iwu Director, Chair of the Audit Committee",
                                       "Celia A. Marchetti Director, Chair of the Compensation Committee"]], "Lucius D. Farnham-Iwu"),
    ("company secretary", [["Directors' report", "Company Secretary: Gareth J. Penn. Chief Financial Officer: Priya N. Rama."]],
     "Gareth J. Penn"),
])
def test_a_committee_chair_or_a_role_given_after_a_colon_names_its_holder_never_the_one_succeeded(role, pages, name):
    from pipeline.answer import people
    from pipeline.state import TurnState

    text, kind = people._role_answer(TurnState(question="q"), "Kestrel", 2071, _people_pages(*pages), role, lambda p: 1)
    assert kind == "name" and text.split(" (")[0].endswith(f": {name}")


def test_a_boards_committee_is_no_unknown_company_and_frw_is_the_rwandan_franc():
    from pipeline.core.currencies import currency_of
    from pipeline.question.analysis import analyse

    assert analyse("Who chairs the Audit and Risk Committee?").unknown_companies == []
    assert currency_of("Frw'000") == "RWF"


@pytest.mark.parametrize("sentence, change", [
    ("The directors recommend a final dividend of Frw 9.00 per share (Frw 1,080,000 thousand) (2070: Frw 6.00 per share).", 1),
    ("The Board has declared a final dividend of 4.5 cents per share, up from 4.0 cents, taking total dividends to 8.0 "
     "cents (FY2070: 7.0 cents).", 1),
    ("a final dividend of 12.0p (2070: 12.0p)", 0),
    ("an interim dividend of Rs. 3.00 per share (2070: Rs. 4.00)", -1),
    ("Dividends of $1.2 million were paid (2070: $1.5 million).", None),     # (a total, never compared by its scale)
    ("A final dividend of 4.5 cents per share, franked to 50%, was declared.", None),
])
def test_a_dividend_stated_beside_its_comparative_says_whether_it_rose(sentence, change):
    from pipeline.answer.comparatives import dividend_change

    assert dividend_change(sentence) == change


def test_a_comparative_in_brackets_with_fy_names_no_year_of_the_sentence():
    from pipeline.answer.yesno import of_year

    assert of_year("taking total dividends for the year to 8.0 cents per share (FY2070: 7.0 cents).", 2071)


@pytest.mark.parametrize("question, role", [
    ("Which engagement partner signed Kestrel's FY2071 audit report?", "engagement partner"),
    ("Who is Kestrel's audit partner?", "engagement partner"),
    ("Who audits Kestrel?", "auditor"),
])
def test_the_partner_who_signed_the_audit_report_is_a_person_never_the_firm(question, role):
    from pipeline.answer.role_asked import asks_role

    assert asks_role(QuestionFacts(text=question)) == role


def test_an_engagement_partner_named_once_beside_the_signature_is_its_holder():
    from pipeline.answer import people
    from pipeline.state import TurnState

    pages = _people_pages(["Independent auditor's report", "Kigeme & Co. Certified Public Accountants",
                           "CPA Divine M. Umutesi, Engagement Partner", "Kigali, 22 September 2071"])
    text, kind = people._role_answer(TurnState(question="q"), "Kestrel", 2071, pages, "engagement partner", lambda p: 1)
    assert kind == "name" and text.split(" (")[0].endswith(": Divine M. Umutesi")


@pytest.mark.parametrize("question, phrase", [
    ("Food and beverage share of Kestrel revenue FY2071", "Food and beverage"),
    ("Share of profit of associates 2071", ""),
])
def test_a_lines_share_of_a_metric_said_as_a_noun_is_the_share_asked(question, phrase):
    from pipeline.answer.share import numerator_phrase
    from pipeline.question.lexicon import get_lexicon
    from pipeline.question.registry import Company

    facts = QuestionFacts(text=question, companies=[Company(key="k", name="Kestrel")], years=[2071],
                          metrics=get_lexicon().find(question))
    assert numerator_phrase(facts).lower() == phrase.lower()


def test_the_iso_codes_a_question_uses_as_words_are_no_currency_asked():
    from pipeline.core.currencies import iso_codes_unlike_words

    assert {"GEL", "KHR", "MNT"} <= iso_codes_unlike_words(4.0) and not {"ALL", "TOP", "PEN"} & iso_codes_unlike_words(4.0)


# --- corpus-world classes (Jefferies, Terns, Verrica) and round 43's wrong answer, on made-up companies ------------------
_TEN_K = [["QUILLON RAIL HOLDINGS, INC.", "CONSOLIDATED BALANCE SHEETS", "(In thousands)", "December 31, 2072 2071",
           "ASSETS", "Current assets:", "Cash and cash equivalents ....... $ 65,555 $ 31,806",
           "Accounts receivable, net of allowance for doubtful accounts of $1,806",
           "and $1,612, respectively .................................... 66,806 64,218",
           "Total current assets 132,361 96,024", "Total assets 9,906,447 10,221,769", "LIABILITIES", "Long-term debt (includes $1,204,118 and $1,388,406 at fair value at December 31, 2072 and 2071, "
           "respectively) ..... 6,412,806 6,918,204"],
          ["QUILLON RAIL HOLDINGS, INC.", "CONSOLIDATED STATEMENTS OF CASH FLOWS", "(In thousands)",
           "Year Ended December 31, 2072 2071", "Cash flows from operating activities:", "Net income 40,118 35,206",
           "Changes in assets and liabilities, net of effect of acquisitions:", "Accounts receivable (2,588) (3,806)",
           "Net cash used in operating activities (38,406) (33,918)", "Cash flows from investing activities:",
           "Net payments on premises and equipment, and other assets (118,406) (96,212)",
           "Cash flows from financing activities:", "Repayment of debt (31,250) —"],
          ["QUILLON RAIL HOLDINGS, INC.", "NOTES TO CONSOLIDATED FINANCIAL STATEMENTS",
           "Securities excluded from the computation of diluted net loss per share:", "December 31, 2072 2071",
           "Options to purchase common stock 6,412,118 5,206,112",
           "Shares issuable under employee stock purchase plan 14,206 3,812"]]


@pytest.mark.parametrize("question, expect", [
    ("Net accounts receivable 2071", "64,218"),      # (the wrapped balance-sheet row, never the cash flow's change)
    ("What was Quillon's long-term debt outstanding at December 31, 2072?", "6,412,806"),
    ("How much cash did Quillon use in operating activities during 2072?", "(38,406)"),
    ("How much net cash did Quillons' operating activities provide in fiscal 2071?", "(33,918)"),
    ("What did Quillon spend on premises and equipment (capital expenditures) in FY2072?", "(118,406)"),
    ("How much debt did Quillon repay during fiscal 2072?", "(31,250)"),
    ("How many employees did Quillon have in 2072?", None),     # (an employees' plan's shares count no people)
    ("What was Quillon's headcount at year-end 2072?", None),
])
def test_corpus_world_wordings_on_a_made_up_ten_k(question, expect):
    assert _answer(question, _TEN_K, "Quillon Rail", _year(question), 2072) == expect


# --- counter-examples found by this stop's audit, each kept as a test --------------------------------------------------
def test_each_column_of_a_translated_statement_keeps_its_own_scale_and_a_caption_of_currencies_alone_is_no_units_row():
    facts = [f for f in facts_of(["\n".join(_TRANSLATED[0])]) if f.label == "TOTAL ASSETS" and f.fiscal_year == 2071]
    assert {(f.currency, f.scale) for f in facts} == {("USD", None), ("KHR", "thousand")}
    exposure = ["19. Currency risk", "(£'000)", "2071 2071 2070 2070", "USD USD EUR EUR",
                "Trade receivables 4,206 1,812 3,918 1,406"]
    assert not any(f.column_header.endswith(("USD", "EUR")) for f in facts_of(["\n".join(exposure)]))


_DEBT_NOTE = [["GRANBY FREIGHT CORP", "9. Long-term debt", "(In thousands)", "December 31, 2071 2070",
               "Term loan due 2076 298,518 318,206", "4.25% senior notes due 2079 200,000 200,000",
               "Long-term debt 498,518 518,206", "Less: current portion (49,906) (20,000)",
               "Long-term debt, excluding current portion 448,612 498,206"],
              ["GRANBY FREIGHT CORP", "CONSOLIDATED BALANCE SHEETS", "(In thousands)", "December 31, 2071 2070",
               "Current liabilities:", "Long-term debt - current 49,906 20,000", "Total current liabilities 92,118 61,206"]]


@pytest.mark.parametrize("question, expect", [
    ("Long-term debt (non-current) at December 31, 2071", "448,612"),     # (never the whole over "Less: current")
    ("Non-current long-term debt 2071", "448,612"),
    ("Current long-term debt 2071", "49,906"),
])
def test_a_long_term_line_is_the_non_current_one_only_where_no_current_part_is_deducted_beside_it(question, expect):
    assert _answer(question, _DEBT_NOTE, "Granby Freight", 2071, 2071) == expect


@pytest.mark.parametrize("sentence, kind, change", [
    ("The dividend payout ratio of 35% (2070: 48%) reflects the strong growth in earnings.", None, None),
    ("Dividend cover of 2.4 times (2070: 1.9 times) remains within our policy range.", None, None),
    ("Dividends received from associates of 412 (2070: 398) are included in investing cash flows.", None, None),
    ("The Board declared a year-end dividend of KRW 1,000 per share (2070: KRW 850).", None, 1),
    ("The Board recommends a final dividend of 9 cents per share, bringing the full-year dividend to 14 cents "
     "(2070: 12 cents).", "final", None),
    ("The interim dividend of 5 cents per share was paid in September; the final dividend is 6 cents (2070: 7 cents).",
     "final", -1),
])
def test_a_dividend_comparative_is_the_asked_dividends_never_a_ratio_or_a_dividend_received(sentence, kind, change):
    from pipeline.answer.comparatives import dividend_change

    assert dividend_change(sentence, kind) == change


@pytest.mark.parametrize("question, sentence", [
    ("Did it own at least 10 vessels at the end of 2071?", "At year end we owned 14 vessels."),
    ("Did it open 12 stores in 2071?", "We opened 12 new stores, bringing our total to 146 stores."),
    ("Was FY2071 a 53-week year?", "The fourth quarter of fiscal 2071 contained 14 weeks."),     # (a quarter's count)
    ("Was the final dividend fully franked?", "Dividends paid during the year were franked at 30% (2070: 30%)."),
])
def test_a_count_or_a_rate_said_otherwise_is_no_denial(question, sentence):
    from pipeline.answer.which_event import other_count, partial_degree

    assert not other_count(question, sentence) and not partial_degree(question, sentence)


def test_a_pronouns_own_sentence_is_what_answers_yes_or_no():
    import re as _re
    from pipeline.answer import negation

    sentence = "The revolving facility was not drawn in 2071. It is secured by a floating charge over the assets."
    judged = _re.split(r"(?<=[.!?])\s+(?=(?:It|They|This|These)\s)", sentence)[-1]
    assert not negation.denies(judged, "Is the revolving facility secured?")
    found = _covering("Is the revolving facility secured by a floating charge?", sentence)
    assert found is not None and found.sentence.startswith("The revolving facility was not drawn")


def test_a_count_at_the_filing_date_is_the_years_only_for_a_headcount():
    stores = "As of February 28, 2072, we operated 412 stores, after closing 38 stores in January and February 2072."
    assert _covering("How many stores did Quillon operate at the end of 2071?", stores) is None


@pytest.mark.parametrize("lines, role", [
    (["Audit Committee report", "The Audit Committee, which was previously chaired by Alan P. Dunmore, is now chaired "
      "by Jane K. Rowe-Baxter."], "chair of the audit committee"),
    (["Audit Committee report", "The Audit Committee works closely with the Risk Committee, chaired by Lucy F. Marsh."],
     "chair of the audit committee"),
    (["Audit Committee report", "Divine M. Umutesi, engagement partner from 2066 to 2070, rotated off the audit."],
     "engagement partner"),
])
def test_a_former_or_another_committees_chair_is_never_named(lines, role):
    from pipeline.answer import people
    from pipeline.state import TurnState

    text, kind = people._role_answer(TurnState(question="q"), "Kestrel", 2071, _people_pages(lines), role, lambda p: 1)
    assert "Dunmore" not in text.split(" (")[0] and "Marsh" not in text.split(" (")[0] and \
        not (role == "engagement partner" and kind == "name")


@pytest.mark.parametrize("question", ["Non-controlling interests share of profit 2071", "Employees share of profit 2071"])
def test_a_holders_share_of_profit_is_an_amount_not_a_lines_share_of_revenue(question):
    from pipeline.answer.share import numerator_phrase
    from pipeline.question.lexicon import get_lexicon

    facts = QuestionFacts(text=question, years=[2071], metrics=get_lexicon().find(question))
    assert numerator_phrase(facts) == ""


@pytest.mark.parametrize("question, codes", [("SCR 2071", set()), ("MDL settlement charge 2071", set()),
                                             ("Revenue 2071 in GEL", {"GEL"}), ("Total equity, GEL'000, 2071", {"GEL"})])
def test_an_iso_code_is_a_currency_asked_only_said_as_one(question, codes):
    from pipeline.retrieval.row_currency import asked_currencies

    assert set(asked_currencies(question)) == codes


def test_people_who_work_count_and_people_treated_do_not():
    assert _covering("How many employees does Quillon have in 2071?",
                     "At the end of 2071, around 2,300 people worked at our eleven plants.") is not None
    assert _covering("How many employees does Quillon have in 2071?",
                     "Since launch we have treated more than 28,000 people with Vextara.") is None


@pytest.mark.parametrize("question, held", [
    ("Khovd Gol group revenue 2071 (MNT million)", True),     # (the first two words before a product word and JSC)
    ("Tata Steel revenue 2071", False),                       # (a place after them: another company's first words)
])
def test_a_names_first_two_words_before_a_product_word_and_its_legal_forms_capitals_name_it(question, held):
    from pipeline.question.registry import Company, Registry

    reg = Registry([Company(key="K", name="Khovd Gol Cashmere JSC", aliases=("Khovd Gol Cashmere JSC",)),
                    Company(key="T", name="Tata Steel Europe", aliases=())])
    assert bool(reg.find_companies(reg.spell_out(question))) == held
