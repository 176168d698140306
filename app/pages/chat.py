"""Chat: ask about the annual reports. Every turn runs the turn graph on a durable thread (the same threads as
`ara ask --thread`); its steps show live, the answer streams, citations open the cited page."""
import dataclasses
import time

import streamlit as st

from app.components.panels import decision_panels
from app.components.render import safe_markdown
from app.components.resources import connect, turn_context

st.title("Annual Report Analyst")
st.caption("Figures from the filings themselves, each cited to company, fiscal year and page. "
           "If a figure cannot be found with confidence, the answer says so.")

USER = "local"
ctx = turn_context()


def _label(c: dict) -> str:
    kind = {"10K": "10-K", "10Q": "10-Q", "8K": "8-K"}.get(c.get("doc_type", "10K"), c.get("doc_type", ""))
    return f"{c['company']} · FY{c['fiscal_year']} · {kind} p. {c['page']}"


def _page(doc: str, page: int) -> tuple[str | None, str | None]:
    from pipeline.stores import corpus

    conn = connect()
    try:
        row = conn.execute("SELECT source_path FROM documents WHERE doc_id = %s", (doc,)).fetchone()
        return corpus.get_page(conn, doc, page), (row[0] if row else None)
    finally:
        conn.close()


@st.dialog("Cited page", width="large")
def show_citation(c: dict, answer: str, figures: list[dict]) -> None:
    from pathlib import Path

    from app.components.pdfview import needles_for, render_page

    st.markdown(f"**{safe_markdown(_label(c))}** · `{c['doc']}`")
    text, source = _page(c["doc"], c["page"])
    if source and Path(source).exists():
        image, found = render_page(source, c["page"], needles_for(answer, figures, c["marker"]))
        st.image(image, caption="highlighted: " + (", ".join(found) if found else "nothing located on this page"),
                 width="stretch")
    else:
        st.info("The PDF is not where it was ingested from; showing the page text only.")
    with st.expander("Page text"):
        st.text(text or "(page text unavailable)")


def open_thread(thread_id: str) -> None:
    st.session_state.thread_id = thread_id
    st.session_state.turns = [m.state or {"question": m.content, "answer": m.content} for m in
                              ctx.saver.history(thread_id) if m.role == "assistant"]
    questions = [m.content for m in ctx.saver.history(thread_id) if m.role == "user"]
    for q, s in zip(questions, st.session_state.turns):
        s.setdefault("question", q)


if "thread_id" not in st.session_state:
    from pipeline.stores.checkpoints import new_thread_id

    st.session_state.thread_id, st.session_state.turns = new_thread_id(), []

with st.sidebar:
    if st.button("New conversation", icon=":material/add:", width="stretch"):
        from pipeline.stores.checkpoints import new_thread_id

        st.session_state.thread_id, st.session_state.turns = new_thread_id(), []
    past = ctx.saver.threads(USER, limit=12)
    if past:
        with st.expander("Past conversations", expanded=False):
            for t in past:
                label = f"{t['title'][:38] or '(untitled)'} · {t['turns']} turn(s)"
                if st.button(label, key=f"thread-{t['thread_id']}", width="stretch",
                             type="primary" if t["thread_id"] == st.session_state.thread_id else "secondary"):
                    open_thread(t["thread_id"])


def show_answer(state: dict, n: int, stream: bool = False) -> None:
    for w in state.get("warnings", []):
        st.warning(w, icon=":material/warning:")
    text = safe_markdown(state.get("answer", ""))
    if stream:
        def words():
            for w in text.split(" "):
                yield w + " "
                time.sleep(0.01)
        st.write_stream(words)
    else:
        st.markdown(text)
    badges = []
    cache = state.get("cache") or {}
    if cache.get("hit"):
        badges.append(f":violet-badge[:material/cached: cached answer (from {cache.get('cached_at')})]")
    if state.get("route") == "retrieve":
        colour = {"high": "green", "medium": "orange", "low": "red"}[state.get("confidence", "low")]
        badges.append(f":{colour}-badge[confidence: {state.get('confidence')}]")
    if badges:
        st.markdown(" ".join(badges))
    cites = state.get("citations") or []
    if cites:
        cols = st.columns(min(4, len(cites)))
        for i, c in enumerate(cites):
            if cols[i % len(cols)].button(f"[{c['marker']}] {_label(c)}", key=f"cite-{n}-{c['marker']}",
                                          icon=":material/description:", type="tertiary"):
                show_citation(c, state.get("answer", ""), state.get("figures") or [])
    for cav in state.get("caveats", []):
        st.markdown(f":orange-badge[:material/report: {safe_markdown(cav)}]")
    steps = state.get("steps") or []
    if steps:
        with st.expander("How this answer was made"):
            st.dataframe([{"step": s["node"], "decision": s["decision"], "reason": s["reason"],
                           "ms": s["latency_ms"], "failed open": "yes" if s["failed_open"] else ""} for s in steps],
                         hide_index=True, width="stretch")


for n, s in enumerate(st.session_state.turns):
    with st.chat_message("user"):
        st.markdown(safe_markdown(s.get("question", "")))
    with st.chat_message("assistant"):
        show_answer(s, n)

if prompt := st.chat_input("Ask about an annual report, e.g. What was 3M's capex in FY2018?"):
    with st.chat_message("user"):
        st.markdown(safe_markdown(prompt))
    from pipeline.graph import run_turn

    with st.chat_message("assistant"):
        with st.status("Reading the reports…", expanded=False) as status:
            def progress(state) -> None:
                last = state.steps[-1]
                status.write(f"**{last.node}** · {safe_markdown(last.decision)}"
                             + (" · :orange[failed open]" if last.failed_open else ""))
                status.update(label=f"{last.node}…")

            state = run_turn(prompt, dataclasses.replace(ctx, on_step=progress),
                             thread_id=st.session_state.thread_id, user_id=USER)
            status.update(label=f"Done · route {state.route} · {len(state.steps)} steps", state="complete")
        record = state.model_dump(mode="json")
        record["question"] = prompt
        st.session_state.turns.append(record)
        show_answer(record, len(st.session_state.turns) - 1, stream=True)

if st.session_state.turns:
    with st.sidebar:
        decision_panels(st.session_state.turns[-1])
