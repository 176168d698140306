"""Keyword search in Postgres (ARA_KEYWORD_BACKEND=postgres): the tokeniser's terms stored with each chunk, BM25
scored in SQL over the searched scope only. Each test writes its own small documents inside a transaction it rolls
back, so the session database is left as it was."""
from __future__ import annotations

import random

import pytest

from pipeline.retrieval.keyword import KeywordIndex
from pipeline.stores.tokeniser import chunk_terms, query_terms, tsvector_literal
from pipeline.stores import keyword as kw
from pipeline.stores.corpus import ChunkRecord, DocumentRecord, replace_document

DOCS = {
    ("Kw Alpha", 2018): ["What was the amount of the total in the year? What was in the of the in the what was.",
                         "Net sales revenue grew to 32,765 million",
                         "Purchases of property, plant and equipment (PP&E) (1,577)",
                         "Dividends paid to shareholders"],
    ("Kw Alpha", 2017): ["Revenue in 2017 was lower", "Dividends paid to shareholders in 2017"],
    ("Kw O'Brien", 2018): ["Revenue of the O'Brien company", "Cost of sales and revenue revenue"],
}
DIM = 384


def _vec(rng):
    return [rng.uniform(-1, 1) for _ in range(DIM)]


@pytest.fixture
def conn(migrated_conn):
    """This module needs no ingested corpus: the migrated session database (tests/conftest.py)."""
    return migrated_conn


@pytest.fixture
def kwdb(conn):
    """The session database plus three small documents, rolled back afterwards. Returns {text: chunk id}."""
    rng = random.Random(7)
    conn.execute("SELECT 1")          # open the outer transaction the test rolls back
    for (company, year), texts in DOCS.items():
        doc = DocumentRecord(doc_id=f"KWTEST_{company.replace(' ', '_')}_{year}", company=company, ticker="",
                             fiscal_year=year, doc_type="10K", period=str(year), source_path="-", sha256="-")
        replace_document(conn, doc, ["page"], [ChunkRecord(page=1, ord=i, text=t) for i, t in enumerate(texts)],
                         [_vec(rng) for _ in texts], "test-model")
    ids = dict(conn.execute("SELECT text, id FROM chunks WHERE doc_id LIKE 'KWTEST_%'").fetchall())
    yield ids
    conn.rollback()


def test_terms_keep_the_tokeniser(kwdb):
    assert chunk_terms(["Purchases of PP&E were 1,577 in 2018"]) == [["purchas", "ppe", "1577", "2018"]]
    assert query_terms("What was the revenue of the company?") == ["revenu"]
    assert tsvector_literal(["a'b", "x\\y", "a'b"]) == "'a''b':1,3 'x\\\\y':2"


def test_scoped_search_finds_only_the_scope(conn, kwdb):
    rev = query_terms("revenue")
    a18 = kw.search(conn, rev, 10, company="Kw Alpha", fiscal_year=2018)
    assert [i for i, _ in a18] == [kwdb["Net sales revenue grew to 32,765 million"]]
    a17 = kw.search(conn, rev, 10, company="Kw Alpha", fiscal_year=2017)
    assert [i for i, _ in a17] == [kwdb["Revenue in 2017 was lower"]]
    ob = kw.search(conn, rev, 10, company="Kw O'Brien")
    assert {i for i, _ in ob} == {kwdb["Revenue of the O'Brien company"], kwdb["Cost of sales and revenue revenue"]}
    assert kw.search(conn, rev, 10, company="Kw Nobody") == []
    assert kw.search(conn, rev, 10, company="Kw Alpha", doc_types=["10Q"]) == []
    assert all(s > 0 for _, s in ob)


def test_filler_words_thousands_and_ppe(conn, kwdb):
    hits = kw.search(conn, query_terms("What was the revenue in the year?"), 5, company="Kw Alpha", fiscal_year=2018)
    assert kwdb["What was the amount of the total in the year? What was in the of the in the what was."] not in dict(hits)
    assert kw.search(conn, query_terms("what was the of in"), 5, company="Kw Alpha") == []
    assert kw.search(conn, query_terms("32765"), 3, company="Kw Alpha")[0][0] == kwdb["Net sales revenue grew to 32,765 million"]
    ppe = kw.search(conn, query_terms("capex PP&E 1577"), 3, company="Kw Alpha", fiscal_year=2018)
    assert ppe[0][0] == kwdb["Purchases of property, plant and equipment (PP&E) (1,577)"]


def test_same_ranking_as_bm25s_on_the_scope(conn, kwdb):
    """BM25 in SQL scores a scope as bm25s scores an index of that scope's chunks (same tokeniser, Lucene idf)."""
    rows = conn.execute("SELECT id, company, fiscal_year, doc_type, text FROM chunks WHERE company = %s ORDER BY id",
                        ("Kw Alpha",)).fetchall()
    q = "revenue sales dividends paid in 2017, property and revenue"
    ref = KeywordIndex.build(rows).search(q, 10)
    got = kw.search(conn, query_terms(q), 10, company="Kw Alpha")
    assert len(got) >= 3
    assert [i for i, _ in got] == [i for i, _ in ref]
    assert [round(s, 4) for _, s in got] == pytest.approx([round(s, 4) for _, s in ref], rel=1e-3)


def test_term_frequencies_count_repeated_terms(conn, kwdb):
    """A term printed twice in a chunk counts twice (its positions), as in bm25s: "revenue revenue" ranks first."""
    rows = conn.execute("SELECT id, company, fiscal_year, doc_type, text FROM chunks WHERE company = %s ORDER BY id",
                        ("Kw O'Brien",)).fetchall()
    ref = KeywordIndex.build(rows).search("revenue of sales", 10)
    got = kw.search(conn, query_terms("revenue of sales"), 10, company="Kw O'Brien", fiscal_year=2018)
    assert [i for i, _ in got] == [i for i, _ in ref] == [kwdb["Cost of sales and revenue revenue"],
                                                         kwdb["Revenue of the O'Brien company"]]
    assert [s for _, s in got] == pytest.approx([s for _, s in ref], rel=1e-3)


def test_hits_come_back_with_their_texts_in_one_statement(conn, kwdb):
    """`search_chunks` is `search` with each hit's chunk (text, page, company ...), read by the ranking statement."""
    statements = []

    class Recording:
        def execute(self, query, params=None):
            statements.append(query)
            return conn.execute(query, params)

    q = query_terms("revenue sales dividends paid in 2017")
    ids = kw.search(conn, q, 10, company="Kw Alpha", fiscal_year=2018, rows=4)
    hits = kw.search_chunks(Recording(), q, 10, company="Kw Alpha", fiscal_year=2018, rows=4)
    assert len(statements) == 1 and len(hits) >= 2
    assert [h.chunk_id for h in hits] == [i for i, _ in ids]
    assert [h.score for h in hits] == pytest.approx([sc for _, sc in ids])
    texts = {i: t for t, i in kwdb.items()}
    assert all(h.text == texts[h.chunk_id] and h.company == "Kw Alpha" and h.fiscal_year == 2018 and h.page == 1
               for h in hits)


@pytest.mark.parametrize("hostile", ["'); drop table chunks; --", "revenue & | ! :* <-> ( ) '' \\",
                                     "revenue:* & !sales | (cost", "\\'; SELECT pg_sleep(5); --", "", "   ", "?!",
                                     "revenue " + "x" * 12000, "revenue ℳ١٢٣ 🚀 \u202e"])
def test_hostile_text_is_only_ever_terms(conn, kwdb, hostile):
    terms = query_terms(hostile)
    assert all(t.isalnum() or "_" in t for t in terms)
    hits = kw.search(conn, terms, 5, company="Kw Alpha")     # must not raise, must not run anything
    assert conn.execute("SELECT count(*) FROM chunks WHERE doc_id LIKE 'KWTEST_%'").fetchone()[0] == 8
    if "revenue" in hostile:
        assert hits and all(s > 0 for _, s in hits)


def test_tsquery_literal_quotes_every_term():
    """Terms from elsewhere (not the tokeniser) are still quoted: no operator gets through."""
    assert kw.tsquery_literal(["a'b", "c & d", "x\\"]) == "'a''b' | 'c & d' | 'x\\\\'"


def test_chunks_without_terms_are_tokenised_once(conn, kwdb):
    cid = kwdb["Dividends paid to shareholders"]
    conn.execute("UPDATE chunks SET terms = NULL, terms_len = NULL WHERE id = %s", (cid,))
    assert cid not in dict(kw.search(conn, query_terms("dividends"), 5, company="Kw Alpha", fiscal_year=2018))
    assert kw.ensure_terms(conn) >= 1
    assert kw.ensure_terms(conn) == 0
    assert cid in dict(kw.search(conn, query_terms("dividends"), 5, company="Kw Alpha", fiscal_year=2018))


def test_a_cold_retriever_never_reads_the_whole_corpus(settings, conn, kwdb, monkeypatch):
    """A fresh process (a new Retriever) answers its first scoped keyword query from the scope's rows: nothing
    builds or loads a whole-corpus index, nothing is written under ARA_DATA_DIR/bm25."""
    from pipeline.retrieval import keyword as keyword_mod
    from pipeline.retrieval import retriever as retrieval
    from pipeline.retrieval.passage import Scope
    from pipeline.question.analysis import analyse
    from pipeline.stores import corpus, db

    def boom(*a, **k):
        raise AssertionError("a whole-corpus keyword index was built or loaded")

    monkeypatch.setattr(corpus, "all_chunk_rows", boom)
    monkeypatch.setattr(keyword_mod.KeywordIndex, "build", boom)
    monkeypatch.setattr(keyword_mod.KeywordIndex, "load", boom)
    monkeypatch.setattr(retrieval, "load_or_build", boom)
    s = settings.model_copy(update={"keyword_backend": "postgres"})
    r = retrieval.Retriever(s, lambda: db.connect(s), embedder=object())   # the settings' own connection: a DSN read back
    # from a live connection drops the password (an external Postgres with scram refuses it)
    q = "What was the revenue in FY2018?"
    scope = Scope(company="Kw Alpha", fiscal_year=2018)
    ps = r.candidates(q, analyse(q), scope, conn, mode="keyword")
    assert [p.chunk_id for p in ps] == [kwdb["Net sales revenue grew to 32,765 million"]]
    assert not (s.data_dir / "bm25").exists()


def test_a_large_scope_is_searched_through_its_rarest_terms(conn, kwdb, monkeypatch):
    """Past EXACT_SCOPE_MAX chunks the candidates are those holding the rarest terms (bounded work); the scope
    filter and the no-padding rule still hold."""
    monkeypatch.setattr(kw, "EXACT_SCOPE_MAX", 0)
    hits = kw.search(conn, query_terms("revenue 32,765"), 5, company="Kw Alpha")
    assert hits[0][0] == kwdb["Net sales revenue grew to 32,765 million"] and all(s > 0 for _, s in hits)
    assert {i for i, _ in kw.search(conn, query_terms("revenue"), 10, company="Kw O'Brien")} == {
        kwdb["Revenue of the O'Brien company"], kwdb["Cost of sales and revenue revenue"]}
    assert kw.search(conn, query_terms("revenue"), 10, company="Kw Nobody") == []
