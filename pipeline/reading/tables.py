"""Statement tables as pdfium prints them: a row label followed by two or three years' values, with the years
themselves on an earlier header line of the same page.

`parse_page` keeps every row with the column years in force where it stands, so that "Purchases of property, plant
and equipment (PP&E) (1,577) (1,373) (1,420)" under "(Millions) 2018 2017 2016" becomes `{2018: "(1,577)", 2017:
"(1,373)", 2016: "(1,420)"}`. A row whose value count does not match the header is kept as text, never guessed into
columns."""
from __future__ import annotations

import re

from pipeline.reading import attributed_lines, basis_columns, column_groups, columnar, hyperinflation, percent_columns, unit_columns
from pipeline.reading.columns import Header, has_period, header_block, is_fragment, scale_of
from pipeline.reading.header_words import ENTITY_CAPTION, ENTITY_CAPTION_TAIL, entity_lines
from pipeline.reading.fact_kinds import eps_heading, per_share_heading, per_share_units
from pipeline.core.currencies import currency_of
from pipeline.reading.page_table import PageTable, Row
from pipeline.reading.cells import TOTAL_ROW, heading_label, split_row, without_marker
from pipeline.reading.trailing_years import column_line, trailing_years
from pipeline.reading import memo_lines
from pipeline.reading.block_currency import block_currency, header_currency
from pipeline.reading.unlabelled_totals import read_line
from pipeline.reading.line_tidy import tidy_lines
from pipeline.reading.wrapped_labels import continues, states_then_wraps
from pipeline.reading.block_headings import NUMBERED, block_heading, by_caption, closed_later, footnoted_heading, \
    segment_heading, total_outside
from pipeline.reading.statement_titles import SUMMARY_TITLE, detect_title, end_block, retitle, whose_page
from pipeline.core import bilingual
from pipeline.reading import foreign_labels, header_dates, trailing_labels
from pipeline.reading.unit_caption import detect_unit

def split_lines(text: str) -> list[str]:
    return [ln.strip() for ln in re.split(r"\r\n|\r|\n", text) if ln.strip()]


def header_years(line: str) -> list[int] | None:
    """The column years a header line announces, when it is a header line with two or more years."""
    if not is_fragment(line):
        return None
    h = header_block([line])
    return h.years if h and len(h.years) >= 2 else None


_NOTE_HEADING = re.compile(r"(?:NOTE|Note)\s+\d{1,2}[.:–—-]?\s+[A-Z][A-Za-z](?!.*\((?i:continued)\))")  # "NOTE 2. CHANGE IN"
# a line of two or more decimal figures ("Passenger load factor (percent) 84.7 83.8 0.9 pts"): unread cells, no heading
_UNREAD_CELLS = re.compile(r"\d\.\d+\s+\(?-?\d[\d,]*\.\d")
_ENTITY_BLOCK = re.compile(r"(?i)\s*(?:group|consolidated)\s*")     # "Group" heading the whole's rows after the parts'


_UNIT_CAPTION = re.compile(r"(?i)\b(millions?|thousands?|billions?|yen|dollars?|won|baht|yuan|renminbi)\b|[¥€£]")


def parse_page(text: str, carry: Header | None = None) -> PageTable:
    """Rows of a page with their parent headings and the header columns in force where each stands. `carry` is the
    previous page's last header: a table continued on this page without a header of its own keeps the previous
    page's columns for the rows above this page's first header."""
    lines = header_dates.without_stacked_starts(foreign_labels.glossed(trailing_labels.english(tidy_lines(split_lines(text)))))
    title, statement = detect_title(lines)
    head = "\n".join(lines[:12])
    secondary, own = whose_page(lines)
    table = PageTable(title=title, statement=statement, unit=detect_unit(head), lines=lines, secondary=secondary,
                      parent_own=own)
    # a unit caption's currency ("(In thousands of US dollars - ThUS$)"): the table's, where its header names none
    table.currency = next((c for ln in lines[:12] if len(ln) < 100 and detect_unit(ln) and (c := currency_of(ln))), None)
    header: Header | None = None
    late = _header_after_body(lines)          # (the first row it heads, the header) or None
    if carry is not None and re.search(r"(?i)\bcontinued\b", head):
        header, table.continued = carry, True
    stack: list[str] = []
    last_kind = "start"                       # start | heading | row | total | header
    owners_total: tuple[str, tuple] | None = None     # (the heading whose owners' share an unlabelled line closed)
    i = 0
    captions: set[int] = set()                # sub-captions of a columnar statement: no headings
    here = {"statement": statement, "secondary": table.secondary, "summary": bool(SUMMARY_TITLE.match(title))}
    while i < len(lines):
        line = lines[i]
        if header is carry and carry is not None and _NOTE_HEADING.match(line):
            header, stack = None, []    # a new note ("NOTE 2. CHANGE IN ...") is no continued table's rows
        if late is not None and i == late[0] and header is None:
            header = late[1]
        if i >= 2 and len(line) <= 120 and not split_row(line)[1]:
            retitle(here, line, lines[i + 1] if i + 1 < len(lines) else "")
        if header is not None and len(header.years) >= 2 and re.fullmatch(r"\s*(?:19|20)\d{2}\s*", line) and \
                i + 1 < len(lines) and len(split_row(lines[i + 1])[1]) >= len(header.years):
            i += 1      # a year alone over rows still printed in every column ("Distributions during the year:" /
            continue    # "2090" / "Distribution of 2.31 cents ... (59,702) -"): it groups them, it heads no column
        trailing = trailing_years(line)
        if trailing:
            k = i       # the captions right above ("Millions of yen | Thousands of U.S. dollars") head the years too
            while k > max(i - 3, 0) and is_fragment(lines[k - 1]) and not has_period(lines[k - 1]):
                k -= 1
            years = column_line(line, trailing)
            block = [line] if is_fragment(line) else entity_lines(line, trailing)   # ("Group 2091 2090 Company 2091 2090")
            h = (header_block(block) if block else None) or \
                (header_block([*lines[k:i], years]) if k < i else None) or header_block([years])
            if h is not None:
                h.caption = line
                h = percent_columns.widen(h, lines, i + 1)
                unit_columns.above(h, lines, k)
                end_block(here)
                header, stack, last_kind = h, block_heading(lines, i), "header"
                captions.update(_grouped(h, lines, i + 1))
                table.headers.append(h)
                table.header_columns.append(h.years)
                table.currency = table.currency or currency_of(line)
                table.unit = h.unit or table.unit or scale_of(line)
                i += 1
                continue
        if is_fragment(line) and (has_period(line) or (i + 1 < len(lines) and is_fragment(lines[i + 1])
                                                       and has_period(lines[i + 1]))):
            j = i
            # (three years and two changes, a word each; a units row naming each column's currency is read after it)
            while j < len(lines) and is_fragment(lines[j]) and j - i < 12 and not (j > i and unit_columns.currencies_of(lines[j])):
                j += 1
            # "Group Company" over "31 March 31 March 31 March 31 March" / "Note(s) 2022 2021 2022 2021": the line
            # naming whose columns they are heads them too (it has no period of its own)
            start = i - 2 if i > 1 and ENTITY_CAPTION_TAIL.fullmatch(lines[i - 1]) and ENTITY_CAPTION.fullmatch(lines[i - 2]) \
                else i - 1 if i > 0 and ENTITY_CAPTION.fullmatch(lines[i - 1]) else i
            while start > max(i - 2, 0) and _UNIT_CAPTION.search(lines[start - 1]) and is_fragment(lines[start - 1]) \
                    and not has_period(lines[start - 1]):
                start -= 1      # "(Millions of yen) (Thousands of" over "U.S. dollars) (Note 1)": both captions
            j = j - 1 if j - 1 > i and percent_columns.is_groups(lines[j - 1]) else j
            h = percent_columns.widen(header_block(lines[start:j]), lines, j)
            if h is not None and (h.years or all(c.kind == "change" for c in h.columns)) \
                    and not (len(h.years) == 1 and _sentence_tail(lines, i, j)):
                unit_columns.above(h, lines, start)
                end_block(here)
                header, stack, last_kind = h, segment_heading(lines, i) or by_caption(lines, start), "header"
                captions.update(_grouped(h, lines, j))
                table.headers.append(h)
                table.header_columns.append(h.years)
                named = header_currency(h.text)     # ("2094 2093 Change" over "K million K million %": the block's)
                block_currency(h, named, table.currency)
                table.currency = table.currency or next((c.currency for c in h.columns if c.currency), None) or named
                table.unit = h.unit or table.unit or scale_of(h.text)
                i = j
                continue
        if i in captions or not line:
            i += 1
            continue
        label, values = split_row(line)
        if values and states_then_wraps(line, lines[i + 1] if i + 1 < len(lines) else ""):
            label, values = line.strip(), []    # (the label's own amount: its figures are on the next line)
        if memo_lines.item_figures(line) is not None:
            i += 1      # "– thereof for pensions T€ 2,184 (prior year: T€ 2,015)": a note on the item above
            continue
        if not values and (found := memo_lines.after_memos(lines, i)) is not None:
            # "1. Liabilities to banks" / "– thereof ... (prior year: T€ 14,480) 48,615 56,240": the item's figures
            row = _row(label, found[0], i, header, stack, here)
            row._consumed = tuple(range(i + 1, found[1]))  # type: ignore[attr-defined]
            table.rows.append(row)
            last_kind = "row"
            i = found[1]
            continue
        if memo_lines.note_pointer(label, values, table.statement):
            i += 1      # "Commitments and contingencies (Note 16)": the note's pointer, no heading of the rows below
            continue
        if footnoted_heading(label, values, header, lines[i + 1] if i + 1 < len(lines) else ""):
            values = []         # "Per share, basic 3" over "Net income 0.26 0.05 0.32": a heading and its footnote
        if not values:
            nxt = lines[i + 1] if i + 1 < len(lines) else ""
            nxt_label, nxt_values = ("", []) if _is_header_line(nxt) else split_row(nxt)
            if nxt_values and not nxt_label:            # the label on one line, its values on the next
                row = _row(label, nxt_values, i, header, stack, here)
                row._consumed = (i + 1,)  # type: ignore[attr-defined]
                table.rows.append(row)
                last_kind = "total" if TOTAL_ROW.match(label) else "row"
                if last_kind == "total":
                    _close(stack, label)
                i += 2
                continue
            if nxt_values and nxt_label and continues(label, nxt_label) and len(label) > 25 and eps_heading(label) and \
                    footnoted_heading(f"{label} {nxt_label}", nxt_values, header, lines[i + 2] if i + 2 < len(lines) else ""):
                label, i = f"{label} {nxt_label}", i + 1    # a per-share heading wrapped over two lines, its note number
            elif nxt_values and nxt_label and continues(label, nxt_label) and len(label) > 25:     # a wrapped label
                row = _row(f"{label} {nxt_label}", nxt_values, i, header, stack, here)
                row._consumed = (i + 1,)  # type: ignore[attr-defined]
                table.rows.append(row)
                last_kind = "row"
                i += 2
                continue
            third = lines[i + 2] if i + 2 < len(lines) else ""
            third_label, third_values = ("", []) if _is_header_line(third) or _is_header_line(nxt) else split_row(third)
            if not nxt_values and third_values and len(label) > 25 and nxt_label and third_label \
                    and continues(label, nxt_label) and continues(nxt_label, third_label):
                # a label wrapped over three lines, its figures on the last ("Common stock, $0.001 par value; 100 million
                # shares authorized" / "at December 31, 2031 and 2030; ..." / "issued and outstanding at ... 14 14"): one row
                row = _row(f"{label} {nxt_label} {third_label}", third_values, i, header, stack, here)
                row._consumed = (i + 1, i + 2)  # type: ignore[attr-defined]
                table.rows.append(row)
                last_kind = "row"
                i += 3
                continue
            if header is not None and last_kind == "header" and header.ambiguous_years and \
                    unit_columns.per_column(header, line):
                table.unit = table.unit or scale_of(line)      # ("Pence per share Pence per share £m £m" under them)
                table.currency = table.currency or currency_of(line)
                i += 1
                continue
            if is_fragment(line) and not has_period(line) and not (last_kind == "row" and _ENTITY_BLOCK.fullmatch(line)) \
                    and not per_share_heading(line):       # ("Per share (yen):" heads its rows, it states no unit)
                table.unit = table.unit or scale_of(line)   # a units row under the years ("$m $m", "£000 £000")
                if header is not None and last_kind == "header":
                    block_currency(header, header_currency(line), table.currency)
                table.currency = table.currency or currency_of(line)
                if header is not None and per_share_units(line):
                    header.per_share = True     # "Rand per share Rand per share": the columns' figures are per share
                i += 1
                continue
            if header is not None and 2 < len(label) and max(map(len, bilingual.halves(label))) <= \
                    (120 if label.endswith(":") or eps_heading(label) else 80) and \
                    len(label) <= 170 and not label.endswith(".") and \
                    not _UNREAD_CELLS.search(label) and heading_label(label):   # (a bilingual heading: two's length)
                heading = attributed_lines.heading(heading_label(label), table.rows, last_kind)
                if attributed_lines.open_split(stack, heading):
                    pass
                elif last_kind == "heading" and stack and heading[:1].islower():
                    stack[-1] = f"{stack[-1]} {heading}"    # (its own wrapped tail: "... by operating" / "activities:")
                elif last_kind == "heading":
                    stack.append(heading)
                elif last_kind == "row" and stack and not closed_later(stack[-1], heading, lines[i + 1:]):
                    stack[-1] = heading
                else:
                    stack.append(heading)
                del stack[:-3]
                last_kind = "heading"
            i += 1
            continue
        if not label:   # an unlabelled line summing the rows under the heading above it: the heading's total
            total = _row("Total", values, i, header, stack[:-1], here)
            last_kind, owners_total = read_line(stack, table.rows, total, lines[i + 1:], last_kind, owners_total)
            i += 1
            continue
        attributed_lines.close_sibling_heading(stack, label)
        row = _row(attributed_lines.completed(label, table.rows), values, i, header,
                   total_outside(stack, label) if TOTAL_ROW.match(label) else stack, here)
        row._attributed = row.label != label  # type: ignore[attr-defined]
        table.rows.append(row)
        if TOTAL_ROW.match(label) or stack and label.strip(" .").lower() == f"net {stack[-1].lower()}":
            _close(stack, label)     # ("Total X", or "Net interest charges" closing "INTEREST CHARGES")
            last_kind = "total"
        else:
            last_kind = "row"
        i += 1
    column_groups.inherit_entities(table)
    basis_columns.read(table)
    hyperinflation.read(table)      # (an IAS 29 page: its historical-cost columns unread)
    return table




def _sentence_tail(lines: list[str], i: int, j: int) -> bool:
    """A lone year that ends a sentence or a label wrapped onto its own line ("... by the Board on 07 February" /
    "2023."): prose or a label's tail, not a one-column header."""
    prev = lines[i - 1] if i > 0 else ""
    # a long label wrapped inside a date ("... preferred stock at December 31," / "2021 - -"): the day is no cell
    return lines[j - 1].rstrip().endswith(".") or (len(prev.split()) >= 8
                                                   and (not split_row(prev)[1] or _OPEN_DATE.search(prev))
                                                   and not prev.rstrip().endswith((":", ".")))


_OPEN_DATE = re.compile(r"(?i)\b(january|february|march|april|may|june|july|august|september|october|november|"
                        r"december)\s+\d{1,2},\s*$")


def _is_header_line(line: str) -> bool:
    return bool(trailing_years(line)) or (is_fragment(line) and has_period(line))


def _header_after_body(lines: list[str]) -> tuple[int, Header] | None:
    """The columns of a statement whose header line the PDF's text puts after the rows it heads (the header drawn
    as a text object of its own, extracted last: "December 31, 2022 December 31, 2021" as the page's last line):
    (the first row that fits it, that header), when no header line stands above the rows, it is among the page's
    last three lines, and at least five rows above it (and most rows with figures) print one value per column."""
    at = next((i for i, ln in enumerate(lines) if _is_header_line(ln)), None)
    if at is None or at < len(lines) - 3:
        return None
    years = header_years(lines[at])
    if not years:
        return None
    cells = [split_row(ln)[1] for ln in lines[:at]]
    fits = [i for i, vals in enumerate(cells) if _one_per_column(vals, len(years))]
    with_values = sum(1 for vals in cells if vals)
    header = header_block([lines[at]])
    if len(fits) < 5 or 2 * len(fits) < with_values or header is None:
        return None
    return fits[0], header


def _one_per_column(values: list[str], columns: int) -> bool:
    """One value per column, once a notes cell before them ("6", "8, 24", "12.2") is set aside."""
    return len(values) - _notes_prefix(values, columns) == columns


def _notes_prefix(values: list[str], columns: int) -> int:
    """How many leading tokens of a row's values are a notes cell the header does not name ("4", "12.2", "B1",
    "8, 24", "13, 14, 17"), when the row has that many values more than the header has columns; else 0."""
    k = _listed_notes(values)
    if len(values) - k - 1 == columns and (_NOTE_REF.fullmatch(values[k]) or (k == 0 and _ALNUM_NOTE.fullmatch(values[k]))):
        return k + 1
    return 0


def _listed_notes(values: list[str]) -> int:
    """How many leading tokens are note numbers followed by a comma ("13," "14," of "13, 14, 17"), the last value kept."""
    k = 0
    while k < len(values) - 1 and re.fullmatch(r"\d{1,2}[a-z]?,", values[k]):
        k += 1
    return k


def _row(label: str, values: list[str], line_no: int, header: Header | None, stack: list[str],
         here: dict | None = None) -> Row:
    row = Row(label=label, values=values, line_no=line_no, cols=header.columns if header else None,
              path=tuple(stack), ambiguous=frozenset(header.ambiguous_years) if header else frozenset(),
              statement=(here or {}).get("statement"), secondary=bool((here or {}).get("secondary")),
              parent_own=bool((here or {}).get("own")))
    _fit(row, header)
    return row


def _close(stack: list[str], total_label: str) -> None:
    """A "Total X" row closes the heading X (and any below it); a bare "Total" the innermost heading. A total of
    a group sharing no word with the innermost heading ("Total NIKE Brand" under "REVENUES") closes nothing: the
    rows after it ("Converse", "Corporate") are still the heading's."""
    what = re.sub(r"(?i)^net\s+", "", TOTAL_ROW.sub("", total_label)).lower()
    for k in range(len(stack) - 1, -1, -1):
        h = stack[k].lower()
        if h and (h in what or what in h):
            del stack[k:]
            return
    if stack and not _other_group(what, stack[-1].lower()):
        stack.pop()


def _other_group(what: str, heading: str) -> bool:
    """The total names a group sharing no word with the heading ("Total NIKE Brand" under "REVENUES"): a sum of
    some of the heading's rows, not the heading's own total."""
    words = set(re.findall(r"[a-z]{3,}", what)) - {"net", "current", "other", "for", "the", "and"}
    return bool(words) and not words & set(re.findall(r"[a-z]{3,}", heading))


_NOTE_REF = re.compile(r"\d{1,2}(?:\.\d{1,2})?")
# a note reference printed between label and figures: "13, 14, 17", "B1", "C2", "4(a)", "2.3"
_ALNUM_NOTE = re.compile(r"[A-Z]{1,2}\d{1,2}(?:\.\d{1,2})?|\d{1,2}\([a-z]\)|\d{1,2}[a-z]")


def _notes_cell(row: Row) -> None:
    """Under a header with a notes column: several note numbers ("13, 14, 17") are one cell, and a note written
    with letters ("Revenue B1") is the notes cell, not part of the label."""
    vals = row.values
    k = _listed_notes(vals)
    if k:
        row.values = [" ".join(vals[:k + 1]), *vals[k + 1:]]
    toks = row.label.split()
    if len(row.values) == len(row.cols or []) - 1 and len(toks) > 1 and _ALNUM_NOTE.fullmatch(toks[-1]):
        row.label = " ".join(toks[:-1])
        row.values = [toks[-1], *row.values]


_LABEL_TOKEN = re.compile(r"\(?\d{1,4}\)?|\d{1,2}(\.\d+)?[%p]")     # ("Ordinary shares of 0.1p": a nominal value, the label's)
_CHANGE_HEADER = re.compile(r"(?i)\b(increase|decrease|change|variance)\b|%")


def _grouped(header: Header, lines: list[str], start: int) -> list[int]:
    """Mark a header whose periods each print parts and a total (`columnar`); the caption lines to skip."""
    skip = columnar.caption_lines(lines, start, len(header.years))
    header.per_period_total = bool(skip)   # type: ignore[attr-defined]
    header.before_basis = basis_columns.basis_of(" ".join(lines[k] for k in skip)) if skip else None   # type: ignore
    return skip


def _fit(row: Row, header: Header | None = None) -> None:
    """Give surplus leading value tokens back to the label when they read as part of it ("Notes due 2025 1,000
    1,000", footnote "(1)", "5.25% notes"). An amount is never a label's: when the header names a change column
    it did not parse ("2019 2018 (Decrease)"), the values are the years' and the change is dropped; otherwise the
    row does not line up and yields nothing ("Net bookings $ 6,388 $ 7,262 $ (874)" read 7,262 as 2019's)."""
    if getattr(header, "per_period_total", False) and len(row.values) > len(header.years):
        row.before_items = columnar.before_items(row.values, header, getattr(header, "before_basis", None))
        row.values = columnar.period_totals(row.values, len(header.years)) or row.values
    if row.cols and len(row.values) > len(row.cols) and (unmarked := without_marker(row.values, len(row.cols))):
        row.values = unmarked       # "Dividend per share 9.3 2.10 (1) 1.85": a footnote's marker, not a cell
    if row.cols and row.cols[0].kind == "note":
        _notes_cell(row)
    if row.cols and len(row.values) > len(row.cols):
        extra = len(row.values) - len(row.cols)
        notes = _notes_prefix(row.values, len(row.cols))
        if notes and (notes > 1 or _NOTE_REF.fullmatch(row.values[0])) and not NUMBERED.search(row.label):
            row.values = row.values[notes:]    # a notes column the header does not name: "Revenue 4 1,234.5 1,180.2",
            #                                    "Revenue 18, 23 176,935 125,076"
        elif all(_LABEL_TOKEN.fullmatch(v) for v in row.values[:extra]) and \
                not all(v.endswith("%") for v in row.values):
            # (a row of percentages with more cells than the header has columns, "Percentage of total revenue 67% 50%
            # 28%" under two years: the first percentage is a cell, not the label's; the row does not line up)
            row.label = " ".join([row.label, *row.values[:extra]]).strip()
            row.values = row.values[extra:]
        elif header is not None and _CHANGE_HEADER.search(header.text) and \
                all(c.kind == "value" for c in row.cols):
            row.values = row.values[:len(row.cols)]
