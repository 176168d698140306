"""Export: a turn's series table and a document's extracted figures as CSV or as an Excel workbook (one sheet,
citations as columns), for the analyst's spreadsheet. The chat's download buttons, the Figures view's and
`ara export` all write through here, so the three give the same rows.

Text read from a filing or typed by a user never becomes a spreadsheet formula: a text cell starting with
=, +, -, @, tab or carriage return is written with a leading apostrophe (CSV / formula injection)."""
from __future__ import annotations

import csv
import io
from decimal import Decimal, InvalidOperation
from typing import Any, Iterable

FORMATS = ("csv", "xlsx")
SERIES_COLUMNS = ("company", "period", "value", "unit", "currency", "kind", "citation", "all citations",
                  "read from", "row and column", "derivation", "why empty")
FIGURE_COLUMNS = ("company", "fiscal year", "value as printed", "value", "scale", "currency", "kind", "row",
                  "column", "statement", "table", "page", "citation")


def series_rows(table: dict[str, Any] | Any) -> list[dict[str, Any]]:
    """One row per cell of a recorded series table (a `SeriesTable` or its JSON), values as numbers."""
    from pipeline.core.series_table import SeriesTable

    t = table if isinstance(table, SeriesTable) else SeriesTable.model_validate(table)
    return [{"company": c.company, "period": c.period, "value": _number(c.value), "unit": c.unit,
             "currency": c.currency, "kind": c.kind, "citation": c.citation, "all citations": "; ".join(c.citations),
             "read from": c.read_from, "row and column": c.row, "derivation": c.derivation, "why empty": c.missing}
            for c in t.cells]


def figure_rows(facts: Iterable[Any]) -> list[dict[str, Any]]:
    """One row per extracted figure (`pipeline.stores.facts.StoredFact`), as the Figures view lists them."""
    from pipeline.question.labels import doc_label

    return [{"company": f.company, "fiscal year": f.fiscal_year, "value as printed": f.value_printed,
             "value": _number(f.value), "scale": f.scale or "", "currency": f.currency or "", "kind": f.kind,
             "row": f.label_path, "column": f.column_header, "statement": f.statement or "", "table": f.table_title,
             "page": f.page, "citation": doc_label(f.company, f.doc_fiscal_year, f.doc_type, f.page)}
            for f in facts]


def to_csv(rows: list[dict[str, Any]], columns: Iterable[str] | None = None) -> bytes:
    cols = list(columns or (rows[0].keys() if rows else SERIES_COLUMNS))
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(cols)
    for r in rows:
        w.writerow([_safe(r.get(c)) for c in cols])
    return out.getvalue().encode("utf-8")


def to_xlsx(rows: list[dict[str, Any]], columns: Iterable[str] | None = None, sheet: str = "Figures",
            title: str = "") -> bytes:
    """An .xlsx workbook of one sheet: a header row (bold, frozen), one row per record, numbers as numbers."""
    from openpyxl import Workbook
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    cols = list(columns or (rows[0].keys() if rows else SERIES_COLUMNS))
    wb = Workbook()
    ws = wb.active
    ws.title = _sheet_name(sheet)
    if title:
        ws.append([_safe(title)])
        ws["A1"].font = Font(bold=True)
    ws.append(cols)
    head = ws.max_row
    for cell in ws[head]:
        cell.font = Font(bold=True)
    ws.freeze_panes = f"A{head + 1}"
    for r in rows:
        ws.append([_safe(r.get(c)) for c in cols])
    for i, c in enumerate(cols, start=1):
        width = max([len(str(c))] + [len(str(r.get(c) or "")) for r in rows[:200]])
        ws.column_dimensions[get_column_letter(i)].width = min(60, max(8, width + 2))
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def render(rows: list[dict[str, Any]], fmt: str, columns: Iterable[str] | None = None, sheet: str = "Figures",
           title: str = "") -> bytes:
    if fmt == "csv":
        return to_csv(rows, columns)
    if fmt == "xlsx":
        return to_xlsx(rows, columns, sheet=sheet, title=title)
    raise ValueError(f"unknown export format {fmt!r}: use one of {', '.join(FORMATS)}")


def turn_table(turns: list[tuple[int, dict | None]], turn: int | None = None) -> tuple[int, dict]:
    """The series table of a thread's turn: `turns` are (turn number, final state) oldest first; `turn` None is
    the latest turn that has one. Raises LookupError saying what is missing."""
    with_table = [(n, st["table"]) for n, st in turns if st and st.get("table")]
    if turn is not None:
        hit = [t for t in with_table if t[0] == turn]
        if not hit:
            held = ", ".join(str(n) for n, _ in with_table) or "none"
            raise LookupError(f"turn {turn} has no table (turns with a table: {held})")
        return hit[0]
    if not with_table:
        raise LookupError("no turn of this conversation has a table (ask for a measure over years or companies)")
    return with_table[-1]


def _number(v) -> Decimal | None:
    if v is None or v == "":
        return None
    try:
        return Decimal(str(v))
    except InvalidOperation:
        return None


def _safe(v):
    if isinstance(v, str) and v[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + v
    return v


def _sheet_name(name: str) -> str:
    for ch in "[]:*?/\\":
        name = name.replace(ch, " ")
    return name[:31] or "Sheet1"
