"""The facts table on the session database: filled at ingest, rebuilt from page texts, searched safely."""
from __future__ import annotations

import pytest

from pipeline.retrieval import facts_rebuild
from pipeline.question.figure_ask import Ask, stems
from pipeline.reading.facts import FACTS_VERSION
from pipeline.retrieval import fact_match
from pipeline.stores import facts as store


def test_ingest_fills_facts_with_periods_and_kinds(conn):
    rows = store.browse(conn, "VERIZON_2030_10K", "Capital expenditures")
    got = {(f.fiscal_year, f.value_printed) for f in rows}
    assert {(2030, "(9,876)"), (2029, "(8,765)"), (2028, "(7,654)")} <= got
    assert {f.scale for f in rows} == {"million"} and {f.statement for f in rows} == {"cash_flow"}
    assert {f.page for f in rows} == {2}


def test_stale_facts_are_rebuilt_from_the_stored_pages(conn):
    before = store.count(conn, "VERIZON_2030_10K")
    conn.execute("DELETE FROM facts WHERE doc_id = %s", ("VERIZON_2030_10K",))
    conn.execute("UPDATE documents SET facts_version = 'old' WHERE doc_id = %s", ("VERIZON_2030_10K",))
    conn.commit()
    assert "VERIZON_2030_10K" in store.stale_documents(conn, FACTS_VERSION)
    assert facts_rebuild.ensure_facts(conn) >= 1
    assert store.count(conn, "VERIZON_2030_10K") == before > 0
    assert "VERIZON_2030_10K" not in store.stale_documents(conn, FACTS_VERSION)


@pytest.mark.parametrize("text", ["%", "_", "' OR 1=1 --", "\\"])
def test_browse_treats_user_text_as_text(conn, text):
    assert store.browse(conn, "VERIZON_2030_10K", text) == []


def test_a_question_nothing_covers_gets_the_closest_lines_not_a_figure(ask):
    a = ask("What was Verizon's wireless segment capex in FY2030?")
    assert a.answer.startswith("I could not find") and "9,876" not in a.answer.split("Closest")[0]
    assert "Capital expenditures" in a.answer and a.suggestions
    assert not a.results


def test_a_printed_expense_is_an_amount_with_its_row_and_column(ask):
    a = ask("What was Verizon's capex in FY2030?")
    assert "$9,876 million" in a.answer and "-$9,876" not in a.answer
    assert 'row "' in a.answer and "printed as (9,876)" in a.answer


def _make_stale(conn, doc_id: str) -> None:
    conn.execute("UPDATE documents SET facts_version = 'old' WHERE doc_id = %s", (doc_id,))
    conn.commit()


def test_starting_a_process_rebuilds_no_facts(conn, settings, embedder, monkeypatch):
    """Start-up does no whole-corpus work: with every document's facts out of date (an upgrade), creating the turn
    context rebuilds none of them (at a thousand filings that was minutes before the first answer)."""
    from pipeline.nodes import TurnContext
    from pipeline.stores import db

    docs = [r[0] for r in conn.execute("SELECT doc_id FROM documents").fetchall()]
    for d in docs:
        _make_stale(conn, d)
    built = []
    monkeypatch.setattr(facts_rebuild, "extract_document", lambda c, d, pages=None: built.append(d))
    try:
        TurnContext.from_settings(settings, lambda: db.connect(settings), embedder=embedder)
        assert built == []
        assert set(store.stale_documents(conn, FACTS_VERSION)) == set(docs)
    finally:
        monkeypatch.undo()
        facts_rebuild.ensure_facts(conn)


def test_the_facts_lookup_rebuilds_only_the_stale_documents_it_reads(conn):
    before = store.count(conn, "VERIZON_2030_10K")
    others = [r[0] for r in conn.execute("SELECT doc_id FROM documents WHERE doc_id <> 'VERIZON_2030_10K'")]
    for d in ["VERIZON_2030_10K", *others]:
        _make_stale(conn, d)
    try:
        ask = Ask("capital expenditures", None, "capital expenditures", hard=stems("capital expenditures"))
        found = fact_match.find(conn, ask, "Verizon", 2030, docs=[("VERIZON_2030_10K", 2030, True)])
        assert isinstance(found, fact_match.FactMatch) and found.fact.value_printed == "(9,876)"
        assert "VERIZON_2030_10K" not in store.stale_documents(conn, FACTS_VERSION)
        assert set(store.stale_documents(conn, FACTS_VERSION)) == set(others)   # the documents not read stay as they were
        assert store.count(conn, "VERIZON_2030_10K") == before > 0
        assert facts_rebuild.ensure_current(conn, ["VERIZON_2030_10K"]) == 0   # current now: nothing more to do
    finally:
        facts_rebuild.ensure_facts(conn)


def test_a_derived_measure_of_a_segment_is_never_the_companys(ask):
    """'Wireless segment free cash flow': every input must be the segment's row, so the company's free cash flow
    (the only one the filing allows) is not presented as the segment's."""
    company = ask("What was Verizon's free cash flow in FY2030?")
    assert "2,469" in company.answer and "computed as" in company.answer
    segment = ask("What was Verizon's Wireless segment free cash flow in FY2030?")
    assert segment.answer.startswith("I could not find") and "wireless" in segment.answer.lower()
    assert "2,469" not in segment.answer and not segment.results


def test_ebit_where_no_line_prints_it_is_the_operating_income_said_as_such(ask):
    """A 10-K printing "Operating income" and no EBIT line: EBIT is that line, and the answer says it stands in."""
    from tests.conftest import corpus_pdf

    corpus_pdf("3M_2018_10K")
    a = ask("What was 3M's EBIT in FY2018?")
    assert "$7,207 million" in a.answer and "prints no" in a.answer and "operating income [1] is taken" in a.answer
    assert a.citations[0].page == 56


def test_a_margin_defined_by_the_question_with_ebit_in_it_uses_the_ebit_line_once(ask):
    """"EBIT margin (EBIT / net sales)": the definition names the margin, not EBIT (no recursion, no EBIT / sales /
    sales); EBIT is the operating income standing in for it."""
    from tests.conftest import corpus_pdf

    corpus_pdf("3M_2018_10K")
    a = ask("What was 3M's EBIT margin in FY2018 (EBIT / net sales)?")
    assert "22.0 %" in a.answer and "7,207" in a.answer, a.answer
