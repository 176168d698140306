"""A search scoped to one company and fiscal year does work in proportion to the scope, never to the corpus: the
plans Postgres runs for the scoped dense and keyword queries read only the scope's rows (through the
(company, fiscal_year) index, never the HNSW index or the whole-corpus GIN posting lists), the dense scan leaves
the texts of the rows it drops unread, and one retrieval reads the scope's size once and the index catalog never.
The data is generated inside a transaction each test rolls back."""
from __future__ import annotations

import json

import pytest

from pipeline.reading.facts import FACTS_VERSION
from pipeline.stores.tokeniser import query_terms
from pipeline.question.analysis import analyse
from pipeline.question.registry import Registry
from pipeline.retrieval.passage import Scope
from pipeline.retrieval.retriever import Retriever
from pipeline.stores import dense
from pipeline.stores import keyword as kw

DIM = 384
K = 10
SCOPE, OTHER = ("Sp Small", 2021), ("Sp Big", 2021)


class Recording:
    """A connection that records every statement it runs (and otherwise is the connection)."""

    def __init__(self, conn):
        self._conn, self.statements = conn, []

    def execute(self, query, params=None, **kw):
        self.statements.append((str(query), params))
        return self._conn.execute(query, params, **kw)

    def __getattr__(self, name):
        return getattr(self._conn, name)


def _mark_facts(conn, doc: str, version: str) -> None:
    conn.execute("UPDATE documents SET facts_version = %s WHERE doc_id = %s", (version, doc))


@pytest.fixture
def conn(migrated_conn):
    return migrated_conn


@pytest.fixture
def corpus(conn):
    """'Sp Small' FY2021: 40 chunks; 'Sp Big' FY2021: 4,000 chunks, every one holding the query's terms; an HNSW
    index over all of them. Returns the query vector."""
    conn.execute("SELECT setseed(0.17)")
    for (company, year), n in ((SCOPE, 40), (OTHER, 4000)):
        doc = "SP_" + company.split()[1].upper()
        conn.execute("INSERT INTO documents (doc_id, company, fiscal_year, doc_type, period, source_path, sha256, pages,"
                     " chunks, embed_model) VALUES (%s, %s, %s, '10K', %s, '-', '-', 1, %s, 'test')",
                     (doc, company, year, str(year), n))
        conn.execute(
            "INSERT INTO chunks (doc_id, company, fiscal_year, doc_type, page, ord, text, embedding, terms, terms_len)"
            " SELECT %s, %s, %s, '10K', 1 + g / 10, g, repeat('Net revenue and cash flow. ', 80) || g,"
            "  (SELECT array_agg(random() - 0.5 + 0 * i + 0 * g) FROM generate_series(1, %s) i)::real[]::vector,"
            "  'revenu:1 cash:2 flow:3 net:4'::tsvector, 4"
            " FROM generate_series(1, %s) g", (doc, company, year, DIM, n))
        # facts current: a retrieval must not rebuild them (that commits, and would keep this data)
        _mark_facts(conn, doc, FACTS_VERSION)
    conn.execute("ANALYZE chunks")
    dense.build_ann_index(conn, DIM, maintenance_work_mem="64MB")
    return [((i * 7) % 11 - 5) / 5 for i in range(DIM)]


def _plan(conn, sql, params) -> dict:
    row = conn.execute("EXPLAIN (ANALYZE, VERBOSE, FORMAT JSON) " + sql, params).fetchone()[0]
    return (json.loads(row) if isinstance(row, str) else row)[0]["Plan"]


def _nodes(plan: dict):
    yield plan
    for child in plan.get("Plans", []):
        yield from _nodes(child)


def _scans_of_chunks(plan: dict) -> list[dict]:
    return [n for n in _nodes(plan) if n.get("Relation Name") == "chunks"]


def test_exact_dense_scan_reads_the_scope_and_not_its_texts(conn, corpus):
    rec = Recording(conn)
    rows = dense.exact(rec, corpus, K, company=SCOPE[0], fiscal_year=SCOPE[1])
    assert len(rows) == K and {r[2] for r in rows} == {SCOPE[0]}
    plan = _plan(conn, *rec.statements[-1])
    scans = _scans_of_chunks(plan)
    assert scans and all(n.get("Index Name") != dense.INDEX_NAME for n in _nodes(plan))
    assert not [n for n in scans if n["Node Type"] == "Seq Scan"]
    # Every row read from chunks is in the scope (40), plus the k winners fetched by primary key.
    assert sum(n["Actual Rows"] * n.get("Actual Loops", 1) for n in scans) <= 40 + K
    # The scan that computes the distances outputs no text: only the k winners' texts are read.
    distance_scan = [n for n in scans if n.get("Index Name") != "chunks_pkey"]
    assert distance_scan and not any("text" in out for n in distance_scan for out in n.get("Output", []))


def test_exact_dense_scan_keeps_the_scope_even_when_hnsw_is_preferred(conn, corpus):
    """With scans that need a sort discouraged, the planner would take the HNSW index if the query allowed it
    (and post-filter it to fewer than k rows); the exact query orders by an expression the index cannot serve."""
    conn.execute("SET LOCAL enable_sort = off")
    rec = Recording(conn)
    rows = dense.exact(rec, corpus, K, company=SCOPE[0], fiscal_year=SCOPE[1])
    assert len(rows) == K
    assert all(n.get("Index Name") != dense.INDEX_NAME for n in _nodes(_plan(conn, *rec.statements[-1])))


def test_small_scope_keyword_search_never_reads_the_gin_index(conn, corpus):
    """The GIN index's posting list of a common term holds every chunk of the corpus that has it (here 4,040):
    a small scope is read through the scope index and matched row by row instead."""
    conn.execute("SET LOCAL enable_seqscan = off")     # the GIN bitmap is the planner's first choice otherwise
    rec = Recording(conn)
    hits = kw.search(rec, query_terms("net revenue cash flow"), K, company=SCOPE[0], fiscal_year=SCOPE[1])
    assert len(hits) == K
    sql, params = [s for s in rec.statements if "unnest" in s[0]][-1]
    plan = _plan(conn, sql, params)
    assert all(n.get("Index Name") != "chunks_terms_idx" for n in _nodes(plan))
    assert sum(n["Actual Rows"] * n.get("Actual Loops", 1) for n in _scans_of_chunks(plan)) <= 40


def test_one_retrieval_reads_the_scope_size_once_and_no_catalog(conn, corpus, settings):
    """Both sides share the scope's size (read with its years by scope_for); neither looks the HNSW index up in
    the catalog for a scope it scans exactly."""
    from pipeline.stores import db

    class Embedder:
        def get_query_embedding(self, text):
            return corpus

    r = Retriever(settings.model_copy(update={"keyword_backend": "postgres"}), lambda: db.connect(settings),
                  embedder=Embedder())
    facts = analyse("What was Sp Small's net revenue in FY2021?", registry=Registry(companies=[]))
    rec = Recording(conn)
    scope = r.scope_for(facts, SCOPE[0], SCOPE[1], rec)
    assert scope.rows == 40
    found = r.candidates("net revenue", facts, scope, rec)
    assert found and {p.company for p in found} == {SCOPE[0]}
    sql = [s for s, _ in rec.statements]
    assert not [s for s in sql if "sum(chunks)" in s and "GROUP BY" not in s]
    assert not [s for s in sql if "pg_index" in s or "pg_get_indexdef" in s]
    assert Scope().rows is None


def test_start_up_reads_no_chunks(settings):
    """A process's start-up (the turn context: migrations, the facts check) and its keyword search's first use
    read nothing per chunk: at most the one-row probe for chunks stored without terms. (What made a first turn
    slow at a million chunks must not be whole-corpus work in every process.)"""
    from pipeline.nodes import TurnContext
    from pipeline.stores import db

    with db.connect(settings) as c:    # a fresh session database: the migrations' DDL is not what is measured
        db.migrate(c)
        c.commit()
    opened: list[Recording] = []

    class Conn(Recording):
        def __enter__(self):
            self._conn.__enter__()
            return self

        def __exit__(self, *exc):
            return self._conn.__exit__(*exc)

    def connect():
        opened.append(Conn(db.connect(settings)))
        return opened[-1]

    ctx = TurnContext.from_settings(settings.model_copy(update={"cache_enabled": False}), connect)
    with connect() as c:
        ctx.retriever.keyword_index(c)
    reads = [s for conn in opened for s, _ in conn.statements if "chunks" in s.lower()]
    assert all("LIMIT 1" in s for s in reads), reads
    assert len(reads) <= 1


def _retriever(settings, vector):
    from pipeline.stores import db

    class Embedder:
        def get_query_embedding(self, text):
            return vector

    return Retriever(settings.model_copy(update={"keyword_backend": "postgres"}), lambda: db.connect(settings),
                     embedder=Embedder())


def test_one_scoped_retrieval_costs_one_statement_per_side(conn, corpus, settings):
    """A company + fiscal-year retrieval runs one statement for the scope (the company's filings: years, sizes,
    facts current), one per side returning the texts with the ids (dense, keyword, the statement pages of every
    asked kind), and the facts locator's search (one per metric) and pages. Main before this change ran 9-13
    (keyword texts, filings and facts staleness apart, one per statement kind)."""
    r = _retriever(settings, corpus)
    facts = analyse("What was Sp Small's net revenue and total assets in FY2021?", registry=Registry(companies=[]))
    assert len(facts.statements) >= 2 and len(facts.metrics) >= 2     # two statement kinds, two metrics
    rec = Recording(conn)
    scope = r.scope_for(facts, SCOPE[0], SCOPE[1], rec)
    found = r.candidates(facts.search_query(), facts, scope, rec)
    assert found and {p.company for p in found} == {SCOPE[0]}
    sql = [s for s, _ in rec.statements]
    kinds = {"scope": [s for s in sql if "FROM documents d WHERE d.company" in s],
             "keyword": [s for s in sql if "ts_filter" in s],
             "dense": [s for s in sql if "<=>" in s],
             "statement pages": [s for s in sql if "PARTITION BY statement" in s],
             "facts": [s for s in sql if "FROM facts f" in s],
             "facts pages": [s for s in sql if "unnest(%s::text[], %s::int[])" in s]}
    assert [len(kinds[k]) for k in ("scope", "keyword", "dense", "statement pages")] == [1, 1, 1, 1]
    assert 1 <= len(kinds["facts"]) <= len([m for m in facts.metrics if m.printed]) and len(kinds["facts pages"]) <= 1
    assert len(sql) == sum(len(v) for v in kinds.values()), sql     # nothing else: no texts by id, no staleness check
    assert len(sql) <= 4 + len(kinds["facts"]) + 1


def test_a_stale_filing_is_still_rebuilt_before_its_facts_are_read(conn, corpus, settings, monkeypatch):
    """The scope says which filings' facts are stale (after a rules change): the facts search then rebuilds them
    before reading, as before; current ones cost no check."""
    from pipeline.retrieval import facts_rebuild

    rebuilt: list[str] = []
    monkeypatch.setattr(facts_rebuild, "extract_document", lambda c, doc_id, pages=None: rebuilt.append(doc_id) or 0)
    _mark_facts(conn, "SP_SMALL", "an older version")
    r = _retriever(settings, corpus)
    facts = analyse("What was Sp Small's net revenue in FY2021?", registry=Registry(companies=[]))
    scope = r.scope_for(facts, SCOPE[0], SCOPE[1], conn)
    assert [f.facts_current for f in scope.filings] == [False]
    r.candidates(facts.search_query(), facts, scope, conn)
    assert rebuilt and set(rebuilt) == {"SP_SMALL"}


def test_statement_pages_of_several_kinds_in_one_statement(conn, corpus):
    """`statement_chunks` of two kinds: each kind's first `limit` chunks in page order, as one query per kind."""
    from pipeline.stores import corpus as store

    conn.execute("UPDATE chunks SET statement = CASE WHEN ord % 3 = 0 THEN 'income' WHEN ord % 3 = 1 THEN 'balance'"
                 " END WHERE doc_id = 'SP_SMALL'")
    rec = Recording(conn)
    got = store.statement_chunks(rec, ["balance", "income", "cash_flow"], company=SCOPE[0], fiscal_year=SCOPE[1],
                                 limit=5)
    assert len(rec.statements) == 1
    for kind in ("balance", "income"):
        ref = conn.execute("SELECT id FROM chunks WHERE company = %s AND fiscal_year = %s AND statement = %s"
                           " ORDER BY doc_id, page, ord LIMIT 5", (*SCOPE, kind)).fetchall()
        assert [h.chunk_id for h in got[kind]] == [i for i, in ref] and len(ref) == 5
        assert all(h.statement == kind and h.text for h in got[kind])
    assert "cash_flow" not in got and store.statement_chunks(conn, [], company=SCOPE[0], fiscal_year=None) == {}


def test_the_scope_read_gives_years_sizes_and_filings(conn, corpus):
    from pipeline.stores import corpus as store
    from pipeline.stores import filings

    conn.execute("INSERT INTO documents (doc_id, company, fiscal_year, doc_type, period, source_path, sha256, pages,"
                 " chunks, embed_model) VALUES ('SP_SMALL_Q', %s, 2021, '10Q', '2021', '-', '-', 1, 7, 'test'),"
                 " ('SP_SMALL_19', %s, 2019, '10K', '2019', '-', '-', 1, 5, 'test')", (SCOPE[0], SCOPE[0]))
    got = filings.of_company(conn, SCOPE[0], FACTS_VERSION)
    assert filings.year_sizes(got) == {2021: 47, 2019: 5} and list(filings.year_sizes(got)) == [2021, 2019]
    assert sorted(filings.between(got, 2019, 2020)) == sorted(store.filings_between(conn, SCOPE[0], 2019, 2020))
    assert sorted(filings.between(got, 2019, 2023)) == sorted(store.filings_between(conn, SCOPE[0], 2019, 2023))
    assert filings.of_company(conn, "Nobody Corp", FACTS_VERSION) == []
