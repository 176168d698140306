"""Series answers on the demo corpus: each case of evals/sets/series.jsonl through the whole turn graph, its table's
cells compared with the hand-graded gold cells (value and page), and the latency of a series turn against a
single-figure turn of the same company and measure (target: a series turn <= 3x a single-figure turn). The answer
cache is off so both sides run the whole pipeline; the two sides alternate, `ROUNDS` times each.

Run on the configured database with the case's filings ingested: `.venv/bin/python benchmarks/series.py`."""
from __future__ import annotations

import dataclasses
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.report import machine, markdown_table, write_section  # noqa: E402
from evals.grading import cells as grade  # noqa: E402
from pipeline.core.series_table import SeriesTable  # noqa: E402
from pipeline.graph import run_turn  # noqa: E402
from pipeline.nodes import TurnContext  # noqa: E402
from pipeline.settings import get_settings  # noqa: E402

SET = Path(__file__).resolve().parent.parent / "evals" / "sets" / "series.jsonl"
ROUNDS = 3
# The single-figure turn each series case is timed against: the same company and measure, one year.
SINGLE = {
    "series-boeing-revenue-5y": "What was Boeing's revenue in FY2022?",
    "series-peers-capex-2y": "What was Boeing's capex in FY2022?",
    "series-3m-operating-margin-3y": "What was 3M's operating margin in FY2022?",
    "series-peers-total-assets-1y": "What were 3M's total assets in FY2022?",
    "series-3m-free-cash-flow-3y": "What was 3M's free cash flow in FY2022?",
    "series-boeing-total-assets-missing-year": "What were Boeing's total assets in FY2018?",
}


def main() -> None:
    cases = [json.loads(line) for line in SET.read_text(encoding="utf-8").splitlines() if line.strip()]
    s = get_settings()
    ctx = dataclasses.replace(TurnContext.from_settings(s), cache=None)
    run_turn("warm up: What was 3M's revenue in FY2018?", ctx)
    rows, totals = [], [0, 0, 0]
    ratios = []
    for case in cases:
        series_ms, single_ms = [], []
        state = None
        for _ in range(ROUNDS):
            t = time.perf_counter()
            state = run_turn(case["turns"][0], ctx)
            series_ms.append((time.perf_counter() - t) * 1000)
            t = time.perf_counter()
            run_turn(SINGLE[case["id"]], ctx)
            single_ms.append((time.perf_counter() - t) * 1000)
        table = SeriesTable.model_validate(state.table) if state and state.table else None
        right, wrong, empty, notes = grade(table, case["gold_cells"])
        totals = [totals[0] + right, totals[1] + wrong, totals[2] + empty]
        a, b = statistics.median(series_ms), statistics.median(single_ms)
        ratios.append(a / b)
        rows.append([case["id"], case["turns"][0], f"{len(table.cells) if table else 0}", right, wrong, empty,
                     f"{a:.0f}", f"{b:.0f}", f"{a / b:.2f}x"])
        for n in notes:
            print("  ", case["id"], n)
    headers = ["case", "question", "cells", "right", "wrong", "empty", "series p50 ms", "single p50 ms", "ratio"]
    table_md = markdown_table(headers, rows)
    import os
    load = os.getloadavg()[0]
    body = (f"## Series answers (evals/sets/series.jsonl, demo corpus)\n\n{machine()} · load average {load:.1f}\n\n"
            f"{table_md}\n\nCells against the hand-graded gold: **{totals[0]} right, {totals[1]} wrong, {totals[2]} "
            f"empty**. A series turn takes **{statistics.median(ratios):.2f}x** a single-figure turn of the same "
            f"company and measure at the median (max {max(ratios):.2f}x; target <= 3x); p50 of {ROUNDS} alternating "
            "runs each, answer cache off. The set's filings are in-sample for the series answer (the cases were "
            "written while it was built).")
    print(body)
    write_section("series", body)


if __name__ == "__main__":
    main()
