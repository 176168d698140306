"""Postgres: the embedded pgserver by default, any external Postgres with pgvector via DATABASE_URL.

Schema changes are the ordered SQL files in `pipeline/stores/migrations/`, applied once each under an
advisory lock and recorded in `schema_migrations` (so two processes starting together never race on
CREATE TABLE).
"""
from __future__ import annotations

import json
import re
import signal
import sys
import warnings
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import psycopg

from pipeline.settings import Settings

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
_MIGRATION_LOCK = 74_210_001  # pg_advisory_xact_lock key for schema changes
_servers: dict[Path, object] = {}


class DatabaseError(RuntimeError):
    """The database cannot be used; the message names the cause and `fix` (when given) what to do."""

    def __init__(self, message: str, fix: str = ""):
        super().__init__(message)
        self.fix = fix


def _alive(pid: int, want_name: str | None = None) -> bool:
    import psutil

    try:
        p = psutil.Process(pid)
        if p.status() == psutil.STATUS_ZOMBIE:
            return False
        return want_name is None or p.name() == want_name
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        return False


def _clear_stale_postmaster(d: Path) -> None:
    """Remove a postmaster.pid whose pid is dead, a zombie, or reused by another program (container restart).
    Call with pgserver's lock held."""
    pm = d / "postmaster.pid"
    if not pm.exists():
        return
    try:
        stale = not _alive(int(pm.read_text().splitlines()[0]), "postgres")
    except (ValueError, IndexError):
        stale = True
    if stale:
        pm.unlink()


def embedded_server(datadir: Path):
    """Start (or attach to) the pgserver cluster in `datadir`, repairing what a killed process leaves behind."""
    d = Path(datadir).expanduser().resolve()
    if d in _servers:
        return _servers[d]
    if " " in str(d):
        raise DatabaseError(
            f"The embedded Postgres cannot live in a path containing spaces ({d}): pgserver does not quote it.",
            "Set ARA_DATA_DIR to a path without spaces (e.g. ~/.ara-data), or DATABASE_URL to an external Postgres."
        )
    warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")
    import pgserver
    from pgserver.postgres_server import PostgresServer

    d.parent.mkdir(parents=True, exist_ok=True)
    with PostgresServer._lock:  # the inter-process lock pgserver itself uses
        handles = d / ".handle_pids.json"
        if handles.exists():  # pids of processes killed before their atexit ran would pin the server forever
            try:
                pids = [p for p in json.loads(handles.read_text() or "[]") if _alive(p)]
            except (ValueError, TypeError):
                pids = []
            handles.write_text(json.dumps(pids))
        _clear_stale_postmaster(d)
    srv = pgserver.get_server(d, cleanup_mode="stop")
    _servers[d] = srv
    return srv


def _restart_embedded(datadir: Path) -> None:
    """The embedded server went away (stopped, crashed, killed): start it again in place."""
    d = Path(datadir).expanduser().resolve()
    srv = _servers.get(d)
    if srv is None:
        return
    from pgserver.postgres_server import PostgresServer

    try:
        with PostgresServer._lock:
            _clear_stale_postmaster(d)
            srv.ensure_postgres_running()
    except Exception:  # noqa: BLE001 - the caller retries and reports the connection error
        pass


def conninfo(settings: Settings) -> str:
    if settings.database_url:
        # Accept SQLAlchemy-style URLs too: postgresql+psycopg://... -> postgresql://...
        return re.sub(r"^postgres(?:ql)?\+\w+://", "postgresql://", settings.database_url)
    return embedded_server(settings.pgdata_dir).get_uri()


def redact(url: str) -> str:
    """A connection string safe to print: the password replaced by ***."""
    return re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", url)


def connect_options(settings: Settings) -> dict:
    """Keyword arguments of every connection: behind a transaction-mode pooler each transaction may run on
    another server connection, so a statement psycopg prepared server-side (after 5 executions) would be missing
    there, or already exist ("_pg3_0 already exists"): prepare nothing."""
    return {"prepare_threshold": None} if settings.db_transaction_pooler else {}


def connect(settings: Settings, *, autocommit: bool = False, attempts: int = 3) -> psycopg.Connection:
    """A new connection. After a database restart the next call reconnects: the embedded server is started
    again; an external one is retried with a short backoff."""
    import time

    last: Exception | None = None
    for attempt in range(attempts):
        info = conninfo(settings)
        try:
            conn = psycopg.connect(info, autocommit=autocommit, connect_timeout=10, **connect_options(settings))
            _in_use.add(_ident(settings))
            return conn
        except psycopg.OperationalError as e:
            last = e
            if not settings.database_url:
                _restart_embedded(settings.pgdata_dir)
            if attempt < attempts - 1:
                time.sleep(0.5 * 2 ** attempt)
    where = redact(info) if settings.database_url else f"embedded Postgres in {settings.pgdata_dir}"
    msg = str(last).replace(info, redact(info))
    raise DatabaseError(f"Cannot connect to {where}: {_reason(msg)}", _connect_fix(settings, msg)) from None


def _reason(msg: str) -> str:
    """The cause in libpq's message (its first line names the socket or host; the reason follows)."""
    for known in ("Connection refused", "password authentication failed", "does not exist", "timeout expired",
                  "could not translate host name", "No such file or directory", "Permission denied",
                  "too many clients", "the database system is starting up", "the database system is shutting down"):
        if known.lower() in msg.lower():
            line = next(ln for ln in msg.splitlines() if known.lower() in ln.lower())
            return line.split("failed:")[-1].strip().removeprefix("FATAL:").strip()
    return (msg.strip().splitlines() or [""])[0]


def _connect_fix(settings: Settings, msg: str) -> str:
    low = msg.lower()
    if not settings.database_url:
        return (f"Run the command again (the embedded server is restarted on the next connection); if it persists, "
                f"read {settings.pgdata_dir}/log for Postgres' reason, check the folder belongs to this user, or set "
                "DATABASE_URL to an external Postgres.")
    if "password" in low:
        return "Correct the user and password in DATABASE_URL."
    if "does not exist" in low:
        return "Create that database (createdb) or correct its name in DATABASE_URL."
    if "translate host name" in low:
        return "Correct the host name in DATABASE_URL."
    return ("Start that Postgres server (or open its port to this machine), or correct DATABASE_URL; unset "
            "DATABASE_URL to use the embedded database under ARA_DATA_DIR.")


_in_use: set[str] = set()


def _ident(settings: Settings) -> str:
    return str(settings.database_url or settings.pgdata_dir)


def note_use(settings: Settings) -> None:
    """Record that this process uses the database `settings` name (a pool opened on it, for instance)."""
    _in_use.add(_ident(settings))


def recover(settings: Settings) -> None:
    """After a failed connection: start the embedded server again if it went away (no-op for DATABASE_URL)."""
    if not settings.database_url:
        _restart_embedded(settings.pgdata_dir)


def in_use(settings: Settings) -> bool:
    """Whether this process has connected to the database `settings` name (the registry then lives there)."""
    return _ident(settings) in _in_use


def migrations() -> list[tuple[int, str, str]]:
    out = []
    for f in sorted(MIGRATIONS_DIR.glob("*.sql")):
        m = re.match(r"(\d+)_(.+)\.sql$", f.name)
        if m:
            out.append((int(m.group(1)), m.group(2), f.read_text(encoding="utf-8")))
    return out


def migrate(conn: psycopg.Connection) -> list[int]:
    """Apply pending migrations in order; return the versions applied now."""
    applied_now: list[int] = []
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
        _ensure_vector(conn)
        conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())"
        )
        done = {r[0] for r in conn.execute("SELECT version FROM schema_migrations")}
        for version, name, sql in migrations():
            if version in done:
                continue
            conn.execute(sql)
            conn.execute("INSERT INTO schema_migrations (version, name) VALUES (%s, %s)", (version, name))
            applied_now.append(version)
    return applied_now


def _ensure_vector(conn: psycopg.Connection) -> None:
    if conn.execute("SELECT 1 FROM pg_extension WHERE extname = 'vector'").fetchone():
        return
    if not conn.execute("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'").fetchone():
        raise DatabaseError(
            "This Postgres has no 'vector' extension (pgvector), which Annual Report Analyst needs. Install it on "
            "the database server (Debian/Ubuntu: apt install postgresql-<version>-pgvector; macOS: brew install "
            "pgvector; from source: https://github.com/pgvector/pgvector#installation), then run "
            "'CREATE EXTENSION vector;' as a superuser - or unset DATABASE_URL to use the embedded database."
        )
    try:
        with conn.transaction():
            conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
    except psycopg.errors.InsufficientPrivilege:
        raise DatabaseError(
            "pgvector is installed on this Postgres but not enabled in this database, and this user may not "
            "enable it. Ask a superuser to run 'CREATE EXTENSION vector;' in the database."
        ) from None


@contextmanager
def session(settings: Settings) -> Iterator[psycopg.Connection]:
    """A migrated connection, closed afterwards."""
    conn = connect(settings)
    try:
        migrate(conn)
        yield conn
    finally:
        conn.close()


def install_sigterm_exit() -> None:
    """CLIs: turn SIGTERM into a normal exit so atexit hands the embedded server back cleanly."""
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
