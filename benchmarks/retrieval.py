"""Evidence-page retrieval on FinanceBench: hit@1/@5/@8 and MRR for dense, keyword, fused and fused+rerank.

Needs the demo corpus ingested into the configured database (`ara ingest`). Company and fiscal year are
detected from each question exactly as `ara retrieve` does; nothing is taken from the gold labels.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.report import machine, markdown_table, write_section  # noqa: E402
from evals.financebench import load_questions, question_sets  # noqa: E402
from pipeline.question.analysis import analyse  # noqa: E402
from pipeline.retrieval.retriever import Retriever  # noqa: E402
from pipeline.settings import get_settings  # noqa: E402
from pipeline.stores import db  # noqa: E402

CONFIGS = [
    ("dense only", dict(mode="dense", rerank=False)),
    ("keyword only (BM25)", dict(mode="keyword", rerank=False)),
    ("fused dense + BM25 (RRF)", dict(mode="hybrid", rerank=False, statements=False)),
    ("fused dense + BM25 + statement and facts locators (RRF)", dict(mode="hybrid", rerank=False)),
    ("dense + rerank", dict(mode="dense", rerank=True)),
    ("keyword + rerank", dict(mode="keyword", rerank=True)),
    ("fused dense + BM25 + rerank", dict(mode="hybrid", rerank=True, statements=False)),
    ("fused all four + rerank (product)", dict(mode="hybrid", rerank=True)),
]


def first_hit(passages, evidence) -> int | None:
    gold = set(evidence)
    for rank, p in enumerate(passages, 1):
        if (p.doc, p.page) in gold:
            return rank
    return None


def run_set(name: str, path, s, r, conn) -> tuple[str, str]:
    qs = load_questions(path)
    rows, per_case = [], {}
    for cname, kw in CONFIGS:
        ranks, times = [], []
        for q in qs:
            facts = analyse(q.question)
            t = time.perf_counter()
            ps = r.retrieve(q.question, facts=facts, conn=conn, k=s.final_k, **kw)
            times.append(time.perf_counter() - t)
            rank = first_hit(ps, q.evidence_pages)
            ranks.append(rank)
            per_case.setdefault(q.id, {})[cname] = rank
        n = len(qs)
        hit = lambda k: sum(1 for x in ranks if x is not None and x <= k) / n  # noqa: E731
        mrr = sum(1 / x for x in ranks if x) / n
        times.sort()
        rows.append([cname, f"{hit(1):.2f}", f"{hit(5):.2f}", f"{hit(8):.2f}", f"{mrr:.3f}",
                     f"{1000 * times[len(times) // 2]:.0f}"])
    headers = ["retriever", "hit@1", "hit@5", "hit@8", "MRR", "p50 ms"]
    table = markdown_table(headers, rows)
    names = [c[0] for c in CONFIGS]
    cases = markdown_table(["question", *names], [[qid, *[v.get(n) or "–" for n in names]]
                                                  for qid, v in per_case.items()])
    label = ("demo set (in-sample: the lexicons were written against it)" if name == "demo"
             else "second set (eight companies outside the bundled registry; its failures were debugged on: a development set, not out-of-sample)")
    body = (f"### {label}\n\n{len(qs)} questions (`{path}`)\n\n{table}\n\n<details><summary>Rank of the first "
            f"evidence-page chunk per question (– = not in the final {s.final_k})</summary>\n\n{cases}\n\n</details>\n")
    return table, body


def main() -> None:
    import argparse

    ap = argparse.ArgumentParser()
    ap.add_argument("--set", default="all", choices=["demo", "more", "all"],
                    help="which development set (each writes its own section of docs/benchmarks.md)")
    args = ap.parse_args()
    s = get_settings()
    conn = db.connect(s)
    db.migrate(conn)
    r = Retriever(s, lambda: db.connect(s))
    r.retrieve("warm up", conn=conn)
    for name, path in question_sets().items():
        if args.set not in ("all", name):
            continue
        table, body = run_set(name, path, s, r, conn)
        print(name)
        print(table)
        write_section(f"retrieval-{name}", f"## Retrieval, {name} set (FinanceBench evidence pages)\n\n{machine()}\n\n"
                      f"Pool {s.pool_k} per retriever, final cut {s.final_k}; a hit is a returned chunk on a gold evidence "
                      "page of the gold document. Scope (company, fiscal year) is detected from the question text.\n\n"
                      + body)
    conn.close()


if __name__ == "__main__":
    main()
