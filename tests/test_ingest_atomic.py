"""Ingest is atomic per document from a reader's point of view, content-addressed, and stops cleanly where the cause
is not the file's. Each interruption is real: an `ara ingest` subprocess SIGKILLs itself (or loses its database
connection, or meets a full disk) after a named phase (ARA_DEBUG_INGEST_FAULT, ingest/run.py), and the next run
must leave the document whole: its pages, chunks, vectors and facts all of one version, facts of the current rules.
"""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from ingest.documents import file_sha256
from ingest.run import PHASES, ingest_paths
from pipeline.core.access import OPERATOR
from pipeline.reading.facts import FACTS_VERSION
from pipeline.stores import corpus
from tests.conftest import ROOT
from tests.pdfs import write_pdf

DOC = "KESTREL_2041_10K"


def _filing(path, capex: str, extra_page: bool = False):
    cash_flow = ["Kestrel Lighting Corp. and Subsidiaries", "Consolidated Statements of Cash Flows",
                 "(dollars in millions) Years Ended December 31, 2041 2040 2039",
                 "Net income $ 1,234 $ 1,100 $ 1,000",
                 "Net cash provided by operating activities 2,345 2,100 2,000",
                 f"Capital expenditures ({capex}) (900) (800)"]
    pages = [["KESTREL LIGHTING CORP.", "(Exact name of registrant as specified in its charter)",
              "ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934",
              "For the fiscal year ended December 31, 2041"], cash_flow]
    if extra_page:
        pages.append(["Management's Discussion and Analysis", "Backlog grew in 2041."])
    return write_pdf(path, pages)


def _ara(env_settings, *args, fault: str = "", timeout: int = 240) -> subprocess.CompletedProcess:
    env = dict(os.environ, ARA_DEBUG_INGEST_FAULT=fault)
    env.pop("ARA_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "pipeline.cli.main", *args], env=env, cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout)


def _state(conn, doc_id: str) -> dict:
    """What a reader sees of one document: its row, and whether its pages, chunks and facts match it."""
    conn.rollback()
    row = conn.execute("SELECT sha256, pages, chunks, facts_version FROM documents WHERE doc_id = %s",
                       (doc_id,)).fetchone()
    if row is None:
        return {}
    sha, pages, chunks, version = row
    n_pages = conn.execute("SELECT count(*) FROM pages WHERE doc_id = %s", (doc_id,)).fetchone()[0]
    n_chunks = conn.execute("SELECT count(*) FROM chunks WHERE doc_id = %s AND embedding IS NOT NULL",
                            (doc_id,)).fetchone()[0]
    capex = {r[0] for r in conn.execute("SELECT value_printed FROM facts WHERE doc_id = %s AND fiscal_year = 2041"
                                        " AND label ILIKE 'capital expenditures%%'", (doc_id,))}
    conn.rollback()
    return {"sha": sha, "whole": n_pages == pages and n_chunks == chunks > 0, "facts_current": version == FACTS_VERSION,
            "capex": capex, "pages": pages}


@pytest.fixture
def filing(tmp_path, env_settings, embedder, conn):
    pdf = _filing(tmp_path / f"{DOC}.pdf", "1,111")
    first = ingest_paths([pdf], env_settings, embedder=embedder, show_progress=False, by=OPERATOR)[0]
    assert first.status == "ingested", first.error
    assert first.info.company == "Kestrel Lighting"      # a made-up company, registered by ingest
    assert _state(conn, DOC)["capex"] == {"(1,111)"}
    yield pdf
    conn.rollback()
    corpus.delete_document(conn, DOC, by=OPERATOR)
    conn.commit()


@pytest.mark.parametrize("phase", PHASES)
def test_a_reingest_killed_after_any_phase_is_finished_by_the_next_run(filing, phase, env_settings, embedder, conn):
    _filing(filing, "2,222", extra_page=True)                 # a changed file under the same name
    killed = _ara(env_settings, "ingest", "--quiet", str(filing), fault=f"{phase}:kill")
    assert killed.returncode == -9, killed.stderr[-2000:]
    seen = _state(conn, DOC)
    # A reader never sees a half-written document: the old version whole, or (killed after the commit) the new one.
    assert seen["whole"] and seen["facts_current"]
    assert seen["capex"] == ({"(2,222)"} if phase == "committed" else {"(1,111)"})
    again = ingest_paths([filing], env_settings, embedder=embedder, show_progress=False, by=OPERATOR)[0]
    assert again.status == ("unchanged" if phase == "committed" else "replaced"), again.error
    done = _state(conn, DOC)
    assert done["sha"] == file_sha256(filing) and done["whole"] and done["facts_current"]
    assert done["capex"] == {"(2,222)"} and done["pages"] == 3


def test_a_forced_reingest_killed_before_its_facts_leaves_them_answerable(filing, env_settings, embedder, conn):
    """The reported case: `ara ingest --force FILE` killed after the document row was replaced and before the facts
    were rebuilt; the next plain `ara ingest FILE` said "unchanged" and the filing had no facts from then on."""
    killed = _ara(env_settings, "ingest", "--quiet", "--force", str(filing), fault="document:kill")
    assert killed.returncode == -9, killed.stderr[-2000:]
    again = ingest_paths([filing], env_settings, embedder=embedder, show_progress=False, by=OPERATOR)[0]
    assert again.status == "unchanged"
    done = _state(conn, DOC)
    assert done["whole"] and done["facts_current"] and done["capex"] == {"(1,111)"}


def test_a_document_whose_facts_mark_is_stale_or_missing_is_rebuilt_by_the_next_run(filing, env_settings, embedder,
                                                                                   conn):
    """The mark of current facts lives on the document's row (a replaced row starts without it), so a document
    left without facts by an older version is never 'current' and the next run rebuilds it."""
    conn.execute("DELETE FROM facts WHERE doc_id = %s", (DOC,))
    conn.execute("UPDATE documents SET facts_version = NULL WHERE doc_id = %s", (DOC,))
    conn.commit()
    assert ingest_paths([filing], env_settings, embedder=embedder, show_progress=False, by=OPERATOR)[0].status == "unchanged"
    assert _state(conn, DOC)["capex"] == {"(1,111)"}


def test_a_lost_database_connection_stops_the_batch_and_the_next_run_finishes(filing, tmp_path, env_settings, conn):
    _filing(filing, "3,333")
    later = _filing(tmp_path / "KESTREL_2040_10K.pdf", "4,444")
    res = _ara(env_settings, "ingest", "--quiet", str(filing), str(later), fault="document:drop_connection")
    assert res.returncode == 2, res.stdout + res.stderr
    assert "Lost the connection" in res.stderr and "Traceback" not in res.stderr + res.stdout
    assert "not tried" in res.stdout                       # the summary is printed, the second file is listed
    assert _state(conn, DOC)["capex"] == {"(1,111)"}       # rolled back
    assert not _state(conn, "KESTREL_2040_10K")
    ok = _ara(env_settings, "ingest", "--quiet", str(filing), str(later))
    try:
        assert ok.returncode == 0, ok.stdout + ok.stderr
        assert _state(conn, DOC)["capex"] == {"(3,333)"}
    finally:
        corpus.delete_document(conn, "KESTREL_2040_10K", by=OPERATOR)
        conn.commit()


def test_a_full_disk_stops_the_batch_with_the_summary_and_the_space_to_free(filing, tmp_path, env_settings, conn):
    _filing(filing, "5,555")
    later = _filing(tmp_path / "KESTREL_2039_10K.pdf", "6,666")
    res = _ara(env_settings, "ingest", "--quiet", str(filing), str(later), fault="document:disk_full")
    assert res.returncode == 2, res.stdout + res.stderr
    out = res.stdout + res.stderr
    assert "Traceback" not in out and "DiskFull" not in out
    assert "Ingest summary" in res.stdout and "not tried" in res.stdout
    assert "The disk is full" in res.stderr and "Free at least" in res.stderr
    if env_settings.database_url:   # a server's disk cannot be measured from here: the message names the server
        assert "the disk of the database server" in res.stderr and "MB free" not in res.stderr
    else:                           # the embedded database's disk is local: its free space is stated
        assert "MB free" in res.stderr
    assert _state(conn, DOC)["capex"] == {"(1,111)"}       # nothing half-written
    assert not _state(conn, "KESTREL_2039_10K")


def test_the_same_bytes_under_another_name_are_held_once(filing, tmp_path, env_settings, embedder, conn):
    copy = tmp_path / "copy of the kestrel report.pdf"
    copy.write_bytes(filing.read_bytes())
    res = ingest_paths([copy], env_settings, embedder=embedder, show_progress=False, by=OPERATOR)[0]
    assert res.status == "duplicate" and res.same_as == DOC
    assert not _state(conn, copy.stem)
    assert conn.execute("SELECT count(*) FROM documents WHERE sha256 = %s", (file_sha256(filing),)).fetchone()[0] == 1
    conn.rollback()
    # also within one batch, and the CLI says which document holds them
    twin = tmp_path / "KESTREL_TWIN.pdf"
    twin.write_bytes(filing.read_bytes())
    cli = _ara(env_settings, "ingest", "--quiet", str(copy), str(twin))
    assert cli.returncode == 0, cli.stdout + cli.stderr
    assert cli.stdout.count(f"same as {DOC}") == 2
    # a changed file under the same name still replaces
    _filing(filing, "7,777")
    assert ingest_paths([filing], env_settings, embedder=embedder, show_progress=False, by=OPERATOR)[0].status == "replaced"
    assert _state(conn, DOC)["capex"] == {"(7,777)"}
