"""The connection pool: a process never holds more than ARA_DB_POOL_SIZE connections, a borrower that finds them
all busy gets a clear error after the timeout, closing a borrowed connection hands it back (its transaction and
session settings discarded), and turns are admitted at most pool size - 1 at a time."""
import threading
import time

import pytest


@pytest.fixture
def small_pool(loaded, conn):
    """A pool of 3, and how many of this process's connections other tests' pools already hold (every pool of a
    process names its connections alike, so this test counts what its own pool adds)."""
    from pipeline.stores import pool

    conn.commit()
    before = _mine(conn)
    s = loaded.model_copy(update={"db_pool_size": 3, "db_pool_timeout": 1.0})
    connect = pool.connector(s)
    yield s, connect, before
    pool.close(s)


def _mine(conn) -> int:
    from pipeline.stores import integrity, pool

    return integrity.client_connections(conn).get(pool.application_name(), 0)


def test_a_process_never_holds_more_than_the_pool_size(small_pool, conn):
    from pipeline.stores import db

    s, connect, before = small_pool
    held = [connect() for _ in range(3)]
    t = time.perf_counter()
    with pytest.raises(db.DatabaseError, match="ARA_DB_POOL_SIZE"):
        connect()
    assert time.perf_counter() - t >= 0.9
    conn.commit()
    assert _mine(conn) - before <= 3
    for c in held:
        c.close()

    peak, errors, lock = [0], [], threading.Lock()

    def borrow() -> None:
        for _ in range(5):
            try:
                with connect() as c:
                    c.execute("SELECT pg_sleep(0.02)")
            except Exception as e:  # noqa: BLE001
                errors.append(e)

    def watch(stop) -> None:
        while not stop.is_set():
            conn.commit()
            with lock:
                peak[0] = max(peak[0], _mine(conn))
            time.sleep(0.01)

    stop = threading.Event()
    w = threading.Thread(target=watch, args=(stop,))
    w.start()
    threads = [threading.Thread(target=borrow) for _ in range(12)]
    for x in threads:
        x.start()
    for x in threads:
        x.join()
    stop.set()
    w.join()
    assert not errors                 # 12 threads on 3 connections: they waited, none failed
    assert peak[0] >= 1 and peak[0] - before <= 3


def test_a_returned_connection_carries_nothing_to_the_next_borrower(small_pool):
    s, connect, _ = small_pool
    c = connect()
    c.execute("SET statement_timeout = '1234ms'")
    c.commit()
    c.execute("CREATE TEMP TABLE IF NOT EXISTS pool_probe (x int)")   # open transaction, never committed
    c.close()
    with pytest.raises(Exception):
        c.execute("SELECT 1")         # a handed-back connection is not usable through the old handle
    seen = set()
    held = [connect() for _ in range(3)]
    for h in held:
        seen.add(h.execute("SHOW statement_timeout").fetchone()[0])
        assert h.execute("SELECT to_regclass('pool_probe')").fetchone()[0] is None
        h.close()
    assert "1234ms" not in seen


def test_turns_are_admitted_at_most_pool_size_minus_one(small_pool):
    from pipeline.stores.pool import turn_slot

    s, connect, _ = small_pool
    inside, most, lock = [0], [0], threading.Lock()

    def turn() -> None:
        with turn_slot(connect):
            with lock:
                inside[0] += 1
                most[0] = max(most[0], inside[0])
            time.sleep(0.05)
            with lock:
                inside[0] -= 1

    threads = [threading.Thread(target=turn) for _ in range(6)]
    for x in threads:
        x.start()
    for x in threads:
        x.join()
    assert most[0] == 2


def test_pool_size_is_a_validated_setting():
    from pydantic import ValidationError

    from pipeline.settings import Settings

    assert Settings(_env_file=None, db_pool_size=5).db_pool_size == 5
    with pytest.raises(ValidationError):
        Settings(_env_file=None, db_pool_size=1)


def test_behind_a_transaction_pooler_nothing_is_prepared_server_side(settings):
    """ARA_DB_TRANSACTION_POOLER: psycopg prepares a statement on the server after 5 executions, which a
    transaction-mode pgbouncer (< 1.21) breaks ("prepared statement _pg3_0 already exists", measured with 1.18);
    with the setting neither a direct nor a pooled connection prepares anything. Without it they do."""
    from pipeline.stores import db, pool

    def prepared_after_repeats(c) -> int:
        for i in range(8):
            c.execute("SELECT %s::int + 1", (i,)).fetchone()
        return c.execute("SELECT count(*) FROM pg_prepared_statements").fetchone()[0]

    with db.connect(settings) as c:
        assert prepared_after_repeats(c) > 0           # the default: prepared (the check can fail)
    s = settings.model_copy(update={"db_transaction_pooler": True, "db_pool_size": 2})
    with db.connect(s) as c:
        assert c.prepare_threshold is None and prepared_after_repeats(c) == 0
    pool.close(s)
    try:
        with pool.connector(s)() as c:
            assert prepared_after_repeats(c) == 0
    finally:
        pool.close(s)


def test_a_failed_statement_leaves_no_broken_connection_in_the_pool(small_pool):
    import psycopg

    s, connect, _ = small_pool
    for _ in range(3):                                 # more failures than the pool has connections
        with pytest.raises(psycopg.errors.DivisionByZero):
            with connect() as c:
                c.execute("SELECT 1/0")
    c = connect()
    with pytest.raises(psycopg.errors.DivisionByZero):
        c.execute("SELECT 1/0")
    c.close()                                          # handed back in a failed transaction, no rollback by hand
    held = [connect() for _ in range(3)]
    for h in held:
        assert h.execute("SELECT 1").fetchone()[0] == 1
        h.close()


def test_a_session_setting_made_through_a_cursor_or_set_config_is_reset(small_pool):
    s, connect, _ = small_pool
    c = connect()
    with c.cursor() as cur:
        cur.execute("SET statement_timeout = '4321ms'")
    c.commit()
    c.close()
    c = connect()
    c.execute("SELECT set_config('work_mem', '7777kB', false)")
    c.commit()
    c.close()
    held = [connect() for _ in range(3)]
    seen = {(h.execute("SHOW statement_timeout").fetchone()[0], h.execute("SHOW work_mem").fetchone()[0])
            for h in held}
    for h in held:
        h.close()
    assert not [x for x in seen if x[0] == "4321ms" or x[1] == "7777kB"]
