"""Matching a question to a table row: every qualifier covered, or nothing presented as the answer.

Generated statement pages (parsed into facts exactly as ingest does) and the analyst's own wording; no database.
"""
from __future__ import annotations

from decimal import Decimal

import pytest

from pipeline.question import figure_ask

from pipeline.guardrails import figure_fit
from pipeline.retrieval import fact_match as lookup
from pipeline.answer.wording import shown
from pipeline.reading.facts import extract
from pipeline.question.analysis import analyse
from pipeline.stores.facts import StoredFact

INCOME = [
    "Consolidated Statements of Operations", "(Dollars in millions, except per share data)",
    "Years ended December 31, 2030 2029 2028",
    "Revenues:", "Commercial Airplanes $ 30,000 $ 28,000 $ 26,000", "Defense, Space & Security 20,000 19,000 18,000",
    "Total revenues 50,000 47,000 44,000",
    "Costs and expenses:", "Cost of products (36,000) (34,000) (32,000)",
    "Research and development expense, net (3,100) (2,900) (2,800)",
    "Operating earnings 4,000 3,500 3,000", "Net earnings (loss) 2,500 (400) 1,800",
    "Basic earnings per share $ 4.10 $ (0.70) $ 3.00", "Diluted earnings per share $ 4.05 $ (0.70) $ 2.95",
]
CASH = [
    "Consolidated Statements of Cash Flows", "(Dollars in millions)", "Years ended December 31, 2030 2029 2028",
    "Net cash provided by operating activities 6,000 5,500 5,000",
    "Payments for property, plant and equipment (1,500) (1,400) (1,300)",
    "Dividends paid (900) (850) (800)",
    "Net increase (decrease) in cash and cash equivalents 1,000 (250) 300",
    "Cash and cash equivalents at end of year 8,000 7,000 6,000",
]
NOTE = [  # a note table repeating a statement line with other wording: the statement wins
    "Note 5. Segment information", "(Dollars in millions)", "2030 2029",
    "Commercial Airplanes operating earnings 1,900 1,700", "Total revenues 50,000 47,000",
]


def stored() -> list[StoredFact]:
    out = []
    for i, f in enumerate(extract(["\n".join(INCOME), "\n".join(CASH), "\n".join(NOTE)], 2030, "10K")):
        out.append(StoredFact(i, "VERIZON_2030_10K", "Verizon", "10K", 2030, f.page, f.line_no, f.table_title,
                              f.statement, f.secondary, f.label, f.label_path, f.column_header, f.fiscal_year,
                              f.span, f.qualifiers, f.value_printed, f.value, f.scale, f.kind, f.currency))
    return out


FACTS = stored()


def answer(question: str, year: int = 2030):
    facts = analyse(question)
    ask = figure_ask.read_ask(question, facts, facts.metric)
    return lookup.choose(ask, [f for f in FACTS if f.fiscal_year == year], ["VERIZON_2030_10K"])


@pytest.mark.parametrize("question,label,value", [
    ("What was Verizon's Commercial Airplanes revenue in FY2030?", "Commercial Airplanes", "30,000"),
    ("What were Verizon's total revenues in FY2030?", "Total revenues", "50,000"),
    ("Verizon revenue FY2030", "Total revenues", "50,000"),
    ("What was Verizon's cash from operations in FY2030?", "Net cash provided by operating activities", "6,000"),
    ("What was Verizon's diluted EPS in FY2030?", "Diluted earnings per share", "4.05"),
    ("What were Verizon's basic earnings per share in FY2030?", "Basic earnings per share", "4.10"),
    ("How much did Verizon spend on R&D in FY2030?", "Research and development expense, net", "(3,100)"),
    ("What was Verizon's capex in FY2030?", "Payments for property, plant and equipment", "(1,500)"),
    ("What was Verizon's year-end cash balance for FY2030?", "Cash and cash equivalents at end of year", "8,000"),
])
def test_the_row_that_covers_the_question(question, label, value):
    m = answer(question)
    assert isinstance(m, lookup.FactMatch), m
    assert (m.fact.label, m.fact.value_printed) == (label, value)
    assert m.fact.statement is not None            # the statement, not the segment note's repeat


@pytest.mark.parametrize("question,never", [
    ("What was Verizon's Global Services revenue in FY2030?", {"50,000", "30,000", "20,000"}),  # no such segment
    ("What was Verizon's free cash flow in FY2030?", {"8,000", "6,000", "1,000"}),             # not printed
    ("What was Verizon's dividend payout ratio in FY2030?", {"(900)"}),                         # a ratio, not dividends
    ("What was Verizon's adjusted operating earnings in FY2030?", {"4,000"}),                  # adjusted != reported
])
def test_a_qualifier_nothing_covers_is_not_answered_with_the_nearest_measure(question, never):
    m = answer(question)
    assert isinstance(m, lookup.NoMatch), f"answered {m.fact.label} {m.fact.value_printed}"
    assert all(f.value_printed not in never or f.label for f in m.closest)   # closest lines are offered, not answered


def test_not_found_names_the_closest_lines():
    m = answer("What was Verizon's Global Services revenue in FY2030?")
    assert isinstance(m, lookup.NoMatch) and m.closest
    assert "revenue" in lookup.closest_text(m.closest).lower()


def test_a_per_share_question_never_takes_an_amount_and_vice_versa():
    m = answer("What was Verizon's net earnings in FY2030?")
    assert isinstance(m, lookup.FactMatch) and m.fact.kind == "money" and m.fact.value_printed == "2,500"


def test_signs_are_said_in_words_not_printed_as_minus():
    rd = answer("How much did Verizon spend on R&D in FY2030?").fact
    assert shown(rd) == "$3,100 million"                          # an expense printed (3,100) is an amount
    loss = answer("What were Verizon's net earnings in FY2029?", 2029).fact
    assert loss.value == Decimal(-400) and shown(loss) == "a loss of $400 million"
    change = [f for f in FACTS if f.label.startswith("Net increase (decrease)") and f.fiscal_year == 2029][0]
    assert shown(change) == "a decrease of $250 million"
    eps = answer("What was Verizon's diluted EPS in FY2029?", 2029).fact
    assert shown(eps) == "a loss of $0.70 per share"


def test_question_fit_names_what_the_cited_row_does_not_cover():
    total = answer("What were Verizon's total revenues in FY2030?").fact
    fig = {"company": "Verizon", "row_path": total.label_path, "table": total.table_title,
           "column": total.column_header, "column_fy": total.fiscal_year}
    q = "What was Verizon's Commercial Airplanes revenue in FY2030?"
    facts = analyse(q)
    ask = figure_ask.read_ask(q, facts, facts.metric)
    assert figure_fit.fit(ask, fig, "Verizon", 2030) == ["measure"]          # the total does not cover the segment
    assert figure_fit.fit(ask, {**fig, "row_path": "Revenues \u203a Commercial Airplanes"}, "Verizon", 2030) == []
    assert figure_fit.fit(ask, {**fig, "row_path": "Revenues \u203a Commercial Airplanes", "column_fy": 2029},
                      "Verizon", 2030) == ["period"]
    assert figure_fit.fit(ask, {**fig, "row_path": "Revenues \u203a Commercial Airplanes"}, "Boeing", 2030) == ["entity"]


def test_a_non_us_figure_carries_its_currency_and_scale():
    page = "\n".join(["Consolidated statement of profit or loss", "for the year ended 31 December 2022",
                      "Note 2022 £000 2021 £000", "Revenue 3 125,400 118,200"])
    f = next(x for x in extract([page], 2022, "10K") if x.fiscal_year == 2022)
    fact = StoredFact(1, "D", "Acme", "AR", 2022, f.page, f.line_no, f.table_title, f.statement, f.secondary, f.label,
                      f.label_path, f.column_header, f.fiscal_year, f.span, f.qualifiers, f.value_printed, f.value,
                      f.scale, f.kind, f.currency)
    assert shown(fact) == "£125,400 thousand"
    aud = extract(["Income statement\nA$m 2023 2022\nRevenue 1,234 1,100"], 2023, "AR", currency="AUD")
    assert {(x.fiscal_year, x.currency, x.scale) for x in aud} == {(2023, "AUD", "million"), (2022, "AUD", "million")}
    aud_fact = StoredFact(2, "D", "Acme", "AR", 2023, 1, 2, "", "", False, "Revenue", "Revenue", "2023", 2023, "year",
                          "", "1,234", Decimal(1234), "million", "money", "AUD")
    assert shown(aud_fact) == "A$ 1,234 million"                  # a non-US dollar is never a bare "$"


def test_an_amount_whose_currency_is_unknown_gets_no_sign_rather_than_a_dollar():
    unknown = StoredFact(3, "D", "Acme", "AR", 2023, 1, 2, "", "", False, "Revenue", "Revenue", "2023", 2023, "year",
                         "", "1,234", Decimal(1234), "million", "money", None)
    assert shown(unknown) == "1,234 million"
    printed = StoredFact(4, "D", "Acme", "10K", 2023, 1, 2, "", "", False, "Revenue", "Revenue", "2023", 2023, "year",
                         "", "$ 1,234", Decimal(1234), "million", "money", "$")
    assert shown(printed) == "$1,234 million"                     # a column printed in "$" keeps its sign


BOEING_STYLE = [
    "Consolidated Statements of Cash Flows", "(Dollars in millions)", "Years ended December 31, 2030 2029 2028",
    "Net cash provided/(used) by operating activities 3,512 (3,416) (18,410)",
    "Net cash provided/(used) by investing activities (1,021) 9,324 (18,366)",
]


def test_operating_cash_flow_printed_provided_used_is_found_and_a_negative_one_is_said_used():
    facts = extract(["\n".join(BOEING_STYLE)], 2030, "10K")
    rows = [StoredFact(i, "BOEING_2030_10K", "Boeing", "10K", 2030, f.page, f.line_no, f.table_title, f.statement,
                       f.secondary, f.label, f.label_path, f.column_header, f.fiscal_year, f.span, f.qualifiers,
                       f.value_printed, f.value, f.scale, f.kind, f.currency) for i, f in enumerate(facts)]
    for year, printed, said in ((2030, "3,512", "$3,512 million"), (2029, "(3,416)", "$3,416 million used")):
        q = f"What was Boeing's cash from operations in FY{year}?"
        f = analyse(q)
        m = lookup.choose(figure_ask.read_ask(q, f, f.metric), [x for x in rows if x.fiscal_year == year],
                          ["BOEING_2030_10K"])
        assert isinstance(m, lookup.FactMatch) and "operating activities" in m.fact.label
        assert m.fact.value_printed == printed and shown(m.fact) == said


def test_total_debt_is_the_printed_total_never_long_term_debt_alone():
    page = ["Consolidated Balance Sheets", "(Dollars in millions)", "December 31, 2030 2029",
            "Long-term debt 23,414 23,495", "Total debt 24,820 24,743"]
    facts = extract(["\n".join(page)], 2030, "10K")
    rows = [StoredFact(i, "VERIZON_2030_10K", "Verizon", "10K", 2030, f.page, f.line_no, f.table_title, f.statement,
                       f.secondary, f.label, f.label_path, f.column_header, f.fiscal_year, f.span, f.qualifiers,
                       f.value_printed, f.value, f.scale, f.kind, f.currency) for i, f in enumerate(facts)]
    q = "What was Verizon's total debt in 2030?"
    f = analyse(q)
    assert f.metric.key == "total_debt"
    m = lookup.choose(figure_ask.read_ask(q, f, f.metric), [x for x in rows if x.fiscal_year == 2030], ["VERIZON_2030_10K"])
    assert isinstance(m, lookup.FactMatch) and m.fact.value_printed == "24,820"
    only_long = [x for x in rows if x.fiscal_year == 2030 and x.label == "Long-term debt"]
    assert not isinstance(lookup.choose(figure_ask.read_ask(q, f, f.metric), only_long, ["VERIZON_2030_10K"]),
                          lookup.FactMatch)


def test_an_amount_in_a_table_declaring_no_unit_takes_the_documents_scale():
    note = ["Note 9. Debt", "December 31, 2030 2029", "Total debt 57,001 63,124", "Employees 156,000 142,000"]
    facts = {f.label: f for f in extract(["\n".join(note)], 2030, "10K", scale="million") if f.fiscal_year == 2030}
    assert facts["Total debt"].scale == "million"
    assert facts["Employees"].kind == "count" and facts["Employees"].scale is None    # a count is not in millions


def test_a_margin_printed_as_an_amount_is_money_and_one_printed_as_a_rate_is_a_percentage():
    page = ["Consolidated Statements of Income", "(In millions)", "Years ended December 31, 2030 2029",
            "Net sales 14,189 14,082", "Gross margin 4,506 5,063", "Gross margin % 31.8 36.0"]
    kinds = {f.label: f.kind for f in extract(["\n".join(page)], 2030, "10K") if f.fiscal_year == 2030}
    assert kinds["Gross margin"] == "money" and kinds["Gross margin %"] == "percent"


def test_a_cash_flow_row_naming_employees_is_money_not_a_count():
    page = ["Consolidated Statements of Cash Flows", "(Amounts in millions)", "Years ended December 31, 2030 2029",
            "Proceeds from issuance of common stock to employees 105 86", "Number of employees 9,200 9,900"]
    kinds = {f.label: f.kind for f in extract(["\n".join(page)], 2030, "10K") if f.fiscal_year == 2030}
    assert kinds["Proceeds from issuance of common stock to employees"] == "money"
    assert kinds["Number of employees"] == "count"


def test_a_tax_provision_in_parentheses_is_a_cost_never_a_loss():
    page = ["Consolidated Statements of Income", "(In millions)", "Years ended December 31, 2030 2029",
            "Income before income taxes 2,426 2,000", "Provision for income taxes (491) (400)"]
    tax = [f for f in extract(["\n".join(page)], 2030, "10K") if f.fiscal_year == 2030 and "Provision" in f.label][0]
    st = StoredFact(0, "VERIZON_2030_10K", "Verizon", "10K", 2030, tax.page, tax.line_no, tax.table_title,
                    tax.statement, tax.secondary, tax.label, tax.label_path, tax.column_header, tax.fiscal_year,
                    tax.span, tax.qualifiers, tax.value_printed, tax.value, tax.scale, tax.kind, tax.currency)
    assert shown(st).endswith("491 million") and "loss" not in shown(st)


def _stored(pages: list[list[str]], company: str = "Verizon") -> list[StoredFact]:
    return [StoredFact(i, "VERIZON_2030_10K", company, "10K", 2030, f.page, f.line_no, f.table_title, f.statement,
                       f.secondary, f.label, f.label_path, f.column_header, f.fiscal_year, f.span, f.qualifiers,
                       f.value_printed, f.value, f.scale, f.kind, f.currency)
            for i, f in enumerate(extract(["\n".join(p) for p in pages], 2030, "10K")) if f.fiscal_year == 2030]


LOANS = _stored([
    ["Consolidated Statements of Income", "(Millions)", "Years Ended December 31, 2030 2029",
     "Provisions for credit losses", "Card Member receivables 627 (73)", "Card Member loans 1,514 (1,155)",
     "Total provisions for credit losses 2,182 (1,419)"],
    ["Consolidated Statements of Cash Flows", "(Millions)", "Years Ended December 31, 2030 2029",
     "Cash Flows from Investing Activities", "Net (increase) decrease in Card Member loans (29,562) (27,557)",
     "Purchase of premises and equipment (1,855) (1,707)"],
    ["Note 2 Loans", "(Millions) 2030 2029", "Card Member loans 107,964 88,562",
     "Less reserve for credit losses 3,747 3,305", "Card Member loans, net 104,217 85,257"],
])


def _choose(question: str, rows: list[StoredFact]):
    f = analyse(question)
    return lookup.choose(figure_ask.read_ask(question, f, f.metric), rows, ["VERIZON_2030_10K"])


def test_a_parent_heading_that_measures_something_about_the_row_is_another_measure():
    # "Provisions for credit losses › Card Member loans" is a provision; the loans are the note's line
    m = _choose("How much were Verizon's Card Member loans at the end of 2030?", LOANS)
    assert isinstance(m, lookup.FactMatch) and m.fact.value_printed == "107,964", m
    asked = _choose("Verizon provisions for credit losses on Card Member loans 2030", LOANS)
    assert isinstance(asked, lookup.FactMatch) and asked.fact.value_printed == "1,514"


def test_a_row_that_is_a_movement_never_answers_the_level():
    statements_only = [f for f in LOANS if f.statement is not None]
    m = _choose("How much were Verizon's Card Member loans at the end of 2030?", statements_only)
    assert isinstance(m, lookup.NoMatch), f"answered {m.fact.label_path} {m.fact.value_printed}"
    moved = _choose("Verizon net increase in Card Member loans 2030", statements_only)
    assert isinstance(moved, lookup.FactMatch) and moved.fact.value_printed == "(29,562)"


def test_a_table_title_naming_the_company_does_not_cover_a_segment_named_like_it():
    pages = [["ACTIVISION BLIZZARD, INC. AND SUBSIDIARIES", "(Amounts in millions)", "Years Ended December 31, 2030 2029",
              "Reconciliation to consolidated net revenues:", "Segment net revenues 5,969 6,835",
              "Consolidated net revenues 6,489 7,500"]]
    m = _choose("Blizzard segment net revenues 2030", _stored(pages, "Activision Blizzard"))
    assert isinstance(m, lookup.NoMatch), f"answered {m.fact.label_path} {m.fact.value_printed}"
    pages[0].insert(4, "Blizzard segment net revenues 1,711 2,238")
    m = _choose("Blizzard segment net revenues 2030", _stored(pages, "Activision Blizzard"))
    assert isinstance(m, lookup.FactMatch) and m.fact.value_printed == "1,711"


def test_a_head_count_is_a_count_never_money_and_never_scaled_like_the_amounts():
    page = ["Consolidated Statements of Cash Flows", "(In thousands)", "Years ended December 31, 2030 2029",
            "Employee taxes on certain share-based payment arrangements (257) (226)",
            "Accrued employee costs (20) (15)", "Worldwide employees 17,973 17,070",
            "Weighted average shares outstanding 1,500 1,520"]
    rows = _stored([page])
    by_label = {f.label: f for f in rows}
    assert by_label["Worldwide employees"].kind == "count" and by_label["Worldwide employees"].scale is None
    assert by_label["Weighted average shares outstanding"].scale == "thousand"     # a share count keeps the scale
    m = _choose("Verizon employees 2030", [f for f in rows if f.kind != "count"])
    assert isinstance(m, lookup.NoMatch), f"answered {m.fact.label} {m.fact.value_printed}"
    m = _choose("Verizon employees 2030", rows)
    assert isinstance(m, lookup.FactMatch) and m.fact.value_printed == "17,973"
    costs = _choose("Verizon accrued employee costs 2030", rows)      # money about employees is still money
    assert isinstance(costs, lookup.FactMatch) and costs.fact.value_printed == "(20)"


def test_return_on_equity_is_not_answered_with_equity():
    page = ["Consolidated Balance Sheets", "(Millions)", "December 31, 2030 2029", "Total shareholders' equity 24,711 22,177"]
    m = _choose("Verizon return on equity 2030", _stored([page]))
    assert isinstance(m, lookup.NoMatch), f"answered {m.fact.label} {m.fact.value_printed}"


def test_a_segment_word_beside_a_segments_name_is_not_a_qualifier_of_its_own():
    page = ["Segment Results", "(Millions)", "Years ended December 31, 2030 2029", "North America",
            "Net sales 106,110 79,785", "Operating income 2,837 2,361", "International", "Net sales 54,297 43,983",
            "Operating income (3,062) (1,283)"]
    m = _choose("Verizon North America segment operating income 2030", _stored([page]))
    assert isinstance(m, lookup.FactMatch) and m.fact.value_printed == "2,837"


def test_a_segments_row_answers_only_a_question_naming_the_segment():
    pages = [["Results of Operations", "($ in millions) 2030 2029", "Net sales $ 14,694 $ 14,544",
              "Adjusted EBIT 1,608 1,690", "Flexibles Segment", "($ in millions) 2030 2029",
              "Net sales $ 11,154 $ 11,151", "Adjusted EBIT 1,429 1,517"]]
    rows = _stored(pages)
    company = _choose("Verizon adjusted EBIT 2030", [f for f in rows if "Flexibles" in f.label_path])
    assert isinstance(company, lookup.NoMatch), f"answered {company.fact.label_path} {company.fact.value_printed}"
    m = _choose("Verizon adjusted EBIT 2030", rows)
    assert isinstance(m, lookup.FactMatch) and m.fact.value_printed == "1,608"
    m = _choose("Verizon Flexibles adjusted EBIT 2030", rows)
    assert isinstance(m, lookup.FactMatch) and m.fact.value_printed == "1,429"


def test_which_is_larger_states_the_verdict_over_two_companies_figures():
    from pipeline.nodes.comparison import which_is

    results = [{"company": "Boeing", "metric": "revenue", "year": 2022, "value": "66608", "unit": "million"},
               {"company": "3M", "metric": "revenue", "year": 2022, "value": "34229", "unit": "million"}]
    assert which_is("which is larger?", results) == "Boeing's is larger:"
    assert which_is("which had the lower revenue?", results) == "3M's is lower:"
    assert which_is("what about 2021?", results) == ""                            # not asked
    assert which_is("which is larger?", [results[0], {**results[1], "metric": "capex"}]) == ""   # not comparable
    older = [results[0], {**results[1], "year": 2021, "value": "70000"}]
    assert which_is("which is larger?", older) == ""                  # different years, not asked that way
    assert which_is("which is larger?", older, own_years=True) == "3M's (FY2021) is larger than Boeing's (FY2022):"
    scaled = [results[0], {**results[1], "value": "70000000", "unit": "thousand"}]     # 70,000 million in thousands
    assert which_is("which is larger?", scaled) == "3M's is larger:"


def test_a_discontinued_operations_per_share_line_is_never_diluted_eps():
    page = ["Selected Financial Data", "(In millions, except per share data) 2030 2029",
            "Earnings (loss) from discontinued operations per common share", "Basic — (0.20)", "Diluted — (0.20)",
            "Earnings per common share", "Basic 21.74 22.85", "Diluted 21.66 22.76"]
    m = _choose("Verizon diluted EPS 2030", _stored([page]))
    assert isinstance(m, lookup.FactMatch) and m.fact.value_printed == "21.66"
    only = [f for f in _stored([page]) if "discontinued" in f.label_path]
    assert isinstance(_choose("Verizon diluted EPS 2030", only), lookup.NoMatch)


def _segment_page(name: str, sales: str, backlog: str) -> list[str]:
    return [name, "(In millions)", "2030 2029", f"Net sales $ {sales} $ 1,000", "Operating profit 900 800",
            f"Backlog at year-end $ {backlog} $ 5,000"]


SEGMENT_BACKLOG = [_segment_page("Widgets", "11,000", "56,630"), _segment_page("Gadgets", "12,000", "28,735"),
                   _segment_page("Sprockets", "13,000", "34,949")]
COMPANY_BACKLOG = ["Selected financial data", "(In millions)", "2030 2029", "Net sales 36,000 33,000",
                   "Backlog 120,314 110,000"]


def test_a_row_printed_in_each_segments_table_is_never_the_companys_figure():
    # "Backlog at year-end" once per segment table (titled by the bare segment name): one of them is a part's
    m = _choose("Verizon backlog end of 2030", _stored(SEGMENT_BACKLOG))
    assert isinstance(m, lookup.NoMatch), f"answered {m.fact.label_path} {m.fact.value_printed} p. {m.fact.page}"
    assert {f.page for f in m.closest} == {1, 2, 3}            # the parts' rows are offered, not given
    with_total = _stored([*SEGMENT_BACKLOG, COMPANY_BACKLOG])
    for q in ("Verizon backlog end of 2030", "What was Verizon's total backlog at December 31, 2030?"):
        m = _choose(q, with_total)
        assert isinstance(m, lookup.FactMatch) and m.fact.value_printed == "120,314", (q, m)
    # the same figure printed in two tables (here in other units) is one figure, not one per part
    twice = _stored([COMPANY_BACKLOG, ["Five-year summary", "(In billions)", "2030 2029", "Backlog 120.3 110.0"]])
    from pipeline.retrieval.per_part import per_part_rows
    assert per_part_rows(twice, None, lookup.row_stems) == set()


def test_a_parts_row_under_the_measures_heading_is_named_as_that_parts_figure_with_its_sign():
    from pipeline.answer.lead_measure import named_as_printed
    from pipeline.question.lexicon import get_lexicon

    rows = _stored([["Segment Information", "(In millions)", "2030 2029", "Net sales:", "North America $ 245,000 $ 200,000",
                     "International 74,723 65,000", "Total net sales $ 319,723 $ 265,000", "Operating income (loss):",
                     "North America 7,000 6,000", "International (1,693) (2,142)", "Total operating income 5,307 3,858"]])
    sales = next(f for f in rows if f.label_path.endswith("International") and f.value_printed == "74,723")
    revenue = get_lexicon().get("revenue")
    assert named_as_printed(sales, "revenue", revenue) == "International net sales"      # never "revenue"
    total = next(f for f in rows if f.label == "Total net sales")
    assert named_as_printed(total, "revenue", revenue) == "revenue"
    loss = next(f for f in rows if f.value_printed == "(1,693)")
    assert shown(loss).startswith("a loss of") and shown(loss).endswith("1,693 million")
    assert not shown(next(f for f in rows if f.value_printed == "7,000")).startswith("a loss")


def test_a_total_row_read_under_a_changes_in_heading_is_still_the_metrics_row():
    # a two-line "Changes in operating assets and liabilities, net of ... / assumed liabilities:" heading is read as
    # the parent of the section's total; the statement's total still wins over the MD&A's rounded copy
    rows = _stored([["Consolidated Statements of Cash Flows", "(In thousands)",
                     "Years Ended December 1, 2030 December 2, 2029", "Cash flows from operating activities:",
                     "Net income $ 1,693,954 $ 1,168,782", "Depreciation 325,997 331,535",
                     "Changes in operating assets and liabilities, net of acquired assets and", "assumed liabilities:",
                     "Trade receivables, net (187,639) 7,928", "Accrued expenses 173,281 (29,658)",
                     "Net cash provided by operating activities 2,912,853 2,199,728"],
                    ["Liquidity and capital resources", "(In millions)", "Fiscal 2030 Fiscal 2029",
                     "Net cash provided by operating activities $ 2,912.9 $ 2,199.7"]])
    m = _choose("Verizon operating cash flow 2030", rows)
    assert isinstance(m, lookup.FactMatch) and m.fact.value_printed == "2,912,853", m
    moved = _choose("Verizon change in accrued expenses 2030", rows)
    assert isinstance(moved, lookup.FactMatch) and moved.fact.value_printed == "173,281"


def test_a_nil_cell_ranks_below_a_printed_figure_of_the_same_part():
    rows = _stored([["Segment results", "(In millions)", "2030 2029", "Sales including intersegment sales:",
                     "Flexibles $ 11,163 $ 10,010", "Rigid Packaging 3,393 3,000", "Intersegment sales:",
                     "Flexibles (12) (10)", "Rigid Packaging — —"]])
    m = _choose("Verizon Rigid Packaging segment 2030", rows)
    assert isinstance(m, lookup.FactMatch) and m.fact.value_printed == "3,393", m


@pytest.mark.parametrize("question,phrase", [
    ("Verizon marketing as % of revenue 2030", "marketing"),
    ("What was Verizon's technology and content expense as a percentage of net sales in 2030?", "technology and content expense"),   # as the question words it
    ("Verizon capex as % of revenue 2030", ""),                    # two metrics: the ratio path's
    ("Verizon revenue 2030", ""),                                  # no share asked
    ("Verizon revenue as % of marketing 2030", ""),                # the metric is the numerator, not the base
])
def test_a_line_the_lexicon_does_not_know_is_read_as_the_numerator_of_a_share(question, phrase):
    from pipeline.answer.share import numerator_phrase

    assert numerator_phrase(analyse(question)) == phrase


def test_a_row_under_a_parts_heading_is_led_by_that_parts_name():
    from pipeline.answer.figures import Answerer
    from pipeline.state import Carried, TurnState

    rows = _stored([["Segment results", "(In millions)", "2030 2029", "North America", "Operating income 7,033 7,267",
                     "AWS", "Operating income 9,201 7,296", "REVENUES", "Greater China 7,248 7,547",
                     "Total revenues 51,217 46,710"]])
    # follow-ups: carry-over added the company, the year (and the measure) as fields of the turn state
    for asked, metric, context, value, part in [
            ("AWS operating income that year?", None, ["Verizon", "FY2030"], "9,201", "AWS"),
            ("did it grow Greater China?", "revenue", ["Verizon", "FY2030", "revenue"], "7,248", "Greater China")]:
        carried = Carried(companies=["Verizon"], years=[2030], metric=metric, asked=asked, context=context,
                          from_turn=1)
        facts = analyse(asked, carried=carried)       # the question's own words, read with the carried fields
        assert facts.own_words() == asked and facts.carried_words() == context
        a = Answerer(TurnState(question=asked, carried=carried), None, facts, "Verizon", 2030, lambda p: 1)
        fact = next(f for f in rows if f.value_printed == value)
        ask = figure_ask.read_ask(facts.text, facts, facts.metric)
        assert a.part_named(fact, a.measure_name(), ask, label_said=False) == part
    total = next(f for f in rows if f.value_printed == "51,217")
    plain = analyse("Verizon revenue 2030")
    a = Answerer(TurnState(question="Verizon revenue 2030"), None, plain, "Verizon", 2030, lambda p: 1)
    assert a.part_named(total, "revenue", figure_ask.read_ask(plain.text, plain, plain.metric)) == ""   # the company's


@pytest.mark.parametrize("question,hard", [
    ("back to Verizon: operating profit 2030", []),            # how a chat moves on, not a qualifier
    ("ok, and Verizon operating profit 2030?", []),
    ("now switch to Verizon: net revenue 2030", []),
    ("What were Verizon's right-of-use assets in 2030?", ["right"]),   # a word of the measure stays a qualifier
    ("Verizon profit for the year to March 2030?", []),        # a month and year name the period, not the measure
    ("Verizon revenue for the year ended June 2030", []),
    ("What was Verizon's March quarter revenue 2030?", ["march", "quarter"]),   # a quarter named by its month stays
    ("Verizon revenue for the quarter ended March 2030", []),   # the quarter, told by its end, read as the part asked
    ("What did Verizon pay out in dividends in 2030?", []),   # the phrasal verb says how it is asked
    ("How much cash did Verizon have on hand at the end of 2030?", []),
    ("How big was Verizon's cash pile at 31 December 2030?", []),
])
def test_conversational_words_are_not_qualifiers(question, hard):
    f = analyse(question)
    assert figure_ask.read_ask(question, f, f.metric).hard == hard


def test_a_balance_items_movement_never_answers_the_balance():
    rows = _stored([["Consolidated Statements of Cash Flows", "(In millions)", "Years Ended December 31, 2030 2029",
                     "Changes in operating assets and liabilities:", "Inventories (1,234) (567)",
                     "Net cash provided by operating activities 6,000 5,500"],
                    ["Note 6. Inventories", "(In millions)", "December 31, 2030 2029", "Finished goods 3,000 2,800",
                     "Work in process 2,000 1,900", "Total inventories 5,000 4,700"]])
    m = _choose("Verizon inventory 2030", rows)
    assert isinstance(m, lookup.FactMatch) and m.fact.value_printed == "5,000", m
    nonGaap = _stored([["Non-GAAP reconciliation", "(In millions)", "2030 2029", "Adjusted EBIT 1,800 1,700"]])
    assert isinstance(_choose("Verizon EBIT 2030", nonGaap), lookup.NoMatch)          # adjusted only when asked
    assert isinstance(_choose("Verizon adjusted EBIT 2030", nonGaap), lookup.FactMatch)


def test_a_cash_flow_total_printed_in_parentheses_is_said_as_an_outflow():
    """'Net cash from operating activities (8,579)' worded without 'used': the amount is an outflow, said as one (a
    bare positive amount read as cash generated); a capital expenditure line stays an amount as its label names it."""
    def fact(label: str, printed: str, value: int) -> StoredFact:
        return StoredFact(5, "D", "Acme", "AR", 2023, 1, 2, "", "cash_flow", False, label, label, "2023", 2023, "year",
                          "", printed, Decimal(value), "thousand", "money", "AUD")
    assert shown(fact("Net cash from operating activities", "(8,579)", -8579)) == "an outflow of A$ 8,579 thousand"
    assert shown(fact("Net cash (outflow)/inflow from operating activities", "(12)", -12)) == \
        "an outflow of A$ 12 thousand"
    assert shown(fact("Net cash used in operating activities", "(8,579)", -8579)) == "A$ 8,579 thousand used"
    assert shown(fact("Payments for property, plant and equipment", "(275)", -275)) == "A$ 275 thousand"
    assert shown(fact("Net cash from operating activities", "8,579", 8579)) == "A$ 8,579 thousand"


def _rows(pages: list[list[str]], company: str, doc: str) -> list[StoredFact]:
    return [StoredFact(i, doc, company, "10K", 2030, f.page, f.line_no, f.table_title, f.statement, f.secondary,
                       f.label, f.label_path, f.column_header, f.fiscal_year, f.span, f.qualifiers, f.value_printed,
                       f.value, f.scale, f.kind, f.currency)
            for i, f in enumerate(extract(["\n".join(p) for p in pages], 2030, "10K"))]


@pytest.mark.parametrize("question,label,value", [
    ("What was Quarrow Widget's net income in FY2030?", "Net income", "4,406"),
    ("What were Quarrow Widget Holdings' total assets at the end of FY2030?", "Total assets", "134,855"),
])
def test_a_longer_form_of_the_company_name_is_whose_figure_it_is_never_a_qualifier(question, label, value):
    """The registry holds the short name ("Quarrow"); the analyst types the legal name's leading words
    ("Quarrow Widget"): those words say whose figure it is, never a qualifier that no statement row covers."""
    from pipeline.question.registry import Company, Registry

    reg = Registry([Company(key="QUARROW", name="Quarrow", legal_name="QUARROW WIDGET HOLDINGS, INC.",
                            aliases=("QUARROW WIDGET HOLDINGS, INC.", "QUARROW WIDGET HOLDINGS"))])
    rows = _rows([["QUARROW WIDGET HOLDINGS, INC.", "CONSOLIDATED STATEMENTS OF INCOME", "(in thousands)",
                   "Year Ended December 31, 2030 2029", "Revenue $ 108,975 $ 104,648",
                   "Income before income taxes 6,078 10,094", "Net income $ 4,406 $ 7,233"],
                  ["CONSOLIDATED BALANCE SHEETS", "(in thousands)", "December 31, 2030 2029",
                   "Total current assets 76,595 74,819", "Total assets $ 134,855 $ 138,714"]], "Quarrow", "Q_2030")
    f = analyse(question, reg)
    assert [c.key for c in f.companies] == ["QUARROW"]
    ask = figure_ask.read_ask(question, f, f.metric)
    assert ask.hard == []
    m = lookup.choose(ask, [x for x in rows if x.fiscal_year == 2030], ["Q_2030"])
    assert isinstance(m, lookup.FactMatch) and m.fact.label == label and m.fact.value_printed == value


def test_net_income_attributable_to_the_shareholders_is_that_row_not_the_net_loss_above_it():
    """A company's name inside the line ("Net loss attributable to Zorbex shareholders") is still the attributable
    line; asked for it, the consolidated "Net loss" above it (which includes noncontrolling interests) never
    answers."""
    rows = _rows([["Consolidated Statements of Operations", "(Dollars in millions)",
                   "Years ended December 31, 2030 2029",
                   "Total revenues 62,286 58,158", "Net loss (4,290) (12,002)",
                   "Less: net loss attributable to noncontrolling interest (88) (131)",
                   "Net loss attributable to Zorbex Shareholders ($4,202) ($11,873)"]], "Zorbex", "Z_2030")
    from pipeline.question.registry import Company, Registry

    q = "What was Zorbex's net income attributable to shareholders in FY2030?"
    f = analyse(q, Registry([Company(key="ZORBEX", name="Zorbex", legal_name="The Zorbex Company")]))
    m = lookup.choose(figure_ask.read_ask(q, f, f.metric), [x for x in rows if x.fiscal_year == 2030], ["Z_2030"])
    assert isinstance(m, lookup.FactMatch)
    assert m.fact.label == "Net loss attributable to Zorbex Shareholders" and m.fact.value == Decimal("-4202")


@pytest.mark.parametrize("question,label,value", [
    ("What were Zorbex's purchases of property and equipment in FY2030?", "Purchase of property and equipment", "(275)"),
    ("What was Zorbex's net interest income in FY2030?", "NET INTEREST INCOME", "129,698"),
    # six content words, and the statement named as where it is printed is not part of the line item
    ("What was Zorbex's issuance of common stock net of issuance costs in FY2030?",
     "Proceeds from issuance of common stock, net of issuance costs", "26,901"),
    ("What was Zorbex's repurchase of common stock in its statement of stockholders' equity for FY2030?",
     "Repurchase of common stock", "(9,650)"),
])
def test_a_line_item_named_in_three_or_more_words_is_looked_for_as_a_row_before_any_sentence(question, label, value):
    """A what-was question naming a line item in full is a figure question: its row is looked for (and the lead
    names it in the question's words), never only a sentence sharing its words."""
    from pipeline.answer.figure_kinds import asks_a_value
    from pipeline.question.registry import Company, Registry

    rows = _rows([["Statement of profit or loss", "(in thousands)", "Years ended December 31, 2030 2029",
                   "Interest income 150,000 120,000", "Interest expense (20,302) (10,100)",
                   "NET INTEREST INCOME 129,698 109,900", "(Loss)/Profit before income tax (1,239) 512"],
                  ["Statements of Cash Flows", "(in thousands)", "Years ended December 31, 2030 2029",
                   "Cash flows from investing activities", "Purchase of property and equipment (275) (1,306)",
                   "Net cash used in investing activities (22,300) (4,100)", "Cash flows from financing activities",
                   "Proceeds from issuance of common stock, net of issuance costs 26,901 —",
                   "Repurchase of common stock (9,650) (2,000)"]], "Zorbex", "Z_2030")
    f = analyse(question, Registry([Company(key="ZORBEX", name="Zorbex", legal_name="Zorbex Inc.")]))
    assert f.metric is None and asks_a_value(f)
    ask = figure_ask.read_ask(question, f, None)
    assert ask.measure in question.lower()          # "purchases of property and equipment", as asked
    m = lookup.choose(ask, [x for x in rows if x.fiscal_year == 2030], ["Z_2030"])
    assert isinstance(m, lookup.FactMatch) and m.fact.label == label and m.fact.value_printed == value
    assert not asks_a_value(analyse("What was the main reason Zorbex gave for its change of auditor and chief "
                                     "financial officer in FY2030?"))


@pytest.mark.parametrize("question,page,value", [
    # a "Liabilities and equity" heading above the equity total does not make it "Total liabilities and equity"
    ("Verizon total equity 2030", ["Consolidated Balance Sheets", "(In thousands)", "December 31, 2030 2029", "Assets",
                                   "Total assets 5,700 5,200", "Liabilities and equity", "Liabilities",
                                   "Total liabilities 1,600 1,500", "Equity", "Common stock 2 2",
                                   "Retained earnings 4,098 3,698", "Total equity 4,100 3,700",
                                   "Total liabilities and equity 5,700 5,200"], "4,100"),
    # a "Current assets" heading left open above "Total assets" does not make it total current assets
    ("Verizon total assets 2030", ["Statement of financial position", "31 March 31 March", "Note(s) 2030 2029",
                                   "Assets", "Non-current assets", "Intangible assets 3 3,875 2,114", "9,598 4,813",
                                   "Current assets", "Cash and cash equivalents 10 4,648 1,392", "4,768 5,347",
                                   "Total assets 14,367 10,160"], "14,367"),
    ("Verizon total assets 2030", ["Balance sheet", "2030 2029", "Current assets", "Cash 5 4",
                                   "Total current assets 9 8", "Total assets 20 18"], "20"),
])
def test_a_heading_above_a_total_does_not_exclude_the_total(question, page, value):
    m = _choose(question, _stored([page]))
    assert isinstance(m, lookup.FactMatch) and m.fact.value_printed == value, m


def test_a_basic_and_diluted_row_under_the_per_share_heading_answers_basic_eps_never_the_share_count():
    rows = _stored([["Statements of Operations", "(In thousands, except per share amounts)", "Years Ended December 31, 2030 2029",
                     "Net loss (9,926) (20,114)", "Net loss per share", "Basic and diluted $ (0.69) $ (1.39)",
                     "Shares used in computing net loss per share", "Basic and diluted 14,410 14,390"]])
    for question in ("Verizon net loss per share 2030", "Verizon basic EPS 2030", "Verizon diluted EPS 2030"):
        m = _choose(question, rows)
        assert isinstance(m, lookup.FactMatch) and m.fact.value_printed == "(0.69)", (question, m)


def test_net_assets_is_the_equity_total_and_profit_available_to_common_is_that_row():
    rows = _stored([["Statement of financial position", "2030 2029", "Total assets 8,818 7,900",
                     "Total liabilities 264 250", "Net assets 8,554 7,650", "Issued capital 9,000 8,000",
                     "Total equity 8,554 7,650"]])
    facts = analyse("Verizon net assets 2030")
    assert facts.metric is not None and facts.metric.key == "total_equity"       # never total assets
    m = _choose("Verizon net assets 2030", rows)
    assert isinstance(m, lookup.FactMatch) and m.fact.value_printed == "8,554", m
    income = _stored([["Consolidated Statements of Income", "Years Ended December 31, 2030 2029",
                       "NET INCOME 53,392 45,738", "Preferred stock dividends (4,054) (1,229)",
                       "NET INCOME AVAILABLE TO COMMON SHAREHOLDERS $ 49,338 $ 44,509"]])
    m = _choose("Verizon profit attributable to common shareholders 2030", income)
    assert isinstance(m, lookup.FactMatch) and m.fact.value_printed == "49,338", m
    m = _choose("Verizon net income 2030", income)
    assert isinstance(m, lookup.FactMatch) and m.fact.value_printed == "53,392", m


def test_a_loss_after_income_tax_is_said_as_a_loss():
    rows = _stored([["Statement of profit or loss", "2030 2029",
                     "(Loss)/Profit after income tax for the year attributable to the owners of Verizon (1,239,019) 733,000",
                     "Income tax expense (120,000) (90,000)"]])
    loss = next(f for f in rows if f.value_printed == "(1,239,019)")
    assert shown(loss).startswith("a loss of ")
    tax = next(f for f in rows if f.value_printed == "(120,000)")
    assert not shown(tax).startswith("a loss of ")        # an expense in parentheses is its amount


def test_a_weighted_average_row_never_answers_a_count_at_a_date():
    rows = _stored([["Statements of Operations", "(in thousands, except share and per share amounts)",
                     "Years Ended December 31, 2030 2029", "Net loss (18,650) (32,000)",
                     "Weighted average common shares outstanding, basic and diluted 34,163,437 27,100,000"]])
    m = _choose("How many shares outstanding did Verizon have at Dec 31 2030?", rows)
    assert isinstance(m, lookup.NoMatch), m                       # the year's mean, not the count at the date
    m = _choose("Verizon weighted average shares outstanding 2030", rows)
    assert isinstance(m, lookup.FactMatch) and m.fact.value_printed == "34,163,437"
    assert m.fact.scale is None                   # "(in thousands, except share ... amounts)": counted whole



def test_a_derived_amount_the_report_prints_is_read_from_its_row_before_it_is_computed(monkeypatch):
    """A German report prints "EBITDA 263.3" under its income statement and names its operating line "EBIT": the
    printed EBITDA answers (and its margin divides it), never a refusal for want of an operating income row."""
    from pipeline.answer.figures import Answerer
    from pipeline.state import TurnState

    rows = _stored([["Consolidated income statement", "EUR m 2030 2029", "Revenue 2,153.5 2,117.5",
                     "Earnings before interest and taxes (EBIT) 164.6 173.8", "Supplementary information:",
                     "Depreciation, amortisation and impairment 98.7 94.2", "EBITDA 263.3 268.0"]])
    monkeypatch.setattr(lookup, "find", lambda conn, ask, company, year, **k: lookup.choose(ask, rows, ["VERIZON_2030_10K"]))
    facts = analyse("Verizon EBITDA margin 2030?")
    a = Answerer(TurnState(question="q"), None, facts, "Verizon", 2030, lambda p: 1)
    assert a.value(facts.metric, 2030).value == Decimal("263.3")
    text, kind = a.answer()
    assert "12.2 %" in text and "263.3" in text
