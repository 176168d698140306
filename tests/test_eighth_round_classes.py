"""Classes found by the eighth round of made-up report pages (a UK plc, an ASX company, a Japanese IFRS reporter, a Hong
Kong, Canadian, German and Bermudan company; a US packaging maker, restaurant franchisor and distributor), written by
a helper who never read the code. Each case here was refused before; companies, wording and figures are made up again."""
from __future__ import annotations

import pytest

from pipeline.reading.tables import parse_page
from pipeline.retrieval.fact_match import FactMatch
from tests.stored_facts import answer_of, facts_of


def _hit(question: str, pages: list[list[str]], year: int = 2036, company: str = "Tamsin"):
    return answer_of(question, facts_of(["\n".join(p) for p in pages]), company, year)


EARNINGS = ["Tamsin Mills Inc.", "Consolidated Statements of Earnings", "Years ended December 31",
            "(in millions of Canadian dollars, except per share amounts)", "2036 2035", "(Restated -", "note 4)",
            "Revenue 5 3,212.7 2,986.4", "Net earnings from continuing operations 145.1 120.5",
            "Net loss from discontinued operations, net of tax (13.9) (8.4)", "Net earnings 131.2 112.1"]
SELECTED = ["Selected Annual Information", "(in millions of Canadian dollars) 2036 2035(1) 2034(1)",
            "Revenue 3,212.7 2,986.4 2,702.8", "Dividends declared per common share 0.62 0.57 0.52"]


@pytest.mark.parametrize("question,year,value", [
    ("net earnings from continuing operations FY2036", 2036, "145.1"),
    ("net earnings 2036", 2036, "131.2"),                      # the bottom line, never the continuing part
    ("revenue 2035", 2035, "2,986.4"),
    # a year with its footnote run into it ("2034(1)") is not read: the footnote may make it another period (a
    # transition half-year); "as restated" asks the report's own comparative, the column it marks "(Restated)"
    ("revenue 2034", 2034, None),
    ("Revenue 2035 as restated", 2035, "2,986.4"),
])
def test_a_restated_header_note_and_footnoted_years(question, year, value):
    rows = parse_page("\n".join(EARNINGS)).rows
    assert all(not r.path for r in rows)                      # "note 4)" heads nothing
    hit = _hit(question, [EARNINGS, SELECTED], year)
    assert (isinstance(hit, FactMatch) and hit.fact.value_printed == value) if value else not isinstance(hit, FactMatch)


def test_long_term_debt_said_as_non_current_is_not_guessed():
    """"Long-term debt (non-current)" where a note prints a total and a net-of-current-maturities line: the words are
    kept, so the total is never taken for it; the line net of its current maturities is the non-current part
    (twenty-first round); "current maturities of long-term debt" is never the long-term line."""
    note = ["Tamsin Packaging Corporation", "Note 12. Debt", "(In millions) 2036 2035",
            "Total long-term debt 4,497.6 4,368.0", "Less current maturities (85.0) (120.0)",
            "Long-term debt, net of current maturities 4,412.6 4,248.0"]
    assert _hit("long-term debt (non-current) 2036", [note]).fact.value_printed == "4,412.6"
    hit = _hit("current maturities of long-term debt 2036", [note])
    assert not isinstance(hit, FactMatch) or hit.fact.value_printed not in ("4,497.6", "4,412.6")
    total_only = note[:4]
    assert not isinstance(_hit("long-term debt (non-current) 2036", [total_only]), FactMatch)


def test_a_segment_measure_heading_and_a_subsidiarys_name_on_its_own_row():
    note = ["NOTE 19. SEGMENT INFORMATION", "(In millions) 2036 2035", "Segment operating income:",
            "Rigid Packaging $ 432.6 $ 396.0", "Flexible Packaging 336.2 298.6", "Consolidated operating income $ 768.8 $ 694.6"]
    hit = _hit("Flexible Packaging segment operating income 2035", [note], 2035)
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "298.6"
    # a company's name broken before its legal form is not joined (a heading over subsidiaries' rows reads the same)
    page = ["Tamsin Group plc", "Note 30", "£m 2036 2035", "Non-controlling interests in the subsidiaries of Tamsin",
            "Kestrel Mining Ltd 120.0 110.0", "Aurora Holdings 80.0 70.0", "Total 200.0 180.0"]
    hit = _hit("non-controlling interests 2036", [page])
    assert not isinstance(hit, FactMatch) or hit.fact.value_printed == "200.0"


def test_the_basis_said_after_eps_and_a_per_share_unit_in_hk_cents():
    from pipeline.question.lexicon import get_lexicon
    assert [m.key for m in get_lexicon().find("EPS (basic) yen 2036")] == ["eps_basic"]
    assert [m.key for m in get_lexicon().find("Tamsin EPS, diluted FY36")] == ["eps_diluted"]
    page = ["Tamsin Holdings Limited", "Consolidated statement of profit or loss", "2036 2035", "HK$'000 HK$'000",
            "Revenue 1,234,000 1,100,000", "Earnings per share", "HK cents HK cents", "Basic 27.86 24.85",
            "Diluted 27.70 24.71"]
    hit = _hit("basic EPS HK cents 2036", [page])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "27.86"


def test_statutory_beside_its_underlying_line_with_a_footnote_marker_run_into_it():
    highlights = ["Tamsin Group plc", "Highlights", "£000 2036 2035", "Underlying profit before tax1 61,650 52,312",
                  "Statutory profit before tax 50,850 44,312"]
    statement = ["Consolidated income statement", "2036 2035", "£000 £000", "Revenue 425,203 403,418",
                 "Profit before taxation 50,850 44,312"]
    hit = _hit("Tamsin reported (statutory) PBT for 2036?", [highlights, statement])
    assert isinstance(hit, FactMatch) and hit.fact.value_printed == "50,850"


def test_a_rupee_amount_in_crore_is_money():
    from pipeline.answer.prose import number_kinds
    assert "money" in number_kinds("BFSI revenue grew 9.1% to Rs. 6,524.82 crore, supported by banking work.")
