"""Ingest embeds each distinct chunk text once and reuses vectors the index already holds (ingest/vectors.py)."""
import pytest

from ingest import vectors
from ingest.run import ingest_paths
from pipeline.core.access import OPERATOR
from pipeline.stores import corpus
from tests.pdfs import write_pdf

BOILERPLATE = ["Lockheed Martin Corporation", "POWER OF ATTORNEY",
               "The undersigned hereby constitutes the officers named below as attorneys-in-fact to sign and file",
               "this Annual Report on Form 10-K for the fiscal year ended December 31, 2034, with all exhibits."]
NARRATIVE = ["Lockheed Martin Corporation", "Management's Discussion and Analysis",
             "Net sales increased in 2034 because of higher volume on the F-35 program and on missiles."]
OTHER = ["Lockheed Martin Corporation", "Legal Proceedings",
         "We are a party to a number of lawsuits arising in the ordinary course of business in 2035."]


@pytest.fixture
def counted(embedder, monkeypatch):
    """Every text the embedder is asked to embed."""
    seen: list[str] = []
    cls = type(embedder)
    real = cls.get_text_embedding_batch

    def batch(self, texts, **kw):
        seen.extend(texts)
        return real(self, texts, **kw)

    monkeypatch.setattr(cls, "get_text_embedding_batch", batch)
    return seen


def _vectors(conn, doc_id):
    rows = conn.execute("SELECT page, ord, embedding::text, embed_key FROM chunks WHERE doc_id = %s ORDER BY page, ord",
                        (doc_id,)).fetchall()
    return {(p, o): ([float(x) for x in v[1:-1].split(",")], bytes(k)) for p, o, v, k in rows}


def test_repeats_embed_once_and_a_forced_reingest_embeds_nothing(tmp_path, loaded, embedder, conn, counted):
    pdf = write_pdf(tmp_path / "LOCKHEEDMARTIN_2034_10K.pdf", [BOILERPLATE, NARRATIVE, BOILERPLATE])
    try:
        first = ingest_paths([pdf], loaded, embedder=embedder, show_progress=False, by=OPERATOR)[0]
        assert first.status == "ingested", first.error
        stored = _vectors(conn, "LOCKHEEDMARTIN_2034_10K")
        keys = [k for _, k in stored.values()]
        assert len(counted) == len(set(counted)) == len(set(keys)) < first.chunks   # page 3 repeats page 1
        assert first.reused == first.chunks - len(counted)
        p1 = [v for (p, _), v in stored.items() if p == 1]
        p3 = [v for (p, _), v in stored.items() if p == 3]
        assert p1 == p3

        counted.clear()
        again = ingest_paths([pdf], loaded, embedder=embedder, show_progress=False, force=True, by=OPERATOR)[0]
        assert again.status == "replaced" and counted == [] and again.reused == again.chunks
        after = _vectors(conn, "LOCKHEEDMARTIN_2034_10K")
        assert after.keys() == stored.keys()
        for ref, (vec, key) in stored.items():      # the reused vectors are the ones computed the first time
            assert after[ref][1] == key
            assert max(abs(a - b) for a, b in zip(after[ref][0], vec)) < 1e-6
    finally:
        conn.rollback()     # end the reads' transaction, so the deletes commit
        corpus.delete_document(conn, "LOCKHEEDMARTIN_2034_10K", by=OPERATOR)


def test_another_filing_embeds_only_its_new_texts(tmp_path, loaded, embedder, conn, counted):
    a = write_pdf(tmp_path / "LOCKHEEDMARTIN_2034_10K.pdf", [BOILERPLATE, NARRATIVE])
    b = write_pdf(tmp_path / "LOCKHEEDMARTIN_2035_10K.pdf", [BOILERPLATE, OTHER])
    try:
        assert ingest_paths([a], loaded, embedder=embedder, show_progress=False, by=OPERATOR)[0].status == "ingested"
        counted.clear()
        rb = ingest_paths([b], loaded, embedder=embedder, show_progress=False, by=OPERATOR)[0]
        assert rb.status == "ingested", rb.error
        old = {k for _, k in _vectors(conn, "LOCKHEEDMARTIN_2034_10K").values()}
        new = _vectors(conn, "LOCKHEEDMARTIN_2035_10K")
        shared = [ref for ref, (_, k) in new.items() if k in old]
        assert shared and len(shared) < len(new)           # the power of attorney page is shared, page 2 is not
        assert len(counted) == len(new) - len(shared) == rb.chunks - rb.reused
    finally:
        conn.rollback()     # end the reads' transaction, so the deletes commit
        corpus.delete_document(conn, "LOCKHEEDMARTIN_2034_10K", by=OPERATOR)
        corpus.delete_document(conn, "LOCKHEEDMARTIN_2035_10K", by=OPERATOR)


class _OtherModel:
    model_name = "some-other-model"
    max_tokens = 128


def test_vectors_of_another_model_or_limit_are_never_reused(loaded, conn):
    row = conn.execute("SELECT c.embed_key FROM chunks c WHERE c.embed_key IS NOT NULL LIMIT 1").fetchone()
    assert row is not None
    model = corpus.index_model(conn)[0]
    text = "Net cash provided by operating activities"
    assert vectors.embed_key(model, 128, text) == vectors.embed_key(model, 128, text)
    assert vectors.embed_key(model, 128, text) != vectors.embed_key(model, 256, text)
    assert vectors.embed_key(model, 128, text) != vectors.embed_key("some-other-model", 128, text)
    # the index holds vectors with keys, but none is looked up for an embedder of another model
    plan = vectors.plan(conn, _OtherModel(), ["a", "b", "a"])
    assert plan.todo == ["a", "b"] and plan.known == {} and plan.reused == 1
    filled = plan.fill([[1.0], [2.0]])
    assert filled == [[1.0], [2.0], [1.0]]
    with pytest.raises(ValueError):
        plan.fill([[1.0]])
