"""A series answer's table and chart in the chat: company x period, each cell its figure and the citation marker
of the page it was read from, the unit and currency in the header, derived cells' derivations and empty cells'
reasons one click away, a plotly chart (lines over periods, bars across companies in one period), and the same
cells downloadable as CSV or an Excel workbook (pipeline/answer/export.py)."""
from __future__ import annotations

import pandas as pd
import streamlit as st

from app.components.render import safe_markdown


def _markers(state: dict) -> dict[tuple[str, int], int]:
    return {(c["doc"], c["page"]): c["marker"] for c in state.get("citations") or []}


def show_table(state: dict, n: int) -> None:
    from pipeline.answer import export
    from pipeline.core.series_table import SeriesTable

    raw = state.get("table")
    if not raw:
        return
    table = SeriesTable.model_validate(raw)
    markers = _markers(state)

    def text_of(company: str, period: str) -> str:
        c = table.cell(company, period)
        if c is None:
            return ""
        if c.kind == "missing":
            return "— (no figure)"
        marks = "".join(f"[{markers[tuple(d)]}]" for d in c.docs if tuple(d) in markers)
        value = c.shown or c.value or ""
        return f"{value} {marks}{' (derived)' if c.kind == 'derived' else ''}".strip()

    st.markdown(f"**{safe_markdown(table.header())}**")
    wide = pd.DataFrame([{"company": co, **{p: text_of(co, p) for p in table.columns}} for co in table.companies])
    st.dataframe(wide.set_index("company"), width="stretch", key=f"series-table-{n}")
    rows = export.series_rows(table)
    with st.expander("Cells: citation, report read, derivation"):
        st.dataframe(pd.DataFrame([{k: r[k] for k in ("company", "period", "value", "unit", "currency", "kind",
                                                        "citation", "read from", "derivation", "why empty")}
                                   for r in rows]), hide_index=True, width="stretch")
    _chart(table, n)
    c1, c2 = st.columns(2)
    name = f"series-{state.get('thread_id') or 'turn'}-{n + 1}"
    c1.download_button("Download CSV", export.render(rows, "csv", export.SERIES_COLUMNS), file_name=f"{name}.csv",
                       mime="text/csv", key=f"series-csv-{n}", icon=":material/download:")
    c2.download_button("Download Excel", export.render(rows, "xlsx", export.SERIES_COLUMNS, sheet="Series",
                                                       title=table.header()),
                       file_name=f"{name}.xlsx", key=f"series-xlsx-{n}", icon=":material/table_view:",
                       mime="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")


def _chart(table, n: int) -> None:
    import plotly.graph_objects as go

    got = [c for c in table.cells if c.kind != "missing" and c.value is not None]
    if not got or table.unit == "mixed" or table.currency == "mixed":   # no common axis: the table only
        return
    fig = go.Figure()
    if table.chart == "bar":
        period = table.columns[0]
        fig.add_bar(x=[c.company for c in got if c.period == period], y=[float(c.value) for c in got
                                                                          if c.period == period])
    else:
        for company in table.companies:
            mine = {c.period: float(c.value) for c in got if c.company == company}
            # a missing year is a gap in the line, never a value drawn between its neighbours
            fig.add_scatter(x=table.columns, y=[mine.get(p) for p in table.columns], mode="lines+markers",
                            name=company, connectgaps=False)
    fig.update_xaxes(type="category")
    fig.update_layout(height=320, margin=dict(l=10, r=10, t=30, b=10), yaxis_title=table.header(),
                      showlegend=table.chart != "bar")
    st.plotly_chart(fig, key=f"series-chart-{n}")
