"""Chat: ask about the annual reports; answers carry citations (company · FY · page)."""
import streamlit as st

from app.components.render import citation_chip, safe_markdown
from app.components.resources import answerer, connect

st.title("Annual Report Analyst")
st.caption("Figures from the filings themselves, each cited to company, fiscal year and page. "
           "If a figure cannot be found with confidence, the answer says so.")

st.session_state.setdefault("messages", [])


def show(msg: dict) -> None:
    with st.chat_message(msg["role"]):
        if msg["role"] == "user":
            st.markdown(safe_markdown(msg["content"]))
            return
        st.markdown(safe_markdown(msg["content"]))
        if msg.get("citations"):
            st.markdown("  ".join(citation_chip(c["label"], c["marker"]) for c in msg["citations"]))
            for c in msg["citations"]:
                with st.expander(f"[{c['marker']}] {c['label']} — page text"):
                    with st.container(height=320):
                        st.text(c.get("page_text") or "(page text unavailable)")
        if msg.get("confidence"):
            st.caption(f"confidence: {msg['confidence']} · route: {msg.get('route', '')}")


for m in st.session_state.messages:
    show(m)

if prompt := st.chat_input("Ask about an annual report, e.g. What was 3M's capex in FY2018?"):
    user = {"role": "user", "content": prompt}
    st.session_state.messages.append(user)
    show(user)
    from pipeline.stores import corpus

    with st.spinner("Reading the reports…"):
        conn = connect()
        try:
            ans = answerer().ask(prompt, conn=conn)
            cites = [{"marker": c.marker, "label": c.label, "doc": c.doc, "page": c.page,
                      "page_text": corpus.get_page(conn, c.doc, c.page)} for c in ans.citations]
        finally:
            conn.close()
    reply = {"role": "assistant", "content": ans.answer, "citations": cites, "confidence": ans.confidence,
             "route": ans.route}
    st.session_state.messages.append(reply)
    show(reply)
