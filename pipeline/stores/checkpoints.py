"""The checkpoint saver: durable threads and turns, the turn state after every node (with a parent pointer),
and retention. Replay reads what was recorded here; it never re-runs a model.

Interface (small on purpose): ensure_thread, start_turn (or begin_turn: both in one transaction), put (or
put_many), finish_turn, history, turn_steps, threads, prune. Each write commits on its own, so a process killed
mid-turn leaves every completed turn intact and the interrupted one marked `running` (it is left out of the
history). The turn graph writes a turn's row when it starts and its step checkpoints together with the finished
turn (`finish_turn(..., checkpoints=...)`, one transaction): a turn is complete with all its steps, or running."""
from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any


def new_thread_id() -> str:
    """Unguessable: 128 bits from the OS's CSPRNG, as hex, so an id never starts with "-" (which a command line
    such as `ara trace ID` would read as an option)."""
    return secrets.token_hex(16)


@dataclass
class Message:
    role: str          # user | assistant
    content: str
    turn: int
    state: dict[str, Any] | None = None


class CheckpointSaver:
    def __init__(self, connect):
        self._connect = connect

    def on(self, connect) -> "CheckpointSaver":
        """The same saver writing through another `connect` (a turn's own connection, `pool.turn_connect`)."""
        return CheckpointSaver(connect)

    def _run(self, sql: str, params=(), fetch: str | None = None):
        with self._connect() as c:
            cur = c.execute(sql, params)
            rows = cur.fetchall() if fetch == "all" else cur.fetchone() if fetch == "one" else None
            c.commit()
            return rows

    def ensure_thread(self, thread_id: str, user_id: str = "local", title: str = "", one_off: bool = False) -> None:
        """Create (or touch) a thread. `one_off`: a single turn asked outside a conversation, kept traceable."""
        _check_owner(self._run(_ENSURE_THREAD, (thread_id, user_id, title[:120], one_off), fetch="one"), user_id)

    def owner(self, thread_id: str) -> str | None:
        row = self._run("SELECT user_id FROM threads WHERE thread_id = %s", (thread_id,), fetch="one")
        return row[0] if row else None

    def start_turn(self, thread_id: str, turn_id: str, question: str) -> int:
        row = self._run(_START_TURN, (thread_id, turn_id, question, thread_id), fetch="one")
        return int(row[0])

    def begin_turn(self, thread_id: str, user_id: str, turn_id: str, question: str, one_off: bool = False) -> int:
        """ensure_thread + start_turn in one transaction (one connection, one commit): the turn's number."""
        with self._connect() as c:
            try:
                _check_owner(c.execute(_ENSURE_THREAD, (thread_id, user_id, question[:120], one_off)).fetchone(),
                             user_id)
            except PermissionError:
                c.rollback()
                raise
            row = c.execute(_START_TURN, (thread_id, turn_id, question, thread_id)).fetchone()
            c.commit()
        return int(row[0])

    def put(self, thread_id: str, turn: int, step: int, node: str, state: dict, parent_id: int | None) -> int:
        """One checkpoint (a state dict): put_many of one."""
        return int(self.put_many(thread_id, turn, [(step, node, _json_text(state))], parent_id))

    def put_many(self, thread_id: str, turn: int, steps: list[tuple[int, str, str]], parent_id: int | None) -> int | None:
        """Several checkpoints in one transaction: (step, node, state as JSON text) each, chained by parent pointers
        from `parent_id`. The id of the last one (`parent_id` when `steps` is empty)."""
        with self._connect() as c:
            parent_id = _insert_steps(c, thread_id, turn, steps, parent_id)
            c.commit()
        return parent_id

    def finish_turn(self, thread_id: str, turn: int, answer: str, state: dict | str,
                    checkpoints: list[tuple[int, str, str]] = (), parent_id: int | None = None) -> int | None:
        """Mark the turn complete with its answer and final state (a dict, or its JSON text), writing the step
        `checkpoints` not yet written (as put_many) in the same transaction. The last checkpoint's id."""
        final = state if isinstance(state, str) else _json_text(state)
        with self._connect() as c:
            parent_id = _insert_steps(c, thread_id, turn, list(checkpoints), parent_id)
            c.execute("UPDATE turns SET status = 'complete', answer = %s, final_state = %s::jsonb, "
                      "completed_at = now() WHERE thread_id = %s AND turn = %s", (answer, final, thread_id, turn))
            c.execute("UPDATE threads SET updated_at = now() WHERE thread_id = %s", (thread_id,))
            c.commit()
        return parent_id

    def history(self, thread_id: str) -> list[Message]:
        """The completed turns of a thread as messages, oldest first (interrupted turns are left out)."""
        rows = self._run("SELECT turn, question, answer, final_state FROM turns WHERE thread_id = %s "
                         "AND status = 'complete' ORDER BY turn", (thread_id,), fetch="all") or []
        out: list[Message] = []
        for turn, q, a, st in rows:
            out.append(Message("user", q, turn))
            out.append(Message("assistant", a or "", turn, st))
        return out

    def turns(self, thread_id: str) -> list[dict]:
        rows = self._run("SELECT turn, turn_id, question, status, started_at, completed_at FROM turns "
                         "WHERE thread_id = %s ORDER BY turn", (thread_id,), fetch="all") or []
        return [dict(zip(("turn", "turn_id", "question", "status", "started_at", "completed_at"), r)) for r in rows]

    def completed_turn(self, turn_id: str) -> tuple[str, dict] | None:
        """(question, final state) of a completed turn by its id, from any thread (`ara eval promote`)."""
        row = self._run("SELECT question, final_state FROM turns WHERE turn_id = %s AND status = 'complete'",
                        (turn_id,), fetch="one")
        return (row[0], row[1]) if row else None

    def turn_steps(self, thread_id: str, turn: int) -> list[dict]:
        rows = self._run("SELECT id, step, parent_id, node, state, created_at FROM checkpoints "
                         "WHERE thread_id = %s AND turn = %s ORDER BY step", (thread_id, turn), fetch="all") or []
        return [dict(zip(("id", "step", "parent_id", "node", "state", "created_at"), r)) for r in rows]

    def threads(self, user_id: str | None = "local", limit: int = 50, one_off: bool | None = None) -> list[dict]:
        """Newest first, with what the first answered turn was about (companies, years) for titles, and the owner.
        `user_id`: whose threads (None: every user's, for reviewers; `pipeline.memory.conversations` decides who may).
        `one_off`: None lists all threads, False only conversations, True only one-off turns."""
        first = ("(SELECT f.final_state->%s FROM turns f WHERE f.thread_id = t.thread_id AND f.status = 'complete' "
                 "ORDER BY f.turn LIMIT 1)")
        rows = self._run(f"SELECT t.thread_id, t.title, t.updated_at, count(u.turn), t.one_off, t.created_at, "
                         f"{first}, {first}, t.user_id FROM threads t "
                         "LEFT JOIN turns u ON u.thread_id = t.thread_id AND u.status = 'complete' "
                         "WHERE (%s::text IS NULL OR t.user_id = %s) "
                         "AND (%s::boolean IS NULL OR t.one_off = %s::boolean) "
                         "GROUP BY t.thread_id ORDER BY t.updated_at DESC LIMIT %s",
                         ("companies", "years", user_id, user_id, one_off, one_off, limit), fetch="all") or []
        keys = ("thread_id", "title", "updated_at", "turns", "one_off", "created_at", "companies", "years", "user_id")
        return [{**dict(zip(keys, r)), "companies": r[6] or [], "years": r[7] or []} for r in rows]

    def prune(self, older_than_days: float) -> dict[str, int]:
        """Delete checkpoints (and the turns and threads left empty) older than the retention period."""
        with self._connect() as c:
            n_cp = c.execute("DELETE FROM checkpoints WHERE created_at < now() - make_interval(secs => %s)",
                             (older_than_days * 86400,)).rowcount
            n_turns = c.execute("DELETE FROM turns WHERE coalesce(completed_at, started_at) < now() - "
                                "make_interval(secs => %s)", (older_than_days * 86400,)).rowcount
            n_threads = c.execute("DELETE FROM threads t WHERE updated_at < now() - make_interval(secs => %s) "
                                  "AND NOT EXISTS (SELECT 1 FROM turns u WHERE u.thread_id = t.thread_id)",
                                  (older_than_days * 86400,)).rowcount
            c.commit()
        return {"checkpoints": n_cp, "turns": n_turns, "threads": n_threads}


_ENSURE_THREAD = ("INSERT INTO threads (thread_id, user_id, title, one_off) VALUES (%s, %s, %s, %s) "
                  "ON CONFLICT (thread_id) DO UPDATE SET updated_at = now() RETURNING user_id")
_START_TURN = ("INSERT INTO turns (thread_id, turn, turn_id, question) SELECT %s, coalesce(max(turn), 0) + 1, %s, %s "
               "FROM turns WHERE thread_id = %s RETURNING turn")


def _check_owner(owner_row, user_id: str) -> None:
    """A thread is written only by its owner (the row _ENSURE_THREAD returns)."""
    if owner_row and owner_row[0] != user_id:
        raise PermissionError("this thread belongs to another user")


def _insert_steps(c, thread_id: str, turn: int, steps: list[tuple[int, str, str]], parent_id: int | None) -> int | None:
    """Insert checkpoints on `c` (no commit), each pointing at the one before: ids are drawn from the sequence
    first (one round trip), so the rows go in as one pipelined batch."""
    if not steps:
        return parent_id
    ids = [r[0] for r in c.execute("SELECT nextval(pg_get_serial_sequence('checkpoints', 'id')) "
                                   "AS id FROM generate_series(1, %s) ORDER BY id", (len(steps),)).fetchall()]
    rows = []
    for cid, (step, node, state) in zip(ids, steps):
        rows.append((cid, thread_id, turn, step, parent_id, node, state))
        parent_id = cid
    with c.cursor() as cur:
        cur.executemany("INSERT INTO checkpoints (id, thread_id, turn, step, parent_id, node, state) "
                        "VALUES (%s, %s, %s, %s, %s, %s, %s::jsonb)", rows)
    return parent_id


def _json_text(obj: Any) -> str:
    return json.dumps(obj)


def dumps(obj: Any) -> str:
    return json.dumps(obj, default=str, ensure_ascii=False)
