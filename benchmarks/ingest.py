"""Cold ingest of the demo corpus (or the folders given as arguments, e.g. the demo corpus plus corpus-more) into a
fresh embedded database, then an unchanged re-ingest. Companies, periods, currency and scale are read from the
documents (no registry edit, no sidecar): the table says how many files were identified without one.

Reports pages/s and chunks/s. Targets: the 19 demo files in under 5 minutes on a 2-core machine (cold),
unchanged re-ingest under 2 seconds (in-process and as a fresh `ara ingest` process).
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.report import machine, markdown_table, write_section  # noqa: E402
from ingest.run import ingest_paths  # noqa: E402
from pipeline.core.access import OPERATOR
from pipeline.settings import Settings, default_corpus_dir  # noqa: E402


def main() -> None:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folders", nargs="*", type=Path, help="folders of PDFs (default: ARA_CORPUS_DIR)")
    ap.add_argument("--keep", type=Path, help="ingest into this (new) data folder and keep it, e.g. to measure "
                                              "answers with every corpus loaded (benchmarks/answers.py)")
    args = ap.parse_args()
    corpus = Path(os.environ.get("ARA_CORPUS_DIR") or default_corpus_dir() or "")
    folders = args.folders or [corpus]
    if not all(f.is_dir() for f in folders):
        sys.exit("no corpus folder (set ARA_CORPUS_DIR or pass folders)")
    if args.keep and args.keep.exists() and any(args.keep.iterdir()):
        sys.exit(f"{args.keep} is not empty: a cold ingest needs a fresh data folder")
    data = args.keep.resolve() if args.keep else Path(tempfile.mkdtemp(prefix="ara-bench-"))
    try:
        s = Settings(data_dir=data, database_url=None, corpus_dir=corpus)
        load0, t, cpu0 = os.getloadavg()[0], time.perf_counter(), time.process_time()
        cold = ingest_paths(folders, s, show_progress=True, by=OPERATOR)
        cold_s, cold_cpu = time.perf_counter() - t, time.process_time() - cpu0
        t = time.perf_counter()
        warm = ingest_paths(folders, s, show_progress=False, by=OPERATOR)
        warm_s = time.perf_counter() - t
        env = dict(os.environ, ARA_DATA_DIR=str(data), ARA_CORPUS_DIR=str(corpus))
        env.pop("DATABASE_URL", None)
        ara = Path(sys.executable).parent / "ara"
        t = time.perf_counter()
        proc = subprocess.run([str(ara), "ingest", "--quiet", *map(str, folders)], env=env, capture_output=True, text=True)
        cli_s = time.perf_counter() - t
    finally:
        if not args.keep:
            shutil.rmtree(data, ignore_errors=True)
    pages = sum(r.pages for r in cold)
    chunks = sum(r.chunks for r in cold)
    failed = [r for r in cold if r.status == "failed"]
    rows = [
        [f"cold ingest (fresh database), {len(cold)} files / {pages} pages", len(cold), pages, chunks, f"{cold_s:.1f}",
         f"{pages / cold_s:.1f}", f"{chunks / cold_s:.1f}", "≥ 10 pages/s (≤ 600 s for 5,800 pages)"],
        ["unchanged re-ingest, in process", sum(r.status == "unchanged" for r in warm), "", "", f"{warm_s:.2f}", "", "",
         "< 2 s"],
        ["unchanged re-ingest, `ara ingest` process", "", "", "", f"{cli_s:.2f}", "", "", f"exit {proc.returncode}"],
    ]
    reused = sum(r.reused for r in cold)
    per_doc = markdown_table(["document", "pages", "chunks", "reused", "seconds"],
                             [[r.doc_id, r.pages, r.chunks, r.reused, f"{r.seconds:.1f}"] for r in cold])
    table = markdown_table(["run", "files", "pages", "chunks", "seconds", "pages/s", "chunks/s", "target"], rows)
    print(table)
    print(f"{chunks - reused} chunk texts embedded, {reused} vectors reused (ingest/vectors.py)")
    if failed:
        print("FAILED:", [(r.doc_id, r.error) for r in failed])
    write_section("ingest", f"## Ingest\n\n{machine()} Load average (1 min) at the start {load0:.1f}, at the end "
                            f"{os.getloadavg()[0]:.1f} (a machine shared with other jobs; times are not from an idle machine). "
                            f"The cold ingest used {cold_cpu:.0f} CPU-seconds of this process ({cold_cpu / cold_s:.2f} of the "
                            f"{os.cpu_count()} cores on average; the database server's are not counted).\n\n"
                            f"Folders: {', '.join(str(f) for f in folders)}. Local embedder (int8 ONNX all-MiniLM-L6-v2), "
                            f"{s.chunk_tokens}-token chunks.\n\n{table}\n\nOf the {chunks} chunks, {reused} were not embedded: their text "
                            f"(as the model sees it) was already in the index or earlier in the same filing "
                            f"(`ingest/vectors.py`).\n\n<details><summary>Per document</summary>"
                            f"\n\n{per_doc}\n\n</details>\n")


if __name__ == "__main__":
    main()
