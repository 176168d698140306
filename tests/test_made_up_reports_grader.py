"""The whole-report benchmark grades a calculated answer by rounding, a printed figure by its digits, and a trap by
the refusal's wording (so the numbers in docs/benchmarks.md mean what they say)."""
from __future__ import annotations

from benchmarks.made_up_reports import grade


def test_a_calculated_result_is_right_when_it_rounds_to_the_expected_one():
    q = {"kind": "calc", "expect": "12.4%"}
    assert grade(q, "Operating margin FY2034 is 12.38 % (computed as 1,238 / 10,000).") == "correct"
    assert grade(q, "Operating margin FY2034 is 12.6 % (computed as 1,260 / 10,000).") == "answered"
    assert grade({"kind": "calc", "expect": "1.37"}, "The current ratio is 1.3712.") == "correct"
    assert grade({"kind": "calc", "expect": "1.37"}, "The current ratio is 1.41.") == "answered"
    assert grade({"kind": "calc", "expect": "12"}, "I could not find the margin. I read pp. 12, 14.") == "refused"


def test_a_printed_figure_is_found_by_its_digits_and_a_trap_by_the_refusal():
    assert grade({"kind": "figure", "expect": "2,354,245"}, "Net sales FY2031: $2,354,245 thousand") == "correct"
    assert grade({"kind": "figure", "expect": "2,354,245"}, "I could not find net sales.") == "refused"
    assert grade({"kind": "refuse", "expect": "REFUSE"}, "I could not find EBITDA in the FY2031 10-K.") == "right refusal"
    assert grade({"kind": "refuse", "expect": "REFUSE"}, "EBITDA was 12.") == "answered"
