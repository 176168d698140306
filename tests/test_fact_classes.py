"""Classes of wrong facts the facts-precision sample found (benchmarks/facts_precision.py), on a made-up company's
generated statements read end to end: each row's kind (money / count / percent) decides its scale and currency."""
from __future__ import annotations

import pytest

from ingest.pdf import read_pages
from pipeline.reading.facts import extract
from tests.pdfs import write_pdf

BALANCE = [
    "Fellmoor Holdings Inc.",
    "Consolidated Balance Sheets",
    "(in millions, except per share amounts) 2031 2030",
    "Common stock ($0.01 par value) 15 15",
    "Class B - 1,227 and 1,266 shares outstanding 3 3",
    "Treasury shares (2 and 2 million shares, respectively) (18) (18)",
    "Total equity 4,353 4,082",
    "Shares outstanding 1,380 1,382",
]
CASH = [
    "Fellmoor Holdings Inc.",
    "Consolidated Statements of Cash Flows",
    "(in millions) 2031 2030",
    "Net cash provided by operating activities 1,261 1,526",
    "Shares repurchased for tax withholdings (115) (90)",
    "Effect of exchange rate changes on cash and cash equivalents (39) 85",
]
INCOME = [
    "Fellmoor Holdings Inc.",
    "Consolidated Statements of Income",
    "(in millions, except per share amounts) 2031 2030",
    "Net income 6,415 5,298",
    "Weighted-average common shares outstanding",
    "Basic 1,380 1,382",
    "Diluted 1,387 1,389",
]
NOTES = [
    "Note 9 - Leases and Debt",
    "(in millions) 2031 2030",
    "Weighted average interest rate 4.1 3.9",
    "Interest rate swap contracts Interest expense (57) (41)",
    "Weighted-average remaining lease term (in years)",
    "Operating leases 8.0 9.0",
    "The following table presents the notional amounts at March 2, 2031 and March 3, 2030:",
    "Contract Type March 2, 2031 March 3, 2030",
    "Foreign exchange contracts 310 295",
    "Fellmoor Holdings ANNUAL REPORT 2031 53",
]


@pytest.fixture(scope="module")
def facts(tmp_path_factory):
    pdf = write_pdf(tmp_path_factory.mktemp("fellmoor") / "FELLMOOR_2031_10K.pdf", [BALANCE, CASH, INCOME, NOTES])
    out = {}
    for f in extract(read_pages(pdf), 2031, "10K", currency="USD", scale="million"):
        out.setdefault((f.label, f.column_header), f)
    return out


def _kind(facts, label, col="2031"):
    f = facts[(label, col)]
    return f.kind, f.scale, f.currency


def test_an_equity_line_stating_its_share_counts_is_money(facts):
    assert _kind(facts, "Class B - 1,227 and 1,266 shares outstanding") == ("money", "million", "USD")
    assert _kind(facts, "Treasury shares (2 and 2 million shares, respectively)") == ("money", "million", "USD")
    assert _kind(facts, "Shares outstanding")[0] == "count"        # a count row stays a count


def test_cash_flow_rows_are_cash(facts):
    assert _kind(facts, "Shares repurchased for tax withholdings") == ("money", "million", "USD")


def test_a_rate_naming_what_the_amount_is_about_is_money(facts):
    assert _kind(facts, "Effect of exchange rate changes on cash and cash equivalents") == ("money", "million", "USD")
    assert _kind(facts, "Interest rate swap contracts Interest expense")[0] == "money"
    assert _kind(facts, "Weighted average interest rate")[0] == "percent"


def test_basic_and_diluted_under_a_shares_heading_are_counts(facts):
    assert _kind(facts, "Diluted") == ("count", "million", None)
    assert facts[("Diluted", "2030")].value_printed == "1,389"


def test_a_term_in_years_is_no_money(facts):
    kind, scale, currency = _kind(facts, "Operating leases")
    assert (kind, scale, currency) == ("count", None, None)


def test_dates_of_a_header_line_and_a_running_footer_are_no_facts(facts):
    assert not [k for k in facts if k[0].startswith("Contract Type")]
    assert not [k for k, f in facts.items() if "ANNUAL REPORT" in k[0]]
    assert facts[("Foreign exchange contracts", "2031")].value_printed == "310"


# Classes the second pass of the sample left (each fails on the reader before it, passes after).
EQUITY = [
    "Quillbank Systems Inc.",
    "Consolidated Balance Sheets",
    "(in millions) December 2, 2031 December 3, 2030",
    "Total liabilities 9,872 9,310",
    "Stockholders' equity:",
    "Common stock, $0.0001 par value; 900 shares authorized; 601 shares issued;",
    "448 and 459 shares outstanding, respectively 1 1",
    "Preferred stock, $0.001 par value; 5 million shares authorized",
    "at December 2, 2031 and 2030; 12,875,090 shares",
    "issued and outstanding at December 2, 2031 and 2030 14 14",
    "Retained earnings 21,604 19,288",
]
OPTIONS = [
    "Stock Option Assumptions",
    "(in thousands) 2031 2030 2029",
    "Exercise price $ 88.15 $ 76.40 $ 91.32",
    "Expected stock price volatility 24.1 % 21.3 % 22.8 %",
    "Options granted 2,315 2,140 1,980",
]
PERFORMANCE = [
    "Stock Performance Graph",
    "(in thousands) 2026 2027 2028 2029 2030 2031",
    "Quillbank Systems $ 100.00 $ 96.12 $ 121.40 $ 180.33 $ 233.07 $ 289.54",
    "Broad Market Index $ 100.00 $ 104.15 $ 119.32 $ 150.88 $ 176.40 $ 182.95",
]
GROWTH = [
    "Results of Operations (in millions)",
    "2029 2030 2031",
    "Net Sales:",
    "North America $ 51,240 $ 64,115 $ 83,902",
    "International 28,305 35,660 44,871",
    "Consolidated $ 88,410 $ 110,275 $ 142,633",
    "Year-over-year Percentage Growth:",
    "North America 18% 25% 31%",
    "International 7 26 24",
    "Consolidated 15 25 29",
    "Net sales mix:",
    "North America 58% 58% 59%",
    "International 32 32 31",
    "Consolidated 100% 100% 100%",
]
CHANGE = [
    "Revenue (dollars in millions)",
    "Fiscal", "2031", "Fiscal", "2030", "Fiscal", "2029", "% Change", "2031-2030", "% Change", "2030-2029",
    "Subscription $ 2,918.4 $ 1,874.2 $ 1,020.7 56 % 84 %",
    "Percentage of total revenue 66% 49% 27%",
    "Total revenue $ 4,402.6 $ 3,811.9 $ 3,760.3 15 % 1 %",
    "Sales and marketing expenses increased due to the following:",
    "% Change", "2031-2030", "% Change", "2030-2029",
    "Compensation and related benefits associated with headcount 5% 3%",
    "Total change 13% 2%",
    "Fiscal 2031 Fiscal 2030",
    "Share of total revenue 66% 49% 27%",
]


@pytest.fixture(scope="module")
def facts2():
    pages = ["\n".join(p) for p in (EQUITY, OPTIONS, PERFORMANCE, GROWTH, CHANGE)]
    out: dict = {}
    for f in extract(pages, 2031, "10K", currency="USD", scale="million"):
        out.setdefault((f.page, f.label, f.period_year), []).append(f)
    return out


def test_a_wrapped_equity_label_is_one_row_of_money(facts2):
    labels = {lbl for (page, lbl, _y) in facts2 if page == 1}
    assert "448 and 459 shares outstanding, respectively" not in labels
    assert not any(lbl.startswith("at December 2") or lbl.startswith("issued and") for lbl in labels)
    common = [fs[0] for (page, lbl, y), fs in facts2.items() if page == 1 and lbl.startswith("Common stock") and y == 2031]
    preferred = [fs[0] for (page, lbl, y), fs in facts2.items()
                 if page == 1 and lbl.startswith("Preferred stock") and lbl.endswith("2030") and y == 2031]
    assert [(f.value_printed, f.kind, f.scale, f.currency) for f in common] == [("1", "money", "million", "USD")]
    assert [(f.value_printed, f.kind, f.scale) for f in preferred] == [("14", "money", "million")]


def test_a_per_option_price_and_index_values_take_no_scale(facts2):
    price = facts2[(2, "Exercise price", 2030)][0]
    assert (price.value_printed, price.scale, price.currency) == ("76.40", None, "USD")
    assert facts2[(2, "Expected stock price volatility", 2031)][0].kind == "percent"
    assert facts2[(2, "Options granted", 2031)][0].scale == "thousand"     # the table's scale still holds
    index = facts2[(3, "Quillbank Systems", 2030)][0]
    assert (index.value_printed, index.scale, index.currency) == ("233.07", None, "USD")


def test_bare_rows_between_percent_rows_are_percentages(facts2):
    def kinds(label):
        return sorted({f.kind for (page, lbl, _y), fs in facts2.items() if page == 4 and lbl == label for f in fs})
    intl = [f for (page, lbl, y), fs in facts2.items() if page == 4 and lbl == "International" and y == 2031 for f in fs]
    assert sorted((f.value_printed, f.kind, f.scale) for f in intl) == \
        [("24", "percent", None), ("31", "percent", None), ("44,871", "money", "million")]
    assert kinds("Consolidated") == ["money", "percent"]


def test_a_change_column_over_two_years_is_no_period(facts2):
    assert (5, "Total change", 2030) not in facts2 and (5, "Total change", 2031) not in facts2
    assert not any(page == 5 and "%" in lbl for (page, lbl, _y) in facts2)      # a percentage is never the label's
    assert not any(page == 5 and lbl.startswith("Share of total revenue") for (page, lbl, _y) in facts2)
    pct = {y: fs[0].value_printed for (page, lbl, y), fs in facts2.items() if page == 5 and lbl == "Percentage of total revenue"}
    assert pct == {2031: "66%", 2030: "49%", 2029: "27%"}
    sub = {y: fs[0].value_printed for (page, lbl, y), fs in facts2.items() if page == 5 and lbl == "Subscription"}
    assert sub == {2031: "2,918.4", 2030: "1,874.2", 2029: "1,020.7"}


# Found on the fresh (out-of-sample) labelled sample: an equity heading stating a par value "per share" over the
# equity rows, and an equity label wrapped over three lines whose last line starts with the share counts.
PARENT = [
    "Quillbank Systems Inc. (Parent Company Only)",
    "Condensed Statements of Financial Condition",
    "(In thousands) 2031 2030",
    "Total liabilities 125,000 125,000",
    "Equity",
    "Common shares, par value $1 per share, authorized 600,000,000 shares;",
    "184,602,310 and 197,455,902 shares issued and outstanding, after deducting",
    "61,870,455 and 49,016,863 shares held in treasury 184,602 197,456",
    "Additional paid-in capital 1,523,610 2,011,874",
    "Accumulated other comprehensive loss (241,377) (236,905)",
    "Preferred stock, $1 par value per share 279 280",
    "Par value per share $ 1.00 $ 1.00",
]


def test_a_par_value_per_share_is_no_per_share_figure_and_the_wrapped_label_is_one_row():
    facts = {(f.label, f.period_year): f for f in extract(["\n".join(PARENT)], 2031, "10K", currency="USD",
                                                          scale="million")}
    aocl = facts[("Accumulated other comprehensive loss", 2030)]
    assert (aocl.value_printed, aocl.kind, aocl.scale, aocl.currency) == ("(236,905)", "money", "thousand", "USD")
    common = [f for (lbl, y), f in facts.items() if lbl.startswith("Common shares") and y == 2031]
    assert [(f.value_printed, f.kind, f.scale) for f in common] == [("184,602", "money", "thousand")]
    assert not any(lbl.startswith(("61,870,455", "184,602,310")) for lbl, _ in facts)
    assert facts[("Preferred stock, $1 par value per share", 2031)].scale == "thousand"
    assert facts[("Par value per share", 2031)].kind == "per_share"


# Found on the second fresh sample: a heading with a footnote number after it ("Per share, basic 3") read as a row,
# so the per-share rows under it lost their heading and took the table's thousands.
SELECTED = [
    "SELECTED ANNUAL INFORMATION",
    "(In $000s except per share amounts)",
    "December 31, 2031 December 31, 2030 December 31, 2029",
    "Revenue 176,935 125,076 97,571",
    "Dividends paid 2",
    "- - 566",
    "Per share, basic 3",
    "Net income 0.26 0.05 0.32",
    "Dividends declared 0.10 - -",
]


def test_a_footnote_number_after_a_heading_is_no_cell():
    facts = {(f.label_path, f.period_year): f for f in extract(["\n".join(SELECTED)], 2031, "AR", currency="CAD")}
    declared = facts[("Per share, basic \u203a Dividends declared", 2031)]
    assert (declared.value_printed, declared.kind, declared.scale) == ("0.10", "per_share", None)
    paid = [f for (path, y), f in facts.items() if path.endswith("Dividends paid") and y == 2029]
    assert [(f.value_printed, f.kind, f.scale) for f in paid] == [("566", "money", "thousand")]


def test_a_price_driver_in_a_bridge_keeps_the_tables_scale():
    bridge = ["Quillbank Systems Inc.", "Change in operating income", "(in millions) 2031 2030",
              "Volumes 120 85", "Market prices 45 30", "Closing prices 12 9", "Closing share price 41.20 38.75"]
    got = {(f.label, f.period_year): f for f in extract(["\n".join(bridge)], 2031, "10K", currency="USD",
                                                         scale="million")}
    assert got[("Market prices", 2031)].scale == "million" and got[("Closing prices", 2031)].scale == "million"
    assert got[("Closing share price", 2031)].scale is None          # one share's price, whatever the table's


def test_counts_between_margins_of_a_key_figures_table_stay_counts():
    page = ["Quillbank Systems Inc.", "Five-year record", "2031 2030",
            "Gross margin 41.2% 40.8%", "Stores 87 90", "Operating margin 8.1% 7.9%"]
    got = {(f.label, f.period_year): f for f in extract(["\n".join(page)], 2031, "10K", currency="USD")}
    assert got[("Stores", 2031)].kind != "percent"
