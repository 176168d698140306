"""One error path for the CLI and the app: an exception becomes a short message naming the cause and the fix.

`explain(exc, settings)` reads the classes of failure a user can act on (the database unreachable, a data folder
the process may not read, a full disk, a path pgserver cannot use) and says which URL, which folder, how much
space. Anything else is "unexpected" and points at `--debug` / `ARA_DEBUG=1`, which shows the traceback; the
message never carries a password (`db.redact`).
"""
from __future__ import annotations

import errno
import shutil
from dataclasses import dataclass
from pathlib import Path

import psycopg

from pipeline.settings import Settings

EXIT_CODE = 2          # `ara` exits with this after an explained error (1 stays "some files failed")


@dataclass(frozen=True)
class Problem:
    cause: str
    fix: str
    per_file: bool = True      # ingest: the next file may well succeed (False: stop the batch)
    known: bool = True         # one of the classes above (False: an unexpected error, a bug to report)

    def text(self) -> str:
        return f"{self.cause}\nFix: {self.fix}"


class DiskFullError(OSError):
    """Raised by the ingest fault hook to simulate a full disk (tests); handled exactly like ENOSPC."""

    def __init__(self, where: str = ""):
        super().__init__(errno.ENOSPC, "No space left on device", where)


def free_mb(path: Path | None) -> float | None:
    """Free space (MB) on the disk holding `path` (its nearest existing parent), or None if unknown."""
    if path is None:
        return None
    p = Path(path).expanduser().resolve()
    while not p.exists() and p != p.parent:
        p = p.parent
    try:
        return shutil.disk_usage(p).free / 1e6
    except OSError:
        return None


def _data_dir(settings: Settings | None) -> Path:
    return Path(settings.data_dir if settings else ".data").expanduser().resolve()


def _where_db(settings: Settings | None) -> str:
    from pipeline.stores.db import redact

    if settings and settings.database_url:
        return f"the database at {redact(settings.database_url)}"
    return f"the embedded database in {_data_dir(settings) / 'pgdata'}"


def is_disk_full(exc: BaseException) -> bool:
    return (isinstance(exc, OSError) and exc.errno == errno.ENOSPC) or isinstance(exc, psycopg.errors.DiskFull) \
        or "No space left on device" in str(exc) or "could not extend file" in str(exc)


def disk_full(settings: Settings | None, need_mb: float | None = None) -> Problem:
    if settings and settings.database_url:
        where = f"the disk of the database server ({_where_db(settings)})"
        free = None
    else:
        where = f"the disk holding {_data_dir(settings)}"
        free = free_mb(_data_dir(settings))
    have = f" ({free:,.0f} MB free)" if free is not None else ""
    need = f"at least {need_mb:,.0f} MB" if need_mb else "some space"
    return Problem(
        cause=f"The disk is full: {where}{have} could not take the write.",
        fix=f"Free {need} there (or set ARA_DATA_DIR to a folder on a larger disk), then run the same command "
            "again: what was completed is kept, nothing half-written is.", per_file=False)


def _unreadable(path: str, settings: Settings | None) -> Problem:
    data = _data_dir(settings)
    folder = str(data) if Path(path).resolve().is_relative_to(data) else path
    detail = f" ({path})" if folder != path else ""
    return Problem(
        cause=f"Permission denied: this process (user {_user()}) cannot read or write {folder}{detail}.",
        fix=f"Give that user read and write access (e.g. `chown -R {_user()} {folder} && chmod -R u+rwX {folder}`) "
            "or set ARA_DATA_DIR to a folder it owns.",
        per_file=False)


def _user() -> str:
    import os
    import pwd

    try:
        return pwd.getpwuid(os.geteuid()).pw_name      # the effective user, not $USER
    except KeyError:                                   # no passwd entry (a container's arbitrary uid)
        return str(os.geteuid())


def explain(exc: BaseException, settings: Settings | None = None) -> Problem:
    """What went wrong and what to do, for any exception (unknown ones say how to see the traceback)."""
    from pipeline.stores.db import DatabaseError

    if isinstance(exc, DatabaseError):
        return Problem(cause=str(exc), fix=exc.fix or _db_fix(settings), per_file=False)
    if is_disk_full(exc):
        return disk_full(settings)
    if isinstance(exc, PermissionError):
        return _unreadable(str(exc.filename or _data_dir(settings)), settings)
    if isinstance(exc, psycopg.OperationalError):
        return Problem(cause=f"Lost the connection to {_where_db(settings)} ({_first_line(exc)}).",
                       fix="Check that the database is running, then run the command again: an interrupted "
                           "document is rolled back and ingested again on the next run.", per_file=False)
    if isinstance(exc, FileNotFoundError):
        return Problem(cause=f"No such file or folder: {exc.filename or exc}.",
                       fix="Check the path (quote it if it contains spaces).")
    return Problem(cause=f"Unexpected error: {type(exc).__name__}: {_first_line(exc)}",
                   fix="Run again with --debug (or ARA_DEBUG=1) to see the traceback, and report it.", known=False)


def _db_fix(settings: Settings | None) -> str:
    if settings and settings.database_url:
        return ("Start that Postgres server or correct DATABASE_URL (unset it to use the embedded database "
                "under ARA_DATA_DIR).")
    return "Check ARA_DATA_DIR (a folder this user can write, without spaces), or set DATABASE_URL."


def _first_line(exc: BaseException) -> str:
    from pipeline.stores.db import redact

    lines = [ln.strip() for ln in str(exc).splitlines() if ln.strip()]
    return redact(lines[0])[:300] if lines else type(exc).__name__
