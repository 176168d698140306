"""The standard line-item vocabulary: an asked measure answered by a row printed in other words only when a standard
label group makes them one line, recorded; never a component, a total or another measure.

Generated statement pages of made-up companies (parsed into facts exactly as ingest does); no database.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from pipeline.question import line_vocabulary as lv
from pipeline.core import trace
from pipeline.question import figure_ask
from pipeline.guardrails import figure_fit
from pipeline.retrieval import fact_match as lookup
from pipeline.reading.facts import extract
from pipeline.question.analysis import analyse
from pipeline.stores.facts import StoredFact

ROOT = Path(__file__).resolve().parents[1]


def _facts(pages: list[list[str]], company: str = "Kestrel") -> list[StoredFact]:
    out = []
    for i, f in enumerate(extract(["\n".join(p) for p in pages], 2030, "10K")):
        out.append(StoredFact(i, "KESTREL_2030_10K", company, "10K", 2030, f.page, f.line_no, f.table_title,
                              f.statement, f.secondary, f.label, f.label_path, f.column_header, f.fiscal_year,
                              f.span, f.qualifiers, f.value_printed, f.value, f.scale, f.kind, f.currency))
    return out


def _income(*rows: str) -> list[str]:
    return ["Consolidated Statements of Operations", "(Dollars in millions)", "Years ended December 31, 2030 2029",
            *rows, "Net income 1,100 1,000"]


def _choose(question: str, facts: list[StoredFact]):
    q = analyse(question)
    ask = figure_ask.read_ask(question, q, q.metric)
    return lookup.choose(ask, [f for f in facts if f.fiscal_year == 2030], ["KESTREL_2030_10K"]), ask


def test_cost_of_sales_asked_and_printed_in_the_standard_groups_other_words_is_answered_and_recorded():
    facts = _facts([_income("Net revenues 9,000 8,000", "Cost of goods and services sold (5,400) (5,000)",
                            "Gross profit 3,600 3,000")])
    found, _ = _choose("What was the cost of sales in FY2030?", facts)
    assert isinstance(found, lookup.FactMatch)
    assert found.fact.label == "Cost of goods and services sold" and found.fact.value_printed == "(5,400)"
    assert found.via is not None and found.via.printed == "Cost of goods and services sold"
    assert "standard label group: Cost of revenue/Cost of goods and services sold" == found.via.reason()


def test_a_measure_the_lexicon_does_not_name_is_linked_to_the_printed_label_and_passes_question_fit():
    facts = _facts([_income("Revenue 9,000 8,000", "Cost of revenue (5,400) (5,000)", "Gross profit 3,600 3,000")])
    question = "What was the cost of goods and services sold in FY2030?"
    found, ask = _choose(question, facts)
    assert isinstance(found, lookup.FactMatch) and found.fact.label == "Cost of revenue"
    assert found.via is not None
    figure = {"row_label": found.fact.label, "row_path": found.fact.label_path, "table": found.fact.table_title,
              "column": found.fact.column_header, "column_fy": 2030, "company": "Kestrel"}
    assert figure_fit.fit(ask, figure, "Kestrel", 2030) == []
    gross = facts[[f.label for f in facts].index("Gross profit")]
    assert figure_fit.fit(ask, {**figure, "row_label": gross.label, "row_path": gross.label_path}, "Kestrel", 2030) \
        == ["measure"]


def test_a_row_that_covers_the_asked_words_itself_ranks_above_a_linked_one():
    facts = _facts([_income("Revenue 9,000 8,000", "Cost of goods and services sold (5,400) (5,000)",
                            "Cost of sales (5,300) (4,900)")])
    found, _ = _choose("What was the cost of sales in FY2030?", facts)
    assert isinstance(found, lookup.FactMatch) and found.fact.label == "Cost of sales" and found.via is None


def test_revenue_asked_with_only_gross_profit_printed_is_not_answered():
    facts = _facts([_income("Cost of revenue (5,400) (5,000)", "Gross profit 3,600 3,000")])
    found, _ = _choose("What was the revenue in FY2030?", facts)
    assert isinstance(found, lookup.NoMatch)


def test_a_component_under_a_heading_of_the_same_group_is_never_linked():
    q = analyse("What was the cost of sales in FY2030?")
    ask = figure_ask.read_ask("What was the cost of sales in FY2030?", q, q.metric)
    assert lookup.vocabulary_link(ask, "Cost of goods and services sold",
                                  "Cost of revenue \u203a Cost of goods and services sold") is None
    assert lookup.vocabulary_link(ask, "Cost of goods and services sold", "Cost of goods and services sold") \
        is not None


LOOSE = lv.Vocabulary([lv.Group("loose", ("Selling, general and administrative expense", "Selling and marketing expense",
                                          "General and administrative expense", "Depreciation and amortization",
                                          "Depreciation", "Interest expense", "Interest income (expense), net",
                                          "Revenue", "Gross profit"), "a deliberately loose test group")])


@pytest.mark.parametrize("asked,printed", [
    ("selling and marketing expense", "Selling, general and administrative expense"),   # overlapping measures
    ("general and administrative expense", "Selling, general and administrative expense"),   # a component
    ("depreciation", "Depreciation and amortization"),                                  # a component
    ("interest expense", "Interest income (expense), net"),                             # a qualified variant
    ("selling and marketing expense", "General and administrative expense"),            # two components
])
def test_even_a_loose_group_never_joins_a_component_a_total_or_an_overlapping_measure(asked, printed):
    assert LOOSE.link(asked, printed) is None
    assert LOOSE.rejected == LOOSE.groups      # a group holding such a pair links nothing at all
    pair = lv.Vocabulary([lv.Group("pair", ("Cost of revenue", "Cost of goods and services sold"), "test")])
    assert pair.link("cost of sales", "Cost of goods and services sold") is not None and not pair.rejected


def test_printing_variants_fold_to_the_same_words():
    assert lv.words("Net cash provided by (used in) operating activities") == \
        lv.words("Net cash from operating activities")
    assert lv.words("Cost of sales (a)") == lv.words("Cost of revenue")
    assert lv.words("Short-term investments") == lv.words("Short term investments")
    assert lv.relation(lv.words("Cash"), lv.words("Cash and cash equivalents")) == "nested"


def test_the_trace_shows_which_line_answered_and_why():
    rows = trace.figure_rows([{"marker": 1, "company": "Kestrel", "label": "cost of sales", "year": 2030,
                               "value": "(5,400)", "row_label": "Cost of revenue", "doc": "D", "page": 3,
                               "matched_by": "'cost of sales' = 'Cost of revenue' (standard label group: x/y)"}])
    assert rows[0]["matched_by"].startswith("'cost of sales' = 'Cost of revenue'")
    assert "matched_by" not in trace.figure_rows([{"marker": 1, "row_label": "Revenue"}])[0]


def test_the_shipped_groups_name_their_source_and_license_and_hold_no_nested_or_overlapping_labels():
    text = lv.DATA.read_text(encoding="utf-8")
    assert "edgartools" in text and "MIT License" in text and "Permission is hereby granted" in text
    vocab = lv.get_vocabulary()
    assert vocab.groups and vocab.source.startswith("edgartools ")
    for g in vocab.groups:
        keys = [lv.words(lab) for lab in g.labels]
        for i, a in enumerate(keys):
            for b in keys[i + 1:]:
                assert lv.relation(a, b) in ("same", "apart"), (g.name, a, b)


def _generator():
    spec = importlib.util.spec_from_file_location("build_line_vocabulary", ROOT / "tools" / "build_line_vocabulary.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_generator_reads_tags_as_labels_and_keeps_only_confirmed_same_line_members():
    gen = _generator()
    assert gen.tag_label("us-gaap_CostOfGoodsAndServicesSold") == "Cost of goods and services sold"
    assert gen.tag_label("CashAndCashEquivalentsAtCarryingValue") == "Cash and cash equivalents"
    std = {"CostOfRevenue": "COGS", "CostOfGoodsAndServicesSold": "COGS", "DirectOperatingCosts": "Other",
           "SellingGeneralAndAdministrativeExpense": "SGA", "SellingAndMarketingExpense": "SGA"}
    members = [(gen.tag_label(t), [t]) for t in
               ("CostOfRevenue", "CostOfGoodsAndServicesSold", "DirectOperatingCosts", "CostOfGoodsSold")]
    kept, dropped = gen.strict(members, std)
    assert kept == ["Cost of revenue", "Cost of goods and services sold"]
    assert {lab for lab, _ in dropped} == {"Direct operating costs", "Cost of goods sold"}   # unconfirmed; nested
    kept, _ = gen.strict([(gen.tag_label(t), [t]) for t in
                          ("SellingGeneralAndAdministrativeExpense", "SellingAndMarketingExpense")], std)
    assert kept == ["Selling general and administrative expense"]     # confirmed, but an overlapping measure


def test_every_match_records_what_linked_the_asked_words_to_the_row():
    facts = _facts([_income("Revenue 9,000 8,000", "Cost of revenue (5,400) (5,000)", "Gross profit 3,600 3,000")])
    q = analyse("What was the revenue in FY2030?")
    ask = figure_ask.read_ask("What was the revenue in FY2030?", q, q.metric)
    found = lookup.choose(ask, facts, ["KESTREL_2030_10K"])
    assert isinstance(found, lookup.FactMatch) and found.why(ask) == "'revenue' = 'Revenue' (lexicon: revenue)"
    question = "What was the cost of goods and services sold in FY2030?"
    q = analyse(question)
    ask = figure_ask.read_ask(question, q, q.metric)
    found = lookup.choose(ask, facts, ["KESTREL_2030_10K"])
    assert isinstance(found, lookup.FactMatch)
    assert found.why(ask).startswith("'cost of goods and services sold' = 'Cost of revenue' (standard label group:")


def test_the_answer_names_the_printed_line_and_the_group_that_linked_it(monkeypatch):
    from pipeline.answer.figures import Answerer
    from pipeline.state import TurnState

    facts = _facts([_income("Revenue 9,000 8,000", "Cost of goods and services sold (5,400) (5,000)",
                            "Gross profit 3,600 3,000")], company="Verizon")
    monkeypatch.setattr(lookup, "find", lambda conn, ask, company, year, **kw:
                        lookup.choose(ask, [f for f in facts if f.fiscal_year == year], ["KESTREL_2030_10K"]))
    from pipeline.stores import facts as store      # the answer reads the table around its row (other basis)
    monkeypatch.setattr(store, "table_facts", lambda conn, doc, page: [f for f in facts if f.page == page])
    question = "What was Verizon's cost of sales in FY2030?"
    state = TurnState(question=question)
    text, kind = Answerer(state, None, analyse(question), "Verizon", 2030, lambda p: 1).answer()
    assert "printed as 'Cost of goods and services sold' (standard label group: Cost of revenue/Cost of goods and " \
           "services sold)" in text, text
    assert "5,400" in text or "5.4" in text, text
    assert state.figures[0]["matched_by"].startswith("'cost of sales' = 'Cost of goods and services sold'")

    state = TurnState(question="What was Verizon's revenue in FY2030?")
    monkeypatch.setattr(lookup, "find", lambda conn, ask, company, year, **kw: lookup.choose(
        ask, [f for f in facts if f.fiscal_year == year and f.label != "Revenue"], ["KESTREL_2030_10K"]))
    text, kind = Answerer(state, None, analyse(state.question), "Verizon", 2030, lambda p: 1).answer()
    assert kind == "not_found" and not state.figures, text      # gross profit is never the revenue


def test_the_shipped_file_is_what_the_generator_writes_from_the_installed_edgartools(tmp_path):
    if importlib.util.find_spec("edgar") is None:
        pytest.skip("edgartools is not installed (make line-vocabulary installs it); the shipped file is not rebuilt")
    from importlib.metadata import version

    if f'source = "edgartools {version("edgartools")}"' not in lv.DATA.read_text(encoding="utf-8"):
        pytest.skip("another edgartools version is installed than the shipped file was built from")
    out = tmp_path / "line_vocabulary.toml"
    assert _generator().main(["--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == lv.DATA.read_text(encoding="utf-8")
