"""Trace (reviewers): every step of a recorded turn - what it saw, decided and produced - read from the
checkpoints (never re-run), as sortable tables; a second turn side by side; the turn exported as JSON."""
import json

import pandas as pd
import streamlit as st

from app.components import steptables
from app.components.render import safe_markdown
from app.components.resources import current_principal, turn_context
from app.components.threads import labels as thread_labels
from pipeline.memory import conversations

st.title("Trace")
st.caption("What each step of a turn saw, decided and produced, as recorded when it ran. Tables sort by any "
           "column; one-off turns (`ara ask` without a conversation) are listed too.")
ctx = turn_context()
me = current_principal()
threads = conversations.readable_threads(ctx.saver, me, limit=200)
if me.can("trace.all"):
    st.caption(f"As a {me.role} you read every user's conversations here (read-only).")
if not threads:
    st.info("No conversations yet. Ask something on the Chat page, or `ara ask \"...\"`.")
    st.stop()
labels = thread_labels(threads)
if me.can("trace.all"):     # whose each conversation is, when it is someone else's
    labels = {t["thread_id"]: labels[t["thread_id"]] + ("" if t["user_id"] == me.user_id else f" · {t['user_id']}")
              for t in threads}


def pick_turn(key: str, default_thread: str | None) -> tuple[str, int, dict, list[dict]] | None:
    """A conversation and one of its turns -> (thread, turn, final state, checkpoints)."""
    ids = list(labels)
    default = default_thread if default_thread in labels else ids[0]
    thread = st.selectbox("Conversation", ids, format_func=labels.get, index=ids.index(default), key=f"{key}-thread")
    turns = conversations.turns(ctx.saver, me, thread)
    if not turns:
        st.info("This conversation has no recorded turns.")
        return None
    turn = st.selectbox("Turn", [t["turn"] for t in turns], index=len(turns) - 1, key=f"{key}-turn",
                        format_func=lambda n: next(f"{t['turn']}. {t['question'][:80]} [{t['status']}]"
                                                   for t in turns if t["turn"] == n))
    checkpoints = conversations.turn_steps(ctx.saver, me, thread, turn)
    final = checkpoints[-1]["state"] if checkpoints else {}
    return thread, turn, final, checkpoints


def steps_table(final: dict) -> pd.DataFrame:
    return pd.DataFrame([{"#": i + 1, "step": s["node"], "decision": s["decision"], "reason": s["reason"],
                          "latency ms": s["latency_ms"], "failed open": "yes" if s["failed_open"] else "",
                          "error": s.get("error", "")} for i, s in enumerate(final.get("steps", []))])


def answer_line(final: dict) -> None:
    st.markdown(f"**Question:** {safe_markdown(final.get('question', ''))}")
    st.markdown(f"**Answer** ({final.get('route')}, confidence {final.get('confidence')}): "
                f"{safe_markdown(final.get('answer', ''))}")


picked = pick_turn("a", st.query_params.get("thread") or st.session_state.get("thread_id"))
if picked is None:
    st.stop()
thread, turn, final, checkpoints = picked
answer_line(final)

overview, details, compare = st.tabs(["Steps", "Step details", "Compare with another turn"])
with overview:
    usage = final.get("usage") or {}
    st.caption(f"Answered by: {final.get('answered_by', 'extractive')} · model calls {usage.get('calls', 0)}, "
               f"tokens {usage.get('tokens', 0)}, model latency {usage.get('latency_ms', 0)} ms, "
               f"cost ${usage.get('cost_usd', 0.0):.5f}")
    if usage.get("by_call"):
        st.dataframe(pd.DataFrame(usage["by_call"]), hide_index=True, width="stretch", key="usage-a")
    st.dataframe(steps_table(final), hide_index=True, width="stretch", key="steps-a")
    export = {"thread_id": thread, "turn": turn, "question": final.get("question"), "final_state": final,
              "checkpoints": [{"step": c["step"], "node": c["node"], "parent_id": c["parent_id"],
                               "created_at": str(c["created_at"])} for c in checkpoints]}
    st.download_button("Export this turn's trace (JSON)", json.dumps(export, indent=2, default=str),
                       file_name=f"trace-{thread[:8]}-turn{turn}.json", mime="application/json",
                       icon=":material/download:")

with details:
    for i, s in enumerate(final.get("steps", [])):
        flag = " · :orange[failed open]" if s.get("failed_open") else ""
        with st.expander(f"{i + 1}. {s['node']} — {s['decision']}{flag}", expanded=s["node"] in ("grade",)):
            if s.get("reason"):
                st.caption(safe_markdown(s["reason"]))
            steptables.show(s, key=f"a-{i}")

with compare:
    st.caption("Pick a second turn - for example the same question before and after a change.")
    other = pick_turn("b", thread)
    if other is not None:
        _, _, final_b, _ = other
        left, right = st.columns(2)
        for col, f, name in ((left, final, "A"), (right, final_b, "B")):
            with col:
                st.markdown(f"#### Turn {name}")
                answer_line(f)
        a_steps = {s["node"]: s for s in final.get("steps", [])}
        b_steps = {s["node"]: s for s in final_b.get("steps", [])}
        nodes = list(dict.fromkeys([*a_steps, *b_steps]))
        st.markdown("**Decisions side by side** (last record of each step)")
        st.dataframe(pd.DataFrame([{
            "step": n, "A decision": (a_steps.get(n) or {}).get("decision", "—"),
            "B decision": (b_steps.get(n) or {}).get("decision", "—"),
            "same": "yes" if (a_steps.get(n) or {}).get("decision") == (b_steps.get(n) or {}).get("decision") else "no",
            "A ms": (a_steps.get(n) or {}).get("latency_ms"), "B ms": (b_steps.get(n) or {}).get("latency_ms")}
            for n in nodes]), hide_index=True, width="stretch", key="compare-steps")
        node = st.selectbox("Compare one step's tables", [n for n in nodes if n in a_steps or n in b_steps],
                            index=nodes.index("rerank") if "rerank" in nodes else 0, key="compare-node")
        left, right = st.columns(2)
        for col, steps, name in ((left, a_steps, "A"), (right, b_steps, "B")):
            with col:
                st.markdown(f"**{name}: {node}**")
                if node in steps:
                    steptables.show(steps[node], key=f"cmp-{name}")
                else:
                    st.caption("This turn did not run this step.")
