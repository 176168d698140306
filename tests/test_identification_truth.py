"""Identification of every shared filing (corpus 19 + corpus-more 22 + corpus-world 23) against the hand-checked
truth table `evals/identification_truth.jsonl`: company and fiscal year for all 64, and period end, currency and
scale for the 23 corpus-world reports (read on their statement pages). Nothing but the document is used: no file
name, sidecar or registry. Skipped with a reason when a shared folder is absent."""
import os
from pathlib import Path

import pytest

from evals import identification as ident

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("ARA_TEST_CORPUS", ROOT.parent / "shared" / "corpus")).resolve().parent
ROWS = ident.truth()


def _pages(row):
    from ingest.pdf import read_pages

    path = ident.folder(SHARED, row["corpus"]) / row["file"]
    if not path.exists():
        pytest.skip(f"{row['corpus']} absent: {path} not found (set ARA_TEST_CORPUS or check out ../shared)")
    return read_pages(path, readable=False)


@pytest.mark.corpus
@pytest.mark.parametrize("row", ROWS, ids=lambda r: f"{r['corpus']}:{r['file'][:24]}")
def test_filing_identifies_itself(row):
    out = ident.check(row, _pages(row))
    assert out.year_ok, (out.fiscal_year, row["fiscal_year"])
    if row.get("expect_not_detected"):
        # a report whose text layer cannot be read is still identified as what it can be: 'not detected', flagged;
        # ingest refuses it with a clear error
        assert not out.detected
        from ingest.pdf import PdfReadError, read_pages

        with pytest.raises(PdfReadError, match="unreadable"):
            read_pages(ident.folder(SHARED, row["corpus"]) / row["file"])
    else:
        assert out.company_ok, (out.company, out.legal_name, row["company"])
    if row.get("period_end"):
        assert out.end_ok, (out.period_end, row["period_end"])
    if "currency" in row:
        assert out.units_ok, ((out.currency, out.scale), (row["currency"], row["scale"]))
    if row.get("doc_type"):
        assert out.doc_type == row["doc_type"]


def test_truth_table_covers_the_shared_sets():
    counts = {c: sum(r["corpus"] == c for r in ROWS) for c in ("corpus", "corpus-more", "corpus-world")}
    assert counts == {"corpus": 19, "corpus-more": 22, "corpus-world": 23}
    assert all(r["checked"] for r in ROWS)
