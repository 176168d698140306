"""Checkpoint 4, deterministic: the tolerated differences are written down in pipeline/guardrails/verifier.py and tested here."""
import pytest

from pipeline.state import Claim
from pipeline.guardrails.verifier import check_claim, numbers_in, verdict_of

PAGE = "Consolidated Statement of Cash Flows\n(Millions) 2018 2017\nPurchases of property, plant and equipment (1,577) (1,373)\n" \
       "Net cash provided by operating activities 6,439 6,240\n"


def verdict(text, derived=()):
    return check_claim(Claim(text=text, label="x"), [PAGE], list(derived)).verdict


@pytest.mark.parametrize("text", [
    "Capex was $1,577 million [1].",             # thousands separator and currency sign
    "Capex was 1577 million [1].",
    "Capex was -1,577 million [1].",             # parentheses = negative on the page
    "Capex was (1,577) [1].",
    "Capex was $1.6 billion [1].",               # unit conversion + rounding to the printed precision
    "Capex was $1.58 billion [1].",
    "Operating cash flow was $6.44 billion [1].",
    "Operating cash flow was $6,439,000,000 [1].",   # printed in full
])
def test_tolerated_differences_are_supported(text):
    assert verdict(text) == "supported"


@pytest.mark.parametrize("text", [
    "Capex was $1,677 million [1].",             # wrong digit
    "Capex was $1.7 billion [1].",               # rounds to a different figure
    "Capex was $1,577 billion [1].",             # wrong unit
])
def test_wrong_figures_are_unsupported(text):
    assert verdict(text) == "unsupported"


def test_derived_estimated_and_labels():
    assert verdict("Growth was 14.9 % [1].", ["(1,577 [1] − 1,373 [1]) / 1,373 = 14.9 %"]) == "derived"
    assert verdict("Capex was approximately $1,600 million [1].") == "estimated"
    assert verdict("Capex was $1,600 million [1].") == "unsupported"


def test_years_markers_and_formula_constants_are_not_figures():
    assert [t for t, _, _ in numbers_in("In FY2018 [2] capex (× 100) was 2018 and $1,577 million")] == ["$1,577"]


def test_quotes_must_be_on_the_page():
    assert verdict("The report says: \u201cPurchases of property, plant and equipment (1,577)\u201d [1]") == "supported"
    assert verdict("The report says: \u201cWe will double capex next year\u201d [1]") == "unsupported"


def test_verdict_thresholds():
    ok, bad = Claim(text="", label="", numbers=["1"]), Claim(text="", label="", numbers=["1"], verdict="unsupported")
    assert verdict_of([ok, ok, ok]) == "pass"
    assert verdict_of([ok, ok, bad]) == "partial"
    assert verdict_of([ok, bad]) == "fail"


@pytest.mark.parametrize("text,verdict_,reason", [
    ("3M's capex in FY2018 was $1,373 million [1].", "unsupported", "FY2017 column, not FY2018"),
    ("3M's capex in FY2017 was $1,373 million [1].", "supported", ""),
    ("3M's capex in FY2018 was $1,577 million [1].", "supported", ""),
    ("Capex went from 1,373 in FY2017 to 1,577 in FY2018 [1].", "supported", ""),          # two years named
    ("Capex grew in FY2018: (1,577 [1] − 1,373 [1]) / 1,373 = 14.9 %.", "derived", ""),   # derivation inputs
])
def test_a_figure_must_sit_in_the_named_years_column(text, verdict_, reason):
    c = check_claim(Claim(text=text, label="x"), [PAGE], ["(1,577 [1] − 1,373 [1]) / 1,373 = 14.9 %"])
    assert c.verdict == verdict_ and reason in c.reason


def test_adjacent_year_figures_are_not_a_rounding_match():
    page = "Balance sheet\n(in millions)\nDecember 31, 2018 2017\nProperty, plant and equipment, net 12,645 12,672\n"
    assert check_claim(Claim(text="PP&E was $12,672 million in FY2018 [1].", label="x"), [page], []).verdict == \
        "unsupported"
    assert check_claim(Claim(text="PP&E was $12.6 billion in FY2018 [1].", label="x"), [page], []).verdict == \
        "supported"


def test_numbers_inside_the_quoted_row_and_column_are_labels_not_figures():
    text = ('Best Buy\'s total equity in FY2023 was $2,795 million [1] (row "Contingencies and commitments (Note 13) › '
            'Total equity", column "January 28, 2023", FY2023, printed as (2,795)).')
    assert [t for t, _, _ in numbers_in(text)] == ["$2,795", "(2,795)"]
    page = "Balance sheets\n$ in millions\nJanuary 28, 2023 January 29, 2022\nContingencies and commitments (Note 13)\n" \
           "Total equity 2,795 3,020"
    claim = check_claim(Claim(label="x", text=text), [page], [])
    assert claim.verdict == "supported", claim.reason


def test_an_amount_written_inside_a_quoted_row_is_still_checked():
    text = 'Revenue in FY2023 was $2,795 million [1] (row "Total revenue $9,999 million", column "2023", FY2023).'
    assert "$9,999" in [t for t, _, _ in numbers_in(text)]
    claim = check_claim(Claim(label="x", text=text), ["Revenue\n$ in millions\n2023 2022\nTotal revenue 2,795 3,020"], [])
    assert claim.verdict == "unsupported"


@pytest.mark.parametrize("units_row", ["N'million N'million", "KRW million KRW million", "£m £m"])
def test_a_units_row_beside_the_currency_scales_the_pages_figures(units_row):
    from decimal import Decimal
    from pipeline.guardrails.verifier import supported
    page = "\n".join(["PERDITA BANK PLC", "STATEMENT OF FINANCIAL POSITION", "Notes 2061 2060", units_row,
                      "Deposits from customers 21 6,415,208 5,402,318"])
    assert supported(Decimal("6415208"), "million", [page])
    assert not supported(Decimal("6415208"), "thousand", [page])
    unscaled = "\n".join(["PERDITA BANK PLC", "Notes 2061 2060", "Deposits from customers 21 6,415,208 5,402,318"])
    assert not supported(Decimal("6415208"), "million", [unscaled])
