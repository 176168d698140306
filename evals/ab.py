"""Paired retrieval A/B: the retrieval step alone (no answer model), so the only difference between A and B is
the retrieval configuration. Regressions are printed first: a mean can improve while cases regress."""
from __future__ import annotations

import math
import time
from dataclasses import dataclass

from pipeline.retrieval.presets import PRESETS, parse_config

__all__ = ["PRESETS", "parse_config", "Item", "first_hit", "sign_test", "run"]


@dataclass
class Item:
    id: str
    query: str
    doc: str
    figure: str | None = None            # a hit: a chunk of `doc` containing the figure
    pages: tuple[int, ...] = ()          # or: a chunk on one of these pages of `doc`


def first_hit(item: Item, passages) -> int | None:
    for rank, p in enumerate(passages, 1):
        if p.doc != item.doc:
            continue
        if (item.figure and item.figure in p.text) or (item.pages and p.page in item.pages):
            return rank
    return None


def sign_test(improved: int, regressed: int) -> float:
    """Two-sided exact sign test on the paired cases that changed (ties dropped)."""
    n = improved + regressed
    if n == 0:
        return 1.0
    k = min(improved, regressed)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def run(items: list[Item], retriever, a: dict, b: dict, *, final_k: int, pause: float = 0.0) -> dict:
    rows = []
    for n, it in enumerate(items):
        ra = first_hit(it, retriever.retrieve(it.query, **{"k": final_k, **a}))
        if pause:
            time.sleep(pause)     # paid rerankers: a rate limit must never masquerade as a quality result
        rb = first_hit(it, retriever.retrieve(it.query, **{"k": final_k, **b}))
        if pause and n < len(items) - 1:
            time.sleep(pause)
        if ra is None and rb is not None:
            change = "newly found"
        elif ra is not None and rb is None:
            change = "newly lost"
        elif ra is not None and rb is not None and rb < ra:
            change = "improved"
        elif ra is not None and rb is not None and rb > ra:
            change = "regressed"
        else:
            change = "same"
        rows.append({"id": it.id, "a": ra, "b": rb, "change": change})
    def summary(key):
        ranks = [r[key] for r in rows]
        hits = [x for x in ranks if x]
        return {"hits": len(hits), "hits@5": sum(1 for x in hits if x <= 5),
                "mean_rank": round(sum(hits) / len(hits), 2) if hits else None}
    better = sum(r["change"] in ("improved", "newly found") for r in rows)
    worse = sum(r["change"] in ("regressed", "newly lost") for r in rows)
    p = sign_test(better, worse)
    order = {"newly lost": 0, "regressed": 1, "newly found": 2, "improved": 3, "same": 4}
    rows.sort(key=lambda r: order[r["change"]])
    n = len(rows)
    return {"n": n, "a": summary("a"), "b": summary("b"), "better": better, "worse": worse, "ties": n - better - worse,
            "sign_test_p": round(p, 4),
            "verdict": ("direction, not significance" if n < 30 or p >= 0.05 else "significant at 5 %"),
            "cases": rows}
