"""One assistant answer as the analyst sees it: warnings, the (streamed) text, badges, citation buttons that open
the cited page, caveats, and how it was made. Everything model- or report-derived is rendered inert."""
import time

import streamlit as st

from app.components.render import safe_markdown
from app.components.resources import connect


def _label(c: dict) -> str:
    """A recorded citation's label, as CitationRef writes it everywhere else."""
    from pipeline.state import CitationRef

    return CitationRef.model_validate(c).label


def _page(doc: str, page: int) -> tuple[str | None, str | None]:
    from pipeline.stores import corpus

    conn = connect()
    try:
        return corpus.get_page(conn, doc, page), corpus.source_path(conn, doc)
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
                 width="stretch", output_format="PNG")   # lossless: small print stays sharp
    else:
        st.info("The PDF is not where it was ingested from; showing the page text only.")
    with st.expander("Page text"):
        st.text(text or "(page text unavailable)")


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
    if state.get("table"):
        from app.components.series import show_table

        show_table(state, n)
    cites = state.get("citations") or []
    if cites:
        cols = st.columns(min(4, len(cites)))
        for i, c in enumerate(cites):
            if cols[i % len(cols)].button(f"[{c['marker']}] {_label(c)}", key=f"cite-{n}-{c['marker']}",
                                          icon=":material/description:", type="tertiary"):
                show_citation(c, state.get("answer", ""), state.get("figures") or [])
    for i, q in enumerate(state.get("suggestions") or []):   # one-click follow-ups: the other years held
        if st.button(safe_markdown(q), key=f"suggest-{n}-{i}", icon=":material/arrow_forward:", type="secondary"):
            st.session_state.pending_prompt = q
            st.rerun()
    for cav in state.get("caveats", []):
        st.markdown(f":orange-badge[:material/report: {safe_markdown(cav)}]")
    steps = state.get("steps") or []
    if steps:
        with st.expander("How this answer was made"):
            st.dataframe([{"step": s["node"], "decision": s["decision"], "reason": s["reason"],
                           "ms": s["latency_ms"], "failed open": "yes" if s["failed_open"] else ""} for s in steps],
                         hide_index=True, width="stretch")
