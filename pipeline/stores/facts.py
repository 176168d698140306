"""The facts table: every table row x column of every filing (pipeline/reading/facts.py extracts them).

Parameterised SQL only. Facts are rebuilt from the stored page texts when missing or when the extraction
rules change (pipeline/retrieval/facts_rebuild.py): this store writes the facts it is handed with the rules' version mark,
and compares the marks with the version it is given; it knows nothing of the reader.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

import psycopg

from pipeline.core.filing_types import ANNUAL_TYPES

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
    period_end: date | None = None      # the column's end date where its header dates it (a quarter told by it)


_SELECT = ("SELECT f.id, f.doc_id, d.company, d.doc_type, d.fiscal_year, f.page, f.line_no, f.table_title, f.statement, f.secondary,"
           " f.label, f.label_path, f.column_header, f.fiscal_year, f.span, f.qualifiers, f.value_printed, f.value,"
           " f.scale, f.kind, f.currency, f.period_end FROM facts f JOIN documents d ON d.doc_id = f.doc_id")


def replace_facts(conn: psycopg.Connection, doc_id: str, facts: list, version: str) -> int:
    """Replace a document's facts (the reader's `Fact` rows; one transaction) and mark them as extracted by the
    rules of `version`."""
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
        conn.execute("UPDATE documents SET facts_version = %s WHERE doc_id = %s", (version, doc_id))
    return len(facts)


def company_fy_end(conn: psycopg.Connection, company: str) -> tuple[int, int] | None:
    """The (month, day) a company's annual reports' fiscal years end on (most common latest period end)."""
    rows = conn.execute(
        "SELECT max(f.period_end) FROM facts f JOIN documents d ON d.doc_id = f.doc_id WHERE d.company = %s"
        " AND upper(replace(d.doc_type, '-', '')) = ANY(%s) AND f.statement IS NOT NULL AND NOT f.secondary"
        " AND f.period_end IS NOT NULL GROUP BY f.doc_id", (company, sorted(ANNUAL_TYPES))).fetchall()
    ends = Counter((r[0].month, r[0].day) for r in rows if r[0])
    return ends.most_common(1)[0][0] if ends else None


def lock_document(conn: psycopg.Connection, doc_id: str) -> tuple[str, int, str] | None:
    """Take the document's facts lock (held to the end of the caller's transaction) and read its (company,
    fiscal_year, doc_type); None when there is no such document."""
    conn.execute("SELECT pg_advisory_xact_lock(hashtext('facts:' || %s))", (doc_id,))
    return conn.execute("SELECT company, fiscal_year, doc_type FROM documents WHERE doc_id = %s",
                        (doc_id,)).fetchone()


def page_texts(conn: psycopg.Connection, doc_id: str) -> list[str]:
    """The document's stored page texts in page order."""
    return [t for (t,) in conn.execute("SELECT text FROM pages WHERE doc_id = %s ORDER BY page", (doc_id,))]


def recorded_units(conn: psycopg.Connection, doc_id: str) -> tuple[str | None, str | None]:
    """The document's reporting currency and the scale its statements declare ("millions"), as ingest recorded
    them (documents.currency, documents.scale), else None for each."""
    has = conn.execute("SELECT 1 FROM information_schema.columns WHERE table_name = 'documents'"
                       " AND column_name = 'currency'").fetchone()
    if not has:
        return None, None
    row = conn.execute("SELECT currency, scale FROM documents WHERE doc_id = %s", (doc_id,)).fetchone()
    if row is None:
        return None, None
    return row[0], row[1]


def recorded_page_units(conn: psycopg.Connection, doc_id: str) -> dict[int, tuple[str, str]]:
    """page -> (currency, scale) each statement page prints, as ingest read them (documents.identity)."""
    has = conn.execute("SELECT 1 FROM information_schema.columns WHERE table_name = 'documents'"
                       " AND column_name = 'identity'").fetchone()
    from pipeline.stores import corpus

    return corpus.statement_units(conn, doc_id) if has else {}


def stale_documents(conn: psycopg.Connection, version: str) -> list[str]:
    """Documents whose facts are missing or were extracted by other rules than `version`'s; annual reports first."""
    rows = conn.execute(
        "SELECT d.doc_id FROM documents d"
        " WHERE d.facts_version IS DISTINCT FROM %s ORDER BY (upper(d.doc_type) LIKE '10%%K' OR upper(d.doc_type) LIKE"
        " '%%ANNUAL%%') DESC, d.doc_id", (version,)).fetchall()
    return [r[0] for r in rows]


def stale_among(conn: psycopg.Connection, doc_ids: list[str], version: str) -> list[str]:
    """Those of `doc_ids` whose facts are missing or were extracted by other rules than `version`'s."""
    return [r[0] for r in conn.execute(
        "SELECT d.doc_id FROM unnest(%s::text[]) AS q(doc_id) JOIN documents d USING (doc_id)"
        " WHERE d.facts_version IS DISTINCT FROM %s",
        (list(doc_ids), version)).fetchall()]


def search(conn: psycopg.Connection, *, doc_ids: list[str], fiscal_years: list[int] | None, terms: list[str],
           limit: int = 400) -> list[StoredFact]:
    """Facts of the given documents (and fiscal years) whose label path or table title shares any of `terms`
    (English stemming, OR-ed). Terms travel as a bind parameter (`websearch`-free tsquery built here from words).
    The caller brings stale documents up to date first (`facts_rebuild.search` does)."""
    words = sorted({w for t in terms for w in _words(t)})
    if not words or not doc_ids:
        return []
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
    """A document's facts for the Corpus page's Figures view: label contains `text` (case-insensitive). The caller
    brings a stale document up to date first (`facts_rebuild.ensure_current`)."""
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
