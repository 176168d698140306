"""Load: 8 concurrent sessions x 10 turns against one database (the demo corpus), each session on its own
thread with its own company and year. Checks that no history, carried entity or cached answer leaks across
threads, and reports p50/p95 turn latency and throughput."""
from __future__ import annotations

import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.report import machine, markdown_table, write_section  # noqa: E402
from pipeline.graph import run_turn  # noqa: E402
from pipeline.nodes import TurnContext  # noqa: E402
from pipeline.settings import get_settings  # noqa: E402
from pipeline.stores.checkpoints import new_thread_id  # noqa: E402

SESSIONS = [("3M", 2018), ("3M", 2022), ("Boeing", 2018), ("Boeing", 2022), ("PepsiCo", 2021), ("PepsiCo", 2022),
            ("Verizon", 2021), ("Amcor", 2023)]
TURNS = ["What was {c}'s revenue in FY{y}?", "and what about net income?", "and capex?",
         "What was the operating cash flow?", "and total assets?", "What were the dividends paid?",
         "and cost of sales?", "What was the operating income?", "and inventories?", "and revenue again?"]


def session(ctx: TurnContext, company: str, year: int) -> dict:
    thread = new_thread_id()
    out = {"company": company, "year": year, "thread": thread, "latencies": [], "leaks": [], "errors": 0}
    for i, template in enumerate(TURNS):
        q = template.format(c=company, y=year)
        t = time.perf_counter()
        try:
            s = run_turn(q, ctx, thread_id=thread, user_id=f"load-{company}-{year}")
        except Exception as e:  # noqa: BLE001
            out["errors"] += 1
            out["leaks"].append(f"turn {i + 1}: {type(e).__name__}: {e}")
            continue
        out["latencies"].append(1000 * (time.perf_counter() - t))
        if s.companies != [company] or (s.years and s.years != [year]):
            out["leaks"].append(f"turn {i + 1}: carried {s.companies} {s.years}")
        for c in s.citations:
            if (c.company, c.fiscal_year) != (company, year):
                out["leaks"].append(f"turn {i + 1}: cites {c.company} FY{c.fiscal_year}")
        if s.cache.get("hit") and company not in s.answer:
            out["leaks"].append(f"turn {i + 1}: cache hit from another company")
    history = ctx.saver.history(thread)
    asked = [m.content for m in history if m.role == "user"]
    expected = [t.format(c=company, y=year) for t in TURNS]
    if asked != expected:
        out["leaks"].append(f"history holds {len(asked)} questions, not this session's {len(expected)}")
    return out


def main() -> None:
    from pipeline.stores import db

    s = get_settings()
    ctx = TurnContext.from_settings(s)
    run_turn("warm up: What was 3M's revenue in FY2018?", ctx)
    with db.connect(s) as c:       # every run starts from the cache as it found it: its own entries go afterwards
        start_id = c.execute("SELECT coalesce(max(id), 0) FROM semantic_cache").fetchone()[0]
    try:
        t0 = time.perf_counter()
        with ThreadPoolExecutor(max_workers=len(SESSIONS)) as pool:
            results = list(pool.map(lambda cy: session(ctx, *cy), SESSIONS))
        wall = time.perf_counter() - t0
    finally:
        with db.connect(s) as c:
            c.execute("DELETE FROM semantic_cache WHERE id > %s", (start_id,))
            c.commit()
    lat = sorted(x for r in results for x in r["latencies"])
    turns = len(lat)
    p50, p95 = statistics.median(lat), lat[int(0.95 * (len(lat) - 1))]
    leaks = [f"{r['company']} FY{r['year']}: {x}" for r in results for x in r["leaks"]]
    table = markdown_table(["sessions", "turns", "errors", "leaks", "p50 ms", "p95 ms", "turns/s", "wall s"],
                           [[len(SESSIONS), turns, sum(r["errors"] for r in results), len(leaks), f"{p50:.0f}",
                             f"{p95:.0f}", f"{turns / wall:.1f}", f"{wall:.1f}"]])
    print(table)
    for x in leaks:
        print("LEAK:", x)
    write_section("load", f"## Load\n\n{machine()}\n\n8 concurrent sessions x 10 turns (threads of one process "
                          f"sharing one turn context; a connection per turn), each on its own conversation thread "
                          f"with its own company and fiscal year and follow-ups that rely on carry-over.\n\n{table}\n"
                          + ("\n" + "\n".join(f"- {x}" for x in leaks) + "\n" if leaks else
                             "\nNo history, carried entity, citation or cached answer crossed threads.\n"))


if __name__ == "__main__":
    main()
