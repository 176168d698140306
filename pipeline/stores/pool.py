"""Bounded connections per process: one `psycopg_pool.ConnectionPool` per database, shared by every thread of
the process (the Streamlit server's sessions, the load benchmark's conversations).

`connector(settings)` is the `connect` callable the turn context, the stores and the app take: each call
borrows a connection that behaves like a psycopg connection (`with connect() as c:` commits or rolls back, then
hands it back; `c.close()` hands it back too). A process never holds more than `ARA_DB_POOL_SIZE` pooled
connections; a borrower that finds them all busy waits up to `ARA_DB_POOL_TIMEOUT` seconds, then gets a clear
error. A turn holds one connection for its whole run and reads and writes its notes, checkpoints and audit record
on it (`turn_connect`); it borrows a second one briefly for a cache write, a fail-open counter, or when its own
connection broke, so `turn_slot()` admits at most `ARA_DB_POOL_SIZE - 1` turns at once per process: the last
connection is always free for those short writes, and a pool can never deadlock on itself. A returned connection
is checked when borrowed again and reset (RESET ALL) only after a statement that may change a session setting.

Limits (README, "Connection pooling"; docs/scaling.md): every app process uses at most `ARA_DB_POOL_SIZE`
connections plus one at start-up (migrations); a CLI command uses at most three. The sum over all processes
must stay below the server's `max_connections` minus its `superuser_reserved_connections`.
"""
from __future__ import annotations

import atexit
import os
import re
import threading
from contextlib import contextmanager
from typing import Callable, Iterator

import psycopg
from psycopg_pool import ConnectionPool, PoolTimeout

from pipeline.settings import Settings
from pipeline.stores import db

_pools: dict[tuple[str, int], "_Pool"] = {}
_lock = threading.Lock()


class _Pool:
    def __init__(self, settings: Settings):
        self.settings = settings
        self.size = settings.db_pool_size
        self.timeout = settings.db_pool_timeout
        self.pool = ConnectionPool(db.conninfo(settings), min_size=1, max_size=self.size, timeout=self.timeout,
                                   max_idle=300, check=ConnectionPool.check_connection, reset=_reset,
                                   kwargs={"connect_timeout": 10, "application_name": application_name(),
                                           **db.connect_options(settings)},
                                   name="ara", open=True)
        self.turns = threading.BoundedSemaphore(max(1, self.size - 1))
        self._count_lock = threading.Lock()
        self.borrowed = 0
        self.peak = 0
        self.thread_peak = 0          # most connections one thread held at once (a turn: 2)
        self._local = threading.local()
        db.note_use(settings)

    def borrow(self) -> "PooledConnection":
        try:
            conn = self.pool.getconn()
        except PoolTimeout:
            # not all borrowed by this process, yet none to be had: the embedded server may have gone away
            if self.settings.database_url or self.borrowed >= self.size:
                raise self._busy() from None
            db.recover(self.settings)
            self.pool.check()
            try:
                conn = self.pool.getconn()
            except PoolTimeout:
                raise self._busy() from None
        depth = getattr(self._local, "depth", 0) + 1
        self._local.depth = depth
        with self._count_lock:
            self.borrowed += 1
            self.peak = max(self.peak, self.borrowed)
            self.thread_peak = max(self.thread_peak, depth)
        return PooledConnection(self, conn)

    def _busy(self) -> db.DatabaseError:
        return db.DatabaseError(
            f"No database connection became free within {self.timeout:.0f} s: all {self.size} of this process's "
            f"are busy ({self.borrowed} borrowed; ARA_DB_POOL_SIZE, ARA_DB_POOL_TIMEOUT), or the database does "
            "not answer.")

    def give_back(self, conn: psycopg.Connection) -> None:
        self._local.depth = max(0, getattr(self._local, "depth", 1) - 1)
        with self._count_lock:
            self.borrowed -= 1
        self.pool.putconn(conn)


# A statement that may change a session setting (SET without LOCAL, RESET, set_config(..., false)): after one, the
# returned connection is reset before its next borrower gets it. Other statements leave nothing behind that
# RESET ALL would undo, so the reset's round trip is skipped for them (an open or failed transaction is rolled back
# by the pool either way, and a broken connection is discarded).
_SESSION_CHANGE = re.compile(r"(?:^|;)\s*(?:SET\s+(?!LOCAL\b)|RESET\b)|\bset_config\s*\((?![^)]*,\s*true\s*\))",
                             re.IGNORECASE)
_DIRTY = "_ara_session_changed"


def _may_change_session(query) -> bool:
    if isinstance(query, bytes):
        query = query.decode("utf-8", "replace")
    return not isinstance(query, str) or bool(_SESSION_CHANGE.search(query))   # a composed query: assume it may


def _reset(conn: psycopg.Connection) -> None:
    """A returned connection carries nothing to its next borrower: session settings are reset (RESET ALL) when a
    statement run on it may have changed one."""
    if conn.autocommit:
        conn.autocommit = False          # client-side: no round trip
    if not getattr(conn, _DIRTY, False):
        return
    conn.autocommit = True
    conn.execute("RESET ALL")
    conn.autocommit = False
    setattr(conn, _DIRTY, False)


class _Cursor:
    """A cursor of a borrowed connection: as psycopg's, noting a statement that may change a session setting."""

    def __init__(self, cur, conn: psycopg.Connection):
        self._cur, self._conn = cur, conn

    def __getattr__(self, name):
        return getattr(self._cur, name)

    def __iter__(self):
        return iter(self._cur)

    def __enter__(self) -> "_Cursor":
        self._cur.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        self._cur.__exit__(*exc)

    def execute(self, query, *args, **kw):
        if _may_change_session(query):
            setattr(self._conn, _DIRTY, True)
        self._cur.execute(query, *args, **kw)
        return self

    def executemany(self, query, *args, **kw):
        if _may_change_session(query):
            setattr(self._conn, _DIRTY, True)
        return self._cur.executemany(query, *args, **kw)


class PooledConnection:
    """A borrowed connection: everything a psycopg connection does, except that closing it hands it back."""

    def __init__(self, owner: _Pool, conn: psycopg.Connection):
        self._owner, self._conn = owner, conn

    def __getattr__(self, name):
        if self._conn is None:
            raise psycopg.InterfaceError("the connection was handed back to the pool")
        return getattr(self._conn, name)

    def execute(self, query, *args, **kw):
        conn = self._live()
        if _may_change_session(query):
            setattr(conn, _DIRTY, True)
        return conn.execute(query, *args, **kw)

    def cursor(self, *args, **kw):
        conn = self._live()
        return _Cursor(conn.cursor(*args, **kw), conn)

    def _live(self) -> psycopg.Connection:
        if self._conn is None:
            raise psycopg.InterfaceError("the connection was handed back to the pool")
        return self._conn

    @property
    def closed(self) -> bool:
        return self._conn is None or self._conn.closed

    def close(self) -> None:
        conn, self._conn = self._conn, None
        if conn is None:
            return
        try:
            if not conn.closed and conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
                conn.rollback()             # like psycopg's close(): an open transaction is discarded
        except psycopg.Error:
            pass                            # a broken connection: the pool discards it
        finally:
            self._owner.give_back(conn)

    def __enter__(self) -> "PooledConnection":
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        conn = self._conn
        try:
            if conn is not None and not conn.closed:
                if exc_type is None:
                    conn.commit()
                else:
                    conn.rollback()
        finally:
            self.close()


class _TurnHandle:
    """The turn's own connection lent to one write of the turn (`turn_connect`): as a borrowed connection, except
    that closing it keeps it with the turn."""

    def __init__(self, conn):
        self._conn = conn

    def __getattr__(self, name):
        return getattr(self._conn, name)

    def close(self) -> None:
        try:
            if not self._conn.closed and self._conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
                self._conn.rollback()       # as closing a borrowed one: what the write left open is discarded
        except psycopg.Error:
            pass                            # broken: the next write of the turn borrows a fresh one

    def __enter__(self) -> "_TurnHandle":
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        try:
            if not self._conn.closed:
                if exc_type is None:
                    self._conn.commit()
                else:
                    self._conn.rollback()
        finally:
            self.close()


def turn_connect(conn, fresh: Callable) -> Callable:
    """A `connect` callable for the writes of one turn (its checkpoints, its audit record) on the connection the turn
    already holds, instead of a borrow (a pool check and reset) each. Each call ends the turn's open read
    transaction first (commit; a failed statement's transaction is rolled back), so a write commits or fails on
    its own as on a fresh connection; a turn connection that is closed or broken is not lent: `fresh()` is."""

    def connect():
        try:
            if conn.closed or conn.info.status != psycopg.pq.ConnStatus.OK:
                return fresh()
            status = conn.info.transaction_status
            if status == psycopg.pq.TransactionStatus.INTRANS:
                conn.commit()
            elif status == psycopg.pq.TransactionStatus.INERROR:
                conn.rollback()
            elif status != psycopg.pq.TransactionStatus.IDLE:
                return fresh()
        except psycopg.Error:
            return fresh()
        return _TurnHandle(conn)

    return connect


def _ident(settings: Settings) -> str:
    return str(settings.database_url or settings.pgdata_dir)


def application_name() -> str:
    """How this process's pooled connections are named in pg_stat_activity."""
    return f"ara:{os.getpid()}"


def _get(settings: Settings) -> _Pool:
    key = (_ident(settings), settings.db_pool_size)
    with _lock:
        p = _pools.get(key)
        if p is None:
            p = _pools[key] = _Pool(settings)
            # registered after the embedded server's exit handler, so it runs first (atexit is last-in first-out)
            atexit.register(p.pool.close)
        return p


def connector(settings: Settings) -> Callable[[], PooledConnection]:
    """The `connect` callable of this process's pool for `settings`' database."""
    p = _get(settings)
    return p.borrow


def connect(settings: Settings, attempts: int = 3):
    """A connection from this process's pool when it has one for this database, else a new one (CLI commands)."""
    p = next((p for (ident, _), p in list(_pools.items()) if ident == _ident(settings)), None)
    return p.borrow() if p is not None else db.connect(settings, attempts=attempts)


@contextmanager
def turn_slot(connect: Callable) -> Iterator[None]:
    """Admission for one turn on a pooled `connect` (at most pool size - 1 at once); a no-op for other callables."""
    owner = getattr(connect, "__self__", None)
    if not isinstance(owner, _Pool) or getattr(owner._local, "in_turn", False):
        yield                    # not pooled, or a turn inside a turn (shadow mode) of this thread: already admitted
        return
    if not owner.turns.acquire(timeout=owner.timeout * 4):
        raise db.DatabaseError(f"{owner.size - 1} turns were already running in this process and none finished "
                               f"within {owner.timeout * 4:.0f} s (ARA_DB_POOL_SIZE).")
    owner._local.in_turn = True
    try:
        yield
    finally:
        owner._local.in_turn = False
        owner.turns.release()


def stats() -> list[dict]:
    """Per pool of this process: its bound, connections open now, borrowed now and the most ever borrowed at once."""
    out = []
    for (ident, _), p in list(_pools.items()):
        s = p.pool.get_stats()
        out.append({"database": ident, "max_size": p.size, "open": s.get("pool_size", 0),
                    "borrowed": p.borrowed, "peak_borrowed": p.peak,
                    "peak_per_thread": p.thread_peak, "waiting": s.get("requests_waiting", 0)})
    return out


def close(settings: Settings) -> None:
    """Close this process's pool for `settings` (its database and size); the next use opens a new one."""
    with _lock:
        p = _pools.pop((_ident(settings), settings.db_pool_size), None)
    if p is not None:
        p.pool.close()


def close_all() -> None:
    with _lock:
        for p in _pools.values():
            p.pool.close()
        _pools.clear()
