"""A recorded step's payload (StepRecord.data, see pipeline/core/trace.py) as tables a reviewer can read and sort.
Used by the Trace page and by the chat sidebar's full-table dialog."""
from __future__ import annotations

import pandas as pd
import streamlit as st


def tables(step: dict) -> list[tuple[str, pd.DataFrame]]:
    """(title, table) for every list of rows in a step's data; scalars go in a one-row 'summary' table."""
    data = step.get("data") or {}
    out: list[tuple[str, pd.DataFrame]] = []
    node = step.get("node")
    if node == "retrieve":
        for name, rows in (data.get("retrievers") or {}).items():
            out.append((f"{name} retriever", pd.DataFrame(rows)))
        if data.get("fusion"):
            out.append(("fusion (reciprocal rank)", pd.DataFrame(data["fusion"])))
    elif node == "cache_lookup" and data:
        asked, compared = data.get("asked") or {}, data.get("compared") or {}
        rows = [{"": "asked", **asked}]
        rows.append({"": "compared entry", **compared} if compared else {"": "compared entry", "question": "(none)"})
        out.append(("cache comparison", pd.DataFrame(rows)))
        out.append(("cache decision", pd.DataFrame([{
            "similarity": data.get("similarity"), "band": data.get("band"), "decision": data.get("decision"),
            "return ≥": (data.get("thresholds") or {}).get("return"),
            "seed ≥": (data.get("thresholds") or {}).get("seed")}])))
    else:
        for key, value in data.items():
            if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
                out.append((key, pd.DataFrame(value)))
    scalars = {k: v for k, v in data.items() if not isinstance(v, (list, dict)) or (isinstance(v, list) and
               not any(isinstance(x, dict) for x in v))}
    if node not in ("retrieve", "cache_lookup") and scalars:
        out.insert(0, ("summary", pd.DataFrame([{k: (", ".join(map(str, v)) if isinstance(v, list) else v)
                                                 for k, v in scalars.items()}])))
    for key, value in data.items():   # nested dicts that are not tables (e.g. confidence)
        if isinstance(value, dict) and key not in ("retrievers", "asked", "compared", "thresholds"):
            out.append((key, pd.DataFrame([{k: str(v) for k, v in value.items()}])))
    return [(t, df) for t, df in out if not df.empty]


def headline(step: dict) -> str:
    """One plain sentence of what matters most in a step (the tables hold the rest): dropped pages and why, the
    cache's compared entry, unsupported claims."""
    data = step.get("data") or {}
    node = step.get("node")
    if node == "grade":
        dropped = [r for r in data.get("pages", []) if not r.get("kept")]
        return ("Dropped: " + "; ".join(f"{r['doc']} p. {r['page']} ({r['reason']})" for r in dropped)) if dropped \
            else "Dropped: none - every page passed the relevance check."
    if node == "rerank":
        cut = [r for r in data.get("pages", []) if r.get("outcome") != "kept"]
        return f"{len(cut)} candidate chunk(s) cut; kept pages in final order: " + ", ".join(
            f"p. {r['page']}" for r in sorted((r for r in data.get("pages", []) if r.get("final")),
                                              key=lambda r: r["final"]))
    if node == "cache_lookup" and data:
        c = data.get("compared")
        head = (f"Compared with \u201c{c.get('question')}\u201d ({c.get('company')}, FY{c.get('fiscal_year')}, "
                f"cached {c.get('cached_at')})") if c else "Compared with: no cached entry for this company, year and metric"
        return f"{head} · similarity {data.get('similarity')} · band {data.get('band')} · {data.get('decision')}"
    if node == "verify":
        bad = [r for r in data.get("claims", []) if r.get("verdict") == "unsupported"]
        return ("Unsupported: " + "; ".join(r["claim"] for r in bad)) if bad else ""
    return ""


def show(step: dict, key: str) -> None:
    from app.components.render import safe_markdown

    line = headline(step)
    if line:
        st.markdown(safe_markdown(line))
    found = tables(step)
    if not found:
        st.caption("This step recorded no inputs or outputs.")
        return
    for i, (title, df) in enumerate(found):
        st.markdown(f"**{title}** ({len(df)} row{'s' if len(df) != 1 else ''})")
        st.dataframe(df, hide_index=True, width="stretch", key=f"{key}-{i}")


def step_named(state: dict, node: str, last: bool = True) -> dict | None:
    steps = [s for s in state.get("steps") or [] if s.get("node") == node]
    return (steps[-1] if last else steps[0]) if steps else None
