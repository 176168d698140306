"""Classes found by the twenty-second rounds (made-up report pages, round 22; made-up whole reports, round 15) and by
the refusals left from earlier rounds, written by helpers who never read the code. The companies, names, wording
and figures here are made up again."""
from __future__ import annotations

import dataclasses

from pipeline.reading.columns import header_block
from pipeline.retrieval.fact_match import FactMatch
from tests.stored_facts import answer_of, stored_facts


def _answer(question: str, pages: list[list[str]], company: str, year: int, doc_fy: int) -> str | None:
    facts = [dataclasses.replace(f, company=company)
             for f in stored_facts(["\n".join(p) for p in pages], doc_fy, "ANNUAL")]
    hit = answer_of(question, facts, company, year)
    return hit.fact.value_printed if isinstance(hit, FactMatch) else None


def test_a_column_period_printed_as_a_range_of_dates_is_dated_by_its_end():
    h = header_block(["FY2060 (April 1, 2060 - March 31, 2061) | FY2061 (April 1, 2061 - March 31, 2062) | FY2061",
                      "Millions of yen | Millions of yen | Thousands of U.S. dollars"])
    assert [(c.kind, str(c.end)) for c in h.columns] == \
        [("value", "2061-03-31"), ("value", "2062-03-31"), ("translation", "2062-03-31")]   # the label alone too
    h = header_block(["(1 April 2060 to 31 March 2061) (1 April 2061 to 31 March 2062)"])
    assert [str(c.end) for c in h.columns] == ["2061-03-31", "2062-03-31"]
    h = header_block(["FY2060 (As of March 31, 2061) FY2061 (As of March 31, 2062)"])
    assert [str(c.end) for c in h.columns] == ["2061-03-31", "2062-03-31"]


# a report that names its year by the year it starts: statements headed by label and range, a note by its end date
STARTS = [["KOMAGATA SEIKI CO., LTD.", "Consolidated Statement of Income",
           "FY2060 (April 1, 2060 - March 31, 2061) FY2061 (April 1, 2061 - March 31, 2062)",
           "Millions of yen Millions of yen", "Net sales 412,300 436,950", "Operating income 31,220 35,870"],
          ["Consolidated Balance Sheet", "FY2060 (As of March 31, 2061) FY2061 (As of March 31, 2062)",
           "Millions of yen Millions of yen", "Total assets 602,400 633,100"],
          ["12. Borrowings", "As of March 31, 2061 As of March 31, 2062", "Millions of yen Millions of yen",
           "Short-term borrowings 14,200 12,900"]]


def test_a_label_naming_the_year_it_starts_and_a_note_dated_by_its_end_name_the_same_year():
    assert _answer("Net sales FY2061", STARTS, "Komagata Seiki", 2061, 2061) == "436,950"
    assert _answer("Total assets FY2060", STARTS, "Komagata Seiki", 2060, 2061) == "602,400"
    assert _answer("Short-term borrowings FY2061", STARTS, "Komagata Seiki", 2061, 2061) == "12,900"
    assert _answer("Operating income fiscal 2060", STARTS, "Komagata Seiki", 2060, 2061) == "31,220"
    assert _answer("Net sales FY2059", STARTS, "Komagata Seiki", 2059, 2061) is None


# a dividends note printing each dividend's rate and its total side by side, the same years twice
RATE_AND_TOTAL = ["HARTWELL BREWERIES PLC", "8. Dividends", "2061 2060 2061 2060",
                  "Pence per share Pence per share £m £m", "Interim dividend 5.0 4.5 20.1 18.0",
                  "Final dividend 9.0 8.2 36.2 32.8", "Total dividends 14.0 12.7 56.3 50.8"]


def _read(lines: list[str]) -> list[tuple[int, str, str, str | None]]:
    return [(f.fiscal_year, f.value_printed, f.kind, f.scale) for f in stored_facts(["\n".join(lines)], 2061, "ANNUAL")
            if f.label.startswith("Total")]


def test_a_units_row_tells_apart_the_same_years_printed_per_share_and_as_amounts():
    want = [(2061, "14.0", "per_share", "pence"), (2060, "12.7", "per_share", "pence"),
            (2061, "56.3", "money", "million"), (2060, "50.8", "money", "million")]
    assert _read(RATE_AND_TOTAL) == want
    # the units above the years, one per group of columns
    above = RATE_AND_TOTAL[:2] + ["Pence per share £m", "2061 2060 2061 2060"] + RATE_AND_TOTAL[4:]
    assert _read(above) == want
    # without units the repeated years cannot be told apart: nothing is read
    assert _read(RATE_AND_TOTAL[:3] + RATE_AND_TOTAL[4:]) == []
    pages = [RATE_AND_TOTAL]
    assert _answer("Total dividend per share FY2060", pages, "Hartwell Breweries", 2060, 2061) == "12.7"
    assert _answer("Total dividends FY2061 in £m", pages, "Hartwell Breweries", 2061, 2061) == "56.3"


# a dividends table captioned with its unit per share, in a currency's hundredth other than cents or pence
SEN_CAPTION = ["MERBAU PLANTATIONS BERHAD", "11. Dividends", "Dividends declared for the financial year (sen per share)",
               "2061 2060", "Interim 6.0 5.0", "Final 8.0 7.5", "Total 14.0 12.5"]
SEN_STATED = ["MERBAU PLANTATIONS BERHAD", "11. Dividends", "Group and Company", "2061 2060", "RM'000 RM'000",
              "Dividends declared for the financial year:", "Interim of 6.0 sen (2060: 5.0 sen) per share 41,220 34,350",
              "Final of 8.0 sen (2060: 7.5 sen) per share 54,960 51,525"]


def test_a_dividend_rate_in_sen_is_read_per_share_for_both_years():
    from pipeline.answer.wording import shown
    from pipeline.retrieval.fact_match import FactMatch

    facts = [dataclasses.replace(f, company="Merbau Plantations") for f in stored_facts(["\n".join(SEN_CAPTION)], 2061, "ANNUAL")]
    hit = answer_of("Total dividend per share FY2060", facts, "Merbau Plantations", 2060)
    assert isinstance(hit, FactMatch) and shown(hit.fact) == "12.5 sen per share"     # never RM 12.5
    assert _answer("Final dividend per share 2060", [SEN_STATED], "Merbau Plantations", 2060, 2061) == "7.5 sen"
    assert _answer("Interim dividend per share 2061", [SEN_STATED], "Merbau Plantations", 2061, 2061) == "6.0 sen"
    # paid during the year, the rate beside last year's may be last year's final: not read
    paid = [ln.replace("declared for the financial year", "paid during the year") for ln in SEN_STATED]
    assert _answer("Final dividend per share 2060", [paid], "Merbau Plantations", 2060, 2061) is None
