"""The sidebar's decision panels for the current turn, read from its recorded state (never re-run). Compact
tables fit the sidebar; "All decision tables" opens every step's full tables in a dialog."""
from __future__ import annotations

import pandas as pd
import streamlit as st

from app.components import steptables
from app.components.render import safe_markdown
from pipeline.state import Carried


@st.dialog("This turn's decisions", width="large")
def _all_tables(state: dict) -> None:
    st.caption(f"Question: {safe_markdown(state.get('question', ''))}")
    steps = [s for s in state.get("steps") or [] if s.get("data")]
    if not steps:
        st.info("This turn recorded no step tables.")
        return
    tabs = st.tabs([s["node"] for s in steps])
    for i, (tab, s) in enumerate(zip(tabs, steps)):
        with tab:
            st.markdown(f"**{s['decision']}** · {safe_markdown(s.get('reason', ''))}")
            steptables.show(s, key=f"dlg-{i}")


def _page_rows(docs: list[dict]) -> pd.DataFrame:
    return pd.DataFrame([{"p.": d["page"], "kept": "✓" if d["kept"] else "✗", "reason": d["reason"],
                          "score": round(d["score"], 3), "doc": d["doc"]} for d in docs])


def decision_panels(state: dict) -> None:
    st.subheader("This turn")
    if st.button("All decision tables", icon=":material/table_view:", width="stretch", key="all-decisions"):
        _all_tables(state)
    with st.expander("Routing", expanded=True):
        st.markdown(f"**{state.get('route')}**: {safe_markdown(state.get('route_reason', ''))}")
        carried = (state.get("memory") or {}).get("carried") or []
        turn = Carried.model_validate(state.get("carried") or {}).from_turn
        st.caption("Carried from earlier turns: " + (safe_markdown("; ".join(carried)) if carried else "nothing")
                   + (f" (from turn {turn})" if carried and turn else ""))
    docs = state.get("documents") or []
    rerank = steptables.step_named(state, "rerank")
    cut = sum(1 for r in ((rerank or {}).get("data") or {}).get("pages", []) if r["outcome"] != "kept")
    if docs:
        dropped = [d for d in docs if not d["kept"]]
        title = f"Documents ({len(docs) - len(dropped)} kept, {len(dropped)} dropped by the grader"
        title += f", {cut} cut by rerank)" if rerank else ")"
        with st.expander(title, expanded=bool(dropped)):
            st.dataframe(_page_rows(dropped + [d for d in docs if d["kept"]]), hide_index=True, width="stretch",
                         column_config={"p.": st.column_config.NumberColumn(width=40),
                                        "kept": st.column_config.TextColumn(width=40),
                                        "reason": st.column_config.TextColumn(width="medium")})
            st.caption("Pages the reranker cut and each retriever's ranks: **All decision tables**.")
    claims = state.get("claims") or []
    with st.expander(f"Groundedness: {state.get('verdict')}"):
        if claims:
            st.dataframe(pd.DataFrame([{"claim": c["label"], "verdict": c["verdict"], "reason": c["reason"]}
                                       for c in claims]), hide_index=True, width="stretch")
        st.caption(f"Retries taken: {state.get('retries', 0)}")
    cache = state.get("cache") or {}
    lookup = ((steptables.step_named(state, "cache_lookup") or {}).get("data") or {})
    with st.expander(f"Cache: {cache.get('band', 'off')}"):
        st.write(f"Similarity {cache.get('similarity', 0):.3f}" + (f" · cached {cache['cached_at']}"
                                                                  if cache.get("cached_at") else ""))
        compared = lookup.get("compared")
        if compared:
            st.caption(f"Compared with: \u201c{safe_markdown(compared.get('question') or '')}\u201d "
                       f"({compared.get('company')}, FY{compared.get('fiscal_year')})")
        st.caption({"return": "Returned the stored answer without retrieval.",
                    "seed": "Ran the pipeline, seeded with a similar earlier answer as a hint.",
                    "miss": "No similar cached answer for this company, year and metric.",
                    "skipped": "Not cached: more than one company.", "off": "Not used for this route."}
                   .get(cache.get("band", "off"), ""))
    warnings = state.get("warnings") or []
    failed = [s for s in state.get("steps", []) if s.get("failed_open")]
    if warnings or failed:
        with st.expander(f"Fail-open warnings ({len(failed)})", expanded=True):
            for w in warnings:
                st.warning(w)
