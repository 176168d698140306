"""Several app processes on one database: a second OS process runs turns while this process runs the same
conversation's questions at the same time, both through pooled connections and the semantic cache. Afterwards,
from the database: every turn checkpointed once and audited once, the audit chain intact, no duplicate cache
entries, each conversation's history its own."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
QUESTIONS = ["What was 3M's capex in FY2018?", "and net income?", "What was Boeing's revenue in FY2018?"]

CHILD = """
import json, sys
from pipeline.graph import run_turn
from pipeline.nodes import TurnContext
from pipeline.settings import get_settings
from pipeline.stores import pool
ctx = TurnContext.from_settings(get_settings())
ctx.retriever.embedder.get_query_embedding("warm up")
print("ready", flush=True)
sys.stdin.readline()
thread, questions = sys.argv[1], json.loads(sys.argv[2])
ids = [run_turn(q, ctx, thread_id=thread, user_id="proc-b").turn_id for q in questions]
print(json.dumps({"turn_ids": ids, "pool": pool.stats()}), flush=True)
"""


@pytest.mark.corpus
def test_two_processes_write_one_database_once_each(loaded, embedder, conn):
    from tests.conftest import corpus_pdf

    corpus_pdf("3M_2018_10K")
    from pipeline.graph import run_turn
    from pipeline.nodes import TurnContext
    from pipeline.stores import integrity
    from pipeline.stores.checkpoints import new_thread_id

    start = integrity.cache_high_water(conn)
    conn.commit()
    env = dict(os.environ, ARA_DATA_DIR=str(loaded.data_dir), ARA_CACHE_ENABLED="true", ARA_DB_POOL_SIZE="3")
    env.pop("DATABASE_URL", None)
    if loaded.database_url:
        env["DATABASE_URL"] = loaded.database_url
    thread_a, thread_b = new_thread_id(), new_thread_id()
    child = subprocess.Popen([sys.executable, "-c", CHILD, thread_b, json.dumps(QUESTIONS)], env=env, cwd=ROOT,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "ready", child.stderr.read()[-2000:]
        ctx = TurnContext.from_settings(loaded.model_copy(update={"db_pool_size": 3}), embedder=embedder)
        child.stdin.write("go\n")
        child.stdin.flush()                      # both processes ask the same questions from here on, together
        mine = [run_turn(q, ctx, thread_id=thread_a, user_id="proc-a") for q in QUESTIONS]
        out, err = child.communicate(timeout=300)
        assert child.returncode == 0, err[-2000:]
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    theirs = json.loads(out.strip().splitlines()[-1])
    ids = [s.turn_id for s in mine] + theirs["turn_ids"]
    assert len(set(ids)) == 2 * len(QUESTIONS)
    conn.commit()
    rec = integrity.turn_records(conn, ids)
    assert rec["checkpointed_once"] == rec["audited_once"] == len(ids), rec
    chain = integrity.audit_chain(conn)
    assert chain["ok"], chain["problems"]
    written = integrity.cache_entries_since(conn, start)
    assert written >= 1                      # the first answer is cacheable: someone wrote it ...
    assert integrity.duplicate_cache_entries(conn, loaded.cache_return_threshold, start) == []   # ... once
    assert all(p["peak_borrowed"] <= 3 for p in theirs["pool"])
    for thread, user in ((thread_a, "proc-a"), (thread_b, "proc-b")):
        from pipeline.stores.checkpoints import CheckpointSaver
        from pipeline.stores import db

        asked = [m.content for m in CheckpointSaver(lambda: db.connect(loaded)).history(thread) if m.role == "user"]
        assert asked == QUESTIONS
    assert mine[1].companies == ["3M"] and mine[2].companies == ["Boeing"]
    integrity.forget_cache_since(conn, start)
