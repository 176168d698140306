"""Every step records what it decided with its inputs and outputs (bounded), and every turn is traceable."""
import json

import pytest

from tests.conftest import corpus_pdf


def _step(state, node):
    return next(s for s in state.steps if s.node == node)


def _strings(obj):
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for v in obj.values():
            yield from _strings(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _strings(v)


def test_a_figure_turn_records_each_decision_with_its_inputs_and_outputs(ask):
    corpus_pdf("3M_2018_10K")
    s = ask("What was 3M's capex in FY2018?")
    assert "1,577" in s.answer

    r = _step(s, "retrieve").data
    assert set(r["retrievers"]) >= {"dense", "bm25", "statement"}
    for name, rows in r["retrievers"].items():
        assert 0 < len(rows) <= 20, name
        assert [x["rank"] for x in rows] == list(range(1, len(rows) + 1))
        if name in ("dense", "bm25"):     # dense and BM25 return their hits best first
            scores = [x["score"] for x in rows]
            assert scores == sorted(scores, reverse=True), name
    assert r["fusion"] and all(len(x["text"]) <= 200 for x in r["fusion"])
    # each fused row says where each retriever ranked the same chunk; the cash-flow page came from somewhere
    p60 = [x for x in r["fusion"] if x["page"] == 60]
    assert p60 and any(p60[0][f"{n} rank"] for n in ("dense", "bm25", "statement"))

    rr = _step(s, "rerank").data
    kept = [x for x in rr["pages"] if x["outcome"] == "kept"]
    assert len(kept) == len(s.documents) and sorted(x["final"] for x in kept) == list(range(1, len(kept) + 1))
    top = min(kept, key=lambda x: x["final"])
    assert top["page"] == 60 and "row 'capital expenditure' printed" in top["reason"]
    assert any(x["outcome"].startswith("cut") for x in rr["pages"])     # the pool is larger than the final cut
    assert all(x["before"] is not None for x in rr["pages"])

    g = _step(s, "grade").data
    assert g["kept"] + g["dropped"] == len(g["pages"]) == len(s.documents)
    assert all(x["reason"] for x in g["pages"])

    syn = _step(s, "synthesise").data
    assert syn["figures"][0]["value"].strip("()") == "1,577" and syn["figures"][0]["where"].endswith("p. 60")

    v = _step(s, "verify").data["claims"]
    assert v[0]["verdict"] == "supported" and "1,577" in v[0]["page span"] and len(v[0]["page span"]) <= 202

    assert _step(s, "final_gate").data["checked"]["citations"] == len(s.citations)
    assert _step(s, "shape").data["confidence"]["shown"] == s.confidence

    payload = [st.data for st in s.steps]
    assert max(len(x) for x in _strings(payload)) <= 1000       # the draft; every excerpt is shorter
    assert len(json.dumps(payload)) < 60_000                     # bounded: it is checkpointed after every node


def test_dropped_pages_are_recorded_with_their_reason(ctx, monkeypatch):
    """A page the grader drops shows in the grade step's table with why (whatever the grader decided)."""
    from pipeline.guardrails import grader
    from pipeline.graph import run_turn

    corpus_pdf("3M_2018_10K")
    real = grader.grade

    def stale(question, passages, companies, years):      # one of the pages is boilerplate for this question
        out = real(question, passages, companies, years)
        out[-1] = grader.Grade(out[-1].passage, False, "boilerplate: signatures")
        return out

    monkeypatch.setattr("pipeline.nodes.evidence.grade", stale)
    s = run_turn("What was 3M's capex in FY2018?", ctx)
    rows = _step(s, "grade").data["pages"]
    dropped = [x for x in rows if not x["kept"]]
    assert dropped and dropped[-1]["reason"] == "boilerplate: signatures"
    assert _step(s, "grade").decision.endswith(f"dropped {len(dropped)}")


def test_the_cache_step_records_the_compared_entry(cached_ctx):
    from pipeline.graph import run_turn

    corpus_pdf("3M_2018_10K")
    first = run_turn("What was 3M's capex in FY2018?", cached_ctx)
    assert _step(first, "cache_lookup").data["compared"] is None        # nothing cached yet
    again = run_turn("3M capital expenditure FY2018", cached_ctx)
    c = _step(again, "cache_lookup").data
    assert c["compared"]["question"] == "What was 3M's capex in FY2018?"
    assert (c["compared"]["company"], c["compared"]["fiscal_year"]) == ("3M", 2018)
    assert c["band"] == again.cache["band"] and c["similarity"] == pytest.approx(again.cache["similarity"])
    assert c["thresholds"]["return"] == cached_ctx.cache.return_threshold


def test_a_one_off_turn_is_traceable_and_marked(ctx):
    from pipeline.graph import run_turn

    s = run_turn("What was 3M's capex in FY2018?", ctx, one_off=True)
    assert s.thread_id and s.turn == 1
    listed = {t["thread_id"]: t for t in ctx.saver.threads("local", limit=500)}
    assert listed[s.thread_id]["one_off"] is True
    steps = ctx.saver.turn_steps(s.thread_id, 1)
    assert [c["node"] for c in steps][-1] == s.steps[-1].node
    assert steps[-1]["state"]["steps"][-1]["node"] == s.steps[-1].node
    convo = {t["thread_id"] for t in ctx.saver.threads("local", limit=500, one_off=False)}
    assert s.thread_id not in convo


def test_cli_ask_without_a_thread_prints_how_to_trace_it(env_settings):
    from click.testing import CliRunner

    from pipeline.cli.main import main

    out = CliRunner().invoke(main, ["ask", "What was 3M's capex in FY2018?", "--json"])
    assert out.exit_code == 0, out.output
    thread = json.loads(out.output)["thread_id"]
    assert thread
    traced = CliRunner().invoke(main, ["trace", thread, "--json"])
    assert traced.exit_code == 0, traced.output
    assert json.loads(traced.output)[0]["steps"]


def test_cli_retrieve_prints_final_rank_order_with_the_score_that_ordered_it(env_settings):
    from click.testing import CliRunner

    from pipeline.cli.main import main

    corpus_pdf("3M_2018_10K")
    out = CliRunner().invoke(main, ["retrieve", "What was 3M's capex in FY2018?", "--json"])
    assert out.exit_code == 0, out.output
    rows = json.loads(out.output)
    assert [r["rank"] for r in rows] == list(range(1, len(rows) + 1))
    keys = [(r["score"], r["fusion_score"]) for r in rows]
    assert keys == sorted(keys, reverse=True)       # the rerank score, ties in the fusion order
    assert rows[0]["page"] == 60 and rows[0]["score"] > rows[-1]["score"]
