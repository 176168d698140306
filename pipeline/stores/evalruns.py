"""Evaluation runs and named baselines in Postgres (`eval_runs`), for `ara eval` and the dashboard; shadow runs
(`shadow_runs`: a candidate configuration answering live questions beside the product, never shown)."""
from __future__ import annotations

from psycopg.types.json import Jsonb

COLUMNS = ("id", "name", "mode", "is_baseline", "git_commit", "created_at", "metrics", "cases")


def store(conn, rec: dict, is_baseline: bool) -> None:
    conn.execute("INSERT INTO eval_runs (name, mode, is_baseline, git_commit, config, metrics, cases) "
                 "VALUES (%s, %s, %s, %s, %s, %s, %s)",
                 (rec["name"], rec["mode"], is_baseline, rec["commit"], Jsonb(rec["config"]), Jsonb(rec["metrics"]),
                  Jsonb(rec["cases"])))
    conn.commit()


def baseline_exists(conn, name: str) -> bool:
    return conn.execute("SELECT 1 FROM eval_runs WHERE name = %s AND is_baseline LIMIT 1", (name,)).fetchone() \
        is not None


def retire_baseline(conn, name: str) -> None:
    """Overwriting a baseline: earlier rows of that name stay as runs, no longer marked as the baseline."""
    conn.execute("UPDATE eval_runs SET is_baseline = false WHERE name = %s AND is_baseline", (name,))
    conn.commit()


def runs(conn, limit: int = 200) -> list[dict]:
    rows = conn.execute("SELECT id, name, mode, is_baseline, git_commit, created_at, metrics, cases FROM eval_runs "
                        "ORDER BY created_at DESC, id DESC LIMIT %s", (limit,)).fetchall()
    return [dict(zip(COLUMNS, r)) for r in rows]


def record_shadow(conn, turn_id: str, config: dict, question: str, live_answer: str, answer: str, state: dict) -> None:
    conn.execute("INSERT INTO shadow_runs (turn_id, config, question, live_answer, answer, state) "
                 "VALUES (%s, %s, %s, %s, %s, %s)", (turn_id, Jsonb(config), question, live_answer, answer, Jsonb(state)))
    conn.commit()
