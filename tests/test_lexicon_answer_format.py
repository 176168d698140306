import pytest

from pipeline.question.lexicon import get_lexicon
from pipeline.question.analysis import analyse


@pytest.mark.parametrize("q,key", [
    ("What was 3M's capex in FY2018?", "capex"),
    ("year end FY2018 net property, plant, and equipment", "net_ppe"),
    ("Pepsi net income 2021", "net_income"),
    ("What was Verizon's revenue?", "revenue"),
    ("cost of goods sold at Boeing", "cost_of_sales"),
    ("diluted EPS of 3M", "eps_diluted"),
    ("basic EPS of 3M 2022", "eps_basic"),
    ("3M dividends declared per share 2022", "dividends_per_share"),
    ("3M dividends paid 2022", "dividends_paid"),
    ("cash provided by operations at 3M", "operating_cash_flow"),
    ("3M sales and marketing 2022", "sales_marketing"),
    ("3M EBIT 2022", "ebit"),                  # not operating income: a different line where both are printed
])
def test_lexicon_finds_the_metric(q, key):
    assert analyse(q).metric is not None and analyse(q).metric.key == key


@pytest.mark.parametrize("key,label,ok", [
    ("capex", "Purchases of property, plant and equipment (PP&E)", True),
    ("capex", "Proceeds from sale of PP&E and other assets", False),
    ("capex", "Capital expenditures (including capitalized software)", True),
    ("net_ppe", "Property, plant and equipment, net", True),
    ("net_ppe", "Property, plant and equipment — net", True),
    ("net_ppe", "Accumulated depreciation of property, plant and equipment", False),
    ("revenue", "Net sales", True),
    ("revenue", "Cost of sales", False),
    ("net_income", "Net income attributable to noncontrolling interest", False),
    ("capex", "Purchases of property and equipment, including internal-use software, net of proceeds from property and "
              "equipment incentives", True),
    ("capex", "Additions to property and equipment, net of $48 of non-cash capital expenditures", True),
    ("capex", "Proceeds from disposals of property and equipment", False),
    ("eps_basic", "Basic earnings per common share", True),
    ("eps_basic", "Basic and diluted net income per share", True),
    ("eps_basic", "Diluted earnings per common share", False),
    ("eps_basic", "Weighted-average shares - basic", False),
    ("dividends_per_share", "Cash dividends declared per common share", True),
    ("dividends_per_share", "Dividends paid", False),
    ("pretax_income", "Pretax income", True),
    ("pretax_income", "Loss before income taxes", True),
    ("pretax_income", "(Loss)/earnings before income taxes", True),
    ("pretax_income", "Income tax provision", False),
    ("sales_marketing", "Sales and marketing", True),
    ("ebit", "TOTAL NIKE, INC. EARNINGS BEFORE INTEREST AND TAXES", True),
    ("ebit", "EBIT", True),
    ("ebit", "Earnings (Loss) Before Interest and Taxes", False),     # a part's loss line (Corporate)
    ("ebit", "Earnings before interest and after taxes", False),
    ("ebit", "EBIT Margin", False),
    ("operating_income", "EBIT", False),
    ("revenue", "Sales and marketing", False),
])
def test_row_matching(key, label, ok):
    assert get_lexicon().get(key).matches_row(label) is ok


@pytest.mark.parametrize("label,ok", [
    ("Net cash provided by operating activities", True),
    ("Net cash provided/(used) by operating activities", True),
    ("Net cash used by operating activities", True),
    ("Net cash (used in) provided by operating activities", True),
    ("Net cash provided by (used in) operating activities", True),
    ("Net cash generated from operating activities", True),
    ("Total cash provided by operating activities", True),
    ("Cash provided (used) by operations", True),
    ("Net cash provided by operating activities of discontinued operations", False),
    ("Net cash used in investing activities", False),
])
def test_operating_cash_flow_rows_in_the_wordings_filers_use(label, ok):
    assert get_lexicon().get("operating_cash_flow").matches_row(label) is ok


def test_lease_disclosure_cash_flows_are_not_operating_cash_flow():
    assert not get_lexicon().get("operating_cash_flow").matches_row("Operating cash flows from operating leases")
