"""Fixtures. Database tests run on the embedded pgserver, or - when DATABASE_URL is set (CI does both) - in a
fresh database created on that server for this test session and dropped afterwards."""
from __future__ import annotations

import os
import uuid
from pathlib import Path

import pytest

from pipeline.core.access import OPERATOR

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(os.environ.get("ARA_TEST_CORPUS", ROOT.parent / "shared" / "corpus")).resolve()
PDFS = CORPUS / "pdfs"
REAL_DOCS = ["3M_2018_10K", "3M_2021_10K", "BOEING_2018_10K"]


def corpus_pdf(name: str) -> Path:
    p = PDFS / f"{name}.pdf"
    if not p.exists():
        pytest.skip(f"real corpus absent: {p} not found (set ARA_TEST_CORPUS or check out ../shared/corpus)")
    return p


@pytest.fixture(scope="session")
def settings(tmp_path_factory):
    from pipeline.settings import Settings

    data = tmp_path_factory.mktemp("ara-data")
    url = os.environ.get("DATABASE_URL")
    if not url:
        yield Settings(data_dir=data, database_url=None, corpus_dir=None)
        return
    import psycopg

    name = f"ara_test_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(url, autocommit=True) as c:
        c.execute(f'CREATE DATABASE "{name}"')
    test_url = url.rsplit("/", 1)[0] + f"/{name}"
    yield Settings(data_dir=data, database_url=test_url, corpus_dir=None)
    with psycopg.connect(url, autocommit=True) as c:
        c.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def embedder():
    from pipeline.providers.embeddings import LocalMiniLMEmbedding

    return LocalMiniLMEmbedding(max_tokens=128)


@pytest.fixture(scope="session")
def generated_pdf(tmp_path_factory):
    from tests.pdfs import known_figures_pdf

    return known_figures_pdf(tmp_path_factory.mktemp("gen"))


@pytest.fixture(scope="session")
def loaded(settings, embedder, generated_pdf):
    """The session database with the generated PDF and (when present) a few real 10-Ks, ingested once."""
    from ingest.run import ingest_paths

    paths = [generated_pdf] + [PDFS / f"{d}.pdf" for d in REAL_DOCS if (PDFS / f"{d}.pdf").exists()]
    results = ingest_paths(paths, settings, embedder=embedder, show_progress=False, by=OPERATOR)
    bad = [r for r in results if r.status == "failed"]
    assert not bad, [r.error for r in bad]
    return settings


@pytest.fixture
def conn(loaded):
    from pipeline.stores import db

    c = db.connect(loaded)
    yield c
    c.close()


@pytest.fixture
def migrated_conn(settings):
    """A migrated connection to the session database without ingesting anything (fast); whatever the test writes
    is rolled back."""
    from pipeline.stores import db

    c = db.connect(settings)
    db.migrate(c)
    c.commit()
    yield c
    c.rollback()
    c.close()


STEPS = ["carry_over", "summary", "notes", "route", "retrieve", "rerank", "grade", "synthesise", "citations",
         "verify", "final_gate", "shape", "audit"]


@pytest.fixture(scope="session")
def ctx(loaded, embedder):
    """The turn graph's context on the session database: offline (no LLM, rules reranker) and without the answer
    cache, so that repeated questions exercise the whole pipeline (cache tests use `cached_ctx`)."""
    from pipeline.nodes import TurnContext
    from pipeline.stores import db

    s = loaded.model_copy(update={"cache_enabled": False})
    return TurnContext.from_settings(s, lambda: db.connect(s), embedder=embedder)


@pytest.fixture
def cached_ctx(loaded, embedder, conn):
    """A context with the semantic cache, emptied before and after the test."""
    from pipeline.nodes import TurnContext
    from pipeline.stores import db

    conn.execute("DELETE FROM semantic_cache")
    conn.commit()
    yield TurnContext.from_settings(loaded, lambda: db.connect(loaded), embedder=embedder)
    conn.execute("DELETE FROM semantic_cache")
    conn.commit()


@pytest.fixture(scope="session")
def ask(ctx):
    from pipeline.graph import run_turn

    return lambda q, **kw: run_turn(q, ctx, **kw)


def _process_settings_at(s, monkeypatch):
    """Point the process-wide settings (CLI, app) at the database of `s` for one test; cleared again after it."""
    from pipeline import settings as settings_mod

    monkeypatch.setenv("ARA_DATA_DIR", str(s.data_dir))
    if s.database_url:
        monkeypatch.setenv("DATABASE_URL", s.database_url)
    else:
        monkeypatch.delenv("DATABASE_URL", raising=False)
    settings_mod.get_settings.cache_clear()
    yield s
    settings_mod.get_settings.cache_clear()


@pytest.fixture
def env_settings(loaded, monkeypatch):
    """Point the process-wide settings (CLI, app) at the session database."""
    yield from _process_settings_at(loaded, monkeypatch)


@pytest.fixture
def env_settings_nodocs(settings, monkeypatch):
    """The process-wide settings pointed at the session database, nothing ingested."""
    yield from _process_settings_at(settings, monkeypatch)


def pytest_collection_modifyitems(items):
    for item in items:
        if {"conn", "loaded", "ctx", "ask", "env_settings", "settings"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.db)
