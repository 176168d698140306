"""Answers to the FinanceBench numeric (metrics-generated) questions: correct / incorrect / not found.

Each question goes through the whole turn graph. An answer whose single numeric result (printed or computed)
is within 1 % of the gold figure after unit conversion (percentages: within 0.15 points) is correct. An answer
with no numeric result (not found, clarify, fallback, a quoted passage) is not found. Everything else is
incorrect - the outcome this product must avoid.
"""
from __future__ import annotations

import sys
import time
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.report import machine, markdown_table, write_section  # noqa: E402
from evals.financebench import load_questions  # noqa: E402
from pipeline.graph import run_turn  # noqa: E402
from pipeline.nodes import TurnContext  # noqa: E402
from pipeline.settings import get_settings  # noqa: E402
from pipeline.stores import db  # noqa: E402
from pipeline.tables import parse_number  # noqa: E402

SCALE = {"thousand": Decimal(1e3), "million": Decimal(1e6), "billion": Decimal(1e9), None: Decimal(1)}


def grade(state, gold: tuple[Decimal, str]) -> str:
    """Grade the turn's single numeric result (printed or computed) against the gold figure."""
    if len(state.results) != 1:
        return "not found" if not state.results else "incorrect"
    r = state.results[0]
    value, unit = gold
    got = parse_number(r["value"])
    if got is None:
        return "incorrect"
    if unit == "percent" or r["unit"] == "%":
        ok = r["unit"] == "%" and unit == "percent" and abs(abs(got) - abs(value)) <= Decimal("0.15")
        return "correct" if ok else "incorrect"
    got = abs(got) * SCALE.get(r["unit"], Decimal(1))
    want = abs(value) * SCALE.get(unit, Decimal(1))
    return "correct" if want and abs(got - want) / want <= Decimal("0.01") else "incorrect"


def main() -> None:
    s = get_settings()
    qs = [q for q in load_questions() if q.gold_figure is not None]
    conn = db.connect(s)
    db.migrate(conn)
    ctx = TurnContext.from_settings(s)
    rows, counts = [], {"correct": 0, "incorrect": 0, "not found": 0}
    for q in qs:
        t = time.perf_counter()
        a = run_turn(q.question, ctx)
        ms = 1000 * (time.perf_counter() - t)
        g = grade(a, q.gold_figure)
        counts[g] += 1
        cite = ", ".join(f"{c.doc} p. {c.page}" for c in a.citations) or "–"
        gold_pages = ", ".join(f"p. {p}" for _, p in q.evidence_pages)
        rows.append([q.id, q.question[:70].replace("|", "/") + "…", q.answer[:12], g, a.answer[:90].replace("|", "/"),
                     cite, gold_pages, f"{ms:.0f}"])
    conn.close()
    summary = markdown_table(["questions", "correct", "incorrect", "not found"],
                             [[len(qs), counts["correct"], counts["incorrect"], counts["not found"]]])
    detail = markdown_table(["id", "question", "gold", "grade", "answer", "cited", "gold pages", "ms"], rows)
    print(summary)
    print(detail)
    write_section("answers", f"## Answers (FinanceBench numeric questions, offline extractive answerer)\n\n{machine()}"
                             f"\n\nTarget: incorrect <= 1.\n\n{summary}\n\n{detail}\n")


if __name__ == "__main__":
    main()
