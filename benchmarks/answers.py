"""Answers to the FinanceBench numeric (metrics-generated) questions of each development set: correct / incorrect /
refused, through the whole turn graph.

Grading: the turn's one numeric result (printed or computed) against the gold figure - money within 1 % at any
scale (thousands, millions, billions: "at any scale"), percentages within 0.15 points or 1 %, ratios and days
within 1 %. No numeric result (I could not find, clarify, a quote) is refused. Anything else is incorrect, the
outcome this product must avoid. The demo set (`../shared/corpus/financebench`) is the one the metric lexicon was
written against: in-sample. The second set (`../shared/corpus-more`) was not used to write lexicon entries.

    python benchmarks/answers.py [--set demo|more|all]
"""
from __future__ import annotations

import argparse
import sys
import time
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.report import machine, markdown_table, write_section  # noqa: E402
from evals.financebench import load_questions, question_sets  # noqa: E402
from pipeline.graph import run_turn  # noqa: E402
from pipeline.nodes import TurnContext  # noqa: E402
from pipeline.settings import get_settings  # noqa: E402
from pipeline.stores import corpus  # noqa: E402
from pipeline.reading.cells import parse_number  # noqa: E402

SCALES = [Decimal(10) ** k for k in (-9, -6, -3, 0, 3, 6, 9)]


def grade_value(got: Decimal, unit: str | None, gold: tuple[Decimal, str]) -> str:
    value, gold_unit = gold
    if gold_unit == "percent" or unit == "%":
        if unit != "%" and gold_unit == "percent":
            return "incorrect"
        ok = abs(abs(got) - abs(value)) <= Decimal("0.15") or (value and abs(abs(got) - abs(value)) / abs(value)
                                                               <= Decimal("0.01"))
        return "correct" if ok else "incorrect"
    if not value:
        return "correct" if got == 0 else "incorrect"
    for s in SCALES:
        if abs(abs(got) * s - abs(value)) / abs(value) <= Decimal("0.01"):
            return "correct"
    return "incorrect"


def grade(state, gold: tuple[Decimal, str]) -> str:
    """Grade the turn's single numeric result (printed or computed) against the gold figure."""
    if not state.results:
        return "refused"
    if len(state.results) != 1:
        return "incorrect"
    r = state.results[0]
    got = parse_number(str(r["value"]))
    if got is None:
        return "incorrect"
    return grade_value(got, r.get("unit"), gold)


def run_set(name: str, path: Path, ctx) -> tuple[list, dict, list[float]]:
    qs = [q for q in load_questions(path) if q.gold_figure is not None]
    rows, counts, times = [], {"correct": 0, "incorrect": 0, "refused": 0}, []
    for q in qs:
        t = time.perf_counter()
        a = run_turn(q.question, ctx)
        ms = 1000 * (time.perf_counter() - t)
        times.append(ms)
        g = grade(a, q.gold_figure)
        counts[g] += 1
        cite = ", ".join(f"{c.doc} p. {c.page}" for c in a.citations) or "–"
        gold_pages = ", ".join(f"p. {p}" for _, p in q.evidence_pages)
        rows.append([q.id, q.question[:70].replace("|", "/").replace("\n", " ") + "…", q.answer[:12], g,
                     a.answer[:110].replace("|", "/").replace("\n", " "), cite, gold_pages, f"{ms:.0f}"])
    return rows, counts, times


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", default="all", choices=["demo", "more", "all"])
    args = ap.parse_args()
    s = get_settings()
    ctx = TurnContext.from_settings(s)
    ctx.cache = None     # every question answered fresh
    with ctx.connect() as conn:
        docs = corpus.list_documents(conn)
    held = (f"Database held {len(docs)} filings of {len({d['company'] for d in docs})} companies, "
            f"{sum(d['chunks'] or 0 for d in docs):,} chunks, while answering.")
    sets = {k: v for k, v in question_sets().items() if args.set in ("all", k)}
    for name, path in sets.items():
        rows, c, times = run_set(name, path, ctx)
        n = len(rows)
        times.sort()
        label = "demo (in-sample: lexicon written against it)" if name == "demo" else "more (second set; failures debugged on it in the session that built the facts answerer: a development set, not out-of-sample)"
        summary = markdown_table(["set", "numeric questions", "correct", "incorrect", "refused", "correct %",
                                  "incorrect %", "p50 ms"],
                                 [[label, n, c["correct"], c["incorrect"], c["refused"], f"{c['correct'] / max(1, n):.0%}",
                                   f"{c['incorrect'] / max(1, n):.0%}", f"{times[len(times) // 2]:.0f}" if times else "–"]])
        detail = "<details><summary>every question</summary>\n\n" + markdown_table(
            ["id", "question", "gold", "grade", "answer", "cited", "gold pages", "ms"], rows) + "\n\n</details>"
        print(summary)
        write_section(f"answers-{name}", f"## Answers, {name} set (FinanceBench numeric questions, offline answerer)"
                      f"\n\n{machine()}\n\n{held} Targets on the second set: correct >= 60 %, incorrect <= 5 %. Money is graded "
                      "within 1 % at any scale, percentages within 0.15 points.\n\n" + summary + "\n\n" + detail + "\n")


if __name__ == "__main__":
    main()
