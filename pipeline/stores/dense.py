"""Dense (pgvector cosine) search that stays exact where it must.

pgvector 0.6.2 (what pgserver ships) has HNSW but no iterative index scan: an HNSW scan with a WHERE clause takes
the `ef_search` nearest rows of the whole table and filters them afterwards, so a selective filter silently returns
fewer than k rows. So the strategy is chosen per query, from the scope's size (read from `documents.chunks`, a
small table, never by counting chunks):

- no HNSW index, or a scope of at most `EXACT_MAX_ROWS` chunks (one filing, one company's filings): an **exact**
  scan of the scope through the (company, fiscal_year) index. It orders by `embedding <=> q`, which the HNSW
  index (built on `embedding::vector(dim)`) cannot serve, so the planner never post-filters it;
- a larger scope (unscoped, or a weak filter): the **HNSW** index, with `hnsw.ef_search` raised in proportion to
  how much of the table the filter drops (up to pgvector's 1000); if it still returns fewer than k rows the
  query is answered again exactly. A filtered search never returns fewer than k rows while k exist.

The HNSW index is built by `build_ann_index` (ingest builds it once the corpus reaches `ANN_MIN_CHUNKS`; below
that an exact scan is fast and always exact). On pgvector 0.8+ `hnsw.iterative_scan` would make the fallback
rarer; the exact fallback keeps this correct on any version.
"""
from __future__ import annotations

import math
import re
from typing import Iterable, Sequence

import psycopg

from pipeline.stores.corpus import HIT_COLUMNS, ChunkHit, scope_sql, vector_literal

EXACT_MAX_ROWS = 20_000       # an exact scan of this many vectors takes tens of ms on 2 cores
ANN_MIN_CHUNKS = 100_000      # below this an exact scan of the whole corpus is fast enough; no HNSW index
INDEX_NAME = "chunks_embedding_hnsw"
EF_MIN, EF_MAX = 100, 1000    # pgvector caps hnsw.ef_search at 1000
_HIT_COLUMNS_C = ", ".join("c." + col.strip() for col in HIT_COLUMNS.split(","))

def ann_dim(conn: psycopg.Connection) -> int | None:
    """The dimension of the valid HNSW index on chunks, or None when there is none."""
    row = conn.execute("SELECT pg_get_indexdef(indexrelid) FROM pg_index WHERE indexrelid = to_regclass(%s)"
                       " AND indisvalid", (INDEX_NAME,)).fetchone()
    if not row:
        return None
    m = re.search(r"vector\((\d+)\)", row[0])
    return int(m.group(1)) if m else None


def scope_rows(conn: psycopg.Connection, company: str | None, fiscal_year: int | None,
               doc_types: Iterable[str] | None) -> int:
    """How many chunks the scope holds, from the documents table (one row per filing)."""
    where, params = scope_sql(company, fiscal_year, doc_types)
    return int(conn.execute(f"SELECT coalesce(sum(chunks), 0) FROM documents{where}", params).fetchone()[0])


def ef_search(k: int, scope: int, total: int) -> int:
    """Enough HNSW candidates that a filter keeping `scope` of `total` rows still leaves about 2k of them."""
    if scope <= 0:
        return EF_MAX
    return max(EF_MIN, min(EF_MAX, math.ceil(2 * k * total / scope)))


def exact(conn: psycopg.Connection, vector: Sequence[float], k: int, company: str | None = None,
          fiscal_year: int | None = None, doc_types: Iterable[str] | None = None) -> list[tuple]:
    """The k nearest chunks of the scope, by an exact scan of the scope's rows. The inner query reads only ids and
    vectors (so the scan never detoasts the texts of rows it drops) and orders by `embedding <=> q`, an expression
    the HNSW index (on `embedding::vector(dim)`) cannot serve: the planner cannot post-filter an index scan here.
    The texts of the k winners are fetched by primary key."""
    where, params = scope_sql(company, fiscal_year, doc_types)
    q = vector_literal(vector)
    return conn.execute(f"SELECT {_HIT_COLUMNS_C}, 1 - t.d AS score, c.statement, c.ticker FROM"
                        f" (SELECT id, embedding <=> %s::vector AS d FROM chunks{where} ORDER BY d LIMIT %s) t"
                        " JOIN chunks c ON c.id = t.id ORDER BY t.d, c.id", [q, *params, int(k)]).fetchall()


def approximate(conn: psycopg.Connection, vector: Sequence[float], k: int, dim: int, ef: int,
                company: str | None = None, fiscal_year: int | None = None,
                doc_types: Iterable[str] | None = None) -> list[tuple]:
    where, params = scope_sql(company, fiscal_year, doc_types)
    q = vector_literal(vector)
    conn.execute("SELECT set_config('hnsw.ef_search', %s, true)", (str(int(ef)),))
    return conn.execute(f"SELECT {HIT_COLUMNS}, 1 - (embedding <=> %s::vector) AS score, statement, ticker FROM chunks{where}"
                        f" ORDER BY embedding::vector({int(dim)}) <=> %s::vector({int(dim)}) LIMIT %s",
                        [q, *params, q, int(k)]).fetchall()


def search(conn: psycopg.Connection, vector: Sequence[float], k: int, company: str | None = None,
           fiscal_year: int | None = None, doc_types: Iterable[str] | None = None,
           scope: int | None = None) -> tuple[list[tuple], str]:
    """(rows, strategy): rows as (id, doc_id, company, fiscal_year, doc_type, page, text, score, statement,
    ticker), nearest first; strategy is 'exact', 'hnsw' or 'hnsw+exact' (HNSW came back short). `scope`: the
    scope's chunk count when the caller knows it (else read from the documents table)."""
    if scope is None:
        scope = scope_rows(conn, company, fiscal_year, doc_types)
    if scope <= EXACT_MAX_ROWS:      # the common case (one filing): no catalog look-up for the index
        return exact(conn, vector, k, company, fiscal_year, doc_types), "exact"
    dim = ann_dim(conn)
    if dim is None or dim != len(vector):
        return exact(conn, vector, k, company, fiscal_year, doc_types), "exact"
    total = scope_rows(conn, None, None, None) if (company or fiscal_year is not None or doc_types) else scope
    with conn.transaction():   # set_config(..., true) lasts until this transaction (or savepoint) ends
        rows = approximate(conn, vector, k, dim, ef_search(k, scope, total), company, fiscal_year, doc_types)
    if len(rows) < min(k, scope):
        return exact(conn, vector, k, company, fiscal_year, doc_types), "hnsw+exact"
    return rows, "hnsw"


def build_ann_index(conn: psycopg.Connection, dim: int, *, m: int = 16, ef_construction: int = 64,
                    maintenance_work_mem: str = "1GB") -> None:
    """Build the HNSW index (minutes at 1M chunks on 2 cores; bulk-load first, index after)."""
    if not re.fullmatch(r"\d+(kB|MB|GB)", maintenance_work_mem):
        raise ValueError(f"maintenance_work_mem must look like '1GB', not {maintenance_work_mem!r}")
    conn.execute(f"SET maintenance_work_mem = '{maintenance_work_mem}'")
    conn.execute(f"CREATE INDEX IF NOT EXISTS {INDEX_NAME} ON chunks USING hnsw ((embedding::vector({int(dim)}))"
                 f" vector_cosine_ops) WITH (m = {int(m)}, ef_construction = {int(ef_construction)})")
    conn.execute("RESET maintenance_work_mem")


def maybe_build_ann_index(conn: psycopg.Connection, dim: int) -> bool:
    """Build the HNSW index once the corpus reaches ANN_MIN_CHUNKS; True when it was built now."""
    if ann_dim(conn) is not None or scope_rows(conn, None, None, None) < ANN_MIN_CHUNKS:
        return False
    build_ann_index(conn, dim)
    return True


def dense_search(conn: psycopg.Connection, query_vector: Sequence[float], *, k: int, company: str | None = None,
                 fiscal_year: int | None = None, doc_types: Iterable[str] | None = None,
                 rows: int | None = None) -> list[ChunkHit]:
    """Cosine search in scope: exact for a selective scope, HNSW (when built) for a large one, never fewer than k
    rows while k exist (`search` above). `rows`: the scope's chunk count when the caller knows it."""
    rows, _ = search(conn, query_vector, k, company, fiscal_year, doc_types, scope=rows)
    return [ChunkHit(*r) for r in rows]
