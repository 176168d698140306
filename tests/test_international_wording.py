"""The bottom line, the owners' share, equity, capex, revenue and the tax lines as reports outside the US word them,
and the layouts that hid their figures (a two-digit note after a heading, minus signs that are not ASCII, dates in
figures, a count noun in an amount's label). Made-up companies; each case failed (wrong line or refusal) before."""
from __future__ import annotations

from decimal import Decimal

import pytest

from pipeline.retrieval.fact_match import FactMatch, NoMatch
from tests.stored_facts import answer_of, facts_of


def _income(bottom_line: str) -> list[str]:
    return ["Consolidated income statement", "for the year ended 31 December 2030", "2030 2029", "Note £m £m",
            "Revenue 2 900.0 850.0", "Cost of sales (600.0) (570.0)", "Gross profit 300.0 280.0",
            "Operating profit 120.0 110.0", "Finance costs 5 (8.0) (7.5)", "Profit before taxation 100.0 90.0",
            "Taxation 6 (25.0) (22.0)", f"{bottom_line} 75.0 68.0"]


def _hit(question: str, pages: list[str], year: int = 2030, company: str = "Tarnwick"):
    return answer_of(question, facts_of(["\n".join(p) for p in pages]), company, year)


@pytest.mark.parametrize("bottom_line", ["Profit after taxation", "Profit after income tax expense for the year",
                                         "Net income for the year", "Result for the year", "Group profit for the year",
                                         "Consolidated net profit", "Earnings after taxes", "Profit for the period"])
@pytest.mark.parametrize("question", ["What was Tarnwick's profit in 2030?", "What was Tarnwick's net profit in 2030?",
                                      "What was Tarnwick's net income in 2030?"])
def test_the_bottom_line_in_other_words_answers_profit_never_gross_profit(bottom_line, question):
    hit = _hit(question, [_income(bottom_line)])
    assert isinstance(hit, FactMatch) and hit.fact.label == bottom_line and hit.fact.value_printed == "75.0"


@pytest.mark.parametrize("question,label,value", [
    ("What was Tarnwick's profit before tax in 2030?", "Profit before taxation", "100.0"),
    ("What was Tarnwick's PBT in 2029?", "Profit before taxation", "90.0"),
    ("What was Tarnwick's tax charge in 2030?", "Taxation", "(25.0)"),
    ("What was Tarnwick's interest expense in 2030?", "Finance costs", "(8.0)"),
    ("What was Tarnwick's NPAT in 2030?", "Profit after taxation", "75.0"),
])
def test_tax_and_finance_lines_in_ifrs_words(question, label, value):
    year = 2029 if "2029" in question else 2030
    hit = _hit(question, [_income("Profit after taxation")], year)
    assert isinstance(hit, FactMatch) and hit.fact.label == label and hit.fact.value_printed == value


def test_a_gross_profit_row_never_answers_profit_when_no_bottom_line_is_printed():
    page = _income("Profit after taxation")[:-5]        # the page stops at operating profit
    hit = _hit("What was Tarnwick's net profit in 2030?", [page])
    assert isinstance(hit, NoMatch)


# "Attributable to:" splits the line above it between the owners and the minorities, under profit and again under
# total comprehensive income; a question about the owners' share is answered by the owners' row of the profit.
ATTRIBUTED = _income("Profit for the year") + [
    "Attributable to:", "Owners of the parent 70.0 64.0", "Non-controlling interests 5.0 4.0",
    "Other comprehensive income for the year 3.0 (2.0)", "Total comprehensive income for the year 78.0 66.0",
    "Attributable to:", "Owners of the parent 72.5 62.1", "Non-controlling interests 5.5 3.9"]
HK_STYLE = _income("Profit for the year") + [
    "Profit for the year attributable to:", "Owners of the Company 70.0 64.0", "Non-controlling interests 5.0 4.0"]


@pytest.mark.parametrize("pages", [ATTRIBUTED, HK_STYLE])
@pytest.mark.parametrize("question,value", [
    ("What was Tarnwick's profit attributable to shareholders in 2030?", "70.0"),
    ("How much profit was attributable to owners of the parent in 2029?", "64.0"),
    ("What was Tarnwick's profit for the year in 2030?", "75.0"),
])
def test_the_owners_share_answers_an_attributable_question_and_the_total_the_rest(pages, question, value):
    hit = _hit(question, [pages], 2029 if "2029" in question else 2030)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == value


def test_a_bare_attributable_heading_names_the_line_it_splits():
    facts = facts_of(["\n".join(ATTRIBUTED)])
    paths = {f.label_path for f in facts}
    assert "Profit for the year attributable to › Owners of the parent" in paths
    assert "Total comprehensive income for the year attributable to › Owners of the parent" in paths


BALANCE = ["Consolidated statement of financial position", "as at 31 December 2030", "2030 2029", "£m £m",
           "Total assets 800.0 760.0", "Total liabilities (380.0) (370.0)", "Net assets 420.0 390.0",
           "Share capital 10.0 10.0", "Retained earnings 395.0 366.0",
           "Equity attributable to owners of the parent 405.0 376.0", "Non-controlling interests 15.0 14.0",
           "Total equity 420.0 390.0"]


@pytest.mark.parametrize("question,value", [
    ("What was Tarnwick's shareholders' equity at the end of 2030?", "405.0"),
    ("What was Tarnwick's equity attributable to owners of the parent in 2030?", "405.0"),
    ("What was Tarnwick's total equity at 31 December 2030?", "420.0"),
])
def test_shareholders_equity_is_the_owners_share_and_total_equity_the_total(question, value):
    hit = _hit(question, [BALANCE])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == value


@pytest.mark.parametrize("line", ["Acquisition of property, plant and equipment",
                                  "Payments for purchase of property, plant and equipment",
                                  "Purchase of items of property, plant and equipment",
                                  "Purchases of tangible fixed assets", "Investment in property, plant and equipment",
                                  "Capital expenditure"])
def test_capex_in_its_ifrs_and_uk_wordings(line):
    page = ["Consolidated statement of cash flows", "for the year ended 31 December 2030", "2030 2029", "£m £m",
            "Net cash from operating activities 122.0 115.0", f"{line} (45.0) (41.0)",
            "Proceeds from sale of property, plant and equipment 3.0 2.0",
            "Net cash used in investing activities (60.0) (55.0)"]
    hit = _hit("What did Tarnwick spend on capex in 2030?", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "(45.0)"


@pytest.mark.parametrize("line", ["Revenue from contracts with customers", "Turnover", "Group turnover",
                                  "Group revenue"])
@pytest.mark.parametrize("question", ["What was Tarnwick's revenue in 2030?", "What were Tarnwick's sales in 2030?"])
def test_the_top_line_in_its_ifrs_and_uk_wordings(line, question):
    page = ["Consolidated income statement", "for the year ended 31 December 2030", "2030 2029", "Note £m £m",
            f"{line} 2 900.0 850.0", "Cost of sales (600.0) (570.0)", "Gross profit 300.0 280.0"]
    hit = _hit(question, [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "900.0"


def test_cash_from_operations_is_the_operating_total_not_the_subtotal_before_interest_and_tax():
    page = ["Consolidated statement of cash flows", "for the year ended 31 December 2030", "2030 2029", "£m £m",
            "Cash generated from operations 150.0 140.0", "Interest paid (8.0) (7.0)", "Income taxes paid (20.0) (18.0)",
            "Net cash from operating activities 122.0 115.0"]
    for question in ("What was Tarnwick's cash from operations in 2030?", "Tarnwick OCF 2030"):
        hit = _hit(question, [page])
        assert isinstance(hit, FactMatch) and hit.fact.value_printed == "122.0", question


@pytest.mark.parametrize("note", ["9", "12"])
def test_an_eps_heading_carrying_a_two_digit_note_heads_its_rows(note):
    page = ["Consolidated income statement", "2030 2029", "Note £m £m", "Revenue 900.0 850.0",
            "Profit for the year 75.0 68.0", f"Earnings per share {note}", "Basic 30.1p 27.5p", "Diluted 29.8p 27.2p"]
    hit = _hit("What was Tarnwick's diluted EPS in 2030?", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "29.8p" and hit.fact.kind == "per_share"


@pytest.mark.parametrize("minus", ["\u2212", "\u25b3", "\u25b2", "\u25b3 ", "\u2013"])
def test_a_minus_printed_as_another_character_is_a_negative_figure(minus):
    page = ["Consolidated statement of cash flows", "(Millions of yen)", "2030 2029",
            "Net cash provided by operating activities 25,118 22,004",
            f"Purchase of property, plant and equipment {minus}11,204 {minus}9,880",
            "Proceeds from sales of property, plant and equipment — 120"]
    facts = facts_of(["\n".join(page)])
    capex = {f.fiscal_year: f.value for f in facts if f.label == "Purchase of property, plant and equipment"}
    assert capex == {2030: -11204, 2029: -9880}
    # an en dash standing apart is a nil cell, never the next figure's sign
    sale = {f.fiscal_year: f.value for f in facts if f.label.startswith("Proceeds")}
    assert sale == {2030: 0, 2029: 120}


@pytest.mark.parametrize("dates", ["31.12.2030 31.12.2029", "31/12/2030 31/12/2029", "12/31/2030 12/31/2029"])
def test_column_dates_printed_in_figures_head_their_columns(dates):
    page = ["Consolidated statement of financial position", f"€ million Note {dates}",
            "Total non-current assets 3,010.2 2,880.4", "Total assets 5,120.3 4,880.1"]
    from datetime import date
    from pipeline.reading.columns import header_block

    assert [c.end for c in header_block([page[1]]).columns if c.kind == "value"] == [date(2030, 12, 31),
                                                                                      date(2029, 12, 31)]
    got = {f.fiscal_year: f.value_printed for f in facts_of(["\n".join(page)]) if f.label == "Total assets"}
    assert got == {2030: "5,120.3", 2029: "4,880.1"}


@pytest.mark.parametrize("label,statement_title", [
    ("Receipts from customers (inclusive of GST)", "Consolidated statement of cash flows"),
    ("Due to customers", "Consolidated statement of financial position"),
    ("Sale of stores", "Consolidated income statement")])
def test_a_count_noun_in_a_primary_statements_amount_keeps_it_money(label, statement_title):
    page = [statement_title, "for the year ended 31 December 2030", "2030 2029", "$'000 $'000",
            f"{label} 245,118 230,447", "Worldwide employees 1,204 1,180"]
    facts = {f.label: f for f in facts_of(["\n".join(page)]) if f.fiscal_year == 2030}
    assert facts[label].kind == "money" and facts[label].scale == "thousand"
    assert facts["Worldwide employees"].kind == "count" and facts["Worldwide employees"].scale is None


CASH_PAGES = [["Consolidated statement of financial position", "as at 31 March 2030", "2030 2029", "£ £",
               "Cash and cash equivalents 4,648,995 2,101,300", "Total assets 14,367,421 12,004,118"],
              ["Consolidated statement of cash flows", "for the year ended 31 March 2030", "2030 2029", "£ £",
               "Cash used in operations (901,221) (655,410)",
               "Net cash generated from operating activities 1,204,118 990,004",
               "Additions to plant and equipment (25,966) (18,115)"]]


@pytest.mark.parametrize("question,value", [
    ("How much cash did Tarnwick have at year end 2030?", "4,648,995"),
    ("How much cash did Tarnwick generate from operations in 2030?", "1,204,118"),
    ("How much cash was generated by Tarnwick's operating activities in 2029?", "990,004"),
    ("What was Tarnwick's FY2030 capex?", "(25,966)"),
])
def test_cash_asked_as_a_balance_or_as_what_operations_generated(question, value):
    hit = _hit(question, CASH_PAGES, 2029 if "2029" in question else 2030)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == value


def test_a_cash_flow_row_never_stands_for_the_cash_balance():
    hit = _hit("How much cash did Tarnwick have at year end 2030?", [CASH_PAGES[1]])
    assert isinstance(hit, NoMatch)


@pytest.mark.parametrize("question", ["What's Tarnwick's equity base in 2030?", "What was Tarnwick's net worth in 2030?"])
def test_the_equity_base_and_net_worth_are_total_equity(question):
    hit = _hit(question, [BALANCE])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "420.0"      # the total, as "total equity"


def test_a_per_share_cell_spelling_its_unit_is_one_figure_in_pence():
    page = ["Statement of comprehensive income", "for the year ended 30 September 2030", "Note 2030 2029", "£ £",
            "Loss for the financial year (5,869,756) (3,528,482)", "Earnings per share",
            "Basic 8 (10.09 pence) (6.11 pence)", "Diluted 8 (10.09 pence) (6.11 pence)"]
    hit = _hit("What was Tarnwick's basic EPS in 2030?", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "(10.09p)" and hit.fact.scale == "pence"


# A Japanese report's statements: two years in yen and the latest again in US dollars, a convenience translation
# (the captions printed in either order by the PDF's text), a "(Note 1)" reference in the caption.
def _translated(captions: list[str]) -> list[str]:
    return ["Consolidated Statements of Income", "Kirikawa Instruments Co., Ltd. and Consolidated Subsidiaries",
            "Years ended March 31, 2031 and 2030", *captions, "2031 2030 2031",
            "Net sales ¥ 482,315 ¥ 455,102 $ 3,185,436", "Cost of sales 351,220 334,871 2,319,661",
            "Profit attributable to owners of parent 26,875 22,736 177,496", "Yen U.S. dollars",
            "Net income per share – diluted 214.98 181.90 1.42"]


@pytest.mark.parametrize("captions", [["Millions of yen Thousands of U.S. dollars (Note 1)"],
                                      ["Thousands of", "U.S. dollars", "Millions of yen (Note 1)"],
                                      ["Millions of yen", "Thousands of U.S. dollars (Note 1)"]])
def test_a_convenience_translation_column_is_no_fact_and_the_yen_columns_keep_their_scale(captions):
    from ingest.statement_units import read

    page = "\n".join(_translated(captions))
    facts = [f for f in facts_of([page]) if f.label == "Net sales"]
    assert sorted((f.fiscal_year, f.value_printed, f.currency) for f in facts) == [(2030, "455,102", "JPY"),
                                                                                (2031, "482,315", "JPY")]
    assert {f.scale for f in facts} == {"million"}
    hit = answer_of("What was Kirikawa's diluted EPS in FY2031?", facts_of([page]), "Kirikawa", 2031)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "214.98"
    # what ingest records as the page's unit: the reporting currency's caption, not the translation's
    units = read([page])
    assert [(u.currency, u.scale) for u in units] == [("JPY", "millions")]


def test_a_units_row_under_a_sentence_is_no_row_of_figures():
    page = ["8. Staff costs", "2030 2029", "The aggregate payroll costs of these persons were as follows:", "£000 £000",
            "Wages and salaries 48,220 45,118", "Social security costs 5,330 4,990"]
    facts = facts_of(["\n".join(page)])
    assert not [f for f in facts if f.value_printed in ("000", "£000")]
    wages = next(f for f in facts if f.label.endswith("Wages and salaries") and f.fiscal_year == 2030)
    assert wages.value_printed == "48,220" and wages.scale == "thousand"


LOSS_YEAR = [["Consolidated statements of operations", "(in thousands)", "Years ended December 31, 2030 2029",
              "Revenue 12,000 9,000", "Operating loss (58,200) (40,100)", "Interest income 1,100 300",
              "Loss before income tax (57,100) (39,800)", "Income tax expense (3,245) (1,000)",
              "Net loss (60,345) (40,800)"],
             ["Consolidated statements of cash flows", "(in thousands)", "Years ended December 31, 2030 2029",
              "Net cash used in operating activities (50,118) (35,004)", "Purchases of property and equipment (410) (220)",
              "Dividends paid (283) (250)", "Repurchases of common stock (1,500) —"]]


@pytest.mark.parametrize("question,value", [
    ("How much money did Tarnwick lose in 2030?", "(60,345)"),
    ("What did Tarnwick earn in the year to December 2029?", "(40,800)"),
    ("What was Tarnwick's operating income in 2030?", "(58,200)"),
    ("What was Tarnwick's top line in 2030?", "12,000"),
    ("How much cash did Tarnwick return to shareholders via dividends in 2030?", "(283)"),
    ("How much did Tarnwick return to shareholders through buybacks in 2030?", "(1,500)"),
    ("How much cash did Tarnwick spend on capex in 2030?", "(410)"),
    ("How much cash did Tarnwick burn through in operating activities in 2030?", None),
])
def test_measures_worded_as_verbs_and_idioms(question, value):
    hit = _hit(question, LOSS_YEAR, 2029 if "2029" in question else 2030)
    if value is None:       # "burn through": no lexicon word; never the cash balance
        assert isinstance(hit, NoMatch)
    else:
        assert isinstance(hit, FactMatch) and hit.fact.value_printed == value, question


@pytest.mark.parametrize("question,metric", [
    ("How much did Tarnwick earn in net interest income in 2030?", None),   # the verb's own measure follows it
    ("How many customers did Tarnwick lose in 2030?", None),
    ("How much cash did Tarnwick have at the end of 2030?", "cash"),
])
def test_a_verb_names_the_bottom_line_only_when_nothing_else_follows_it(question, metric):
    from pipeline.question.lexicon import get_lexicon

    found = [m.key for m in get_lexicon().find(question)]
    assert (found[0] if found else None) == metric


def test_a_modifier_alone_names_no_line():
    page = [["Consolidated statements of operations", "(in thousands)", "Years ended December 31, 2030 2029",
             "Total operating expenses 69,462 50,000", "Operating loss (65,536) (48,000)"]]
    assert isinstance(_hit("What was Tarnwick's operating figure in 2030?", page), NoMatch)
    # "at the operating level" names the operating line itself (its loss here), never the operating expenses
    hit = _hit("How much did Tarnwick make at the operating level in 2030?", page)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "(65,536)"


def test_a_measure_described_in_words_and_named_in_brackets():
    page = ["Consolidated statements of cash flows", "(in millions)", "Years ended December 31, 2030 2029",
            "Investing activities", "Capital expenditures (1,670) (1,522)", "Other investing activities, net 20 18"]
    hit = _hit("How much did Tarnwick spend on plant and equipment (capex) in FY2030? Answer in USD millions.", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "(1,670)"
    # a word that is no part of the measure's own name still qualifies it
    hit = _hit("How much did Tarnwick spend on capex in its Aeronautics segment in FY2030?", [page])
    assert isinstance(hit, NoMatch)


STAFF = ["8. Staff numbers and costs", "2030 2029", "Average number of persons employed 1,234 1,180",
         "Full-time equivalent employees (FTE) 1,101 1,050", "Staff costs comprised:", "£000 £000",
         "Wages and salaries 48,220 45,118", "Social security costs 5,330 4,990"]


@pytest.mark.parametrize("question,value", [
    ("How many staff did Tarnwick have in 2030?", "1,234"),
    ("What was Tarnwick's headcount in 2030?", "1,234"),
    ("How many people did Tarnwick employ in 2029?", "1,180"),
    ("How many full-time equivalent employees did Tarnwick have in 2030?", "1,101"),
    ("What were Tarnwick's staff costs in 2030?", None),           # no row prints the total: never a part of it
    ("What were Tarnwick's aggregate payroll costs in 2030?", None),
])
def test_a_count_of_people_in_its_synonyms_and_a_heading_is_not_its_parts(question, value):
    hit = _hit(question, [STAFF], 2029 if "2029" in question else 2030)
    if value is None:
        assert isinstance(hit, NoMatch), (question, hit)
    else:
        assert isinstance(hit, FactMatch) and hit.fact.value_printed == value and hit.fact.kind == "count", question


@pytest.mark.parametrize("question", [
    "Using the accounts, what was Tarnwick's profit for the year in 2030?",
    "Considering its annual report, what was Tarnwick's net profit in 2030?",
    "Here's one: what was Tarnwick Ltd's profit for the year in 2030?",
    "Quick question - what was Tarnwick plc's net profit in 2030?",
])
def test_a_lead_in_and_a_legal_suffix_name_no_measure(question):
    hit = _hit(question, [_income("Profit for the year")])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "75.0"


def test_a_lead_in_naming_a_part_still_qualifies_the_measure():
    hit = _hit("In the Aeronautics segment, what was Tarnwick's revenue in 2030?", [_income("Profit for the year")])
    assert isinstance(hit, NoMatch)


# Counter-cases of the rules above (a review of this change): each must refuse or keep its own line.
TAX_PAGES = [["Consolidated income statement", "for the year ended 31 December 2030", "2030 2029", "£m £m",
              "Revenue 900.0 850.0", "Income tax (25.0) (22.0)", "Profit for the year 75.0 68.0"],
             ["Consolidated statement of financial position", "as at 31 December 2030", "2030 2029", "£m £m",
              "Current liabilities", "Taxation 31.0 29.0", "Total assets 800.0 760.0"],
             ["Consolidated statement of cash flows", "for the year ended 31 December 2030", "2030 2029", "£m £m",
              "Taxation (19.0) (18.0)", "Net cash from operating activities 122.0 115.0",
              "Purchase of tangible assets (45.0) (41.0)"],
             ["22. Commitments", "2030 2029", "£m £m", "Capital expenditure contracted but not provided for 12.0 9.0",
              "Acquisition of property, plant and equipment under finance leases 14.0 3.0"]]


@pytest.mark.parametrize("question,value", [
    ("What was Tarnwick's tax charge in 2030?", "(25.0)"),      # the income statement's, never the liability or tax paid
    ("What was Tarnwick's income tax expense in 2030?", "(25.0)"),
    ("What was Tarnwick's capex in 2030?", None),               # a commitment or a lease addition is no capex
    ("How much cash did Tarnwick have at the end of 2030 after paying tax?", None),
    ("How much did Tarnwick's directors earn in 2030?", None),  # their pay, not the company's profit
    ("What was Tarnwick's cash generated from operations in 2030?", None),
])
def test_rules_keep_to_their_statement_and_their_subject(question, value):
    hit = _hit(question, TAX_PAGES)
    if value is None:
        assert isinstance(hit, NoMatch) or hit.fact.label.startswith(("Cash generated",)), (question, hit)
    else:
        assert isinstance(hit, FactMatch) and hit.fact.value_printed == value, (question, hit)


def test_the_owners_are_named_by_the_row_not_any_holder():
    page = _income("Profit for the year") + ["Attributable to:", "Perpetual securities holders 5.0 4.0",
                                             "Equity shareholders of Tarnwick Holdings plc 65.0 60.0",
                                             "Non-controlling interests 5.0 4.0"]
    hit = _hit("What was Tarnwick's profit attributable to owners in 2030?", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "65.0"


@pytest.mark.parametrize("question", ["What were Tarnwick's investments in associates in 2030?",
                                      "How much did Tarnwick's employees earn in 2030?"])
def test_people_synonyms_serve_a_count_only(question):
    page = ["Notes", "2030 2029", "£m £m", "Investment in employee benefit trust 6.0 5.0",
            "Average number of employees 1,234 1,180"]
    assert isinstance(_hit(question, [page]), NoMatch)


def test_the_cash_flow_subtotal_named_literally_and_free_cash_flow_from_operations():
    cf = ["Consolidated statement of cash flows", "for the year ended 31 December 2030", "2030 2029", "£m £m",
          "Cash generated from operations 150.0 140.0", "Net cash from operating activities 122.0 115.0",
          "Free cash flow 77.0 74.0"]
    hit = _hit("What was Tarnwick's cash generated from operations in 2030?", [cf])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "150.0"
    hit = _hit("How much free cash flow did Tarnwick generate in 2030?", [cf])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "77.0"


def test_an_ambiguous_date_in_figures_names_its_year_only():
    from pipeline.reading.columns import header_block

    cols = [c for c in header_block(["12 Weeks Ended 7/1/2030 7/2/2029"]).columns if c.kind == "value"]
    assert [(c.year, c.end) for c in cols] == [(2030, None), (2029, None)]


@pytest.mark.parametrize("caption,currency,scale", [
    ("(In millions of Korean won)", "KRW", "millions"), ("(In thousands of Brazilian reais - R$)", "BRL", "thousands"),
    ("NT$ thousands", "TWD", "thousands"), ("SEK m", "SEK", "millions"), ("RM'000", "MYR", "thousands"),
    ("(Millions of Mexican pesos)", "MXN", "millions"), ("TEUR", "EUR", "thousands"), ("EURm", "EUR", "millions"),
    ("R million", "ZAR", "millions"), ("R'000", "ZAR", "thousands")])
def test_a_statement_in_another_currency_is_never_read_as_us_dollars(caption, currency, scale):
    from ingest.statement_units import read

    page = "\n".join(["Consolidated statement of financial position", caption, "Note 2030 2029",
                      "Total assets 3 42,568,737 40,112,004", "Total equity 20,112,330 19,004,118"])
    assert [(u.currency, u.scale) for u in read([page])] == [(currency, scale)]


def test_half_year_columns_beside_the_full_year_are_never_the_year():
    page = ["Condensed consolidated income statement", "Half year Half year Full year", "2030 2029 2029", "£m £m £m",
            "Revenue 412.5 390.1 801.3"]
    hit = _hit("What was Tarnwick's revenue in 2029?", [page], 2029)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "801.3"


@pytest.mark.parametrize("lines,value", [
    (["Net income 902.3 845.6", "Attributable to shareholders of Tarnwick AG 890.1 834.2",
      "Attributable to non-controlling interests 12.2 11.4"], "890.1"),
    (["Net income for the year 61.2 55.9", "of which attributable to shareholders of Tarnwick AG 60.1 54.9",
      "of which attributable to non-controlling interests 1.1 1.0"], "60.1")])
def test_an_owners_share_printed_as_its_own_row_under_the_line(lines, value):
    page = ["Consolidated income statement", "in € million Note 2030 2029", "Revenue 2,400.0 2,210.0", *lines]
    hit = _hit("What was Tarnwick's net income attributable to shareholders in 2030?", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == value
    hit = _hit("What was Tarnwick's net income in 2030?", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed in ("902.3", "61.2")


def test_an_other_line_is_never_the_line_asked():
    page = ["Statement of Profit and Loss", "(₹ million)", "Note 2030 2029", "Revenue from operations 24 45,231.18 40,112.57",
            "Other income 25 612.40 540.22", "Total income (I + II) 45,843.58 40,652.79",
            "Trade and other receivables 8 5,120.00 4,880.00"]
    hit = _hit("What was Tarnwick's total income in FY2029?", [page], 2029)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "40,652.79"
    hit = _hit("What were Tarnwick's receivables in 2030?", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "5,120.00"


@pytest.mark.parametrize("lines,label,value", [
    (["in EUR thousand", "Note 2030 2029", "Revenue 1.234.567 1.102.334", "Net income for the year 61.204 55.880"],
     "Net income for the year", Decimal("61204")),
    (["in € million", "Note 2030 2029", "Revenue 5 1,234.5 1,102.3", "Earnings per share (basic) in € 2,41 2,15"],
     "Earnings per share (basic) in", Decimal("2.41")),
    (["S$'000", "Note 2030 2029", "Earnings per share (cents)", "- Basic 8 12.45 11.26", "- Diluted 8 12.40 11.20"],
     "Earnings per share (cents) › Diluted", Decimal("12.40")),
    (["(₹ million)", "Note 2030 2029", "I Revenue from operations 24 45,231.18 40,112.57"],
     "Revenue from operations", Decimal("45231.18")),
])
def test_continental_numbers_bullets_and_item_numbers(lines, label, value):
    facts = facts_of(["\n".join(["Consolidated income statement", *lines])])
    got = next(f for f in facts if f.label_path == label and f.fiscal_year == 2030)
    assert got.value == value


def test_a_report_name_before_the_page_number_is_a_footer_and_a_percentage_is_one():
    facts = facts_of(["\n".join(["Remuneration report", "2030 2029", "Underlying EPS CAGR (50%) 12%",
                               "Annual Report 2030 | Tarnwick Group Limited 103"])])
    assert not [f for f in facts if f.value_printed == "103"]
    assert {f.kind for f in facts if "CAGR" in f.label} == {"percent"}


@pytest.mark.parametrize("header", ["Note 2030/31 2029/30", "FY 2030-31 FY 2029-30",
                                    "Particulars Note No. Year ended 31 March 2031 Year ended 31 March 2030",
                                    "Note Year ended 31st March 2031 Year ended 31st March 2030"])
def test_fiscal_years_named_by_both_calendar_years_ordinals_and_particulars(header):
    facts = facts_of(["\n".join(["Statement of profit and loss", "£m", header, "Revenue 2 1,482.6 1,390.2"])])
    assert {f.fiscal_year: f.value_printed for f in facts if f.label == "Revenue"} == {2031: "1,482.6",
                                                                                      2030: "1,390.2"}


def test_a_change_column_named_by_two_years_is_no_period():
    from pipeline.reading.columns import header_block

    assert [c.kind for c in header_block(["2031 2030 % Change 2031-30"]).columns] == ["value", "value", "change"]


def test_thousands_set_apart_by_a_narrow_space_are_one_figure():
    facts = facts_of(["\n".join(["Consolidated income statement", "in € million", "Note 2030 2029",
                               "Revenue 84\u202f512 79\u00a0330"])])
    assert {f.fiscal_year: f.value for f in facts if f.label == "Revenue"} == {2030: 84512, 2029: 79330}


def test_a_unit_in_brackets_after_a_per_share_label_is_no_word_of_it():
    page = ["Consolidated statement of profit or loss", "2030 2029", "HK$'000 HK$'000", "Revenue 5 1,234,567 1,100,234",
            "Earnings per share attributable to ordinary equity holders of the Company 13",
            "– Basic (HK cents) 30.38 22.68", "– Diluted (HK cents) 30.21 22.60"]
    hit = _hit("What was Tarnwick's diluted EPS in 2030?", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "30.21" and hit.fact.scale == "cents"


@pytest.mark.parametrize("question,value", [("What was Tarnwick's dividend per share in 2030?", "5.2p"),
                                            ("What was Tarnwick's final dividend per share in 2030?", "3.2p"),
                                            ("What was Tarnwick's total dividend per share for 2029?", "4.8p")])
def test_a_total_row_under_the_measure_heading_is_the_measure(question, value):
    page = ["Dividends", "2030 2029", "Dividend per share", "Interim 2.0p 1.8p", "Final 3.2p 3.0p", "Total 5.2p 4.8p"]
    hit = _hit(question, [page], 2029 if "2029" in question else 2030)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == value and hit.fact.kind == "per_share"


# The Australian layout: other comprehensive income printed before the split of the year's profit, "is attributable
# to:", the minorities' row first, and "profit after income tax" as the analyst says it
AU_PROFIT = ["Consolidated statement of profit or loss and other comprehensive income", "for the year ended 30 June 2030",
             "Note 2030 2029", "$'000 $'000", "Revenue from contracts with customers 4 1,284,615 1,190,220",
             "Profit after income tax expense for the year 72,725 62,030", "Other comprehensive income",
             "Items that may be reclassified subsequently to profit or loss",
             "Foreign currency translation (263) 1,671", "Total comprehensive income for the year 72,462 63,701",
             "Profit for the year is attributable to:", "Non-controlling interest 1,184 962",
             "Owners of Tarnwick Foods Limited 71,541 61,068",
             "Total comprehensive income for the year is attributable to:", "Non-controlling interest 1,184 962",
             "Owners of Tarnwick Foods Limited 71,278 62,739"]


def test_the_split_of_the_years_profit_is_under_no_heading_above_it():
    paths = {f.label_path for f in facts_of(["\n".join(AU_PROFIT)])}
    assert "Profit for the year attributable to › Owners of Tarnwick Foods Limited" in paths
    assert "Total comprehensive income for the year attributable to › Non-controlling interest" in paths


@pytest.mark.parametrize("question", [
    "What profit after income tax was attributable to the owners of Tarnwick in 2030?",
    "What was Tarnwick's profit attributable to members in 2030?"])
def test_the_owners_share_of_profit_after_income_tax(question):
    hit = _hit(question, [AU_PROFIT])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "71,541"


# A five-year summary's section headings ("Income statement", "Per share data") title no statement: its rows are the
# summary's, not the parent company's own statement beside the group's
FIVE_YEAR = ["Other information", "Five-year summary", "Years ended 31 December", "2030 2029 2028 2027 2026",
             "£m £m £m £m £m", "Income statement", "Revenue 1,486.2 1,392.7 1,318.4 1,204.6 1,127.9",
             "Profit for the year 78.5 62.1 72.5 65.3 50.7", "Cash flow", "Capital expenditure 48.6 44.2 51.8 39.4 36.7",
             "Other", "Average number of employees 11,842 11,406 10,918 10,337 9,874"]


def test_a_five_year_summary_is_no_statement_of_the_parent_alone():
    facts = facts_of(["\n".join(_income("Profit for the year")).replace("Consolidated", "Group"), "\n".join(FIVE_YEAR)])
    summary = [f for f in facts if f.page == 2]
    assert summary and not any(f.secondary for f in summary)
    assert {f.table_title for f in summary} == {"Five-year summary"}
    hit = _hit("What was Tarnwick's capital expenditure in 2028?", [FIVE_YEAR], 2028)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "51.8"


# A dividends note states each dividend's rate in its label, with the prior year's in brackets: the figures are the
# amounts paid, never the dividend per share; the rate is the per-share figure of the year the label names
DIVIDENDS_NOTE = ["Notes to the financial statements", "9. Dividends", "2030 2029", "£m £m",
                  "Final dividend for the year ended 31 December 2029 of 11.0p (2028: 9.8p) per share 41.2 36.8",
                  "Interim dividend for the year ended 31 December 2030 of 4.4p (2029: 4.0p) per share 16.9 15.1",
                  "Proposed final – HK6.5 cents (2029: HK6.0 cents) per ordinary share 78.0 72.0"]


def test_a_dividend_rows_figures_are_amounts_and_its_stated_rates_per_share_facts_of_the_year_named():
    facts = facts_of(["\n".join(DIVIDENDS_NOTE)])
    amounts = {f.value_printed for f in facts if f.kind == "money"}
    assert amounts == {"41.2", "36.8", "16.9", "15.1", "78.0", "72.0"}
    rates = {(f.label, f.fiscal_year, f.value_printed) for f in facts if f.kind == "per_share"}
    # (the proposed final names no year: its rate is not read, since a row's column need not be its dividend's year)
    assert rates == {("Final dividend per share", 2029, "11.0p"), ("Final dividend per share", 2028, "9.8p"),
                     ("Interim dividend per share", 2030, "4.4p"), ("Interim dividend per share", 2029, "4.0p")}


@pytest.mark.parametrize("question,year,value", [
    ("What final dividend per share is proposed for 2030?", 2030, None),      # the 2029 final is not 2030's
    ("What was Tarnwick's interim dividend per share in 2030?", 2030, "4.4p"),
    ("What was Tarnwick's final dividend per share for 2029?", 2029, "11.0p"),
    ("What was the dividend per share in 2030?", 2030, None),               # interim + final: not printed
    ("How much did Tarnwick pay in dividends in 2030?", 2030, None)])       # no total row printed
def test_a_dividend_per_share_is_read_off_the_rate_of_the_dividend_asked(question, year, value):
    hit = _hit(question, [DIVIDENDS_NOTE], year)
    if value is None:
        assert isinstance(hit, NoMatch)
    else:
        assert isinstance(hit, FactMatch) and hit.fact.value_printed == value and hit.fact.kind == "per_share"


KEY_FIGURES = ["Key figures", "2030 2029", "Revenue (€ thousand) 658,931 612,400", "Employees (31 Dec) 3,118 2,984",
               "Employees (annual average) 3,062 2,941"]


@pytest.mark.parametrize("question,value", [("What was the average number of employees in 2030?", "3,062"),
                                            ("How many employees did Tarnwick have at 31 December 2030?", "3,118")])
def test_the_average_headcount_asked_is_never_the_year_end_count(question, value):
    hit = _hit(question, [KEY_FIGURES])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == value


def test_no_average_printed_no_year_end_count_given_for_it():
    hit = _hit("What was the average number of employees in 2030?", [KEY_FIGURES[:-1]])
    assert isinstance(hit, NoMatch)


# A Japanese balance sheet's year line starts with its first section ("ASSETS 2030 2031 2031"), under the captions of
# its yen columns and its US-dollar convenience translation of the latest year
JP_BALANCE = ["Consolidated Balance Sheets", "Tarnwick Co., Ltd. and Consolidated Subsidiaries", "March 31, 2030 and 2031",
              "Thousands of", "Millions of yen U.S. dollars (Note 1)", "ASSETS 2030 2031 2031", "Current assets:",
              "Cash and deposits (Note 5) ¥ 68,214 ¥ 66,059 $ 444,542", "Total assets ¥ 495,219 ¥ 516,626 $ 3,476,622"]


def test_a_year_line_led_by_a_section_word_heads_the_yen_columns_and_marks_the_translation():
    facts = [f for f in facts_of(["\n".join(JP_BALANCE)]) if f.label == "Total assets"]
    assert {(f.fiscal_year, f.value_printed, f.currency) for f in facts} == {(2030, "495,219", "JPY"),
                                                                             (2031, "516,626", "JPY")}


# The columnar income statement: each year printed as Underlying | Adjusting items | Total; the Total is the reported
# figure, the underlying one is never read as the year's
COLUMNAR = ["Group income statement", "For the year ended 31 March 2031",
            "Year ended 31 March 2031 Year ended 31 March 2030", "Adjusting Adjusting",
            "Underlying items Total Underlying items Total", "Note £m £m £m £m £m £m",
            "Revenue 3 1,486.2 – 1,486.2 1,392.7 – 1,392.7", "Cost of sales (872.4) (4.6) (877.0) (816.3) (9.8) (826.1)",
            "Profit before taxation 118.0 (13.4) 104.6 105.2 (22.3) 82.9",
            "Profit for the year attributable to owners of the parent 89.2 (10.7) 78.5 80.1 (18.0) 62.1",
            "Earnings per share 9", "Basic 35.5p 31.2p 31.7p 24.6p"]


@pytest.mark.parametrize("question,year,value", [
    ("What was Tarnwick's statutory cost of sales in 2031?", 2031, "(877.0)"),
    ("What was Tarnwick's profit before tax in 2030?", 2030, "82.9"),
    ("What was Tarnwick's basic EPS in 2030?", 2030, "24.6p"),
    ("What was Tarnwick's revenue in 2031?", 2031, "1,486.2")])
def test_a_columnar_statement_answers_each_years_total_column(question, year, value):
    hit = _hit(question, [COLUMNAR], year)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == value


def test_a_columnar_statements_captions_are_no_headings_and_its_parts_no_facts():
    facts = facts_of(["\n".join(COLUMNAR)])
    assert not any("Underlying" in f.label_path or "Adjusting" in f.label_path for f in facts)
    assert not any(f.value_printed in ("(4.6)", "35.5p") for f in facts)       # the items never; EPS unaligned
    # the underlying figure (the captions name that basis first) only as such, marked in its column
    underlying = [f for f in facts if f.value_printed == "(872.4)"]
    assert underlying and all("(adjusted, underlying basis)" in f.column_header for f in underlying)
    assert _hit("What was Tarnwick's underlying cost of sales in 2031?", [COLUMNAR], 2031).fact.value_printed == "(872.4)"


def test_the_split_of_a_segments_profit_keeps_the_segment_and_leaves_only_comprehensive_income_headings():
    page = ["Consolidated income statement", "for the year ended 31 December 2030", "2030 2029", "£m £m", "Europe",
            "Profit for the year 42.0 38.0", "Profit for the year attributable to:", "Owners of the parent 40.0 36.0",
            "Non-controlling interests 2.0 2.0"]
    paths = {f.label_path for f in facts_of(["\n".join(page)])}
    assert "Europe › Profit for the year attributable to › Owners of the parent" in paths


def test_a_navigation_bar_naming_highlights_titles_no_summary():
    page = ["Highlights Strategic report Governance Financial statements", "Consolidated income statement",
            "for the year ended 31 December 2030", "2030 2029", "£m £m", "Revenue 900.0 850.0"]
    facts = facts_of(["\n".join(page)])
    assert {f.statement for f in facts} == {"income"}


# An investment trust's income statement: Revenue | Capital | Total under each year; a negative total return is a loss
TRUST = ["Statement of Comprehensive Income", "Year ended 31 March 2022 Year ended 31 March 2021",
         "Revenue Capital Total Revenue Capital Total", "Notes £'000 £'000 £'000 £'000 £'000 £'000",
         "Income 3 1,996 - 1,996 1,815 - 1,815", "Net return before taxation 1,310 (11,734) (10,424) 1,073 26,747 27,820",
         "Taxation 7 (200) - (200) (181) - (181)", "Net return after taxation 1,110 (11,734) (10,624) 892 26,747 27,639"]


def test_a_trusts_total_return_column_is_read_and_a_negative_return_said_as_a_loss():
    from pipeline.answer.wording import shown

    facts = {(f.label, f.fiscal_year): f for f in facts_of(["\n".join(TRUST)])}
    assert facts[("Net return after taxation", 2022)].value_printed == "(10,624)"
    assert facts[("Net return after taxation", 2021)].value_printed == "27,639"
    assert shown(facts[("Net return after taxation", 2022)]).startswith("a loss of")


# A highlights table with a change column ("2031 2030 Change" over "NZ$000 NZ$000 %", "+8.7" printed with its sign):
# rows with and without a change cell are read alike
HIGHLIGHTS = ["Year in Review", "2031 2030 Change", "NZ$000 NZ$000 %", "EBITDA 79,553 72,923 9.1",
              "Turnover 18,426 16,958 +8.7", "Dividends", "Interim dividend (cents per share) 10.5 10.0",
              "Final dividend (cents per share) 11.5 11.0", "Total dividends (cents per share) 22.0 21.0 4.8",
              "People", "Full-time equivalent employees at 30 June 512 494 3.6"]


@pytest.mark.parametrize("question,value", [
    ("How much were total dividends per share for FY2031, in cents?", "22.0"),
    ("What was Tarnwick's EBITDA in 2031?", "79,553"),
    ("What was turnover in 2030?", "16,958"),
    ("How many FTEs did the group employ at 30 June 2031?", "512")])
def test_rows_of_a_highlights_table_with_a_change_column(question, value):
    hit = _hit(question, [HIGHLIGHTS], 2030 if "2030" in question else 2031)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == value


def test_ftes_are_full_time_equivalents_not_every_employee():
    page = ["Our people", "2030 2029", "Employees at year end 14,012 13,766", "Sales staff 5,100 5,000"]
    assert isinstance(_hit("How many FTEs did Tarnwick have at year-end 2030?", [page]), NoMatch)


@pytest.mark.parametrize("question,value", [
    ("What was the net surplus attributable to shareholders of the parent in 2030?", "39,108"),
    ("What was Tarnwick's net surplus in 2030?", "39,577")])
def test_a_surplus_is_the_bottom_line_and_its_owners_share(question, value):
    page = ["Statement of Comprehensive Income", "for the year ended 30 June 2030", "2030 2029", "NZ$000 NZ$000",
            "Surplus before taxation 52,469 48,100", "Income tax expense (12,892) (11,790)",
            "Net surplus after taxation 39,577 36,310", "Net surplus after taxation attributable to:",
            "Shareholders of the Parent 39,108 35,902", "Non-controlling interests 469 408"]
    hit = _hit(question, [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == value


def test_the_ifrs_subtotal_before_interest_and_tax_ranks_below_the_operating_total():
    page = ["Consolidated statement of cash flows", "for the year ended 31 December 2030", "2030 2029", "€m €m",
            "Adjustments for", "Cash generated from operating activities 429.7 401.2", "Interest paid (31.5) (29.0)",
            "Income tax paid (51.2) (47.8)", "Cash flow from operating activities 347.0 324.4",
            "Net cash flows generated from operating activities 347.0 324.4"]
    for question in ("What was cash flow from operating activities in 2030?", "Give me net cash from operating activities"
                     " for FY30.", "What was Tarnwick's operating cash flow in 2030?"):
        hit = _hit(question, [page])
        assert isinstance(hit, FactMatch) and hit.fact.value_printed == "347.0", question


@pytest.mark.parametrize("question,value", [
    ("What was revenue for the 52 weeks ended 1 April 2031?", "2,846.3"),
    ("Diluted EPS 2031 in euro?", "42.31"),
    ("What was FY2031 revenue in rand millions?", "2,846.3"),
    ("FY2031 capex (purchase of PP&E), in € millions?", "(96.2)")])
def test_the_period_as_weeks_the_unit_and_a_gloss_name_no_qualifier(question, value):
    page = ["Group income statement", "for the 52 weeks ended 1 April 2031", "2031 2030", "€m €m",
            "Revenue 2,846.3 2,788.9", "Diluted earnings per share (cent) 42.31 44.62",
            "Purchase of property, plant and equipment (96.2) (88.1)"]
    hit = _hit(question, [page], 2031)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == value


def test_headline_earnings_per_share_spelled_out_or_abbreviated():
    page = ["Salient features", "2030 2029", "Basic earnings per share (cents) 944.4 901.2",
            "Headline earnings per share (cents) 1,062.1 987.5"]
    hit = _hit("HEPS for the year to 30 June 2030, in cents?", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "1,062.1"
