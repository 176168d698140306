import pytest

from pipeline.question.periods import find_years
from pipeline.question.registry import UnknownCompanyError
from pipeline.question.registry_sources import get_registry


@pytest.mark.parametrize("text,names", [
    ("What was 3M's capex in FY2018?", ["3M"]),
    ("MMM capex", ["3M"]),
    ("Pepsi net revenue", ["PepsiCo"]),
    ("VZ operating revenues", ["Verizon"]),
    ("Amcor plc gross margin vs Boeing", ["Amcor", "Boeing"]),
    ("what does BA stand for", ["Boeing"]),
    ("a bad basis for ba analysis", []),          # tickers are case-sensitive; 'ba' is not Boeing
    ("Pepsico’s revenue", ["PepsiCo"]),          # curly apostrophe
])
def test_company_detection(text, names):
    assert [c.name for c in get_registry().find_companies(text)] == names


def test_unknown_company_says_how_to_register():
    with pytest.raises(UnknownCompanyError) as e:
        get_registry().by_key("MCDONALDS")
    assert "[[company]]" in str(e.value) and "MCDONALDS" in str(e.value)


@pytest.mark.parametrize("text,years", [
    ("capex in FY2018", [2018]),
    ("FY22 vs FY 2021", [2022, 2021]),
    ("fiscal 2022 revenue", [2022]),
    ("fiscal year 2019", [2019]),
    ("revenue in 2022, up from 2021", [2022, 2021]),
    ("As of FY2023Q1", [2023]),
    ("capex of 1,577 and 12,018 and $2019.5 million", []),   # figures are not years
    ("What were the numbers last year?", []),
])
def test_year_detection(text, years):
    assert find_years(text) == years


@pytest.mark.parametrize("text,anchor,latest", [
    ("What were Halden's FY29 profits attributable to owners (prior year)?", [2029], 2030),
    ("op profit last year (2033)?", [2033], 2034),
    ("cash and cash equivalents at the end of last year (FY35)?", [2035], 2036),
])
def test_a_relative_period_in_brackets_explains_the_year_named(text, anchor, latest):
    from pipeline.question.periods import relative_years
    assert relative_years(text, anchor, latest) is None      # the named year alone, nothing added
