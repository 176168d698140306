"""Trace (reviewers): every step of a recorded turn, read from the checkpoints - never re-run."""
import json

import pandas as pd
import streamlit as st

from app.components.render import safe_markdown
from app.components.resources import current_user, turn_context

st.title("Trace")
st.caption("What each step of a turn saw, decided and produced, as recorded when it ran.")
ctx = turn_context()
user = current_user()
threads = ctx.saver.threads(user, limit=200)
if not threads:
    st.info("No conversations yet. Ask something on the Chat page, or `ara ask --new-thread`.")
    st.stop()

labels = {t["thread_id"]: f"{t['updated_at']:%Y-%m-%d %H:%M} · {t['title'][:60]} ({t['turns']} turns)" for t in threads}
default = st.session_state.get("thread_id") if st.session_state.get("thread_id") in labels else threads[0]["thread_id"]
thread = st.selectbox("Conversation", list(labels), format_func=labels.get, index=list(labels).index(default))
turns = ctx.saver.turns(thread)
if not turns:
    st.info("This conversation has no recorded turns.")
    st.stop()
turn = st.selectbox("Turn", [t["turn"] for t in turns], index=len(turns) - 1,
                    format_func=lambda n: next(f"{t['turn']}. {t['question'][:80]} [{t['status']}]"
                                               for t in turns if t["turn"] == n))
checkpoints = ctx.saver.turn_steps(thread, turn)
final = checkpoints[-1]["state"] if checkpoints else {}
st.markdown(f"**Answer** ({final.get('route')}, confidence {final.get('confidence')}): "
            f"{safe_markdown(final.get('answer', ''))}")
usage = final.get("usage") or {}
st.caption(f"Answered by: {final.get('answered_by', 'extractive')} · model calls {usage.get('calls', 0)}, "
           f"tokens {usage.get('tokens', 0)}, model latency {usage.get('latency_ms', 0)} ms, "
           f"cost ${usage.get('cost_usd', 0.0):.5f}")
if usage.get("by_call"):
    st.dataframe(pd.DataFrame(usage["by_call"]), hide_index=True, width="stretch")
steps = final.get("steps", [])
st.dataframe(pd.DataFrame([{"#": i + 1, "step": s["node"], "decision": s["decision"], "reason": s["reason"],
                            "latency ms": s["latency_ms"], "failed open": "yes" if s["failed_open"] else "",
                            "error": s.get("error", "")} for i, s in enumerate(steps)]),
             hide_index=True, width="stretch")
for i, s in enumerate(steps):
    with st.expander(f"{i + 1}. {s['node']} — {s['decision']}"):
        st.json(s.get("data") or {}, expanded=True)
export = {"thread_id": thread, "turn": turn, "question": final.get("question"), "final_state": final,
          "checkpoints": [{"step": c["step"], "node": c["node"], "parent_id": c["parent_id"],
                           "created_at": str(c["created_at"])} for c in checkpoints]}
st.download_button("Export this turn's trace (JSON)", json.dumps(export, indent=2, default=str),
                   file_name=f"trace-{thread[:8]}-turn{turn}.json", mime="application/json",
                   icon=":material/download:")
