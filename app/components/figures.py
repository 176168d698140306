"""The Corpus page's Figures view: search one document's extracted facts (label path, period, value, page) - the
analyst's way to check what the product read from the filing's tables."""
from __future__ import annotations

import pandas as pd
import streamlit as st


def render_figures(connect, docs: list[dict]) -> None:
    from pipeline.retrieval import facts_rebuild
    from pipeline.stores import facts

    st.subheader("Figures")
    if not docs:
        st.caption("No documents yet.")
        return
    names = {f"{d['company']} · FY{d['fiscal_year']} · {d['doc_type']}": d["doc_id"] for d in docs}
    c1, c2, c3 = st.columns([3, 3, 1])
    choice = c1.selectbox("Document", list(names), key="figures_doc")
    text = c2.text_input("Row label contains", key="figures_text", placeholder="e.g. inventories, diluted, segment")
    year = c3.number_input("FY", min_value=0, max_value=2100, value=0, step=1, key="figures_fy",
                           help="0: every fiscal year")
    conn = connect()
    try:
        facts_rebuild.ensure_current(conn, [names[choice]])
        rows = facts.browse(conn, names[choice], text.strip(), int(year) or None)
        total = facts.count(conn, names[choice])
    finally:
        conn.close()
    if not rows:
        st.info("No extracted figure matches." if total else "No figures were extracted from this document's tables.")
        return
    df = pd.DataFrame([{"page": f.page, "row (with its headings)": f.label_path, "column": f.column_header,
                        "FY": f.fiscal_year, "value as printed": f.value_printed, "scale": f.scale or "",
                        "kind": f.kind, "currency": f.currency or "", "statement": f.statement or "",
                        "table": f.table_title} for f in rows])
    st.dataframe(df, hide_index=True, width="stretch")
    st.caption(f"{len(rows)} shown of {total} figures extracted from this document (first 500 matches).")
    from pipeline.answer import export

    out = export.figure_rows(rows)
    stem = "figures-" + "-".join(choice.replace("·", " ").split()) + (f"-{text.strip()}" if text.strip() else "")
    stem = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in stem)[:80]
    d1, d2 = st.columns(2)
    d1.download_button("Download CSV", export.render(out, "csv", export.FIGURE_COLUMNS), file_name=f"{stem}.csv",
                       mime="text/csv", key="figures-csv", icon=":material/download:")
    d2.download_button("Download Excel", export.render(out, "xlsx", export.FIGURE_COLUMNS, sheet="Figures",
                                                       title=choice),
                       file_name=f"{stem}.xlsx", key="figures-xlsx", icon=":material/table_view:",
                       mime="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
