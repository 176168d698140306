"""Keyword search in Postgres: BM25 (Lucene variant, as bm25s scores it) computed in SQL over the chunks of the
searched scope, from the terms stored with each chunk (`chunks.terms`, migration 0016).

The GIN index on `terms` finds the chunks holding any query term; the (company, fiscal_year) index bounds them to
the scope; document frequencies, the scope's size and its average length are those of the scope itself. So a
search scoped to one filing reads that filing's matching chunks, never the whole corpus, and no process builds
anything in memory. User text reaches SQL only as bind parameters: the query's terms travel as a text array and a
tsquery literal of quoted terms built by `pipeline.stores.tokeniser` (no tsquery operator in a question survives the
tokeniser, and every term is quoted anyway).
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace
from typing import Iterable

import psycopg

from pipeline.stores import corpus
from pipeline.stores.corpus import ChunkHit
from pipeline.stores.dense import scope_rows
from pipeline.stores.tokeniser import chunk_terms, tsvector_literal

K1, B = 1.5, 0.75          # bm25s defaults (Lucene)
BACKFILL_BATCH = 2000
EXACT_SCOPE_MAX = 50_000   # scopes up to this many chunks are scored exactly (every chunk holding any term)
CANDIDATES = 4000          # a larger scope: at most this many candidates, those holding the rarest terms
SCAN_SCOPE_MAX = 10_000   # scopes up to this many chunks are matched row by row, never through the GIN index
SAMPLE_ROWS = 20_000       # a larger scope's document frequencies are estimated from a sample this size
# A row's query terms with their positions: weight 'A' marks the query's lexemes, `ts_filter` keeps them, in C
# (unnesting every lexeme of every matching row and filtering them in SQL was most of a scoped search's time).
# Stored terms always carry positions (`pipeline.stores.tokeniser.tsvector_literal`), which the weights need.
_QUERY_TERMS_OF_ROW = "ts_filter(setweight(setweight(c.terms, 'D'), 'A', %(terms)s::text[]), '{a}')"
_HIT_COLUMNS_C = ", ".join("c." + col.strip() for col in corpus.HIT_COLUMNS.split(","))


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
           fiscal_year: int | None = None, doc_types: Iterable[str] | None = None,
           rows: int | None = None) -> list[tuple[int, float]]:
    """(chunk id, BM25 score) best first, only chunks in scope that hold a query term (no zero-score padding).
    Chunks still without terms are not found until `ensure_terms` has run (the retriever runs it once)."""
    if not terms or k <= 0:
        return []
    size = _size(conn, rows, company, fiscal_year, doc_types)
    if size > EXACT_SCOPE_MAX:
        return _search_large(conn, terms, k, size, company, fiscal_year, doc_types)
    return [(int(i), float(s)) for i, s in _search_exact(conn, terms, k, size, company, fiscal_year, doc_types)]


def search_chunks(conn: psycopg.Connection, terms: list[str], k: int, *, company: str | None = None,
                  fiscal_year: int | None = None, doc_types: Iterable[str] | None = None,
                  rows: int | None = None) -> list[ChunkHit]:
    """`search`'s hits as chunks (`score` the BM25 score), in the same order. A scope scored exactly (up to
    EXACT_SCOPE_MAX chunks: every scoped search) returns the texts from the statement that ranks them."""
    if not terms or k <= 0:
        return []
    size = _size(conn, rows, company, fiscal_year, doc_types)
    if size > EXACT_SCOPE_MAX:
        ranked = _search_large(conn, terms, k, size, company, fiscal_year, doc_types)
        found = corpus.chunks_by_ids(conn, [i for i, _ in ranked])
        return [replace(found[i], score=s) for i, s in ranked if i in found]
    return [ChunkHit(*r) for r in _search_exact(conn, terms, k, size, company, fiscal_year, doc_types, texts=True)]


def _size(conn: psycopg.Connection, rows: int | None, company: str | None, fiscal_year: int | None,
          doc_types: Iterable[str] | None) -> int:
    return rows if rows is not None else scope_rows(conn, company, fiscal_year, doc_types)


def _search_exact(conn: psycopg.Connection, terms: list[str], k: int, size: int, company: str | None,
                  fiscal_year: int | None, doc_types: Iterable[str] | None, texts: bool = False) -> list[tuple]:
    """BM25 of every chunk in scope holding any term, the statistics the scope's own: rows (id, score), or
    (`texts`) the chunk's hit columns, score, statement, ticker, best first, zero scores dropped."""
    qtf = Counter(terms)
    where, params = _scope(company, fiscal_year, doc_types)
    scope_cte, source = "", "chunks"
    if size <= SCAN_SCOPE_MAX and (company or fiscal_year is not None):
        # A small scope is read through the (company, fiscal_year) index once and matched row by row: the GIN
        # index's posting lists of common terms ("million", "cash") span the whole corpus, so a bitmap of them
        # costs in proportion to the corpus, not the scope.
        scope_cte = f"scope AS MATERIALIZED (SELECT c.id, c.terms, c.terms_len FROM chunks c WHERE {where}),"
        source, where = "scope", "true"
    params.update(terms=list(qtf), qtf=list(qtf.values()), tsq=tsquery_literal(qtf), k=int(k), k1=K1, b=B)
    # The k best ids, then (texts) their rows by primary key: the scoring never reads a text.
    result = (f"SELECT {_HIT_COLUMNS_C}, r.score, c.statement, c.ticker FROM ranked r JOIN chunks c ON c.id = r.id"
              if texts else "SELECT r.id, r.score FROM ranked r")
    return conn.execute(
        f"""
        WITH q AS (SELECT * FROM unnest(%(terms)s::text[], %(qtf)s::int[]) AS q(term, qtf)),
        {scope_cte}
        stats AS (SELECT count(*)::float8 AS n, coalesce(avg(c.terms_len), 1)::float8 AS avgdl
                  FROM {source} c WHERE {where}),
        hits AS (SELECT c.id, c.terms_len, u.lexeme, coalesce(array_length(u.positions, 1), 1) AS tf
                 FROM {source} c, unnest({_QUERY_TERMS_OF_ROW}) u
                 WHERE {where} AND c.terms @@ %(tsq)s::tsquery),
        df AS (SELECT lexeme, count(*)::float8 AS df FROM hits GROUP BY lexeme),
        ranked AS (
            SELECT h.id,
                   sum(q.qtf * ln(1 + (s.n - df.df + 0.5) / (df.df + 0.5))
                       * h.tf / (h.tf + %(k1)s * (1 - %(b)s + %(b)s * h.terms_len / greatest(s.avgdl, 1e-9)))) AS score
            FROM hits h JOIN df USING (lexeme) JOIN q ON q.term = h.lexeme CROSS JOIN stats s
            GROUP BY h.id ORDER BY score DESC, h.id LIMIT %(k)s)
        {result} WHERE r.score > 0 ORDER BY r.score DESC, r.id
        """, params).fetchall()


def _search_large(conn: psycopg.Connection, terms: list[str], k: int, size: int, company: str | None,
                  fiscal_year: int | None, doc_types: Iterable[str] | None) -> list[tuple[int, float]]:
    """A scope too large to score every chunk holding any term (unscoped, or one year of every company): document
    frequencies and the average length are estimated from a random sample of the table; the candidates are the
    chunks holding all of the query's rarest terms (as many of them as still leave k candidates, at most
    CANDIDATES), scored by the same BM25 formula. Approximate, and bounded by the candidates, not the corpus."""
    qtf = Counter(terms)
    uniq = list(qtf)
    total = max(1, int(conn.execute("SELECT coalesce(sum(chunks), 0) FROM documents").fetchone()[0]))
    pct = min(100.0, 100.0 * SAMPLE_ROWS / total)
    counts = ", ".join(f"count(*) FILTER (WHERE terms @@ %(t{i})s::tsquery)" for i in range(len(uniq)))
    sample = conn.execute(f"SELECT count(*), coalesce(avg(terms_len), 1), {counts} FROM chunks"
                          " TABLESAMPLE SYSTEM (%(pct)s) REPEATABLE (7) WHERE terms IS NOT NULL",
                          {"pct": pct, **{f"t{i}": tsquery_literal([t]) for i, t in enumerate(uniq)}}).fetchone()
    n_sample, avgdl = max(1, sample[0]), float(sample[1])
    df = {t: max(1.0, sample[2 + i] * size / n_sample) for i, t in enumerate(uniq)}
    rarest = sorted(uniq, key=lambda t: df[t])
    where, params = _scope(company, fiscal_year, doc_types)
    rows: list = []
    for j in range(len(rarest), 0, -1):          # all terms, then all but the commonest, ...
        params.update(tsq=" & ".join(tsquery_literal([t]) for t in rarest[:j]), lim=CANDIDATES)
        rows = conn.execute(f"SELECT c.id, c.terms_len, u.lexeme, coalesce(array_length(u.positions, 1), 1)"
                            f" FROM (SELECT id, terms, terms_len FROM chunks c WHERE {where} AND c.terms @@ %(tsq)s::tsquery"
                            f" LIMIT %(lim)s) c, unnest(c.terms) u WHERE u.lexeme = ANY(%(terms)s::text[])",
                            {**params, "terms": uniq}).fetchall()
        if len({r[0] for r in rows}) >= k:
            break
    scores: dict[int, float] = {}
    for cid, dl, term, tf in rows:
        idf = math.log(1 + (size - df[term] + 0.5) / (df[term] + 0.5))
        scores[cid] = scores.get(cid, 0.0) + qtf[term] * idf * tf / (tf + K1 * (1 - B + B * dl / max(avgdl, 1e-9)))
    ranked = sorted(scores.items(), key=lambda x: (-x[1], x[0]))[:k]
    return [(int(i), float(sc)) for i, sc in ranked if sc > 0]


def write_terms(conn: psycopg.Connection, rows: list[tuple[int, str]]) -> None:
    """Store the terms of (chunk id, text) rows."""
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
