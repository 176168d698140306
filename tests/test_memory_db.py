"""Memory on the database: threads, checkpoints, notes, the semantic cache, retention, replay and ownership."""
import dataclasses
import json
import os
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from pipeline import nodes
from pipeline.core.access import OPERATOR
from pipeline.graph import run_turn
from pipeline.state import CitationRef, Claim, StepRecord
from pipeline.stores.checkpoints import new_thread_id

Q = "What was Verizon's capex in FY2030?"


def test_a_thread_carries_entities_and_checkpoints_every_node(ctx):
    t = new_thread_id()
    first = run_turn(Q, ctx, thread_id=t)
    second = run_turn("and what about net income?", ctx, thread_id=t)
    assert "$4,321 million" in second.answer and second.memory["carried"]
    steps = ctx.saver.turn_steps(t, 1)
    assert [s["node"] for s in steps] == [x.node for x in first.steps]        # one checkpoint per node
    assert all(s["parent_id"] == p["id"] for p, s in zip(steps, steps[1:]))  # parent pointers chain them
    assert [m.role for m in ctx.saver.history(t)] == ["user", "assistant"] * 2


def test_a_turn_that_ends_by_an_exception_keeps_every_completed_steps_record(ctx, monkeypatch):
    t = new_thread_id()

    def boom(state):
        raise RuntimeError("boom after verify")

    monkeypatch.setattr(nodes, "containment", boom)
    with pytest.raises(RuntimeError, match="boom"):
        run_turn(Q, ctx, thread_id=t)
    steps = ctx.saver.turn_steps(t, 1)
    names = [s["node"] for s in steps]
    assert names == ["carry_over", "summary", "notes", "route", "retrieve", "rerank", "grade", "synthesise",
                     "citations", "verify"]
    whole = steps[-1]["state"]            # the last checkpoint written holds the whole state so far
    assert [s["node"] for s in whole["steps"]] == names and whole["question"] == Q
    assert [c["state"]["steps"][-1]["node"] for c in steps[:-1]] == names[:-1]   # each node's own record
    assert [x["status"] for x in ctx.saver.turns(t)] == ["running"]              # out of the history
    assert ctx.saver.history(t) == []


def test_a_failed_statement_on_the_turns_connection_costs_it_no_checkpoint_or_audit_record(ctx, conn, monkeypatch):
    import psycopg

    real = nodes.verify

    def verify_then_fail(state, c, work, turn_conn):
        rec = real(state, c, work, turn_conn)
        with pytest.raises(psycopg.errors.DivisionByZero):
            turn_conn.execute("SELECT 1/0")       # the turn's connection is left in a failed transaction
        return rec

    monkeypatch.setattr(nodes, "verify", verify_then_fail)
    t = new_thread_id()
    s = run_turn(Q, ctx, thread_id=t)
    assert "$9,876 million" in s.answer and not s.warnings
    assert [c["node"] for c in ctx.saver.turn_steps(t, 1)] == [x.node for x in s.steps]
    assert [x["status"] for x in ctx.saver.turns(t)] == ["complete"]
    assert conn.execute("SELECT count(*) FROM audit_log WHERE turn_id = %s", (s.turn_id,)).fetchone()[0] == 1


@pytest.mark.corpus
def test_a_segment_the_threads_company_prints_is_read_as_its_part_not_a_company_not_held(ctx):
    from pipeline.stores import corpus
    from tests.conftest import corpus_pdf

    corpus_pdf("BOEING_2018_10K")       # the segment names are read from the real 10-K

    conn = ctx.connect()
    try:
        assert corpus.names_a_part(conn, "Boeing", "Global Services")      # "Global Services segment" in its 10-K
        assert not corpus.names_a_part(conn, "Boeing", "Airbus")           # a competitor it names, not a part
        assert not corpus.names_a_part(conn, "Boeing", "Global Services') OR 1=1 --")   # text, never SQL
    finally:
        conn.close()
    t = new_thread_id()
    run_turn("Boeing revenue 2018", ctx, thread_id=t)
    follow = run_turn("how about Global Services revenue", ctx, thread_id=t)
    assert follow.companies == ["Boeing"] and "don't hold" not in follow.answer, follow.answer


def test_thread_ids_are_unguessable_and_owned(ctx):
    ids = {new_thread_id() for _ in range(200)}
    assert len(ids) == 200 and all(len(i) >= 22 for i in ids)
    t = new_thread_id()
    run_turn(Q, ctx, thread_id=t, user_id="alice")
    with pytest.raises(PermissionError):
        run_turn("and in FY2029?", ctx, thread_id=t, user_id="mallory")
    assert [m.role for m in ctx.saver.history(t)] == ["user", "assistant"]


def test_offline_no_summary_is_computed_because_nothing_reads_it(ctx):
    """Only the model's synthesis prompt reads a summary (tests/test_model.py covers the model path and the
    summariser's failure); offline a long thread computes none, and loses nothing."""
    t = new_thread_id()
    for _ in range(6):
        run_turn(Q, ctx, thread_id=t)
    s = run_turn(Q, ctx, thread_id=t)
    step = next(x for x in s.steps if x.node == "summary")
    assert step.decision == "not needed" and "summary" not in s.memory and "context" not in s.memory
    assert s.answer == run_turn(Q, ctx).answer              # the long thread answers as a fresh question
    assert len(ctx.saver.history(t)) == 14


def test_notes_are_hints_with_provenance_never_sources(ctx):
    t = new_thread_id()
    run_turn(Q, ctx, thread_id=t, user_id="nora")
    s = run_turn("What was Verizon's net income in FY2030?", ctx, thread_id=new_thread_id(), user_id="nora")
    hints = s.memory["hints"]
    assert hints and "remembered, unverified" in hints[0] and "capital expenditure" in hints[0] and t[:6] in hints[0]
    assert all(c.doc == "VERIZON_2030_10K" for c in s.citations) and "9,876" not in s.answer
    assert ctx.notes.hints("someone-else", ["Verizon"]) == []
    assert ctx.notes.usual_companies("nora") == ["Verizon"]


def test_a_turn_reads_and_writes_its_notes_on_the_connection_it_holds(ctx):
    """The hints read, the note written, the checkpoints and the audit record of a conversation's turn all go
    through the one connection the turn borrows (pool.turn_connect), and the note still reaches the next turn."""
    from pipeline.memory.notes import Notes
    from pipeline.stores.checkpoints import CheckpointSaver

    borrows = []

    def connect():
        borrows.append(1)
        return ctx.connect()

    counted = dataclasses.replace(ctx, connect=connect, saver=CheckpointSaver(connect), notes=Notes(connect))
    t = new_thread_id()
    first = run_turn(Q, counted, thread_id=t, user_id="olga")
    assert len(borrows) == 1 and [s.node for s in first.steps].count("notes_write") == 1
    second = run_turn("And Verizon's net income in FY2030?", counted, thread_id=t, user_id="olga")
    assert len(borrows) == 2
    assert any("capital expenditure" in h and "remembered, unverified" in h for h in second.memory["hints"])
    assert len(ctx.saver.history(t)) == 4 and ctx.notes.usual_companies("olga") == ["Verizon"]   # 2 x (asked, answered)


def test_cache_exact_and_paraphrase_hit_near_misses_never(cached_ctx):
    c = cached_ctx
    first = run_turn(Q, c)
    assert first.cache["band"] == "miss" and any(x.node == "cache_write" and x.decision == "written" for x in first.steps)
    again = run_turn("What was Verizon's capital expenditure in fiscal 2030?", c)
    assert again.cache["hit"] and again.cache["similarity"] >= 0.95 and again.cache["cached_at"]
    assert "retrieve" not in [x.node for x in again.steps] and "$9,876 million" in again.answer
    for near_miss in ["What was Verizon's capex in FY2029?",            # other year (no_data anyway)
                      "What was 3M's capex in FY2018?",                  # other company
                      "Did Verizon's capex decrease in FY2030?",         # reversed polarity
                      "What was Verizon's net income in FY2030?",        # other metric
                      "What was Verizon's wireless capex in FY2030?"]:   # a qualifier the cached question lacks
        assert not run_turn(near_miss, c).cache["hit"], near_miss


def test_an_entry_written_by_other_code_is_never_returned(cached_ctx):
    """After an upgrade the rules that wrote an entry may have been fixed: only the code that wrote it reads it."""
    c = cached_ctx
    run_turn(Q, c)
    assert run_turn(Q, c).cache["hit"]
    c.cache.answered_by = "0.0.0+older"                 # the same database, read by another version of the code
    again = run_turn(Q, c)
    assert not again.cache["hit"] and "retrieve" in [x.node for x in again.steps]


def test_ungrounded_or_partial_answers_are_never_written(cached_ctx, conn):
    def synth(figures):
        def f(state, ctx, conn_, work=None):
            state.citations = [CitationRef(marker=1, doc="VERIZON_2030_10K", company="Verizon", fiscal_year=2030,
                                           page=2)]
            parts = [f"Verizon's capex was ${x} million [1]." for x in figures]
            state.answer = " ".join(parts)
            state.claims = [Claim(text=p, label=f"Verizon FY2030 capex {i}") for i, p in enumerate(parts)]
            return StepRecord(node="synthesise", decision="injected")
        return f

    for figures in (["5,555"], ["9,876", "8,765", "5,555"]):
        s = run_turn(Q, dataclasses.replace(cached_ctx, synthesiser=synth(figures)))
        assert next(x for x in s.steps if x.node == "cache_write").decision == "not written"
    assert conn.execute("SELECT count(*) FROM semantic_cache").fetchone()[0] == 0


def test_a_cached_answer_never_carries_a_stale_caveat_or_warning(cached_ctx, monkeypatch):
    run_turn(Q, cached_ctx)
    monkeypatch.setattr(nodes, "grade_docs", lambda *a: (_ for _ in ()).throw(RuntimeError("x")))
    hit = run_turn(Q, cached_ctx)
    assert hit.cache["hit"] and not hit.caveats and not hit.warnings and hit.confidence == "high"


def test_seed_band_runs_the_pipeline_with_the_old_answer_as_a_hint(cached_ctx):
    c = cached_ctx
    run_turn(Q, c)
    c.cache.return_threshold, c.cache.seed_threshold = 0.999, 0.5
    try:
        s = run_turn("Tell me Verizon's capex for FY2030 please, from the cash flow statement", c)
    finally:
        c.cache.return_threshold, c.cache.seed_threshold = 0.95, 0.80
    assert s.cache["band"] == "seed" and "retrieve" in [x.node for x in s.steps]
    assert "similar question" in s.memory["hints"][0]


def test_reingesting_a_document_invalidates_its_cache_entries(cached_ctx, conn, tmp_path, embedder, loaded):
    from ingest.run import ingest_paths
    from tests.pdfs import CASH_FLOW_PAGE, NARRATIVE_PAGE, write_pdf

    run_turn(Q, cached_ctx)
    assert conn.execute("SELECT count(*) FROM semantic_cache WHERE 'VERIZON_2030_10K' = ANY(docs)").fetchone()[0] == 1
    pdf = write_pdf(tmp_path / "VERIZON_2030_10K.pdf", [NARRATIVE_PAGE, CASH_FLOW_PAGE, ["An added page."]])
    assert ingest_paths([pdf], loaded, embedder=embedder, show_progress=False, by=OPERATOR)[0].status == "replaced"
    assert conn.execute("SELECT count(*) FROM semantic_cache WHERE 'VERIZON_2030_10K' = ANY(docs)").fetchone()[0] == 0


def test_trace_replays_without_rerunning_and_prune_bounds_the_table(env_settings, ctx, conn, monkeypatch):
    from pipeline.cli.main import main
    from pipeline.retrieval.retriever import Retriever

    t = new_thread_id()
    run_turn(Q, ctx, thread_id=t)
    monkeypatch.setattr(Retriever, "candidates", lambda *a, **k: (_ for _ in ()).throw(AssertionError("re-ran")))
    r = CliRunner().invoke(main, ["trace", t, "--json"])
    assert r.exit_code == 0, r.output
    turns = json.loads(r.output)
    assert turns[0]["status"] == "complete" and "$9,876 million" in turns[0]["answer"]
    assert [s["node"] for s in turns[0]["steps"]][:4] == ["carry_over", "summary", "notes", "route"]
    assert all("latency_ms" in s and "decision" in s for s in turns[0]["steps"])
    assert CliRunner().invoke(main, ["trace", t, "--user", "mallory"]).exit_code != 0
    conn.execute("UPDATE checkpoints SET created_at = now() - interval '100 days' WHERE thread_id = %s", (t,))
    conn.execute("UPDATE turns SET started_at = now() - interval '100 days', completed_at = now() - interval "
                 "'100 days' WHERE thread_id = %s", (t,))
    conn.execute("UPDATE threads SET updated_at = now() - interval '100 days' WHERE thread_id = %s", (t,))
    conn.commit()
    r = CliRunner().invoke(main, ["prune", "--older-than", "30"])
    assert r.exit_code == 0 and "checkpoints removed" in r.output
    assert conn.execute("SELECT count(*) FROM checkpoints WHERE thread_id = %s", (t,)).fetchone()[0] == 0
    assert conn.execute("SELECT count(*) FROM threads WHERE thread_id = %s", (t,)).fetchone()[0] == 0


def _ara(env, *args, **kw):
    return subprocess.Popen([sys.executable, "-m", "pipeline.cli.main", *args], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, **kw)


def test_sigkill_mid_turn_loses_no_completed_turn(env_settings, conn):
    env = dict(os.environ)
    t = new_thread_id()
    p = _ara(env, "ask", Q, "--thread", t)
    assert p.wait(timeout=120) == 0, p.stderr.read()
    env_pause = dict(env, ARA_DEBUG_PAUSE_AFTER_NODE="retrieve")
    p = _ara(env_pause, "ask", "What was Verizon's net income in FY2030?", "--thread", t)
    deadline = time.time() + 120
    while time.time() < deadline:
        row = conn.execute("SELECT count(*) FROM checkpoints WHERE thread_id = %s AND turn = 2 AND node = 'retrieve'",
                           (t,)).fetchone()
        conn.commit()
        if row[0]:
            break
        time.sleep(0.2)
    else:
        p.kill()
        pytest.fail("the paused turn never reached retrieve")
    p.kill()                                    # SIGKILL, mid-turn
    assert p.wait(timeout=30) == -9
    p = _ara(env, "ask", "and what about net income?", "--thread", t, "--json")
    out, err = p.communicate(timeout=120)
    assert p.returncode == 0, err
    third = json.loads(out)
    assert "$4,321 million" in third["answer"] and third["turn"] == 3
    assert any("Verizon" in c for c in third["memory"]["carried"])
    statuses = conn.execute("SELECT turn, status FROM turns WHERE thread_id = %s ORDER BY turn", (t,)).fetchall()
    assert statuses == [(1, "complete"), (2, "running"), (3, "complete")]   # the killed turn is cleanly absent


def test_an_entry_as_near_as_can_be_is_not_returned_for_a_question_with_another_qualifier(cached_ctx, monkeypatch):
    c = cached_ctx
    run_turn(Q, c)                                            # writes the capex entry
    from pipeline.memory.cache import canonical

    same = c.cache._embedder.get_query_embedding(canonical(Q))   # the stored entry's own vector
    monkeypatch.setattr(c.cache._embedder, "get_query_embedding", lambda text: same)   # every question: similarity 1
    assert c.cache.lookup("What was Verizon's capital expenditure in fiscal 2030?", "Verizon", 2030, "capex").hit
    near = c.cache.lookup("What was Verizon's wireless capex in FY2030?", "Verizon", 2030, "capex")
    assert near.similarity > 0.99 and near.band == "seed"


def test_a_name_printed_beside_an_assets_noun_is_a_part_in_postgres(migrated_conn):
    """The part pattern runs in Postgres: a mine, a cash-generating unit or an oil field the filings name is the
    company's part; a name written as a company, merely mentioned, or a customer's plant or a supplier's brand is not."""
    from pipeline.stores.corpus import part_pattern

    def part(text: str) -> bool:
        return migrated_conn.execute("SELECT %s ~* %s", (text, part_pattern("Kestrel Vale"))).fetchone()[0]

    assert part("Kestrel Vale: underground mine near the river, three shafts")
    assert part("impairment of the Kestrel Vale cash-generating unit")
    assert part("the Kestrel Vale segment") and part("the Kestrel Vale oil field")
    assert not part("we supply modules to the Kestrel Vale plant") and not part("Kestrel Vale brand products")
    assert not part("competitors such as Kestrel Vale Inc. and others")
    assert not part("we sold ore to Kestrel Vale under a long-term contract")
    assert not part("Kestrel Valeria mine")      # another name
