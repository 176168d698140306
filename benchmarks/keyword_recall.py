"""Keyword search in Postgres vs the earlier whole-corpus bm25s index: evidence-page hit@k of the keyword side alone
and of the full product configuration, on each FinanceBench development set, same database, same process.

Needs the sets' filings ingested into the configured database (`ara ingest`, plus ../shared/corpus-more/pdfs);
a question whose evidence filing is not ingested is left out (the table says how many were measured).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.report import machine, markdown_table, write_section  # noqa: E402
from benchmarks.retrieval import first_hit  # noqa: E402
from evals.financebench import load_questions, question_sets  # noqa: E402
from pipeline.question.analysis import analyse  # noqa: E402
from pipeline.retrieval.retriever import Retriever  # noqa: E402
from pipeline.settings import get_settings  # noqa: E402
from pipeline.stores import db  # noqa: E402

SIDES = [("keyword only", dict(mode="keyword", rerank=False)),
         ("product (fused all four + rerank)", dict(mode="hybrid", rerank=True))]


def measure(r: Retriever, conn, qs, kw: dict, k: int) -> list:
    ranks, times = [], []
    for q in qs:
        facts = analyse(q.question)
        t = time.perf_counter()
        ps = r.retrieve(q.question, facts=facts, conn=conn, k=k, **kw)
        times.append(time.perf_counter() - t)
        ranks.append(first_hit(ps, q.evidence_pages))
    n = len(qs)
    hit = lambda j: sum(1 for x in ranks if x is not None and x <= j) / n  # noqa: E731
    times.sort()
    return [f"{hit(1):.2f}", f"{hit(5):.2f}", f"{hit(8):.2f}", f"{sum(1 / x for x in ranks if x) / n:.3f}",
            f"{1000 * times[len(times) // 2]:.0f}"], ranks


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", default="all", choices=["demo", "more", "all"])
    args = ap.parse_args()
    base = get_settings()
    conn = db.connect(base)
    db.migrate(conn)
    conn.commit()
    retrievers = {b: Retriever(base.model_copy(update={"keyword_backend": b}), lambda: db.connect(base))
                  for b in ("bm25s", "postgres")}
    for r in retrievers.values():
        r.retrieve("warm up", conn=conn)
    rows, flips = [], []
    for name, path in question_sets().items():
        if args.set not in ("all", name):
            continue
        held = {r[0] for r in conn.execute("SELECT doc_id FROM documents")}
        qs = [q for q in load_questions(path) if all(d in held for d, _ in q.evidence_pages)]
        if not qs:
            continue
        for side, kw in SIDES:
            got = {}
            for b, r in retrievers.items():
                cells, got[b] = measure(r, conn, qs, kw, base.final_k)
                rows.append([f"{name} ({len(qs)})", side, b, *cells])
            for q, old, new in zip(qs, got["bm25s"], got["postgres"]):
                if (old or 99) <= 5 < (new or 99) or (new or 99) <= 5 < (old or 99):
                    flips.append(f"{name} · {side} · {q.id}: rank {old or '–'} (bm25s) -> {new or '–'} (postgres)")
    conn.close()
    table = markdown_table(["set (questions)", "retrieval", "keyword backend", "hit@1", "hit@5", "hit@8", "MRR",
                            "p50 ms"], rows)
    print(table)
    print("\n".join(flips) or "no question crossed the hit@5 line")
    write_section("keyword-recall", f"## Keyword search: Postgres BM25 vs whole-corpus bm25s\n\n{machine()}\n\n"
                  "Same database (both development sets ingested together), same process; in-sample (the lexicons "
                  "were written against these questions). `postgres` scores BM25 over the searched scope's chunks "
                  "(idf and average length of that scope); `bm25s` over the whole corpus, masked to the scope.\n\n"
                  f"{table}\n\nQuestions whose evidence page crossed the hit@5 line:\n\n"
                  + ("\n".join(f"- {f}" for f in flips) or "- none") + "\n")


if __name__ == "__main__":
    main()
