"""The report corpus in Postgres: documents, page texts, chunks and their vectors.

All SQL here is parameterised: company names such as "McDonald's" and any user text travel as bind
parameters, never pasted into the statement. (This is why the dense side is not LlamaIndex's
PGVectorStore, which formats filter values into the SQL text; see README, "Where we did not use the
library".)
"""
from __future__ import annotations

import re

from dataclasses import dataclass
from typing import Iterable, Sequence

import psycopg
from psycopg.types.json import Jsonb

from pipeline.core.access import Principal, require
from pipeline.core.filing_types import ANNUAL_TYPES
from pipeline.stores.tokeniser import chunk_terms, tsvector_literal


class EmbeddingModelMismatch(RuntimeError):
    """The index holds vectors of another embedding model; mixing them would make search meaningless."""


@dataclass
class DocumentRecord:
    doc_id: str
    company: str
    ticker: str
    fiscal_year: int
    doc_type: str
    period: str
    source_path: str
    sha256: str
    currency: str = ""
    scale: str = ""
    period_end: object = None     # datetime.date
    fy_label: str = ""
    identity: dict | None = None  # evidence, confidence and flags per field, statement units (ingest/identify.py)


@dataclass
class ChunkRecord:
    page: int
    ord: int
    text: str
    section: str = ""
    statement: str | None = None
    embed_key: bytes | None = None   # identifies the text the vector was computed from (ingest/vectors.py)


@dataclass
class ChunkHit:
    chunk_id: int
    doc_id: str
    company: str
    fiscal_year: int
    doc_type: str
    page: int
    text: str
    score: float
    statement: str | None = None
    ticker: str = ""


HIT_COLUMNS = "id, doc_id, company, fiscal_year, doc_type, page, text"


def vector_literal(v: Sequence[float]) -> str:
    """A pgvector literal ('[0.1,0.2,...]') to bind as a parameter and cast with ::vector."""
    return "[" + ",".join(f"{x:.6g}" for x in v) + "]"


def check_index_model(conn: psycopg.Connection, model: str, dim: int) -> None:
    """Record the index's embedding model on first use; refuse any other model afterwards."""
    rows = dict(conn.execute("SELECT key, value FROM index_meta WHERE key IN ('embed_model','embed_dim')").fetchall())
    if not rows:
        conn.execute("INSERT INTO index_meta (key, value) VALUES ('embed_model', %s), ('embed_dim', %s) "
                     "ON CONFLICT (key) DO NOTHING", (model, str(dim)))
        return
    if rows.get("embed_model") != model or rows.get("embed_dim") != str(dim):
        raise EmbeddingModelMismatch(
            f"This index was built with {rows.get('embed_model')} ({rows.get('embed_dim')}-d) and the configured "
            f"embedder is {model} ({dim}-d). Re-ingest into a new database (another ARA_DATA_DIR or DATABASE_URL), "
            f"or set ARA_EMBED_PROVIDER/ARA_EMBED_MODEL back."
        )


def index_model(conn: psycopg.Connection) -> tuple[str, int] | None:
    rows = dict(conn.execute("SELECT key, value FROM index_meta WHERE key IN ('embed_model','embed_dim')").fetchall())
    return (rows["embed_model"], int(rows["embed_dim"])) if rows else None


def document_hashes(conn: psycopg.Connection) -> dict[str, str]:
    return dict(conn.execute("SELECT doc_id, sha256 FROM documents").fetchall())


def replace_document(conn: psycopg.Connection, doc: DocumentRecord, pages: list[str], chunks: list[ChunkRecord],
                     vectors: Sequence[Sequence[float]], embed_model: str) -> None:
    """Write one document atomically: its old rows go only if the new ones are all in."""
    assert len(chunks) == len(vectors)
    with conn.transaction():
        conn.execute("DELETE FROM documents WHERE doc_id = %s", (doc.doc_id,))
        # Cached answers citing the old version of this document are no longer true to the corpus.
        conn.execute("DELETE FROM semantic_cache WHERE %s = ANY(docs)", (doc.doc_id,))
        conn.execute(
            "INSERT INTO documents (doc_id, company, ticker, fiscal_year, doc_type, period, source_path, sha256,"
            " pages, chunks, embed_model, currency, scale, period_end, fy_label, identity)"
            " VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s)",
            (doc.doc_id, doc.company, doc.ticker, doc.fiscal_year, doc.doc_type, doc.period, doc.source_path,
             doc.sha256, len(pages), len(chunks), embed_model, doc.currency, doc.scale, doc.period_end, doc.fy_label,
             Jsonb(doc.identity or {})))
        with conn.cursor() as cur:
            with cur.copy("COPY pages (doc_id, page, text) FROM STDIN") as cp:
                for i, text in enumerate(pages, start=1):
                    cp.write_row((doc.doc_id, i, text.replace("\x00", "")))
            texts = [c.text.replace("\x00", "") for c in chunks]
            with cur.copy("COPY chunks (doc_id, company, ticker, fiscal_year, doc_type, page, ord, text, embedding,"
                          " section, statement, terms, terms_len, embed_key) FROM STDIN") as cp:
                for c, text, v, terms in zip(chunks, texts, vectors, chunk_terms(texts)):
                    cp.write_row((doc.doc_id, doc.company, doc.ticker, doc.fiscal_year, doc.doc_type, c.page, c.ord,
                                  text, vector_literal(v), c.section.replace("\x00", ""), c.statement,
                                  tsvector_literal(terms), len(terms), c.embed_key))


def vectors_by_key(conn: psycopg.Connection, keys: Sequence[bytes]) -> dict[bytes, list[float]]:
    """Vectors already in the index for these embedding keys (one per key; ingest/vectors.py)."""
    if not keys:
        return {}
    rows = conn.execute("SELECT DISTINCT ON (embed_key) embed_key, embedding::text FROM chunks"
                        " WHERE embed_key = ANY(%s)", (list(keys),)).fetchall()
    return {bytes(k): [float(x) for x in v[1:-1].split(",")] for k, v in rows}


def delete_document(conn: psycopg.Connection, doc_id: str, *, by: Principal) -> None:
    """Delete a document with its chunks and facts, and every cached answer that cited it, as `by` (an admin)."""
    require(by, "corpus.write")
    with conn.transaction():
        conn.execute("DELETE FROM semantic_cache WHERE %s = ANY(docs)", (doc_id,))
        conn.execute("DELETE FROM documents WHERE doc_id = %s", (doc_id,))


def scope_sql(company: str | None, fiscal_year: int | None, doc_types: Iterable[str] | None) -> tuple[str, list]:
    """(" WHERE ..." or "", parameters) restricting chunks or documents to a company / fiscal year / types."""
    where, params = [], []
    if company:
        where.append("company = %s")
        params.append(company)
    if fiscal_year is not None:
        where.append("fiscal_year = %s")
        params.append(int(fiscal_year))
    if doc_types:
        where.append("doc_type = ANY(%s)")
        params.append(list(doc_types))
    return (" WHERE " + " AND ".join(where)) if where else "", params


def statement_chunks(conn: psycopg.Connection, statements: Sequence[str], *, company: str | None,
                     fiscal_year: int | None, doc_types: Iterable[str] | None = None,
                     limit: int = 60) -> dict[str, list[ChunkHit]]:
    """Chunks of the primary-statement pages of the given kinds (cash_flow | income | balance), in one statement:
    {kind: its first `limit` chunks in page order}."""
    if not statements:
        return {}
    where, params = scope_sql(company, fiscal_year, doc_types)
    where = (where + " AND" if where else " WHERE") + " statement = ANY(%s)"
    rows = conn.execute(f"SELECT * FROM (SELECT {HIT_COLUMNS}, 0.0, statement, ticker, row_number() OVER"
                        f" (PARTITION BY statement ORDER BY doc_id, page, ord) AS n FROM chunks{where}) t"
                        " WHERE n <= %s ORDER BY statement, n",
                        [*params, list(dict.fromkeys(statements)), int(limit)]).fetchall()
    out: dict[str, list[ChunkHit]] = {}
    for r in rows:
        out.setdefault(r[8], []).append(ChunkHit(*r[:10]))
    return out


def filings_between(conn: psycopg.Connection, company: str, first: int, last: int) -> list[tuple[str, int, str]]:
    """(doc_id, fiscal_year, doc_type) of the company's filings for fiscal years first..last."""
    return [tuple(r) for r in conn.execute("SELECT doc_id, fiscal_year, doc_type FROM documents WHERE company = %s"
                                           " AND fiscal_year BETWEEN %s AND %s", (company, first, last)).fetchall()]


def latest_years(conn: psycopg.Connection, company: str) -> list[int]:
    """Fiscal years with any document of `company`, newest first."""
    return [r[0] for r in conn.execute("SELECT DISTINCT fiscal_year FROM documents WHERE company = %s"
                                       " ORDER BY fiscal_year DESC", (company,))]


def chunks_on_pages(conn: psycopg.Connection, refs: Sequence[tuple[str, int]]) -> list[ChunkHit]:
    """Every chunk of the given (doc, page) pages."""
    if not refs:
        return []
    rows = conn.execute(f"SELECT {HIT_COLUMNS}, 0.0, statement, ticker FROM chunks WHERE (doc_id, page) IN "
                        "(SELECT * FROM unnest(%s::text[], %s::int[])) ORDER BY doc_id, page, ord",
                        ([r[0] for r in refs], [int(r[1]) for r in refs])).fetchall()
    return [ChunkHit(*r) for r in rows]


def chunks_matching(conn: psycopg.Connection, pattern: str, *, company: str | None, fiscal_year: int | None,
                    doc_types: Iterable[str] | None = None, limit: int = 20) -> list[ChunkHit]:
    """Chunks of the scope whose text matches a Postgres regular expression (case-insensitive; passed as a
    parameter, never spliced into the SQL), in page order: e.g. the sentences stating a count (pipeline/reading/counts.py)."""
    where, params = scope_sql(company, fiscal_year, doc_types)
    where = (where + " AND" if where else " WHERE") + " text ~* %s"
    rows = conn.execute(f"SELECT {HIT_COLUMNS}, 0.0, statement, ticker FROM chunks{where}"
                        " ORDER BY doc_id, page, ord LIMIT %s", [*params, pattern, int(limit)]).fetchall()
    return [ChunkHit(*r) for r in rows]


def chunks_by_ids(conn: psycopg.Connection, ids: Sequence[int]) -> dict[int, ChunkHit]:
    rows = conn.execute(f"SELECT {HIT_COLUMNS}, 0.0, statement, ticker FROM chunks WHERE id = ANY(%s)",
                        (list(ids),)).fetchall()
    return {r[0]: ChunkHit(*r) for r in rows}


def all_chunk_rows(conn: psycopg.Connection) -> list[tuple[int, str, int, str]]:
    """(id, company, fiscal_year, text) of every chunk, for the keyword index."""
    return conn.execute("SELECT id, company, fiscal_year, doc_type, text FROM chunks ORDER BY id").fetchall()


def corpus_version(conn: psycopg.Connection) -> str:
    """Changes whenever any document is added, replaced or removed."""
    n, last, total = conn.execute(
        "SELECT count(*), coalesce(max(ingested_at)::text, ''), coalesce(sum(chunks), 0) FROM documents").fetchone()
    return f"{n}-{total}-{last}"


def _word_pattern(name: str) -> str:
    """A Postgres regular expression matching `name` as whole words (every other character escaped)."""
    return r"\m" + re.sub(r"([^A-Za-z0-9 ])", r"\\\1", name) + r"\M"


# What follows a name a company prints as its own part: "Space segment", "Consumer division", an asset it owns ("X
# mine", "X: underground mine", "X cash-generating unit", "X oil field"); never a noun other companies' names take as
# often ("the <customer> plant", "<supplier> brand products", "the <partner> project")
_PART_NOUN = (r"(?::\s+(?:[a-z\-]+\s+){0,2}|\s+)(?:business\s+)?(?:segments?|divisions?|mines?|"
              r"oil\s+fields?|gas\s+fields?|refinery|smelter|cash-generating\s+units?|CGUs?)\M")


def part_pattern(name: str) -> str:
    """A Postgres regular expression for `name` printed as a part: the name, then a part's noun (`_PART_NOUN`)."""
    return _word_pattern(name) + _PART_NOUN


def names_a_part(conn: psycopg.Connection, company: str, name: str) -> bool:
    """Whether `company`'s filings print `name` as one of its own parts ("Display Technologies", "AWS", "RMS"):
    beside "segment", "division" or an asset's noun on a page (`_PART_NOUN`), or as a row label on at least three
    pages. A competitor or customer the filings mention (an airline in an aircraft maker's) is neither. (How often a
    name is mentioned does not tell a division from a partner: a game publisher's filings may name its platform
    partner as often as a food group's name its own snack division.)"""
    word = _word_pattern(name)
    if conn.execute("SELECT 1 FROM pages p JOIN documents d USING (doc_id) WHERE d.company = %s AND p.text ~* %s"
                    " LIMIT 1", (company, part_pattern(name))).fetchone():
        return True
    # (facts are cells: one row over three year columns is three facts, so pages are counted, not facts; a customer
    # named in one concentration table is one page)
    pages = conn.execute("SELECT count(DISTINCT (f.doc_id, f.page)) FROM facts f JOIN documents d USING (doc_id)"
                         " WHERE d.company = %s AND f.label ~ %s", (company, word)).fetchone()[0]
    return pages >= 3


@dataclass
class ReportPage:
    doc: str
    company: str
    fiscal_year: int
    doc_type: str
    page: int
    text: str
    period_end: object = None     # datetime.date: the end of the year the document reports, where identified


def report_pages(conn: psycopg.Connection, company: str, fiscal_year: int | None,
                 pattern: str | None = None) -> list[ReportPage]:
    """Every page of a company's filings for a fiscal year (the latest year held when None), or only the pages
    whose text matches a Postgres regular expression (case-insensitive; a parameter, never spliced into the SQL),
    in document and page order: the whole report a "did it ...?" or "who is ...?" question is searched in."""
    if fiscal_year is None:
        row = conn.execute("SELECT max(fiscal_year) FROM documents WHERE company = %s", (company,)).fetchone()
        fiscal_year = row[0] if row else None
        if fiscal_year is None:
            return []
    sql = ("SELECT p.doc_id, d.company, d.fiscal_year, d.doc_type, p.page, p.text, d.period_end FROM pages p"
           " JOIN documents d USING (doc_id) WHERE d.company = %s AND d.fiscal_year = %s")
    params: list = [company, int(fiscal_year)]
    if pattern:
        sql += " AND p.text ~* %s"
        params.append(pattern)
    rows = conn.execute(sql + " ORDER BY p.doc_id, p.page", params).fetchall()
    return [ReportPage(*r) for r in rows]


def get_page(conn: psycopg.Connection, doc_id: str, page: int) -> str | None:
    row = conn.execute("SELECT text FROM pages WHERE doc_id = %s AND page = %s", (doc_id, int(page))).fetchone()
    return row[0] if row else None


def get_pages(conn: psycopg.Connection, keys: Iterable[tuple[str, int]]) -> dict[tuple[str, int], str]:
    """The texts of several (doc_id, page) pages in one query (an answer's cited pages), keyed as asked; a page
    not held is absent."""
    want = list(dict.fromkeys((d, int(p)) for d, p in keys))
    if not want:
        return {}
    rows = conn.execute("SELECT p.doc_id, p.page, p.text FROM unnest(%s::text[], %s::int[]) AS k(doc_id, page)"
                        " JOIN pages p USING (doc_id, page)", ([d for d, _ in want], [n for _, n in want])).fetchall()
    return {(d, n): text for d, n, text in rows}


def source_path(conn: psycopg.Connection, doc_id: str) -> str | None:
    """Where the document's PDF was ingested from (the citation viewer renders the page from it)."""
    row = conn.execute("SELECT source_path FROM documents WHERE doc_id = %s", (doc_id,)).fetchone()
    return row[0] if row else None


@dataclass(frozen=True)
class DocumentUnits:
    """How a document prints its figures: reporting currency (ISO code, '' if unknown) and scale."""
    currency: str
    scale: str          # thousands | millions | billions | ''
    fy_label: str = ""


def document_units(conn: psycopg.Connection, doc_ids: Iterable[str]) -> dict[str, DocumentUnits]:
    """Currency, scale and FY label per document, for answers to say "A$ 1,234 million" of the right filing."""
    rows = conn.execute("SELECT doc_id, currency, scale, fy_label FROM documents WHERE doc_id = ANY(%s)",
                        (list(doc_ids),)).fetchall()
    return {d: DocumentUnits(c, s, f) for d, c, s, f in rows}


def statement_units(conn: psycopg.Connection, doc_id: str) -> dict[int, tuple[str, str]]:
    """page -> (currency, scale) as that statement page prints them (ingest/statement_units.py), for facts to take a
    page's own unit before the document's."""
    row = conn.execute("SELECT identity -> 'statement_units' FROM documents WHERE doc_id = %s", (doc_id,)).fetchone()
    return {int(u["page"]): (u.get("currency") or "", u.get("scale") or "") for u in (row[0] if row and row[0] else [])
            if isinstance(u, dict) and u.get("page")}


def document_labels(conn: psycopg.Connection, doc_ids: Iterable[str]) -> dict[str, tuple[str, int, str, str]]:
    """(company, fiscal_year, doc_type, fy_label) per document, for labels that never show a file name."""
    rows = conn.execute("SELECT doc_id, company, fiscal_year, doc_type, fy_label FROM documents WHERE doc_id = ANY(%s)",
                        (list(doc_ids),)).fetchall()
    return {r[0]: (r[1], r[2], r[3], r[4]) for r in rows}


def list_documents(conn: psycopg.Connection) -> list[dict]:
    cur = conn.execute("SELECT doc_id, company, ticker, fiscal_year, fy_label, doc_type, period, period_end, currency,"
                       " scale, pages, chunks, embed_model, ingested_at, source_path, identity FROM documents"
                       " ORDER BY company, fiscal_year, doc_id")
    cols = [d.name for d in cur.description]
    return [dict(zip(cols, r)) for r in cur.fetchall()]


def coverage_all(conn: psycopg.Connection) -> dict[str, list[int]]:
    """company -> fiscal years of any filing (10-K, 10-Q, 8-K, earnings) in the corpus."""
    out: dict[str, list[int]] = {}
    for company, fy in conn.execute("SELECT DISTINCT company, fiscal_year FROM documents ORDER BY company, fiscal_year"):
        out.setdefault(company, []).append(fy)
    return out


def fiscal_periods(conn: psycopg.Connection) -> dict[str, list[tuple[int, object]]]:
    """company -> (fiscal year, period end) of each annual report whose period end was identified (a quarter's end
    dates no fiscal year)."""
    out: dict[str, list[tuple[int, object]]] = {}
    for company, fy, end in conn.execute("SELECT DISTINCT company, fiscal_year, period_end FROM documents"
                                         " WHERE period_end IS NOT NULL AND upper(replace(doc_type, '-', '')) = ANY(%s)"
                                         " ORDER BY company, fiscal_year",
                                         (sorted({t.replace('-', '') for t in ANNUAL_TYPES}),)):
        out.setdefault(company, []).append((fy, end))
    return out


def annual_coverage(conn: psycopg.Connection) -> dict[str, list[int]]:
    """company -> fiscal years with an annual report (a 10-K, 20-F, 40-F or any other annual report): the years a
    figure question defaults to."""
    out: dict[str, list[int]] = {}
    for company, fy in conn.execute("SELECT DISTINCT company, fiscal_year FROM documents"
                                    " WHERE upper(replace(doc_type, '-', '')) = ANY(%s) ORDER BY company, fiscal_year",
                                    (sorted({t.replace('-', '') for t in ANNUAL_TYPES}),)):
        out.setdefault(company, []).append(fy)
    return out


def pages_exist(conn: psycopg.Connection, refs: list[tuple[str, int]]) -> set[tuple[str, int]]:
    """Which (doc, page) pairs are real pages of ingested documents."""
    if not refs:
        return set()
    rows = conn.execute("SELECT doc_id, page FROM pages WHERE (doc_id, page) IN (SELECT * FROM unnest(%s::text[], %s::int[]))",
                        ([d for d, _ in refs], [p for _, p in refs])).fetchall()
    return {(d, p) for d, p in rows}
