"""The semantic answer cache: hit latency vs the full pipeline (same process), and on paraphrase and near-miss
pairs: correct hits, wrong hits (target 0) and misses. A hit is wrong when its answer differs from the answer
the full pipeline gives to that question now (computed with the cache off), so entries other runs left under
a question's own keys are judged on their merits. Runs on the configured database (the demo corpus must be
ingested); the entries it writes are removed afterwards."""
from __future__ import annotations

import dataclasses
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.report import machine, markdown_table, write_section  # noqa: E402
from pipeline.graph import run_turn  # noqa: E402
from pipeline.nodes import TurnContext  # noqa: E402
from pipeline.settings import get_settings  # noqa: E402
from pipeline.stores import db  # noqa: E402

# (question that fills the cache, paraphrases that should hit, near misses that must not)
CASES = [
    ("What was 3M's capex in FY2018?",
     ["What was MMM's capital expenditure in fiscal 2018?", "3M capital expenditures FY18?"],
     ["What was 3M's capex in FY2022?", "What was Boeing's capex in FY2018?", "Did 3M's capex decrease in FY2018?"]),
    ("What was Boeing's revenue in FY2022?",
     ["Boeing total revenues for fiscal year 2022?", "What were BA's revenues in FY22?"],
     ["What was Boeing's revenue in FY2021?", "What was Boeing's net income in FY2022?",
      "Did Boeing's revenue increase in FY2022?"]),
    ("What was PepsiCo's net income in FY2021?",
     ["Pepsi net earnings in fiscal 2021?", "What was PEP's net income for FY21?"],
     ["What was PepsiCo's net income in FY2022?", "What was PepsiCo's revenue in FY2021?",
      "Was there a net loss at PepsiCo in FY2021?"]),
    ("What was Verizon's operating cash flow in FY2022?",
     ["Verizon cash flow from operations FY2022?", "VZ net cash provided by operating activities in fiscal 2022?"],
     ["What was Verizon's operating cash flow in FY2021?", "What was Verizon's capex in FY2022?",
      "Did Verizon's operating cash flow decline in FY2022?"]),
    ("What were Amcor's total assets in FY2023?",
     ["Amcor plc total assets fiscal 2023?", "What were AMCR's total assets for FY23?"],
     ["What were Amcor's total assets in FY2022?", "What were Amcor's total liabilities in FY2023?",
      "Did Amcor's total assets decrease in FY2023?"]),
    ("What was Boeing's gross margin in FY2022?",
     ["Boeing gross margin for fiscal 2022?", "What was the gross margin of BA in FY22?"],
     ["What was Boeing's gross margin in FY2021?", "What was Boeing's operating margin in FY2022?",
      "Did Boeing's gross margin improve in FY2022?"]),
]


def main() -> None:
    s = get_settings()
    ctx = TurnContext.from_settings(s)
    with db.connect(s) as c:
        start_id = c.execute("SELECT coalesce(max(id), 0) FROM semantic_cache").fetchone()[0]
    run_turn("warm up: What was 3M's revenue in FY2018?", ctx)
    full, hit_ms = [], []
    fresh_ctx = dataclasses.replace(ctx, cache=None)
    counts = {"correct hits": 0, "wrong hits": 0, "misses": 0, "near misses refused": 0,
              "near misses hit their own key": 0}
    rows = []
    try:
        for base, paraphrases, near in CASES:
            t = time.perf_counter()
            run_turn(base, ctx)
            full.append(1000 * (time.perf_counter() - t))
            for q in paraphrases:
                t = time.perf_counter()
                st = run_turn(q, ctx)
                ms = 1000 * (time.perf_counter() - t)
                if st.cache.get("hit"):
                    hit_ms.append(ms)
                    ok = st.answer == run_turn(q, fresh_ctx).answer
                    counts["correct hits" if ok else "wrong hits"] += 1
                    rows.append([q, "paraphrase", f"{st.cache['similarity']:.3f}", "hit" if ok else "WRONG HIT"])
                else:
                    counts["misses"] += 1
                    rows.append([q, "paraphrase", f"{st.cache.get('similarity', 0):.3f}", "miss"])
            for q in near:
                st = run_turn(q, ctx)
                if st.cache.get("hit"):
                    ok = st.answer == run_turn(q, fresh_ctx).answer
                    counts["near misses hit their own key" if ok else "wrong hits"] += 1
                    rows.append([q, "near miss", f"{st.cache['similarity']:.3f}",
                                 "hit (an entry for its own company, year and metric)" if ok else "WRONG HIT"])
                else:
                    counts["near misses refused"] += 1
                    rows.append([q, "near miss", f"{st.cache.get('similarity', 0):.3f}", st.cache.get("band")])
    finally:
        with db.connect(s) as c:
            c.execute("DELETE FROM semantic_cache WHERE id > %s", (start_id,))
            c.commit()
    p50_full, p50_hit = statistics.median(full), statistics.median(hit_ms) if hit_ms else float("nan")
    lat = markdown_table(["path", "turns", "p50 ms", "ratio"],
                         [["full pipeline (cache miss)", len(full), f"{p50_full:.0f}", "1.00"],
                          ["cache hit", len(hit_ms), f"{p50_hit:.0f}", f"{p50_hit / p50_full:.2f}"]])
    summary = markdown_table(list(counts), [list(counts.values())])
    detail = markdown_table(["question", "kind", "similarity", "outcome"], rows)
    print(lat)
    print(summary)
    write_section("cache", f"## Semantic cache\n\n{machine()}\n\nThresholds: return >= {s.cache_return_threshold}, "
                           f"seed >= {s.cache_seed_threshold}; hard keys company, fiscal year, metric; polarity guard."
                           f"\n\n{lat}\n\n{summary}\n\n<details><summary>Per question</summary>\n\n{detail}\n\n"
                           f"</details>\n")


if __name__ == "__main__":
    main()
