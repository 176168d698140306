"""What several app processes writing one database must never break, read back from the database: every turn
recorded once (one `turns` row, unique checkpoint steps, one audit record), the audit chain intact, no two
semantic-cache entries that answer the same question, and how many connections are open. Used by the load
benchmark and the multi-process tests."""
from __future__ import annotations

from pipeline.stores import audit


def turn_records(conn, turn_ids: list[str]) -> dict:
    """For the given turn ids: how many have exactly one turn row (complete), one audit record, and checkpoints
    with no repeated step; and the ids that do not."""
    ids = list(turn_ids)
    turns = dict(conn.execute("SELECT turn_id, count(*) FROM turns WHERE turn_id = ANY(%s) AND status = 'complete' "
                              "GROUP BY turn_id", (ids,)).fetchall())
    audited = dict(conn.execute("SELECT turn_id, count(*) FROM audit_log WHERE turn_id = ANY(%s) GROUP BY turn_id",
                                (ids,)).fetchall())
    steps = {r[0]: (r[1], r[2]) for r in conn.execute(
        "SELECT t.turn_id, count(c.id), count(DISTINCT c.step) FROM turns t "
        "LEFT JOIN checkpoints c ON c.thread_id = t.thread_id AND c.turn = t.turn "
        "WHERE t.turn_id = ANY(%s) GROUP BY t.turn_id", (ids,)).fetchall()}
    bad_turn = [t for t in ids if turns.get(t) != 1]
    bad_audit = [t for t in ids if audited.get(t) != 1]
    bad_steps = [t for t in ids if t in steps and (steps[t][0] == 0 or steps[t][0] != steps[t][1])]
    return {"turns": len(ids), "checkpointed_once": len(ids) - len(set(bad_turn) | set(bad_steps)),
            "audited_once": len(ids) - len(bad_audit), "not_checkpointed_once": bad_turn + bad_steps,
            "not_audited_once": bad_audit}


def thread_turn_ids(conn, thread_ids: list[str]) -> list[str]:
    """The turn ids recorded on these threads (for turns run elsewhere, e.g. `ara ask --thread` processes)."""
    return [r[0] for r in conn.execute("SELECT turn_id FROM turns WHERE thread_id = ANY(%s) ORDER BY thread_id, turn",
                                       (list(thread_ids),)).fetchall()]


def audit_chain(conn) -> dict:
    return audit.verify(conn)


def duplicate_cache_entries(conn, threshold: float, since_id: int = 0) -> list[tuple[int, int, float]]:
    """Pairs of cache entries (at least one newer than `since_id`) with the same hard keys whose questions are as
    similar as a cache return: the second would never have been written by one process."""
    rows = conn.execute(
        "SELECT a.id, b.id, 1 - (a.embedding <=> b.embedding) FROM semantic_cache a JOIN semantic_cache b "
        "ON a.id < b.id AND a.company = b.company AND a.fiscal_year IS NOT DISTINCT FROM b.fiscal_year "
        "AND a.metric IS NOT DISTINCT FROM b.metric AND a.polarity = b.polarity AND a.embed_model = b.embed_model "
        "WHERE b.id > %s AND 1 - (a.embedding <=> b.embedding) >= %s ORDER BY b.id", (since_id, threshold)).fetchall()
    return [(int(a), int(b), float(s)) for a, b, s in rows]


def cache_high_water(conn) -> int:
    return int(conn.execute("SELECT coalesce(max(id), 0) FROM semantic_cache").fetchone()[0])


def cache_entries_since(conn, since_id: int) -> int:
    return int(conn.execute("SELECT count(*) FROM semantic_cache WHERE id > %s", (since_id,)).fetchone()[0])


def forget_cache_since(conn, since_id: int) -> int:
    n = conn.execute("DELETE FROM semantic_cache WHERE id > %s", (since_id,)).rowcount
    conn.commit()
    return n


def client_connections(conn) -> dict[str, int]:
    """Client connections open to this database now (this one excluded), per application_name (a pooled
    process's connections are named `ara:<pid>`, pipeline/stores/pool.py)."""
    return {r[0]: int(r[1]) for r in conn.execute(
        "SELECT application_name, count(*) FROM pg_stat_activity WHERE datname = current_database() "
        "AND backend_type = 'client backend' AND pid <> pg_backend_pid() GROUP BY application_name").fetchall()}


def max_connections(conn) -> tuple[int, int]:
    """The server's max_connections and superuser_reserved_connections."""
    return (int(conn.execute("SHOW max_connections").fetchone()[0]),
            int(conn.execute("SHOW superuser_reserved_connections").fetchone()[0]))
