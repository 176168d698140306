"""The facts table: every table row x column of every filing (pipeline/reading/facts.py extracts them).

Parameterised SQL only. Facts are rebuilt from the stored page texts when missing or when the extraction
rules change (`FACTS_VERSION`), so an upgrade never needs the PDFs again.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from decimal import Decimal

import psycopg

from pipeline.reading.facts import ANNUAL_TYPES, FACTS_VERSION, Fact, extract
from pipeline.question.units import SCALE_WORDS

_COLS = ("doc_id", "page", "line_no", "table_title", "statement", "secondary", "label", "label_path", "column_header",
         "period_end", "period_year", "fiscal_year", "span", "qualifiers", "value_printed", "value", "scale", "kind",
         "currency")


@dataclass
class StoredFact:
    id: int
    doc_id: str
    company: str
    doc_type: str
    doc_fiscal_year: int
    page: int
    line_no: int
    table_title: str
    statement: str | None
    secondary: bool
    label: str
    label_path: str
    column_header: str
    fiscal_year: int | None
    span: str | None
    qualifiers: str
    value_printed: str
    value: Decimal | None
    scale: str | None
    kind: str
    currency: str | None


_SELECT = ("SELECT f.id, f.doc_id, d.company, d.doc_type, d.fiscal_year, f.page, f.line_no, f.table_title, f.statement, f.secondary,"
           " f.label, f.label_path, f.column_header, f.fiscal_year, f.span, f.qualifiers, f.value_printed, f.value,"
           " f.scale, f.kind, f.currency FROM facts f JOIN documents d ON d.doc_id = f.doc_id")


def replace_facts(conn: psycopg.Connection, doc_id: str, facts: list[Fact]) -> int:
    """Replace a document's facts (one transaction) and mark them as of the current extraction rules."""
    with conn.transaction():
        # Two processes rebuilding the same document take turns (the second replaces the first's rows).
        conn.execute("SELECT pg_advisory_xact_lock(hashtext('facts:' || %s))", (doc_id,))
        conn.execute("DELETE FROM facts WHERE doc_id = %s", (doc_id,))
        with conn.cursor().copy(f"COPY facts ({', '.join(_COLS)}) FROM STDIN") as cp:
            for f in facts:
                cp.write_row((doc_id, f.page, f.line_no, f.table_title, f.statement, f.secondary, f.label,
                              f.label_path, f.column_header, f.period_end, f.period_year, f.fiscal_year, f.span,
                              f.qualifiers, f.value_printed, f.value, f.scale, f.kind, f.currency))
        # The mark lives on the document's row: a replaced or deleted document loses it with the row.
        conn.execute("UPDATE documents SET facts_version = %s WHERE doc_id = %s", (FACTS_VERSION, doc_id))
    return len(facts)


def company_fy_end(conn: psycopg.Connection, company: str) -> tuple[int, int] | None:
    """The (month, day) a company's annual reports' fiscal years end on (most common latest period end)."""
    rows = conn.execute(
        "SELECT max(f.period_end) FROM facts f JOIN documents d ON d.doc_id = f.doc_id WHERE d.company = %s"
        " AND upper(replace(d.doc_type, '-', '')) = ANY(%s) AND f.statement IS NOT NULL AND NOT f.secondary"
        " AND f.period_end IS NOT NULL GROUP BY f.doc_id", (company, sorted(ANNUAL_TYPES))).fetchall()
    ends = Counter((r[0].month, r[0].day) for r in rows if r[0])
    return ends.most_common(1)[0][0] if ends else None


def extract_document(conn: psycopg.Connection, doc_id: str, pages: list[str] | None = None) -> int:
    """(Re)build one document's facts from its pages (read from Postgres unless given), and commit."""
    n = build_facts(conn, doc_id, pages)
    conn.commit()       # the reads opened a transaction: replace_facts' block was only a savepoint in it
    return n


def build_facts(conn: psycopg.Connection, doc_id: str, pages: list[str] | None = None) -> int:
    """(Re)build one document's facts inside the caller's transaction (ingest writes a document's rows and its
    facts in one, so no reader ever sees the document without them).

    The document's lock is taken before its pages are read: a reader rebuilding stale facts while an ingest
    replaces the document waits for the ingest to commit, then reads the new pages (never writes facts of the old
    pages onto the new row)."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(hashtext('facts:' || %s))", (doc_id,))
        row = conn.execute("SELECT company, fiscal_year, doc_type FROM documents WHERE doc_id = %s",
                           (doc_id,)).fetchone()
        if row is None:
            return 0
        company, fy, doc_type = row
        if pages is None:
            pages = [t for (t,) in conn.execute("SELECT text FROM pages WHERE doc_id = %s ORDER BY page", (doc_id,))]
        annual = doc_type.upper().replace("-", "") in {t.replace("-", "") for t in ANNUAL_TYPES}
        fy_end = None if annual else company_fy_end(conn, company)
        return replace_facts(conn, doc_id, extract(pages, fy, doc_type, fy_end, *_units(conn, doc_id),
                                                    page_units=_page_units(conn, doc_id)))


def _units(conn: psycopg.Connection, doc_id: str) -> tuple[str | None, str | None]:
    """The document's reporting currency and the scale its statements declare ("millions" -> "million"), as ingest
    recorded them (documents.currency, documents.scale), else None for each."""
    has = conn.execute("SELECT 1 FROM information_schema.columns WHERE table_name = 'documents'"
                       " AND column_name = 'currency'").fetchone()
    if not has:
        return None, None
    row = conn.execute("SELECT currency, scale FROM documents WHERE doc_id = %s", (doc_id,)).fetchone()
    if row is None:
        return None, None
    return document_units(*row)


def document_units(currency: str | None, scale: str | None) -> tuple[str | None, str | None]:
    """A document's recorded currency and scale ("millions") as the facts extractor takes them ("million")."""
    if scale == "units":
        return currency or None, None      # whole amounts: no multiplier
    return currency or None, SCALE_WORDS.get(scale, scale) or None


def page_units(identity: dict | None) -> dict[int, tuple[str, str]]:
    """page -> (currency, scale) of a document's identity record's statement units (documents.identity)."""
    return {int(u["page"]): (u.get("currency") or "", u.get("scale") or "")
            for u in ((identity or {}).get("statement_units") or []) if isinstance(u, dict) and u.get("page")}


def _page_units(conn: psycopg.Connection, doc_id: str) -> dict[int, tuple[str, str]]:
    """page -> (currency, scale) each statement page prints, as ingest read them (documents.identity)."""
    has = conn.execute("SELECT 1 FROM information_schema.columns WHERE table_name = 'documents'"
                       " AND column_name = 'identity'").fetchone()
    from pipeline.stores import corpus

    return corpus.statement_units(conn, doc_id) if has else {}


def stale_documents(conn: psycopg.Connection) -> list[str]:
    """Documents whose facts are missing or were extracted by older rules; annual reports first."""
    rows = conn.execute(
        "SELECT d.doc_id FROM documents d"
        " WHERE d.facts_version IS DISTINCT FROM %s ORDER BY (upper(d.doc_type) LIKE '10%%K' OR upper(d.doc_type) LIKE"
        " '%%ANNUAL%%') DESC, d.doc_id", (FACTS_VERSION,)).fetchall()
    return [r[0] for r in rows]


def ensure_current(conn: psycopg.Connection, doc_ids: list[str]) -> int:
    """Rebuild the facts of those of `doc_ids` whose facts are missing or older than the current rules, before a
    read of them: after an upgrade each filing is rebuilt when it is first asked about (about a second for a
    10-K), never the whole corpus when a process starts. Returns how many were rebuilt."""
    if not doc_ids:
        return 0
    stale = [r[0] for r in conn.execute(
        "SELECT d.doc_id FROM unnest(%s::text[]) AS q(doc_id) JOIN documents d USING (doc_id)"
        " WHERE d.facts_version IS DISTINCT FROM %s",
        (list(doc_ids), FACTS_VERSION)).fetchall()]
    for doc_id in stale:
        extract_document(conn, doc_id)
    return len(stale)


def ensure_facts(conn: psycopg.Connection, on_doc=None) -> int:
    """Bring every document's facts up to the current rules; returns how many documents were (re)built."""
    stale = stale_documents(conn)
    for doc_id in stale:
        extract_document(conn, doc_id)
        if on_doc:
            on_doc(doc_id)
    return len(stale)


def search(conn: psycopg.Connection, *, doc_ids: list[str], fiscal_years: list[int] | None, terms: list[str],
           limit: int = 400, current: bool = False) -> list[StoredFact]:
    """Facts of the given documents (and fiscal years) whose label path or table title shares any of `terms`
    (English stemming, OR-ed). Terms travel as a bind parameter (`websearch`-free tsquery built here from words).
    Stale documents are rebuilt first unless the caller says they are `current` (it checked them already)."""
    words = sorted({w for t in terms for w in _words(t)})
    if not words or not doc_ids:
        return []
    if not current:
        ensure_current(conn, doc_ids)
    query = " | ".join(words)
    sql = _SELECT + " WHERE f.doc_id = ANY(%s) AND f.tsv @@ to_tsquery('english', %s)"
    params: list = [doc_ids, query]
    if fiscal_years:
        sql += " AND f.fiscal_year = ANY(%s)"
        params.append(list(fiscal_years))
    sql += " ORDER BY ts_rank(f.tsv, to_tsquery('english', %s)) DESC, f.id LIMIT %s"
    params += [query, int(limit)]
    return [StoredFact(*r) for r in conn.execute(sql, params).fetchall()]


def row_facts(conn: psycopg.Connection, doc_id: str, page: int, line_no: int) -> list[StoredFact]:
    """All columns of one table row."""
    return [StoredFact(*r) for r in conn.execute(_SELECT + " WHERE f.doc_id = %s AND f.page = %s AND f.line_no = %s"
                                                 " ORDER BY f.id", (doc_id, page, line_no)).fetchall()]


def table_facts(conn: psycopg.Connection, doc_id: str, page: int) -> list[StoredFact]:
    return [StoredFact(*r) for r in conn.execute(_SELECT + " WHERE f.doc_id = %s AND f.page = %s ORDER BY f.id",
                                                 (doc_id, page)).fetchall()]


def browse(conn: psycopg.Connection, doc_id: str, text: str = "", fiscal_year: int | None = None,
           limit: int = 500) -> list[StoredFact]:
    """A document's facts for the Corpus page's Figures view: label contains `text` (case-insensitive)."""
    ensure_current(conn, [doc_id])
    sql = _SELECT + " WHERE f.doc_id = %s"
    params: list = [doc_id]
    if text:
        sql += " AND f.label_path ILIKE %s"
        params.append("%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%")
    if fiscal_year:
        sql += " AND f.fiscal_year = %s"
        params.append(int(fiscal_year))
    sql += " ORDER BY f.page, f.line_no, f.id LIMIT %s"
    params.append(int(limit))
    return [StoredFact(*r) for r in conn.execute(sql, params).fetchall()]


def document_facts(conn: psycopg.Connection, doc_id: str) -> list[StoredFact]:
    """Every stored fact of one document in page and line order (the facts-precision benchmark samples them)."""
    return [StoredFact(*r) for r in conn.execute(_SELECT + " WHERE f.doc_id = %s ORDER BY f.page, f.line_no, f.id",
                                                 (doc_id,)).fetchall()]


def count(conn: psycopg.Connection, doc_id: str | None = None) -> int:
    if doc_id:
        return conn.execute("SELECT count(*) FROM facts WHERE doc_id = %s", (doc_id,)).fetchone()[0]
    return conn.execute("SELECT count(*) FROM facts").fetchone()[0]


def _words(text: str) -> list[str]:
    import re

    return [w for w in re.findall(r"[a-z][a-z0-9]+", text.lower()) if len(w) > 1]
