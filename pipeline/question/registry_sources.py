"""Where the company registry is read from: the bundled TOML, ARA_REGISTRY_FILE, the database; cached per process."""

from __future__ import annotations

import tomllib
import threading
import time
from functools import lru_cache
from pathlib import Path

from pipeline.question.registry import Company, DEFAULT_REGISTRY, Registry


def _company(c: dict, origin: str) -> Company:
    return Company(key=c["key"], name=c["name"], tickers=tuple(c.get("tickers", ())),
                   aliases=tuple(c.get("aliases", ())), fiscal_year_end=c.get("fiscal_year_end") or "12-31",
                   sector=c.get("sector", ""), legal_name=c.get("legal_name", ""),
                   file_number=c.get("file_number", ""), origin=c.get("origin", origin),
                   name_sources=tuple(sorted((c.get("name_sources") or {}).items())))


def load_registry(path: Path | None = None) -> Registry:
    path = path or DEFAULT_REGISTRY
    data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    origin = "bundled" if Path(path) == DEFAULT_REGISTRY else "file"
    return Registry(companies=[_company(c, origin) for c in data.get("company", [])], source=Path(path))


def seed_rows() -> list[tuple[str, list[Company]]]:
    """The bundled registry, then ARA_REGISTRY_FILE's companies (which add to it; same key or name: the file's
    entry is not added)."""
    from pipeline.settings import get_settings

    out = [("bundled", _load_cached(None).companies)]
    extra = get_settings().registry_file
    if extra and Path(extra).resolve() != DEFAULT_REGISTRY.resolve():
        out.append(("file", _load_cached(str(extra)).companies))
    return out


def file_registry() -> Registry:
    """The registry of the bundled TOML plus ARA_REGISTRY_FILE, without the database (what a fresh install seeds)."""
    return toml_registry()


def toml_registry() -> Registry:
    seen: set[str] = set()
    companies: list[Company] = []
    for _, cs in seed_rows():
        for c in cs:
            if c.key.upper() not in seen and c.name.lower() not in seen:
                seen |= {c.key.upper(), c.name.lower()}
                companies.append(c)
    return Registry(companies=companies)


def registry_from_db(conn) -> Registry:
    """The registry in the database behind `conn` (seeded from the TOML files on first use in this process)."""
    from pipeline.stores import companies as store

    key = str(getattr(conn.info, "dsn", ""))
    if key not in _seeded:
        added = sum(store.seed(conn, [_row(c) for c in cs], origin) for origin, cs in seed_rows())
        if added:
            conn.commit()   # once per database: the seed must outlive the caller's transaction
        _seeded.add(key)
    v = store.version(conn)
    hit = _db_cache.get(key)
    if hit and hit[0] == v:
        return hit[1]
    reg = Registry(companies=[_company(r, r["origin"]) for r in store.list_companies(conn)], source=None)
    _db_cache[key] = (v, reg)
    return reg


def _row(c: Company) -> dict:
    return {"key": c.key, "name": c.name, "legal_name": c.legal_name, "tickers": list(c.tickers),
            "aliases": list(c.aliases), "fiscal_year_end": c.fiscal_year_end, "sector": c.sector,
            "file_number": c.file_number}


_seeded: set[str] = set()


_db_cache: dict[str, tuple[int, Registry]] = {}


_recent: dict[str, tuple[float, Registry]] = {}


_lock = threading.Lock()


RECHECK_SECONDS = 1.0  # how stale a process's registry may be after another process edits it


def get_registry(path: str | None = None, conn=None) -> Registry:
    """The registry: of the file `path` if given; else the database's (through `conn`, or a short-lived connection
    when this process uses a database), else the bundled TOML plus ARA_REGISTRY_FILE."""
    if path is not None:
        return _load_cached(path)
    if conn is not None:
        return registry_from_db(conn)
    from pipeline.settings import get_settings
    from pipeline.stores import db, pool

    settings = get_settings()
    if not db.in_use(settings):
        return toml_registry()
    ident = str(settings.database_url or settings.pgdata_dir)
    with _lock:
        hit = _recent.get(ident)
        if hit and time.monotonic() - hit[0] < RECHECK_SECONDS:
            return hit[1]
    try:
        c = pool.connect(settings, attempts=1)
    except Exception:  # noqa: BLE001 - no database after all: the files are the registry
        return toml_registry()
    try:
        reg = registry_from_db(c)
        c.commit()
    finally:
        c.close()
    with _lock:
        _recent[ident] = (time.monotonic(), reg)
    return reg


def forget_cached() -> None:
    """Drop this process's cached copies (after an edit made through this process)."""
    with _lock:
        _recent.clear()


@lru_cache(maxsize=4)
def _load_cached(path: str | None) -> Registry:
    return load_registry(Path(path) if path else None)
