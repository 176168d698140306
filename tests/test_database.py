import pytest

from pipeline.settings import Settings
from pipeline.stores import corpus, db, dense


def test_migrations_are_recorded_in_order_and_idempotent(conn):
    versions = [r[0] for r in conn.execute("SELECT version FROM schema_migrations ORDER BY version")]
    assert versions == [v for v, _, _ in db.migrations()]
    assert db.migrate(conn) == []


def test_path_with_space_is_refused_clearly(tmp_path):
    s = Settings(data_dir=tmp_path / "has space", database_url=None)
    with pytest.raises(db.DatabaseError, match="spaces"):
        db.conninfo(s)


def test_missing_pgvector_is_explained():
    class NoVector:
        def execute(self, *a, **k):
            class R:
                def fetchone(self):
                    return None
            return R()

    with pytest.raises(db.DatabaseError) as e:
        db._ensure_vector(NoVector())
    assert "pgvector" in str(e.value) and "CREATE EXTENSION vector" in str(e.value)


def test_unreachable_external_database_names_it_without_the_password():
    s = Settings(database_url="postgresql://ara:s3cret-pw@127.0.0.1:1/nowhere", data_dir="/tmp/x")
    with pytest.raises(db.DatabaseError) as e:
        db.connect(s)
    assert "s3cret-pw" not in str(e.value) and "127.0.0.1" in str(e.value)


def test_filter_values_are_bound_not_pasted(conn, embedder):
    vec = embedder.get_query_embedding("capital expenditures")
    assert dense.dense_search(conn, vec, k=5, company="McDonald's") == []
    assert dense.dense_search(conn, vec, k=5, company="x' OR '1'='1") == []
    assert dense.dense_search(conn, vec, k=5, company="Verizon'); DROP TABLE chunks; --") == []
    assert conn.execute("SELECT count(*) FROM chunks").fetchone()[0] > 0
    assert dense.dense_search(conn, vec, k=5, company="Verizon", fiscal_year=2030)


def test_other_embedding_model_is_refused(conn):
    with pytest.raises(corpus.EmbeddingModelMismatch):
        corpus.check_index_model(conn, "text-embedding-3-small", 1536)
    conn.rollback()


def test_a_figure_question_defaults_to_any_kind_of_annual_report(conn):
    """An international annual report (type ANNUAL, 20-F, 40-F) is an annual report like a 10-K: its years are the
    ones a figure question without a year defaults to, and a quarterly or current report's are not."""
    rows = [("ZEPHYRA_2031_AR", "Zephyra Minerals", 2031, "ANNUAL"), ("ZEPHYRA_2032_10Q", "Zephyra Minerals", 2032, "10Q"),
            ("ZEPHYRA_2030_20F", "Zephyra Minerals", 2030, "20-F")]
    try:
        for doc, company, fy, kind in rows:
            conn.execute("INSERT INTO documents (doc_id, company, fiscal_year, doc_type, period, source_path, sha256,"
                         " pages, chunks, embed_model) VALUES (%s, %s, %s, %s, %s, '', %s, 1, 0, 'test')",
                         (doc, company, fy, kind, str(fy), doc))
        assert corpus.annual_coverage(conn)["Zephyra Minerals"] == [2030, 2031]
    finally:
        conn.rollback()


def test_every_migration_has_its_own_number():
    """Migrations are recorded by number: two files sharing one (two branches each adding "the next" migration)
    would leave one of them silently unapplied on a database that has the other."""
    versions = [v for v, _, _ in db.migrations()]
    assert versions == sorted(set(versions)), versions


def test_cited_pages_are_read_in_one_query_as_one_by_one(migrated_conn):
    """get_pages (verify's read of every cited page) returns what get_page returns for each page held, keyed as
    asked; a page or document not held is absent, a repeated key is read once."""
    conn = migrated_conn
    conn.execute("INSERT INTO documents (doc_id, company, fiscal_year, doc_type, period, source_path, sha256, pages,"
                 " chunks, embed_model) VALUES ('QUILLON_2031_10K', 'Quillon Foods', 2031, '10K', '2031', '', 'q', 3,"
                 " 0, 'test')")
    texts = {1: "Cover", 2: "Net sales $ 1,234.5 million; the Company's 'core' segment", 3: "Total assets 9,876"}
    for page, text in texts.items():
        conn.execute("INSERT INTO pages (doc_id, page, text) VALUES ('QUILLON_2031_10K', %s, %s)", (page, text))
    keys = [("QUILLON_2031_10K", 3), ("QUILLON_2031_10K", 2), ("QUILLON_2031_10K", 2), ("QUILLON_2031_10K", 7),
            ("NOBODY_2031_10K", 1), ("x' OR '1'='1", 1)]
    got = corpus.get_pages(conn, keys)
    assert got == {("QUILLON_2031_10K", 3): texts[3], ("QUILLON_2031_10K", 2): texts[2]}
    assert all(got[k] == corpus.get_page(conn, *k) for k in got)
    assert corpus.get_pages(conn, []) == {}
