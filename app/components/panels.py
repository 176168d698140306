"""The sidebar's decision panels for the current turn, read from its recorded state (never re-run)."""
from __future__ import annotations

import pandas as pd
import streamlit as st

from app.components.render import safe_markdown


def decision_panels(state: dict) -> None:
    st.subheader("This turn")
    with st.expander("Routing", expanded=True):
        st.markdown(f"**{state.get('route')}**: {safe_markdown(state.get('route_reason', ''))}")
        carried = (state.get("memory") or {}).get("carried") or []
        st.caption("Carried from earlier turns: " + (safe_markdown("; ".join(carried)) if carried else "nothing"))
    docs = state.get("documents") or []
    if docs:
        with st.expander(f"Documents ({sum(d['kept'] for d in docs)} kept, {sum(not d['kept'] for d in docs)} dropped)"):
            st.dataframe(pd.DataFrame([{"kept": "yes" if d["kept"] else "no", "doc": d["doc"], "page": d["page"],
                                        "score": round(d["score"], 4), "reason": d["reason"]} for d in docs]),
                         hide_index=True, width="stretch")
    claims = state.get("claims") or []
    with st.expander(f"Groundedness: {state.get('verdict')}"):
        if claims:
            st.dataframe(pd.DataFrame([{"claim": c["label"], "verdict": c["verdict"], "reason": c["reason"]}
                                       for c in claims]), hide_index=True, width="stretch")
        st.caption(f"Retries taken: {state.get('retries', 0)}")
    cache = state.get("cache") or {}
    with st.expander(f"Cache: {cache.get('band', 'off')}"):
        st.write(f"Similarity {cache.get('similarity', 0):.3f}" + (f" · cached {cache['cached_at']}"
                                                                  if cache.get("cached_at") else ""))
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
