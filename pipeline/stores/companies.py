"""The company registry's rows in Postgres (parameterised SQL only). `pipeline/question/registry.py` is the concept; this is
its storage: list, seed, add, correct, merge, and a version number bumped by every change."""
from __future__ import annotations

from typing import Iterable

import psycopg
from psycopg.types.json import Jsonb

from pipeline.core.access import Principal, require

_COLS = ("key", "name", "legal_name", "tickers", "aliases", "fiscal_year_end", "sector", "file_number", "origin",
         "name_sources")


class RegistryEditError(ValueError):
    """An edit that cannot be applied (unknown company, a name another company already has); the message says which."""


def version(conn: psycopg.Connection) -> int:
    row = conn.execute("SELECT version FROM registry_version WHERE id = 1").fetchone()
    return int(row[0]) if row else 0


def _bump(conn: psycopg.Connection) -> None:
    conn.execute("UPDATE registry_version SET version = version + 1 WHERE id = 1")


def list_companies(conn: psycopg.Connection) -> list[dict]:
    cur = conn.execute(f"SELECT {', '.join(_COLS)} FROM companies ORDER BY name")
    return [dict(zip(_COLS, r)) for r in cur.fetchall()]


def get(conn: psycopg.Connection, key: str) -> dict | None:
    cur = conn.execute(f"SELECT {', '.join(_COLS)} FROM companies WHERE upper(key) = upper(%s) OR lower(name) = lower(%s)",
                       (key, key))
    row = cur.fetchone()
    return dict(zip(_COLS, row)) if row else None


def seed(conn: psycopg.Connection, rows: Iterable[dict], origin: str) -> int:
    """Insert companies that are not there yet (by key or name); edits made since are never overwritten."""
    n = 0
    with conn.transaction():
        for r in rows:
            cur = conn.execute(
                "INSERT INTO companies (key, name, legal_name, tickers, aliases, fiscal_year_end, sector, file_number,"
                " origin) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s) ON CONFLICT DO NOTHING",
                (r["key"], r["name"], r.get("legal_name", ""), list(r.get("tickers", ())), list(r.get("aliases", ())),
                 r.get("fiscal_year_end") or "12-31", r.get("sector", ""), r.get("file_number", ""), origin))
            n += cur.rowcount
        if n:
            _bump(conn)
    return n


def add(conn: psycopg.Connection, row: dict, origin: str = "ingest") -> str:
    """Add one company; returns its key (made unique if another company has it)."""
    with conn.transaction():
        key, i = row["key"], 1
        while conn.execute("SELECT 1 FROM companies WHERE key = %s", (key,)).fetchone():
            i += 1
            key = f"{row['key']}{i}"
        if conn.execute("SELECT 1 FROM companies WHERE lower(name) = lower(%s)", (row["name"],)).fetchone():
            raise RegistryEditError(f"a company named {row['name']!r} is already registered")
        conn.execute(
            "INSERT INTO companies (key, name, legal_name, tickers, aliases, fiscal_year_end, sector, file_number, origin)"
            " VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s)",
            (key, row["name"], row.get("legal_name", ""), list(row.get("tickers", ())), list(row.get("aliases", ())),
             row.get("fiscal_year_end") or "12-31", row.get("sector", ""), row.get("file_number", ""), origin))
        _bump(conn)
    return key


def enrich(conn: psycopg.Connection, key: str, *, aliases: Iterable[str] = (), tickers: Iterable[str] = (),
           file_number: str = "", legal_name: str = "", fiscal_year_end: str = "",
           sources: dict[str, str] | None = None) -> bool:
    """Add what a newly ingested filing says about a known company (names, tickers, file number); True if changed.
    `sources`: for a name or ticker added, where it was read ("abbreviation: '...' (doc p. 3)")."""
    cur = get(conn, key)
    if cur is None:
        return False
    have = {a.lower() for a in [cur["name"], *cur["aliases"]]}
    new_aliases = [a for a in dict.fromkeys(aliases) if a and a.lower() not in have]
    new_tickers = [t for t in dict.fromkeys(tickers) if t and t not in cur["tickers"]]
    fn = file_number if file_number and not cur["file_number"] else cur["file_number"]
    ln = legal_name if legal_name and not cur["legal_name"] else cur["legal_name"]
    fye = fiscal_year_end if fiscal_year_end and cur["origin"] == "ingest" else cur["fiscal_year_end"]
    if not (new_aliases or new_tickers or fn != cur["file_number"] or ln != cur["legal_name"]
            or fye != cur["fiscal_year_end"]):
        return False
    src = {n: w for n, w in (sources or {}).items() if n in new_aliases or n in new_tickers}
    with conn.transaction():
        conn.execute("UPDATE companies SET aliases = aliases || %s::text[], tickers = tickers || %s::text[],"
                     " file_number = %s, legal_name = %s, fiscal_year_end = %s, name_sources = name_sources || %s,"
                     " updated_at = now() WHERE key = %s",
                     (new_aliases, new_tickers, fn, ln, fye, Jsonb(src), cur["key"]))
        _bump(conn)
    return True


def _rename_documents(conn: psycopg.Connection, old: str, new: str) -> None:
    """Documents, chunks and cached answers carry the display name: move them with it."""
    conn.execute("UPDATE documents SET company = %s WHERE company = %s", (new, old))
    conn.execute("UPDATE chunks SET company = %s WHERE company = %s", (new, old))
    conn.execute("DELETE FROM semantic_cache WHERE company = %s", (old,))


def edit(conn: psycopg.Connection, key: str, *, name: str | None = None, add_aliases: Iterable[str] = (),
         add_tickers: Iterable[str] = (), remove_aliases: Iterable[str] = (), fiscal_year_end: str | None = None,
         sector: str | None = None, by: Principal) -> dict:
    """Correct a company: rename it (its documents follow; the old name stays an alias), add or drop aliases and
    tickers, set its fiscal-year end or sector. Returns the updated row. `by` must hold corpus.write (admins)."""
    require(by, "corpus.write")
    cur = get(conn, key)
    if cur is None:
        raise RegistryEditError(f"no company {key!r} in the registry (`ara companies` lists them)")
    aliases = [a for a in cur["aliases"] if a.lower() not in {r.lower() for r in remove_aliases}]
    tickers = list(cur["tickers"])
    new_name = (name or "").strip() or cur["name"]
    with conn.transaction():
        if new_name != cur["name"]:
            clash = conn.execute("SELECT key FROM companies WHERE lower(name) = lower(%s) AND key <> %s",
                                 (new_name, cur["key"])).fetchone()
            if clash:
                raise RegistryEditError(f"{new_name!r} is already the name of {clash[0]}; merge the two instead")
            aliases.append(cur["name"])
            _rename_documents(conn, cur["name"], new_name)
        aliases = [a for a in dict.fromkeys([*aliases, *add_aliases]) if a and a.lower() != new_name.lower()]
        tickers = list(dict.fromkeys([*tickers, *(t.strip() for t in add_tickers if t.strip())]))
        conn.execute("UPDATE companies SET name = %s, aliases = %s, tickers = %s, fiscal_year_end = %s, sector = %s,"
                     " origin = CASE WHEN origin = 'ingest' THEN 'edit' ELSE origin END, updated_at = now()"
                     " WHERE key = %s",
                     (new_name, aliases, tickers, fiscal_year_end or cur["fiscal_year_end"],
                      cur["sector"] if sector is None else sector, cur["key"]))
        _bump(conn)
    return get(conn, cur["key"])


def merge(conn: psycopg.Connection, keep: str, drop: str, *, by: Principal) -> dict:
    """Fold `drop` into `keep`: its names become aliases, its tickers and documents move over, the entry goes.
    `by` must hold corpus.write (admins)."""
    require(by, "corpus.write")
    k, d = get(conn, keep), get(conn, drop)
    if k is None or d is None:
        raise RegistryEditError(f"no company {(keep if k is None else drop)!r} in the registry")
    if k["key"] == d["key"]:
        raise RegistryEditError("cannot merge a company into itself")
    with conn.transaction():
        _rename_documents(conn, d["name"], k["name"])
        conn.execute("UPDATE documents SET ticker = %s WHERE company = %s AND ticker = ''",
                     ((k["tickers"] or [""])[0], k["name"]))
        aliases = [a for a in dict.fromkeys([*k["aliases"], d["name"], d["legal_name"], *d["aliases"]])
                   if a and a.lower() != k["name"].lower()]
        tickers = list(dict.fromkeys([*k["tickers"], *d["tickers"]]))
        conn.execute("DELETE FROM companies WHERE key = %s", (d["key"],))
        conn.execute("UPDATE companies SET aliases = %s, tickers = %s, file_number = coalesce(nullif(file_number, ''), %s),"
                     " updated_at = now() WHERE key = %s", (aliases, tickers, d["file_number"], k["key"]))
        _bump(conn)
    return get(conn, k["key"])
