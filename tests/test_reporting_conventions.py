"""Reporting conventions of other countries' annual reports: a legal form printed in capitals on the cover, Indian
crore and lakh scales with "Rs.", currency codes printed before each figure, a unit caption naming the currency,
Chilean "ThUS$" unit rows, a row naming its measure's acronym. Made-up companies and figures (each a new variant of
a class a made-up evaluation round showed, not that round's item)."""
from __future__ import annotations

from decimal import Decimal

import pytest

from ingest import entity
from ingest.statement_units import _page_units
from pipeline.question.lexicon import get_lexicon
from pipeline.question.units import SCALE
from pipeline.reading.cells import split_row
from pipeline.retrieval.fact_match import FactMatch
from tests.test_audit_round42 import _hit
from tests.test_ifrs_statements import _facts


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
    cur, scale, _ = _page_units(f"STANDALONE BALANCE SHEET AS AT 31 MARCH 2037\n{caption}\nParticulars Note 2037 2036")
    assert (cur, scale) == want


def test_a_crore_is_ten_million_and_facts_carry_it():
    assert SCALE["crore"] == Decimal(10) ** 7 and SCALE["lakh"] == Decimal(10) ** 5
    page = ["CONSOLIDATED STATEMENT OF PROFIT AND LOSS FOR THE YEAR ENDED 31 MARCH 2037", "(Rs. in crore)",
            "Particulars Note 2037 2036", "Revenue from operations 21 4,118.62 3,806.40"]
    fact = next(f for f in _facts(["\n".join(page)]) if f.fiscal_year == 2037)
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
    rev = next(f for f in _facts(["\n".join(page)]) if f.label == "Revenue" and f.fiscal_year == 2037)
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
    rev = next(f for f in _facts(["\n".join(page)]) if f.fiscal_year == 2037 and f.label == "Revenue")
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
