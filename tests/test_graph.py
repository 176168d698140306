"""The turn graph end to end on the session database: routes, the retry loop, and fault injection per layer."""
import dataclasses

import pytest
from click.testing import CliRunner

from pipeline import nodes
from pipeline.guardrails import final_gate
from pipeline.graph import run_turn
from pipeline.guardrails.policy import POLICY
from pipeline.state import CitationRef, Claim, StepRecord

FALLBACK_START = "I could not answer that reliably"


def test_routes_over_the_corpus(ask):
    assert ask("What's the weather in Paris?").route == "out_of_scope"
    assert ask("What were the numbers last year?").route == "clarify"
    a = ask("What was Verizon's capex in FY2025?")     # (a report prints at most the four years before its own)
    assert a.route == "no_data" and a.answer == "I have Verizon FY2030, not FY2025."
    assert ask("What does EBITDA mean?").route == "direct"


def test_computed_growth_cites_both_inputs(ask):
    a = ask("How much did Verizon's capex grow in FY2030?")
    assert "(9,876 [1] − 8,765 [1]) / 8,765 = 12.7 %" in a.answer
    assert a.results[0]["metric"] == "capex_growth" and a.verdict == "pass"
    assert [c.verdict for c in a.claims] == ["derived"]


def test_every_path_passes_the_final_gate(ask):
    for q in ["What's the weather in Paris?", "What was Verizon's capex in FY2030?", "What does EBITDA mean?"]:
        assert [s.node for s in ask(q).steps][-3:] == ["final_gate", "shape", "audit"]


def _injected(figures):
    """A synthesiser that writes the given figures for Verizon FY2030 capex, cited to the statement page."""
    def synth(state, ctx, conn, work=None):
        state.citations = [CitationRef(marker=1, doc="VERIZON_2030_10K", company="Verizon", fiscal_year=2030, page=2)]
        parts = [f"Verizon's capex was ${f} million [1]." for f in figures]
        state.answer = " ".join(parts)
        state.claims = [Claim(text=p, label=f"Verizon FY2030 capex {i}") for i, p in enumerate(parts)]
        return StepRecord(node="synthesise", decision="injected")
    return synth


def test_much_unsupported_retries_twice_with_new_queries_then_falls_back(ctx):
    c = dataclasses.replace(ctx, synthesiser=_injected(["5,555"]))
    s = run_turn("What was Verizon's capex in FY2030?", c)
    assert [x.node for x in s.steps].count("retrieve") == 3
    assert s.retries == 2 and len(set(s.retry_queries)) == 2
    assert s.query not in s.retry_queries[:1]
    assert any(x.node == "retry" and x.decision == "exhausted" for x in s.steps)
    assert s.answer.startswith(FALLBACK_START) and not s.citations and s.confidence == "low"


def test_little_unsupported_answers_with_a_specific_caveat(ctx):
    c = dataclasses.replace(ctx, synthesiser=_injected(["9,876", "8,765", "5,555"]))
    s = run_turn("What was Verizon's capex in FY2030?", c)
    assert s.retries == 0 and s.verdict == "partial" and s.confidence == "medium"
    assert s.caveats == ["Unverified: Verizon FY2030 capex"]
    assert "5,555" in s.answer and "5,555" not in s.caveats[0]


def test_nothing_unsupported_is_clean(ctx):
    s = run_turn("What was Verizon's capex in FY2030?", dataclasses.replace(ctx, synthesiser=_injected(["9,876"])))
    assert s.verdict == "pass" and not s.caveats and s.retries == 0


def _fail_open_rows(conn, layer):
    return conn.execute("SELECT count(*) FROM fail_open_events WHERE layer = %s", (layer,)).fetchone()[0]


def _boom(*a, **k):
    raise RuntimeError("injected fault (api_key=sk-secret-should-not-leak)")


@pytest.mark.parametrize("node,layer", [("rerank", "reranker"), ("grade_docs", "grader"), ("verify", "groundedness")])
def test_precision_layers_fail_open_loudly(ask, conn, monkeypatch, node, layer):
    assert POLICY[layer].mode == "open"
    before = _fail_open_rows(conn, layer)
    monkeypatch.setattr(nodes, node, _boom)
    s = ask("What was Verizon's capex in FY2030?")
    assert "$9,876 million" in s.answer                     # the turn still answers
    failed = [x for x in s.steps if x.failed_open]
    assert len(failed) == 1 and failed[0].decision == "failed open"
    assert POLICY[layer].warning in s.warnings                # visible to the analyst
    assert _fail_open_rows(conn, layer) == before + 1         # counted in Postgres
    assert "sk-secret" not in str(s.to_json())                # keys never reach traces
    if layer == "groundedness":
        assert s.verdict == "not_checked" and s.confidence == "low"


@pytest.mark.parametrize("node,layer", [("retrieve", "retrieve"), ("synthesise", "synthesise"),
                                        ("resolve_citations", "citations")])
def test_correctness_floors_fail_closed(ask, monkeypatch, node, layer):
    assert POLICY[layer].mode == "closed"
    monkeypatch.setattr(nodes, node, _boom)
    s = ask("What was Verizon's capex in FY2030?")
    assert s.answer.startswith(FALLBACK_START) and not s.citations and "9,876" not in s.answer
    assert any(x.decision == "failed closed" for x in s.steps)


def test_final_gate_fails_closed_by_construction(ask, monkeypatch):
    monkeypatch.setattr(final_gate, "check", _boom)
    s = ask("What was Verizon's capex in FY2030?")
    assert s.answer.startswith(FALLBACK_START) and not s.citations


def test_citation_to_a_missing_page_never_reaches_the_analyst(ctx):
    def synth(state, ctx, conn, work=None):
        state.citations = [CitationRef(marker=1, doc="VERIZON_2030_10K", company="Verizon", fiscal_year=2030, page=99)]
        state.answer = "Verizon's capex was $9,876 million [1]."
        return StepRecord(node="synthesise", decision="injected")
    s = run_turn("What was Verizon's capex in FY2030?", dataclasses.replace(ctx, synthesiser=synth))
    assert s.answer.startswith(FALLBACK_START) and not s.citations


def test_health_reports_fail_open_counts_and_exits_nonzero_over_threshold(env_settings, ask, monkeypatch):
    from pipeline.cli.main import main

    monkeypatch.setattr(nodes, "grade_docs", _boom)
    ask("What was Verizon's capex in FY2030?")
    monkeypatch.undo()
    r = CliRunner().invoke(main, ["health", "--window", "1h", "--threshold", "0"])
    assert r.exit_code == 1 and "grader" in r.output and "OVER" in r.output
    r = CliRunner().invoke(main, ["health", "--window", "1h", "--threshold", "100000"])
    assert r.exit_code == 0


def test_oversized_question_is_truncated_with_a_notice(ask):
    s = ask("What was Verizon's capex in FY2030? " + "x" * 5000)
    assert len(s.question) == nodes.MAX_QUESTION_CHARS and any("only the first" in w for w in s.warnings)


def test_a_bare_noun_phrase_about_a_year_is_looked_up_in_the_tables(ask):
    state = ask("Verizon proceeds from dispositions 2030")
    assert "$55 million" in state.answer and state.citations[0].page == 2
