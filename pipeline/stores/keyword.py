"""Keyword search in Postgres: BM25 (Lucene variant, as bm25s scores it) computed in SQL over the chunks of the
searched scope, from the terms stored with each chunk (`chunks.terms`, migration 0016).

The GIN index on `terms` finds the chunks holding any query term; the (company, fiscal_year) index bounds them to
the scope; document frequencies, the scope's size and its average length are those of the scope itself. So a
search scoped to one filing reads that filing's matching chunks, never the whole corpus, and no process builds
anything in memory. User text reaches SQL only as bind parameters: the query's terms travel as a text array and a
tsquery literal of quoted terms built by `pipeline.keyword` (no tsquery operator in a question survives the
tokeniser, and every term is quoted anyway).
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable

import psycopg

K1, B = 1.5, 0.75          # bm25s defaults (Lucene)
BACKFILL_BATCH = 2000


def _scope(company: str | None, fiscal_year: int | None, doc_types: Iterable[str] | None) -> tuple[str, dict]:
    where, params = ["c.terms IS NOT NULL"], {}
    if company:
        where.append("c.company = %(company)s")
        params["company"] = company
    if fiscal_year is not None:
        where.append("c.fiscal_year = %(fy)s")
        params["fy"] = int(fiscal_year)
    if doc_types:
        where.append("c.doc_type = ANY(%(doc_types)s)")
        params["doc_types"] = list(doc_types)
    return " AND ".join(where), params


def tsquery_literal(terms: Iterable[str]) -> str:
    """'a' | 'b': any of the terms, each quoted (a quote doubled, a backslash escaped)."""
    return " | ".join("'" + t.replace("\\", "\\\\").replace("'", "''") + "'" for t in dict.fromkeys(terms))


def search(conn: psycopg.Connection, terms: list[str], k: int, *, company: str | None = None,
           fiscal_year: int | None = None, doc_types: Iterable[str] | None = None) -> list[tuple[int, float]]:
    """(chunk id, BM25 score) best first, only chunks in scope that hold a query term (no zero-score padding).
    Chunks still without terms are not found until `ensure_terms` has run (the retriever runs it once)."""
    if not terms or k <= 0:
        return []
    qtf = Counter(terms)
    where, params = _scope(company, fiscal_year, doc_types)
    params.update(terms=list(qtf), qtf=list(qtf.values()), tsq=tsquery_literal(qtf), k=int(k), k1=K1, b=B)
    rows = conn.execute(
        f"""
        WITH q AS (SELECT * FROM unnest(%(terms)s::text[], %(qtf)s::int[]) AS q(term, qtf)),
        stats AS (SELECT count(*)::float8 AS n, coalesce(avg(c.terms_len), 1)::float8 AS avgdl
                  FROM chunks c WHERE {where}),
        hits AS (SELECT c.id, c.terms_len, u.lexeme, coalesce(array_length(u.positions, 1), 1) AS tf
                 FROM chunks c, unnest(c.terms) u
                 WHERE {where} AND c.terms @@ %(tsq)s::tsquery AND u.lexeme = ANY(%(terms)s::text[])),
        df AS (SELECT lexeme, count(*)::float8 AS df FROM hits GROUP BY lexeme)
        SELECT h.id,
               sum(q.qtf * ln(1 + (s.n - df.df + 0.5) / (df.df + 0.5))
                   * h.tf / (h.tf + %(k1)s * (1 - %(b)s + %(b)s * h.terms_len / greatest(s.avgdl, 1e-9)))) AS score
        FROM hits h JOIN df USING (lexeme) JOIN q ON q.term = h.lexeme CROSS JOIN stats s
        GROUP BY h.id ORDER BY score DESC, h.id LIMIT %(k)s
        """, params).fetchall()
    return [(int(i), float(s)) for i, s in rows if s and s > 0]


def write_terms(conn: psycopg.Connection, rows: list[tuple[int, str]]) -> None:
    """Store the terms of (chunk id, text) rows."""
    from pipeline.keyword import chunk_terms, tsvector_literal

    terms = chunk_terms([t for _, t in rows])
    with conn.cursor() as cur:
        cur.executemany("UPDATE chunks SET terms = %s::tsvector, terms_len = %s WHERE id = %s",
                        [(tsvector_literal(ts), len(ts), i) for (i, _), ts in zip(rows, terms)])


def ensure_terms(conn: psycopg.Connection) -> int:
    """Tokenise chunks stored without terms (before migration 0016, or written by hand); returns how many.
    One process does it (a transaction-level advisory lock); the others find nothing left to do. A cheap check
    (a partial index of pending rows) when there is nothing to do."""
    if conn.execute("SELECT 1 FROM chunks WHERE terms IS NULL LIMIT 1").fetchone() is None:
        return 0
    done = 0
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(hashtext('ara_chunk_terms'))")
        while True:
            rows = conn.execute("SELECT id, text FROM chunks WHERE terms IS NULL ORDER BY id LIMIT %s",
                                (BACKFILL_BATCH,)).fetchall()
            if not rows:
                break
            write_terms(conn, rows)
            done += len(rows)
    return done
