"""Classes found by the thirty-sixth rounds (stop 61). The companies, names, wording and figures here are made up."""
from __future__ import annotations

import pytest

from pipeline.question.terms import negated_states
from tests.stored_facts import printed_answer

# a UK deferred tax note: the recognised assets, the liabilities they are offset with, and the assets not recognised
_DEFERRED_TAX = [["KESTREL BAY HOLDINGS PLC", "NOTES TO THE FINANCIAL STATEMENTS", "12. Deferred tax", "2088 2087",
                  "£000 £000", "Deferred tax assets recognised 4,210 3,980", "Deferred tax liabilities (1,120) (1,340)",
                  "Net deferred tax asset 3,090 2,640", "Deferred tax assets not recognised", "Tax losses 6,420 5,810",
                  "Other temporary differences 830 790", "Total unrecognised deferred tax assets 7,250 6,600"]]


@pytest.mark.parametrize("question, year, expect", [
    ("Kestrel Bay deferred tax assets (not recognised) 2088", 2088, "7,250"),
    ("Kestrel Bay deferred tax assets not recognized, 2087", 2087, "6,600"),
    ("Unrecognised deferred tax assets 2088", 2088, "7,250"),
    ("Kestrel Bay DTA not yet recognised on tax losses 2088", 2088, "6,420"),
])
def test_a_state_asked_negated_is_a_word_the_row_must_print(question, year, expect):
    assert printed_answer(question, _DEFERRED_TAX, "Kestrel Bay Holdings plc", year, 2088) == expect


def test_the_negated_state_is_never_answered_by_the_recognised_line():
    # (before: "not" and "recognised" were both how a figure is asked, and the net asset answered)
    page = [_DEFERRED_TAX[0][:8]]       # the note without its unrecognised block
    assert printed_answer("Kestrel Bay deferred tax assets not recognised 2088", page, "Kestrel Bay Holdings plc",
                          2088, 2088) is None


def test_negated_states_are_one_word_either_way_they_are_spelled():
    assert negated_states("not recognised").split() == negated_states("Unrecognized").split() == ["unrecognised"]
    assert negated_states("dividends declared but not yet paid").split()[-1] == "unpaid"
    assert negated_states("revenue recognised in the year") == "revenue recognised in the year"


# a UK income statement printing each measure statutory and adjusted, one row under the other
_ADJUSTED = [["HARROWGATE TILES PLC", "CONSOLIDATED INCOME STATEMENT", "2088 2087", "£m £m", "Revenue 812.4 790.1",
              "Cost of sales (540.2) (530.6)", "Gross profit 272.2 259.5", "Operating profit 98.6 91.2",
              "Adjusted operating profit 121.4 112.8", "Profit before tax 88.1 80.0",
              "Adjusted profit before tax 110.9 101.6", "Profit for the year 70.2 64.0",
              "Basic earnings per share (pence) 21.4 19.5", "Adjusted basic earnings per share (pence) 27.0 24.9"]]


@pytest.mark.parametrize("question, expect", [
    ("Harrowgate PBT, not adjusted PBT, 2088", "88.1"),       # (was the adjusted line: "adjusted" was read as asked)
    ("Harrowgate operating profit (not adjusted) 2088", "98.6"),
    ("Harrowgate operating profit not adjusted 2088", "98.6"),
    ("Harrowgate basic EPS (not adjusted) FY88", "21.4"),
    ("Harrowgate operating profit, rather than adjusted operating profit, FY88", "98.6"),
    ("Harrowgate adjusted PBT 2088", "110.9"),
    ("Harrowgate adjusted basic EPS 2088", "27.0"),
])
def test_an_adjusted_measure_set_aside_or_negated_is_not_asked(question, expect):
    assert printed_answer(question, _ADJUSTED, "Harrowgate Tiles plc", 2088, 2088) == expect
