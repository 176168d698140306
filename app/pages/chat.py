"""Chat: ask about the annual reports. Every turn runs the turn graph on a durable thread (the same threads as
`ara ask --thread`); answers carry citations, caveats and the record of how they were made."""
import streamlit as st

from app.components.render import citation_chip, safe_markdown
from app.components.resources import connect, turn_context

st.title("Annual Report Analyst")
st.caption("Figures from the filings themselves, each cited to company, fiscal year and page. "
           "If a figure cannot be found with confidence, the answer says so.")

USER = "local"
ctx = turn_context()


def _reply_from_state(state: dict, page_text) -> dict:
    cites = [{"marker": c["marker"], "label": _label(c), "doc": c["doc"], "page": c["page"],
              "page_text": page_text(c["doc"], c["page"])} for c in state.get("citations", [])]
    return {"role": "assistant", "content": state.get("answer", ""), "citations": cites,
            "confidence": state.get("confidence"), "route": state.get("route"), "caveats": state.get("caveats", []),
            "warnings": state.get("warnings", []), "cache": state.get("cache", {}),
            "steps": [{k: s.get(k) for k in ("node", "decision", "reason", "latency_ms", "failed_open")}
                      for s in state.get("steps", [])]}


def _label(c: dict) -> str:
    kind = {"10K": "10-K", "10Q": "10-Q", "8K": "8-K"}.get(c.get("doc_type", "10K"), c.get("doc_type", ""))
    return f"{c['company']} · FY{c['fiscal_year']} · {kind} p. {c['page']}"


def _page_text(doc: str, page: int):
    from pipeline.stores import corpus

    conn = connect()
    try:
        return corpus.get_page(conn, doc, page)
    finally:
        conn.close()


def open_thread(thread_id: str) -> None:
    st.session_state.thread_id = thread_id
    st.session_state.messages = []
    for m in ctx.saver.history(thread_id):
        if m.role == "user":
            st.session_state.messages.append({"role": "user", "content": m.content})
        else:
            st.session_state.messages.append(_reply_from_state(m.state or {"answer": m.content}, _page_text))


if "thread_id" not in st.session_state:
    from pipeline.stores.checkpoints import new_thread_id

    st.session_state.thread_id = new_thread_id()
    st.session_state.messages = []

with st.sidebar:
    if st.button("New conversation", icon=":material/add:", width="stretch"):
        from pipeline.stores.checkpoints import new_thread_id

        st.session_state.thread_id, st.session_state.messages = new_thread_id(), []
    past = ctx.saver.threads(USER, limit=12)
    if past:
        st.caption("Past conversations")
        for t in past:
            label = f"{t['title'][:38] or '(untitled)'} · {t['turns']} turn(s)"
            if st.button(label, key=f"thread-{t['thread_id']}", width="stretch",
                         type="primary" if t["thread_id"] == st.session_state.thread_id else "secondary"):
                open_thread(t["thread_id"])


def show(msg: dict) -> None:
    with st.chat_message(msg["role"]):
        st.markdown(safe_markdown(msg["content"]))
        if msg["role"] == "user":
            return
        for w in msg.get("warnings", []):
            st.warning(w, icon=":material/warning:")
        badges = []
        if msg.get("cache", {}).get("hit"):
            badges.append(f":violet-badge[cached answer (from {msg['cache'].get('cached_at')})]")
        if msg.get("route") == "retrieve" and msg.get("confidence"):
            colour = {"high": "green", "medium": "orange", "low": "red"}[msg["confidence"]]
            badges.append(f":{colour}-badge[confidence: {msg['confidence']}]")
        if badges:
            st.markdown(" ".join(badges))
        if msg.get("citations"):
            st.markdown("  ".join(citation_chip(c["label"], c["marker"]) for c in msg["citations"]))
            for c in msg["citations"]:
                with st.expander(f"[{c['marker']}] {c['label']} — page text"):
                    with st.container(height=320):
                        st.text(c.get("page_text") or "(page text unavailable)")
        for c in msg.get("caveats", []):
            st.caption(f":orange[{safe_markdown(c)}]")
        if msg.get("route"):
            st.caption(f"route: {msg['route']}")
        if msg.get("steps"):
            with st.expander("How this answer was made"):
                st.dataframe([{"step": s["node"], "decision": s["decision"], "reason": s["reason"],
                               "ms": s["latency_ms"], "failed open": "yes" if s["failed_open"] else ""}
                              for s in msg["steps"]], hide_index=True, width="stretch")


for m in st.session_state.messages:
    show(m)

if prompt := st.chat_input("Ask about an annual report, e.g. What was 3M's capex in FY2018?"):
    user = {"role": "user", "content": prompt}
    st.session_state.messages.append(user)
    show(user)
    from pipeline.graph import run_turn

    with st.spinner("Reading the reports…"):
        state = run_turn(prompt, ctx, thread_id=st.session_state.thread_id, user_id=USER)
    reply = _reply_from_state(state.model_dump(mode="json"), _page_text)
    st.session_state.messages.append(reply)
    show(reply)
