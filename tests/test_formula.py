"""Measures a question defines itself become calculator formulas over cited operands."""
from pipeline.answer.formula import Operand, find_definition, parse


def test_a_definition_is_found_with_its_name():
    q = ("What is Amazon's FY2017 days payable outstanding (DPO)? DPO is defined as: 365 * (average accounts payable "
         "between FY2016 and FY2017) / (FY2017 COGS + change in inventory between FY2016 and FY2017). Round your "
         "answer to two decimal places.")
    name, expr = find_definition(q)
    assert name == "DPO" and expr.startswith("365 *") and "Round" not in expr
    d = parse(expr, 2017)
    assert d.formula == "365 * ( v1 ) / ( v2 + v3 )"
    assert d.operands == {"v1": Operand("accounts payable", "average", (2016, 2017)),
                          "v2": Operand("COGS", "value", (2017,)),
                          "v3": Operand("inventory", "change", (2016, 2017))}


def test_words_for_operators_and_an_imperative_definition():
    name, expr = find_definition("What is Lockheed Martin's FY2021 net working capital? Define net working capital "
                                 "as total current assets less total current liabilities. Answer in USD millions.")
    assert name == "net working capital"
    d = parse(expr, 2021)
    assert d.formula == "v1 - v2" and d.operands["v2"] == Operand("total current liabilities", "value", (2021,))


def test_no_definition_without_arithmetic():
    assert find_definition("What is 3M's capex in FY2018? Capex is defined as the cash spent on PP&E.") is None
    assert find_definition("What was Nike's revenue in FY2019?") is None


def test_a_ratio_defined_in_brackets_after_its_name():
    """Analysts write the ratio's quotient in brackets: the name loses its period words, the bracket is the formula."""
    assert find_definition("FY36 dividend payout ratio (total DPS / basic EPS)?") == \
        ("dividend payout ratio", "total DPS / basic EPS")
    name, expr = find_definition("Gearing at 30 June 2034 (borrowings excluding leases / total equity)?")
    assert name == "Gearing" and parse(expr, 2034).formula == "v1 / v2"
    assert find_definition("What was the net margin for 2036 (profit for the year divided by revenue)?") == \
        ("net margin", "profit for the year / revenue")


def test_a_bracketed_unit_defines_nothing():
    for q in ("EPS ($/share) for 2035?", "Revenue (USD / thousands) 2035", "average total assets over FY36-FY37 "
              "(yen millions)?", "Dividend (pence / share) 2035", "cash (EUR m / %)"):
        assert find_definition(q) is None, q
