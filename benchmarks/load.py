"""Load: 16 concurrent conversations spread over several OS processes (each running its conversations on
threads, each with its own connection pool) plus one-off `ara ask` turns from CLI processes, all on one
database, driving the app's turn entry point (`pipeline.graph.run_turn`).

Every (company, fiscal year) conversation runs in at least two processes at once, so two processes miss the
semantic cache on the same question together. Afterwards, read from the database: every turn checkpointed once
and audited once, the audit chain intact, no duplicate cache entries, the most client connections seen in
`pg_stat_activity` within the documented bound (processes x ARA_DB_POOL_SIZE + 3 per CLI process), no
history, carried entity or citation crossing conversations. Prints p50/p95 and throughput, writes the `load`
section of docs/benchmarks.md.

Cheap set-up (2-3 filings, a throw-away database):
    ARA_DATA_DIR=/tmp/ara-load .venv/bin/ara ingest ../shared/corpus/pdfs/3M_2018_10K.pdf ...
    ARA_DATA_DIR=/tmp/ara-load .venv/bin/python benchmarks/load.py [--processes 4] [--turns 6]
"""
from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import statistics
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.report import machine, markdown_table, write_section  # noqa: E402

TURNS = ["What was {c}'s revenue in FY{y}?", "and what about net income?", "and capex?",
         "What was the operating cash flow?", "and total assets?", "What were the dividends paid?",
         "and cost of sales?", "What was the operating income?", "and inventories?", "and revenue again?"]
CLI_QUESTION = "What was {c}'s total assets in FY{y}?"
CLI_CONNECTIONS = 3   # documented most connections of one CLI command (pipeline/stores/pool.py)


def conversation(ctx, company: str, year: int, turns: int, tag: str) -> dict:
    from pipeline.graph import run_turn
    from pipeline.stores.checkpoints import new_thread_id

    thread = new_thread_id()
    out = {"company": company, "year": year, "thread": thread, "latencies": [], "leaks": [], "errors": 0,
           "turn_ids": [], "cache_hits": 0,
           "cache_skips": 0}
    for i, template in enumerate(TURNS[:turns]):
        q = template.format(c=company, y=year)
        t = time.perf_counter()
        try:
            s = run_turn(q, ctx, thread_id=thread, user_id=f"load-{tag}")
        except Exception as e:  # noqa: BLE001
            out["errors"] += 1
            out["leaks"].append(f"turn {i + 1}: {type(e).__name__}: {e}")
            continue
        out["latencies"].append(1000 * (time.perf_counter() - t))
        out["turn_ids"].append(s.turn_id)
        out["cache_hits"] += bool(s.cache.get("hit"))
        out["cache_skips"] += any(x.node == "cache_write" and "meanwhile" in x.reason for x in s.steps)
        if s.companies != [company] or (s.years and s.years != [year]):
            out["leaks"].append(f"turn {i + 1}: carried {s.companies} {s.years}")
        for c in s.citations:
            if (c.company, c.fiscal_year) != (company, year):
                out["leaks"].append(f"turn {i + 1}: cites {c.company} FY{c.fiscal_year}")
    asked = [m.content for m in ctx.saver.history(thread) if m.role == "user"]
    expected = [t.format(c=company, y=year) for t in TURNS[:turns]]
    if asked != expected:
        out["leaks"].append(f"history holds {len(asked)} questions, not this conversation's {len(expected)}")
    return out


def worker(index: int, convs: list[tuple[str, int]], turns: int, ready, go, results) -> None:
    """One app process: its own pool, its conversations on threads, started together with the others."""
    from pipeline.nodes import TurnContext
    from pipeline.settings import get_settings
    from pipeline.stores import pool

    ctx = TurnContext.from_settings(get_settings())
    ctx.retriever.embedder.get_query_embedding("warm up")      # load the model before the clock starts
    from pipeline.question.registry_sources import get_registry
    from pipeline.stores import corpus

    with ctx.connect() as c:
        get_registry(conn=c), corpus.coverage_all(c)
        ctx.retriever.retrieve("revenue", conn=c)           # and build the keyword index
    ready.put(index)
    go.wait()
    t0 = time.perf_counter()
    with ThreadPoolExecutor(max_workers=len(convs)) as ex:
        out = list(ex.map(lambda cy: conversation(ctx, cy[0], cy[1], turns, f"p{index}-{cy[0]}-{cy[1]}"), convs))
    results.put({"process": index, "pid": os.getpid(), "wall": time.perf_counter() - t0, "conversations": out,
                 "pool": pool.stats()})


def cli_turn(company: str, year: int, thread: str) -> dict:
    t = time.perf_counter()
    p = subprocess.run([str(Path(sys.executable).parent / "ara"), "ask", CLI_QUESTION.format(c=company, y=year),
                        "--thread", thread, "--user", "load-cli"], capture_output=True, text=True, cwd=ROOT)
    return {"thread": thread, "rc": p.returncode, "ms": 1000 * (time.perf_counter() - t), "err": p.stderr[-300:]}


def pairs(conn) -> list[tuple[str, int]]:
    from pipeline.stores import corpus

    docs = [d for d in corpus.list_documents(conn) if d["doc_type"].upper().replace("-", "") in ("10K", "ANNUAL")]
    return sorted({(d["company"], int(d["fiscal_year"])) for d in docs})


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--processes", type=int, default=4)
    ap.add_argument("--conversations", type=int, default=16)
    ap.add_argument("--turns", type=int, default=6, help="turns per conversation (at most 10)")
    ap.add_argument("--cli", type=int, default=2, help="`ara ask` processes run during the load")
    ap.add_argument("--no-write", action="store_true", help="print only; leave docs/benchmarks.md alone")
    args = ap.parse_args()

    from pipeline.settings import get_settings
    from pipeline.stores import db, integrity
    from pipeline.stores.checkpoints import new_thread_id

    s = get_settings()
    with db.session(s) as c:
        held = pairs(c)
        start_id = integrity.cache_high_water(c)
        server_max, reserved = integrity.max_connections(c)
    if not held:
        sys.exit("No annual reports in this database: `ara ingest` two or three filings first (see the docstring).")
    n = args.conversations
    convs = [held[i % len(held)] for i in range(n)]
    # deal conversations round-robin so every (company, year) runs in several processes at once
    per_proc = [convs[i::args.processes] for i in range(args.processes)]
    bound = args.processes * s.db_pool_size + args.cli * CLI_CONNECTIONS

    spawn = mp.get_context("spawn")
    ready, go, results = spawn.Queue(), spawn.Event(), spawn.Queue()
    procs = [spawn.Process(target=worker, args=(i, per_proc[i], args.turns, ready, go, results))
             for i in range(args.processes)]
    for p in procs:
        p.start()
    for _ in procs:
        ready.get(timeout=600)

    seen = [0, 0]     # most client connections at once: all processes, one pooled process
    stop = threading.Event()

    def sample() -> None:
        with db.connect(s) as c:
            c.autocommit = True
            while not stop.is_set():
                now = integrity.client_connections(c)
                seen[0] = max(seen[0], sum(now.values()))
                seen[1] = max([seen[1]] + [v for k, v in now.items() if k.startswith("ara:")])
                stop.wait(0.05)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    cli_threads = [new_thread_id() for _ in range(args.cli)]
    t0 = time.perf_counter()
    go.set()
    with ThreadPoolExecutor(max_workers=max(1, args.cli)) as ex:
        cli = list(ex.map(lambda i: cli_turn(*held[i % len(held)], cli_threads[i]), range(args.cli)))
    out = [results.get(timeout=1800) for _ in procs]
    wall = time.perf_counter() - t0
    for p in procs:
        p.join(timeout=60)
    stop.set()
    sampler.join()

    conversations = [c for r in out for c in r["conversations"]]
    turn_ids = [t for c in conversations for t in c["turn_ids"]]
    with db.connect(s) as c:
        cli_ids = integrity.thread_turn_ids(c, cli_threads)
        rec = integrity.turn_records(c, turn_ids + cli_ids)
        chain = integrity.audit_chain(c)
        dups = integrity.duplicate_cache_entries(c, s.cache_return_threshold, start_id)
        written = integrity.cache_entries_since(c, start_id)
        integrity.forget_cache_since(c, start_id)     # leave the cache as the run found it
    lat = sorted(x for cv in conversations for x in cv["latencies"])
    turns = len(lat)
    p50, p95 = statistics.median(lat), lat[int(0.95 * (len(lat) - 1))]
    leaks = [f"{cv['company']} FY{cv['year']}: {x}" for cv in conversations for x in cv["leaks"]]
    cli_failed = [f"ara ask rc={x['rc']}: {x['err']}" for x in cli if x["rc"] != 0]
    peak = max(p["peak_borrowed"] for r in out for p in r["pool"])
    per_thread = max(p["peak_per_thread"] for r in out for p in r["pool"])
    table = markdown_table(
        ["processes", "conversations", "turns", "CLI turns", "errors", "leaks", "p50 ms", "p95 ms", "turns/s",
         "wall s"],
        [[args.processes, n, turns, f"{len(cli_ids)}/{args.cli}", sum(cv["errors"] for cv in conversations)
          + len(cli_failed), len(leaks), f"{p50:.0f}", f"{p95:.0f}", f"{turns / wall:.2f}", f"{wall:.1f}"]])
    checks = markdown_table(
        ["check", "result"],
        [["turns checkpointed once", f"{rec['checkpointed_once']}/{rec['turns']}"],
         ["turns audited once", f"{rec['audited_once']}/{rec['turns']}"],
         ["audit chain", f"{'intact' if chain['ok'] else 'BROKEN'} ({chain['rows']} rows)"],
         ["cache entries written / duplicates", f"{written} / {len(dups)}"],
         ["cache writes skipped (an equal entry was written meanwhile by another conversation or process)",
          str(sum(cv["cache_skips"] for cv in conversations))],
         ["cache hits (of turns)", f"{sum(cv['cache_hits'] for cv in conversations)}/{turns}"],
         ["client connections seen (pg_stat_activity, max)", f"{seen[0]} (bound {bound}; server max_connections "
                                                             f"{server_max}, {reserved} reserved)"],
         ["connections of one pooled process (pg_stat_activity, max)", f"{seen[1]} (ARA_DB_POOL_SIZE "
                                                                        f"{s.db_pool_size})"],
         ["pooled connections borrowed at once (max per process / per thread)", f"{peak} / {per_thread} "
                                                                                 f"(ARA_DB_POOL_SIZE {s.db_pool_size})"]])
    ok = (rec["checkpointed_once"] == rec["audited_once"] == rec["turns"] and chain["ok"] and not dups
          and seen[0] <= bound and seen[1] <= s.db_pool_size and not leaks and not cli_failed and len(cli_ids) == args.cli)
    print(table)
    print()
    print(checks)
    for x in leaks + cli_failed + [str(p) for p in chain["problems"]]:
        print("PROBLEM:", x)
    print("OK" if ok else "FAILED")
    if not args.no_write:
        write_section("load", (
            f"## Load\n\n{machine()}\n\n{n} concurrent conversations x {args.turns} turns in {args.processes} OS "
            f"processes (threads in each, one connection pool per process, `ARA_DB_POOL_SIZE={s.db_pool_size}`) "
            f"plus {args.cli} `ara ask` CLI processes, all on one embedded Postgres holding {len(held)} annual "
            f"reports; every (company, fiscal year) conversation runs in several processes at once, with "
            f"follow-ups that rely on carry-over. Latency is per turn, wall clock, all processes competing for the "
            f"same 2 cores. `benchmarks/load.py`.\n\n{table}\n\nRead back from the database afterwards:\n\n{checks}\n"
            + ("\n" + "\n".join(f"- {x}" for x in leaks + cli_failed) + "\n" if leaks or cli_failed else
               "\nNo history, carried entity or citation crossed conversations or processes.\n")))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
