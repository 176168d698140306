"""What a turn's steps record for review: bounded tables of their inputs and outputs (StepRecord.data).

Every payload is small on purpose - it is checkpointed after every node - so lists stop at `TOP` rows and text
at `SNIPPET` characters. Rows are flat dicts (one value per column) so the Trace page can show them as sortable
tables and a JSON export reads the same."""
from __future__ import annotations

import re
from typing import Any, Iterable

TOP = 20          # rows per list
SNIPPET = 200     # characters per text excerpt


def snippet(text: str, n: int = SNIPPET) -> str:
    t = " ".join((text or "").split())
    return t if len(t) <= n else t[: n - 1] + "…"


def _where(doc: str, page: int) -> str:
    return f"{doc} p. {page}"


def retriever_rows(nodes: Iterable[Any], top: int = TOP) -> list[dict]:
    """One retriever's hits (LlamaIndex NodeWithScore), in its own rank order."""
    out = []
    for rank, n in enumerate(nodes, 1):
        if rank > top:
            break
        m = n.node.metadata
        out.append({"rank": rank, "doc": m["doc"], "page": m["page"], "score": round(float(n.score or 0.0), 4),
                    "chunk": m["chunk_id"]})
    return out


def fusion_rows(passages: list, per_retriever: dict[str, list[dict]], top: int = TOP) -> list[dict]:
    """The fused order, with each retriever's rank of the same chunk (blank: that retriever did not return it)."""
    ranks = {name: {r["chunk"]: r["rank"] for r in rows} for name, rows in per_retriever.items()}
    out = []
    for i, p in enumerate(passages[:top], 1):
        row = {"rank": i, "doc": p.doc, "page": p.page, "fusion score": round(p.score, 4)}
        for name in per_retriever:
            row[f"{name} rank"] = ranks[name].get(p.chunk_id)
        row["text"] = snippet(p.text, 120)
        out.append(row)
    return out


def rerank_rows(before: list, reranked: list, final: list, explain, top: int = TOP) -> list[dict]:
    """Before -> after rank per chunk: fusion rank, reranked rank, final rank (blank: cut), score and reason."""
    pos_before = {p.chunk_id: i for i, p in enumerate(before, 1)}
    pos_after = {p.chunk_id: i for i, p in enumerate(reranked, 1)}
    pos_final = {p.chunk_id: i for i, p in enumerate(final, 1)}
    final_pages = {(p.doc, p.page) for p in final}
    rows = []
    for p in reranked:
        fr = pos_final.get(p.chunk_id)
        if fr is None and pos_after[p.chunk_id] > top:
            continue
        if fr is not None:
            fate = "kept"
        elif (p.doc, p.page) in final_pages:
            fate = "cut: another chunk of this page ranks higher"
        else:
            fate = "cut: below the final page count"
        rows.append({"doc": p.doc, "page": p.page, "before": pos_before.get(p.chunk_id), "after": pos_after[p.chunk_id],
                     "final": fr, "rerank score": None if p.rerank_score is None else round(p.rerank_score, 4),
                     "fusion score": round(p.score, 4), "outcome": fate, "reason": explain(p)})
    return rows


def grade_rows(grades: list) -> list[dict]:
    return [{"doc": g.passage.doc, "page": g.passage.page, "kept": g.kept, "reason": g.reason,
             "score": round(g.passage.order_score, 4), "text": snippet(g.passage.text, 120)} for g in grades]


def cache_payload(result, question: str, company: str, year: int | None, metric: str | None,
                  return_threshold: float, seed_threshold: float) -> dict:
    """The lookup's input (the asked key) and the compared entry (the nearest with the same hard keys)."""
    e = result.compared or {}
    return {"asked": {"question": snippet(question), "company": company, "fiscal_year": year, "metric": metric},
            "compared": {"question": snippet(e.get("question", "")), "company": e.get("company"),
                         "fiscal_year": e.get("fiscal_year"), "metric": e.get("metric"),
                         "cached_at": result.created_at or None} if e else None,
            "similarity": round(result.similarity, 4), "band": result.band,
            "thresholds": {"return": return_threshold, "seed": seed_threshold},
            "decision": {"return": "returned the cached answer", "seed": "ran the pipeline, seeded with a hint",
                         "miss": "ran the pipeline"}.get(result.band, result.band)}


def figure_rows(figures: list[dict]) -> list[dict]:
    return [{"marker": f.get("marker"), "company": f.get("company"), "metric": f.get("label") or f.get("metric"),
             "year": f.get("year"), "value": f.get("value"), "unit": f.get("unit"),
             "row": snippet(f.get("row_label", ""), 80), "where": _where(f.get("doc", ""), f.get("page", 0)),
             **({"matched_by": f["matched_by"]} if f.get("matched_by") else {})}
            for f in figures[:TOP]]


def span(page_text: str, needles: list[str], width: int = SNIPPET) -> str:
    """The part of a cited page where the first of `needles` is printed (≤ `width` characters), or ''."""
    flat = " ".join((page_text or "").split())
    for n in needles:
        n = " ".join(n.split()).strip("()$\u201c\u201d\"")
        if len(n) < 2:
            continue
        i = flat.lower().find(n.lower()[:80])
        if i >= 0:
            start = max(0, i - (width - min(len(n), width)) // 2)
            return ("…" if start else "") + flat[start:start + width] + ("…" if start + width < len(flat) else "")
    return ""


def claim_rows(claims: list, pages: dict[int, str]) -> list[dict]:
    """Each claim with its verdict and the cited page's text where its numbers (or quote) are printed."""
    rows = []
    for c in claims[:TOP]:
        markers = [int(m) for m in re.findall(r"\[(\d+)\]", c.text)]
        quote = re.findall(r"\u201c(.+?)\u201d", c.text)
        needles = [q[:80] for q in quote] + [n for n in c.numbers if n != "quote"]
        text = next((pages[m] for m in markers if m in pages), "")
        rows.append({"claim": c.label, "verdict": c.verdict, "reason": c.reason, "numbers": ", ".join(c.numbers),
                     "cited": ", ".join(f"[{m}]" for m in markers), "page span": span(text, needles),
                     "text": snippet(c.text)})
    return rows
