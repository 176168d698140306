"""Chat: ask about the annual reports. Every turn runs the turn graph on a durable thread (the same threads as
`ara ask --thread`); its steps show live, the answer streams, citations open the cited page."""
import dataclasses

import streamlit as st

from app.components.answer import show_answer
from app.components.panels import decision_panels
from app.components.render import safe_markdown
from app.components.resources import connect, current_principal, turn_context
from app.components.threads import labels as thread_labels
from pipeline.memory import conversations

st.title("Annual Report Analyst")
st.caption("Figures from the filings themselves, each cited to company, fiscal year and page. "
           "If a figure cannot be found with confidence, the answer says so.")

ME = current_principal()
USER = ME.user_id
ctx = turn_context()


def open_thread(thread_id: str) -> bool:
    """Show one of the viewer's own conversations; False (nothing shown) for anyone else's or an unknown id."""
    history = conversations.history(ctx.saver, ME, thread_id)
    if not history:
        return False
    st.session_state.thread_id = thread_id
    st.query_params["thread"] = thread_id        # a reload reopens it (the id is no credential: owners only)
    st.session_state.turns = [m.state or {"question": m.content, "answer": m.content} for m in history
                              if m.role == "assistant"]
    questions = [m.content for m in history if m.role == "user"]
    for q, s in zip(questions, st.session_state.turns):
        s.setdefault("question", q)
    return True


def show_coverage() -> None:
    """What the analyst can ask about: companies × fiscal years, each cell the document types held."""
    import pandas as pd

    from pipeline.stores import corpus

    conn = connect()
    try:
        docs = corpus.list_documents(conn)
    finally:
        conn.close()
    if not docs:
        st.info("No reports are ingested yet: `ara ingest`, or upload PDFs on the Corpus page.")
        return
    kinds = {"10K": "10-K", "10Q": "10-Q", "8K": "8-K"}
    cells: dict[str, dict[str, set[str]]] = {}
    for d in docs:
        cells.setdefault(d["company"], {}).setdefault(f"FY{d['fiscal_year']}", set()).add(
            kinds.get(d["doc_type"], d["doc_type"]))
    years = sorted({y for row in cells.values() for y in row})
    table = pd.DataFrame([{"company": c, **{y: ", ".join(sorted(row.get(y, ()))) for y in years}}
                          for c, row in sorted(cells.items())])
    st.markdown(f"**Reports held** ({len(docs)} documents, {len(cells)} companies)")
    st.table(table.set_index("company"))


def new_conversation() -> None:
    from pipeline.stores.checkpoints import new_thread_id

    st.session_state.thread_id, st.session_state.turns = new_thread_id(), []
    st.query_params.pop("thread", None)


if "thread_id" not in st.session_state:          # a new browser session, or a reload
    asked = st.query_params.get("thread")
    if not (asked and open_thread(asked)):
        if asked:
            st.warning("That conversation is not one of yours (or no longer exists); here is a new one.")
        new_conversation()


with st.sidebar:
    # on_click runs before the page is drawn again, so the list below already marks the conversation just opened
    st.button("New conversation", icon=":material/add:", width="stretch", on_click=new_conversation)
    past = conversations.own_threads(ctx.saver, ME, limit=12, one_off=False)
    if past:
        names = thread_labels(past, width=70)
        is_open = any(t["thread_id"] == st.session_state.thread_id for t in past)
        with st.expander("Past conversations", expanded=is_open):
            for t in past:
                current = t["thread_id"] == st.session_state.thread_id
                st.button(("▶ " if current else "") + names[t["thread_id"]], key=f"thread-{t['thread_id']}",
                          width="stretch", type="primary" if current else "secondary",
                          on_click=open_thread, args=(t["thread_id"],), help="The open conversation" if current
                          else "Reopen this conversation")

if not st.session_state.turns:
    show_coverage()


for n, s in enumerate(st.session_state.turns):
    with st.chat_message("user"):
        st.markdown(safe_markdown(s.get("question", "")))
    with st.chat_message("assistant"):
        show_answer(s, n)

typed = st.chat_input("Ask about an annual report, e.g. What was 3M's capex in FY2018?")
if prompt := typed or st.session_state.pop("pending_prompt", None):   # typed, or a follow-up button
    with st.chat_message("user"):
        st.markdown(safe_markdown(prompt))
    from pipeline.graph import run_turn

    with st.chat_message("assistant"):
        live, drafted = st.empty(), {"text": ""}

        def token(kind: str, text: str) -> None:   # a model's answer, sentence by sentence, each already checked
            drafted["text"] = "" if kind == "reset" else drafted["text"] + text
            live.markdown(safe_markdown(drafted["text"]))

        with st.status("Reading the reports…", expanded=False) as status:
            def progress(state) -> None:
                last = state.steps[-1]
                status.write(f"**{last.node}** · {safe_markdown(last.decision)}"
                             + (" · :orange[failed open]" if last.failed_open else ""))
                status.update(label=f"{last.node}…")

            state = run_turn(prompt, dataclasses.replace(ctx, on_step=progress, on_token=token),
                             thread_id=st.session_state.thread_id, user_id=USER)
            status.update(label=f"Done · route {state.route} · {len(state.steps)} steps", state="complete")
        st.query_params["thread"] = st.session_state.thread_id     # the conversation now exists: a reload reopens it
        live.empty()   # the final answer (checked, shaped, markers renumbered) replaces the live draft
        record = state.model_dump(mode="json")
        record["question"] = prompt
        st.session_state.turns.append(record)
        show_answer(record, len(st.session_state.turns) - 1, stream=True)

if st.session_state.turns:
    with st.sidebar:
        decision_panels(st.session_state.turns[-1])
