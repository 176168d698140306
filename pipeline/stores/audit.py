"""The audit trail: an append-only, hash-chained record per turn (question, route, documents used, verdicts,
answer, citations, provider/model configuration, code version, time). A database trigger rejects UPDATE,
DELETE and TRUNCATE; rows leave only through `audit_prune(retention)`, and only when older than it.
API keys are never part of a record: the configuration names providers and models, nothing secret."""
from __future__ import annotations

import hashlib
import json
from datetime import datetime
from typing import Any, Iterator

from psycopg.types.json import Jsonb

GENESIS = "0" * 64
_LOCK = 74_210_007


def canonical(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def chain_hash(prev_hash: str, record: dict, at: str, turn_id: str) -> str:
    return hashlib.sha256(f"{prev_hash}|{at}|{turn_id}|{canonical(record)}".encode()).hexdigest()


def record_of(state, settings) -> dict:
    """What a reviewer needs, from the final turn state."""
    return {
        "question": state.question,
        "route": state.route,
        "route_reason": state.route_reason,
        "documents": [{"doc": d.doc, "page": d.page, "kept": d.kept, "reason": d.reason} for d in state.documents],
        "verdicts": {"groundedness": state.verdict,
                     "claims": [{"label": c.label, "verdict": c.verdict, "reason": c.reason} for c in state.claims],
                     "retries": state.retries, "cache": state.cache.get("band")},
        "answer": state.answer,
        "citations": [{"marker": c.marker, "doc": c.doc, "company": c.company, "fiscal_year": c.fiscal_year,
                       "page": c.page} for c in state.citations],
        "confidence": state.confidence,
        "answered_by": state.answered_by,
        "warnings": state.warnings,
        "config": {"embed_provider": settings.embed_provider, "embed_model": settings.embed_model_name,
                   "llm": (settings.llm_model or "gpt-4o-mini")
                   if (settings.openai_api_key or settings.openai_base_url) else None,
                   "llm_base_url": settings.openai_base_url, "rerank": settings.rerank_provider,
                   "pool_k": settings.pool_k, "final_k": settings.final_k},
    }


def append(conn, *, thread_id: str, turn_id: str, user_id: str, record: dict, code_version: str) -> str:
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK,))
        row = conn.execute("SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1").fetchone()
        if row is None:
            anchor = conn.execute("SELECT last_hash FROM audit_anchor WHERE id = 1").fetchone()
            prev = anchor[0] if anchor else GENESIS
        else:
            prev = row[0]
        at = conn.execute("SELECT now()").fetchone()[0]
        h = chain_hash(prev, record, at.isoformat(), turn_id)
        conn.execute("INSERT INTO audit_log (at, thread_id, turn_id, user_id, record, code_version, prev_hash, hash) "
                     "VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                     (at, thread_id, turn_id, user_id, Jsonb(record), code_version, prev, h))
    return h


def verify(conn) -> dict:
    """Walk the chain: every row's prev_hash is its predecessor's hash, every hash recomputes, ids have no gaps."""
    anchor = conn.execute("SELECT last_id, last_hash FROM audit_anchor WHERE id = 1").fetchone()
    expected_prev, expected_id = (anchor[1], anchor[0] + 1) if anchor else (GENESIS, None)
    problems: list[str] = []
    n = 0
    for rid, at, turn_id, record, prev, h in conn.execute(
            "SELECT id, at, turn_id, record, prev_hash, hash FROM audit_log ORDER BY id"):
        n += 1
        if expected_id is not None and rid != expected_id:
            problems.append(f"gap: rows {expected_id}..{rid - 1} are missing")
        if prev != expected_prev:
            problems.append(f"row {rid}: prev_hash does not match the previous row's hash")
        if chain_hash(prev, record, at.isoformat(), turn_id) != h:
            problems.append(f"row {rid}: content does not match its hash (altered)")
        expected_prev, expected_id = h, rid + 1
    return {"rows": n, "ok": not problems, "problems": problems, "anchored": bool(anchor)}


def export(conn, start: datetime | None, end: datetime | None) -> Iterator[dict]:
    cur = conn.execute("SELECT id, at, thread_id, turn_id, user_id, record, code_version, prev_hash, hash "
                       "FROM audit_log WHERE (%s::timestamptz IS NULL OR at >= %s) AND "
                       "(%s::timestamptz IS NULL OR at < %s) ORDER BY id", (start, start, end, end))
    cols = [d.name for d in cur.description]
    for row in cur:
        yield {k: (v.isoformat() if isinstance(v, datetime) else v) for k, v in zip(cols, row)}


def prune(conn, retention_days: float) -> int:
    n = conn.execute("SELECT audit_prune(make_interval(secs => %s))", (retention_days * 86400,)).fetchone()[0]
    conn.commit()
    return int(n)


def code_version() -> str:
    from pipeline.core.version import code_version as current

    return current()
