"""Turn latency: the FinanceBench demo questions (`../shared/corpus/financebench/questions.jsonl`) through the whole
turn graph in process (`pipeline.graph.run_turn`), offline, answer cache off, each turn recorded as `ara ask`
records it (a one-off thread: checkpoints, final state, audit row).

Reported per turn: wall ms, this process's CPU ms (`time.process_time`) and the embedded database server's CPU ms
(the postmaster and its backends, read from /proc: only with the embedded pgserver on Linux; 10 ms clock ticks, so
its per-turn figure is a mean). The machine may be shared: wall time moves with the load, CPU time much less, so
both are printed with the load average at the start and end. Per step: the latency each step recorded on the turn
state, and what no step recorded (checkpoint writes, bookkeeping).

    python benchmarks/turn.py [--rounds 3] [--record one-off|none] [--answers-out FILE] [--json-out FILE]
                              [--before FILE.json] [--write]

`--answers-out` writes every answer (text, route, results, citations) as JSON lines, to diff two versions of the
code; `--before` puts an earlier run's `--json-out` beside this one (ratios) in the docs section (`--write`).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.report import machine, markdown_table, write_section  # noqa: E402


def _pct(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


class ServerCPU:
    """CPU seconds used so far by the embedded Postgres server: its postmaster and live backends, plus the reaped
    children the postmaster accounted for. None when the server is not a local pgserver we can read."""

    def __init__(self, settings):
        self.pid = None
        if settings.database_url:
            return
        try:
            self.pid = int((settings.pgdata_dir / "postmaster.pid").read_text().splitlines()[0])
        except (OSError, ValueError, IndexError):
            self.pid = None
        self.tck = os.sysconf("SC_CLK_TCK")

    @staticmethod
    def _stat(pid: int) -> list[str] | None:
        try:
            raw = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            return None
        return raw[raw.rindex(")") + 2:].split()   # fields from "state" on (index 0 = field 3)

    def seconds(self) -> float | None:
        if self.pid is None:
            return None
        own = self._stat(self.pid)
        if own is None:
            return None
        ticks = sum(int(x) for x in own[11:15])   # utime, stime, cutime, cstime
        for d in os.listdir("/proc"):
            if d.isdigit():
                st = self._stat(int(d))
                if st and int(st[1]) == self.pid:
                    ticks += int(st[11]) + int(st[12])
        return ticks / self.tck


def run(rounds: int, record: str, answers_out: Path | None) -> dict:
    from evals.financebench import load_questions
    from pipeline.graph import run_turn
    from pipeline.nodes import TurnContext
    from pipeline.settings import get_settings

    s = get_settings()
    ctx = TurnContext.from_settings(s)
    ctx.cache = None          # every question answered fresh
    from pipeline.stores import corpus

    with ctx.connect() as conn:
        held = {d["doc_id"] for d in corpus.list_documents(conn)}
    every = load_questions()
    qs = [q for q in every if q.doc in held]    # a question on a filing not ingested would time a refusal
    server = ServerCPU(s)
    load_start = os.getloadavg()

    def one(q):
        w0, c0, d0 = time.perf_counter(), time.process_time(), server.seconds()
        st = run_turn(q.question, ctx, one_off=(record == "one-off"))
        w1, c1, d1 = time.perf_counter(), time.process_time(), server.seconds()
        steps: dict[str, float] = {}
        for r in st.steps:
            steps[r.node] = steps.get(r.node, 0.0) + r.latency_ms
        wall = 1000 * (w1 - w0)
        return st, {"wall": wall, "cpu": 1000 * (c1 - c0),
                    "db": None if d0 is None or d1 is None else 1000 * (d1 - d0),
                    "steps": steps, "unrecorded": wall - sum(steps.values())}

    answers = [one(q)[0] for q in qs]     # warm-up round (model load, first reads), not timed
    turns = []
    for _ in range(rounds):
        for q in qs:
            turns.append(one(q)[1])
    load_end = os.getloadavg()
    if answers_out:
        answers_out.write_text("".join(json.dumps({
            "id": q.id, "question": q.question, "route": a.route, "answer": a.answer, "results": a.results,
            "citations": [f"[{c.marker}] {c.doc} p. {c.page}" for c in a.citations]}, ensure_ascii=False,
            default=str) + "\n" for q, a in zip(qs, answers)), encoding="utf-8")
    nodes = sorted({n for t in turns for n in t["steps"]}, key=lambda n: -statistics.fmean(
        t["steps"].get(n, 0.0) for t in turns))
    dbs = [t["db"] for t in turns if t["db"] is not None]
    return {
        "when": machine(), "record": record, "questions": len(qs), "of": len(every), "turns": len(turns),
        "held": sorted(held),
        "load_start": round(load_start[0], 2), "load_end": round(load_end[0], 2),
        "wall_p50": _pct([t["wall"] for t in turns], 0.5), "wall_p95": _pct([t["wall"] for t in turns], 0.95),
        "cpu_p50": _pct([t["cpu"] for t in turns], 0.5), "cpu_p95": _pct([t["cpu"] for t in turns], 0.95),
        "db_mean": statistics.fmean(dbs) if dbs else None,
        "unrecorded_p50": _pct([t["unrecorded"] for t in turns], 0.5),
        "steps_p50": {n: _pct([t["steps"].get(n, 0.0) for t in turns], 0.5) for n in nodes},
        "steps_mean": {n: statistics.fmean(t["steps"].get(n, 0.0) for t in turns) for n in nodes},
    }


def _f(x) -> str:
    return "–" if x is None else f"{x:.0f}" if abs(x) >= 10 else f"{x:.1f}"


def tables(runs: list[tuple[str, dict]]) -> str:
    base = runs[0][1]
    rows = []
    for label, r in runs:
        rows.append([label, r["when"].split(" · ")[1], f"{r['turns']} ({r['questions']} of {r['of']} questions)", f"{r['load_start']} / {r['load_end']}",
                     _f(r["wall_p50"]), _f(r["wall_p95"]), _f(r["cpu_p50"]), _f(r["cpu_p95"]), _f(r["db_mean"]),
                     _f(r["unrecorded_p50"]), f"{r['wall_p50'] / base['wall_p50']:.2f}",
                     f"{r['cpu_p50'] / base['cpu_p50']:.2f}"])
    out = markdown_table(["run", "commit", "turns", "load (1 min) start / end", "wall p50 ms", "wall p95 ms",
                          "CPU p50 ms", "CPU p95 ms", "DB server CPU ms (mean)", "unrecorded p50 ms",
                          "wall p50 ratio", "CPU p50 ratio"], rows)
    nodes = list(runs[-1][1]["steps_mean"])
    nodes += [n for _, r in runs for n in r["steps_mean"] if n not in nodes]
    step_rows = [[n] + [f"{_f(r['steps_p50'].get(n))} / {_f(r['steps_mean'].get(n))}" for _, r in runs]
                 for n in nodes]
    step_rows.append(["(no step: checkpoints, bookkeeping) p50"] + [_f(r["unrecorded_p50"]) for _, r in runs])
    out += "\n\nPer step, as recorded on the turn state (ms, p50 / mean per turn; a step that runs twice in a turn " \
           "is summed):\n\n" + markdown_table(["step"] + [label for label, _ in runs], step_rows)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3, help="timed passes over the questions (after one warm-up)")
    ap.add_argument("--record", default="one-off", choices=["one-off", "none"],
                    help="one-off: checkpointed and audited as `ara ask`; none: no thread (nothing recorded)")
    ap.add_argument("--answers-out", type=Path)
    ap.add_argument("--json-out", type=Path)
    ap.add_argument("--before", type=Path, action="append", default=[],
                    help="an earlier run's --json-out, shown first (the ratios' base); repeatable")
    ap.add_argument("--label", default="this run")
    ap.add_argument("--write", action="store_true", help="write the `turn` section of docs/benchmarks.md")
    args = ap.parse_args()
    r = run(args.rounds, args.record, args.answers_out)
    r["label"] = args.label
    if args.json_out:
        args.json_out.write_text(json.dumps(r, indent=1), encoding="utf-8")
    runs = [(b.get("label", p.stem), b) for p in args.before for b in [json.loads(p.read_text())]]
    runs.append((args.label, r))
    body = tables(runs)
    print(body)
    if args.write:
        write_section("turn", "## Turn latency (FinanceBench demo questions, whole turn in process, "
                              "`python benchmarks/turn.py`)\n\n" + f"{r['when']}\n\n" + body + "\n")


if __name__ == "__main__":
    main()
