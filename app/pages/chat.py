"""Chat: ask about the annual reports; every turn runs the turn graph; answers carry citations."""
import streamlit as st

from app.components.render import citation_chip, safe_markdown
from app.components.resources import connect, turn_context

st.title("Annual Report Analyst")
st.caption("Figures from the filings themselves, each cited to company, fiscal year and page. "
           "If a figure cannot be found with confidence, the answer says so.")

st.session_state.setdefault("messages", [])


def show(msg: dict) -> None:
    with st.chat_message(msg["role"]):
        st.markdown(safe_markdown(msg["content"]))
        if msg["role"] == "user":
            return
        for w in msg.get("warnings", []):
            st.warning(w, icon=":material/warning:")
        if msg.get("citations"):
            st.markdown("  ".join(citation_chip(c["label"], c["marker"]) for c in msg["citations"]))
            for c in msg["citations"]:
                with st.expander(f"[{c['marker']}] {c['label']} — page text"):
                    with st.container(height=320):
                        st.text(c.get("page_text") or "(page text unavailable)")
        for c in msg.get("caveats", []):
            st.caption(f":orange[{safe_markdown(c)}]")
        if msg.get("route"):
            st.caption(f"confidence: {msg.get('confidence')} · route: {msg['route']}")
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
    from pipeline.stores import corpus

    with st.spinner("Reading the reports…"):
        state = run_turn(prompt, turn_context())
        conn = connect()
        try:
            cites = [{"marker": c.marker, "label": c.label, "doc": c.doc, "page": c.page,
                      "page_text": corpus.get_page(conn, c.doc, c.page)} for c in state.citations]
        finally:
            conn.close()
    reply = {"role": "assistant", "content": state.answer, "citations": cites, "confidence": state.confidence,
             "route": state.route, "caveats": state.caveats, "warnings": state.warnings,
             "steps": [s.model_dump(exclude={"data"}) for s in state.steps]}
    st.session_state.messages.append(reply)
    show(reply)
