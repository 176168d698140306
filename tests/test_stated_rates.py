"""A dividend's rate stated in its row's label is that dividend's figure per share for the year the label names."""
from __future__ import annotations

from decimal import Decimal

import pytest

from pipeline.reading.stated_rates import stated_rates


@pytest.mark.parametrize("label,path,expected", [
    ("Proposed final dividend for the year ended 31 December 2030 of 12.5p (2029: 11.0p) per share", "",
     [("Proposed final dividend per share", 2030, "12.5p", "pence"), ("Proposed final dividend per share", 2029, "11.0p", "pence")]),
    ("Final dividend for 2030: 45 cents per share (fully franked)", "",
     [("Final dividend per share", 2030, "45 cents", "cents")]),
    ("2030 interim dividend of 21 cents per share", "Dividends", [("Interim dividend per share", 2030, "21 cents", "cents")]),
    ("Final dividend for the year to 30 June 2030 of $0.50 per ordinary share", "",
     [("Final dividend per share", 2030, "$0.50", None)]),
    # no year named: a rate in a row of the dividends paid in a year may be the previous year's final
    ("Final dividend paid of 11.0p per share", "", []),
    ("Dividends ($1.20 per share)", "", []),
    # no dividend named by the row or its heading
    ("Share buy-back for 2030 at $4.10 per share", "Capital management", []),
])
def test_the_rate_a_dividend_label_states_for_the_year_it_names(label, path, expected):
    got = [(r.label, r.year, r.printed, r.minor) for r in stated_rates(label, path)]
    assert got == expected


def test_a_bracketed_rate_of_another_year_than_the_prior_is_not_read():
    rates = stated_rates("Final dividend for the year ended 31 March 2031 of 7.5p (2028: 6.0p) per share", "")
    assert [(r.year, r.value) for r in rates] == [(2031, Decimal("7.5"))]
