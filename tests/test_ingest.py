"""Ingest is idempotent and safe: unchanged skipped, changed replaced atomically, bad files fail alone."""
from click.testing import CliRunner

from ingest.run import ingest_paths
from pipeline.core.access import OPERATOR
from pipeline.stores import corpus
from tests.pdfs import write_pdf


def _docs(conn) -> dict[str, int]:
    return dict(conn.execute("SELECT doc_id, chunks FROM documents").fetchall())


def test_bad_files_fail_alone_and_leave_nothing_behind(tmp_path, loaded, embedder, conn, generated_pdf):
    write_pdf(tmp_path / "AMCOR_2031_10K.pdf", [["Amcor plc", "Net sales rose in fiscal 2031."]])
    (tmp_path / "BOEING_2031_10K.pdf").write_text("this is not a pdf")
    (tmp_path / "3M_2031_10K.pdf").write_bytes(generated_pdf.read_bytes()[:300])          # truncated
    write_pdf(tmp_path / "MCDONALDS_2031_10K.pdf", [["McDonald's Corporation"]])           # not registered: added
    write_pdf(tmp_path / "quarterly notes.pdf", [["no company in this name"]])             # undescribable
    try:
        res = {r.doc_id: r for r in ingest_paths([tmp_path], loaded, embedder=embedder, show_progress=False, by=OPERATOR)}
        assert res["AMCOR_2031_10K"].status == "ingested" and res["AMCOR_2031_10K"].chunks > 0
        assert "not a PDF" in res["BOEING_2031_10K"].error
        assert res["3M_2031_10K"].status == "failed" and "3M_2031_10K.pdf" in res["3M_2031_10K"].error
        assert res["MCDONALDS_2031_10K"].status == "ingested"                 # a new company is registered
        assert res["MCDONALDS_2031_10K"].info.company == "McDonald's"
        from pipeline.question.registry_sources import get_registry
        assert get_registry(conn=conn).by_name("McDonald's Corporation").name == "McDonald's"
        err = res["quarterly notes"].error
        # no year anywhere: the one thing a report cannot be ingested without (a company not read is "not detected")
        assert "cannot tell its fiscal year" in err and "ACME_2023_10K.pdf" in err and ".json" in err
        docs = _docs(conn)
        assert "AMCOR_2031_10K" in docs
        assert not {"BOEING_2031_10K", "3M_2031_10K", "quarterly notes"} & set(docs)
        orphan = conn.execute("SELECT count(*) FROM chunks WHERE doc_id LIKE '%2031%'"
                              " AND doc_id NOT IN ('AMCOR_2031_10K', 'MCDONALDS_2031_10K')")
        assert orphan.fetchone()[0] == 0
    finally:
        conn.rollback()     # end the reads' transaction, so the deletes commit (else closing the connection undoes them)
        corpus.delete_document(conn, "AMCOR_2031_10K", by=OPERATOR)
        corpus.delete_document(conn, "MCDONALDS_2031_10K", by=OPERATOR)


def test_unchanged_is_skipped_and_changed_is_replaced(tmp_path, loaded, embedder, conn):
    pdf = write_pdf(tmp_path / "BOEING_2032_10K.pdf", [["Boeing", "Revenues rose in 2032."]])
    try:
        first = ingest_paths([pdf], loaded, embedder=embedder, show_progress=False, by=OPERATOR)[0]
        assert first.status == "ingested"
        again = ingest_paths([pdf], loaded, embedder=embedder, show_progress=False, by=OPERATOR)[0]
        assert again.status == "unchanged"
        old_ids = {r[0] for r in conn.execute("SELECT id FROM chunks WHERE doc_id = 'BOEING_2032_10K'")}
        write_pdf(pdf, [["Boeing", "Revenues rose in 2032."], ["Second page about backlog in 2032."]])
        changed = ingest_paths([pdf], loaded, embedder=embedder, show_progress=False, by=OPERATOR)[0]
        assert changed.status == "replaced" and changed.pages == 2
        new_ids = {r[0] for r in conn.execute("SELECT id FROM chunks WHERE doc_id = 'BOEING_2032_10K'")}
        assert new_ids and not (old_ids & new_ids)
        assert conn.execute("SELECT pages FROM documents WHERE doc_id = 'BOEING_2032_10K'").fetchone()[0] == 2
    finally:
        conn.rollback()
        corpus.delete_document(conn, "BOEING_2032_10K", by=OPERATOR)


def test_cli_ingest_exits_nonzero_when_a_file_fails(tmp_path, env_settings, conn):
    from pipeline.cli.main import main

    (tmp_path / "VERIZON_2033_10K.pdf").write_text("garbage")
    result = CliRunner().invoke(main, ["ingest", "--quiet", str(tmp_path / "VERIZON_2033_10K.pdf")])
    assert result.exit_code == 1
    assert "failed" in result.output and "VERIZON_2033_10K" in result.output
    assert "VERIZON_2033_10K" not in _docs(conn)


def test_cli_ingest_expected_failure_exits_zero_and_a_stale_expectation_exits_one(tmp_path, env_settings, loaded,
                                                                                  embedder, conn):
    """`--expect-failed` (a corpus holding a PDF known to be unreadable) turns only that file's failure into exit 0;
    another file failing, or the named file being read after all, still exits 1 with the reason."""
    from pipeline.cli.main import main

    bad = tmp_path / "UNREADABLE_2033.pdf"
    bad.write_text("garbage")
    other = tmp_path / "ALSO_BAD_2033.pdf"
    other.write_text("garbage too")
    good = write_pdf(tmp_path / "BOEING_2034_10K.pdf", [["Boeing", "Revenues rose in 2034."]])
    try:
        ok = CliRunner().invoke(main, ["ingest", "--quiet", "--expect-failed", bad.name, str(bad)])
        assert ok.exit_code == 0, ok.output
        assert "failed" in ok.output and "UNREADABLE_2033" in ok.output     # still shown in the table
        two = CliRunner().invoke(main, ["ingest", "--quiet", "--expect-failed", bad.name, str(bad), str(other)])
        assert two.exit_code == 1 and "ALSO_BAD_2033.pdf failed" in two.output
        stale = CliRunner().invoke(main, ["ingest", "--quiet", "--expect-failed", good.name, str(good)])
        assert stale.exit_code == 1 and "expected to fail and did not" in stale.output
        absent = CliRunner().invoke(main, ["ingest", "--quiet", "--expect-failed", "NOPE.pdf", str(bad)])
        assert absent.exit_code == 1 and "NOPE.pdf was expected to fail but is not among" in absent.output
    finally:
        conn.rollback()
        corpus.delete_document(conn, "BOEING_2034_10K", by=OPERATOR)
