"""The statement of changes in equity as facts, where its reading is certain.

Its layout is not the other statements' (years as columns): rows are movements (Profit for the year, Dividends
paid, Shares issued, Share-based payments) between balance rows ("Balance at 1 January 2022", "At 31 December
2022", "Balance as of June 30, 2023"), columns are equity components (Share capital, Retained earnings, ...,
Non-controlling interests) and a Total. The period of a row comes from the balance rows around it, not from a column
header. A US 10-K prints share counts as columns of their own; a blank cell is often not printed at all.

What is read, and only when it is certain:
- the total column: the first or last column whose figure is the sum of some of the other columns on every full
  row (a row printing a cell, or a dash, in every column). Share counts and a parent-attributable subtotal are the
  columns left out of that sum; the arithmetic finds them, not the header text (pdfium prints a header of wrapped
  column names as a jumble of words).
- each movement row's figure in that column: a row printing fewer figures than there are columns is placed every
  way its figures can stand in order; its total is kept only when every placement that adds up gives the same
  printed figure in the total column. A row that adds up no way, or more ways than one, is not stored.
- the period: the year that ends at the next balance row's date and starts at the previous one (a span of a year;
  an adjusted opening balance a day after a closing one opens no period of its own).
- balance rows at a fiscal year's end as levels at that date (an opening balance dated the day after a year end
  is the previous closing balance printed again, and not stored twice).

Component columns are not stored: their names cannot be read from the header with certainty.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal
from itertools import combinations
from math import comb

from pipeline.reading.columns import MON, MONTHS
from pipeline.reading.equity_title import is_title
from pipeline.reading.cells import YEAR, parse_number, split_row
from pipeline.reading.page_table import PageTable

_DATE = re.compile(rf"(?i)\b(?:(?P<m1>{MON})\s+(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?,?(?:\s+(?P<y1>(?:19|20)\d{{2}}))?"
                   rf"|(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\s+(?P<m2>{MON}),?(?:\s+(?P<y2>(?:19|20)\d{{2}}))?)")
# a balance row: "Balance at 1 January 2022", "At 30 September 2022", "Balance as of June 30, 2020", "Balances,
# December 31, 2021", "Restated balance at 1 January 2022"
_BALANCE = re.compile(r"(?i)^(?:(?:restated|adjusted|opening|closing|ending|beginning)\s+)?(?:balances?\b|(?:as\s+)?at\b|"
                      r"as\s+of\b)")
# a heading of a year's block: "Year ended 31 December 2022", "For the year ended June 30, 2023"
_YEAR_HEADING = re.compile(r"(?i)^(?:for\s+the\s+)?(?:financial\s+|fiscal\s+)?year\s+ended\b")
_MONTH_DAY_END = re.compile(rf"(?i)(?:{MON})\s+\d{{1,2}},?$|\b\d{{1,2}}\s+(?:{MON})$")
_OPEN_END = re.compile(r"(?i)([,;&(/-]|\b(and|or|of|for|in|to|the|net|less|on|by|with|from|per|into|at|under|a|an))$")
# the total column's name, whole on one header line ("Total equity", "Total Stockholders' Equity (Deficit)"); words
# of wrapped column names jumbled across lines ("Total interests equity") name nothing
_TOTAL_NAME = re.compile(r"(?i)\btotal\s+(?:(?:stockholders|shareholders|shareowners|members|owners|partners)['’]?\s+)?"
                         r"(?:equity|deficit|deficiency)\b(?:\s+\((?:deficit|deficiency)\))?(?!\s+attributable)")
_STOP = re.compile(r"(?i)^(the accompanying|see accompanying|see notes|the above|the notes)\b")

MAX_COLUMNS = 18
_MAX_SUMS = 256
_MAX_WORK = 20_000          # placements x column sets tried for one row


@dataclass
class EquityRow:
    label: str
    values: list[str]
    line_no: int
    path: tuple[str, ...] = ()
    balance: date | None = None            # the date of a balance row
    heading_end: date | None = None        # the "Year ended ..." heading in force


@dataclass
class EquityCell:
    """One certain figure of the statement's total column."""
    label: str
    path: tuple[str, ...]
    line_no: int
    printed: str
    value: Decimal
    end: date                              # the period's end (a movement) or the balance's date (a level)
    level: bool                            # a balance at `end`, not a movement over the year to `end`
    column: str                            # the total column's name ("Total equity", else "Total")


@dataclass
class Structure:
    columns: int
    total: int                             # index of the total column
    sums: list[int] = field(default_factory=list)   # bitmasks of the column sets whose sum is the total
    empty: int = 0                         # bitmask of the columns printing zero (a dash) on every full row


def start_line(t: PageTable) -> int | None:
    """Where the page's statement of changes in equity starts: its title line (the page's own title, or one below
    another statement on the same page); None when the page prints none."""
    for i, ln in enumerate(t.lines[:60]):
        if is_title(ln):
            return i
        nxt = t.lines[i + 1] if i + 1 < len(t.lines) else ""
        if re.search(r"(?i)statements?\s+of\b", ln) and not split_row(ln)[1] and is_title(f"{ln} {nxt}"):
            return i + 1          # a title wrapped over two lines ("STATEMENT OF CHANGES IN" / "EQUITY")
    return -1 if t.statement == "equity" else None


def _date(text: str, default_year: int | None = None) -> date | None:
    found = list(_DATE.finditer(text))
    if len(found) != 1:
        return None
    g = found[0].groupdict()
    mon, day, year = (g["m1"], g["d1"], g["y1"]) if g["m1"] else (g["m2"], g["d2"], g["y2"])
    key = mon.lower().rstrip(".")
    month = MONTHS.get(key) or MONTHS.get(key[:3])
    y = int(year) if year else default_year
    if month is None or y is None:
        return None
    try:
        return date(y, month, int(day))
    except ValueError:
        return None


_OTHER_TITLE = re.compile(r"(?i)^\s*(?:the\s+)?(?:consolidated|group|company|parent)?\s*(?:statements?\s+of\b|balance\s+sheets?"
                          r"\b|income\s+statements?\b|cash\s+flow\s+statements?\b)")
_YEARS_AT_END = re.compile(r"[A-Za-z].*\b(?:19|20)\d{2}\s+(?:19|20)\d{2}\s*$")


def rows(lines: list[str], start: int) -> tuple[list[EquityRow], str]:
    """The statement's rows after its title line (`start`; -1: the page is the statement): labels wrapped over
    several lines joined, figures wrapped onto lines of their own kept with their row; and the header lines above its
    first balance row."""
    out: list[EquityRow] = []
    header: list[str] = []
    pending: list[tuple[int, str]] = []       # label lines waiting for their figures
    path: tuple[str, ...] = ()
    heading_end: date | None = None
    heading_at = -9
    started = False
    for i in range(start + 1, len(lines)):
        line = _spaced(lines[i])
        label, values = _date_back(*split_row(line))
        if (started and _STOP.match(line)) or (started and not values and (is_title(line) or _OTHER_TITLE.match(line))) or \
                (started and _YEARS_AT_END.search(line) and not re.search(r"\d,\d{3}", line)):
            break       # the notes' reference, another statement, or a table with years as columns below this one
        if not started:
            lead = next((k for k in range(len(pending)) if values and
                         _BALANCE.match(" ".join([*(p for _, p in pending[k:]), label]).strip())), None)
            if values and (_BALANCE.match(label) or lead is not None):
                started = True
                pending = [] if _BALANCE.match(label) else pending[lead:]
                if i - heading_at > 2 + len(pending):
                    heading_end = None      # a year heading only dates the block right below it, not the page
            else:
                header.append(line)
                if _YEAR_HEADING.match(line) and _date(line):
                    heading_end, heading_at = _date(line), i
                pending = [] if values else (pending + [(i, label)])[-3:]
                continue
        if not values:
            if _YEAR_HEADING.match(label) and _date(label):
                heading_end, path, pending = _date(label), (), []
                continue
            if label and re.search(r"[A-Za-z]", label):
                pending.append((i, label))
            continue
        if not label and out and not pending and out[-1].line_no >= i - 4 and len(out[-1].values) <= 2:
            out[-1].values += values          # the figures of the row above, wrapped onto a line of their own
            continue
        first, text = _joined(pending, label)
        own = text if text is not None else label
        if first is not None and text is None:          # the pending lines were a heading
            path = (" ".join(p for _, p in pending).rstrip(":").strip(),)
        own, values = _date_back(own, values)
        pending = []
        row = EquityRow(label=own.strip(), values=values, line_no=first if text is not None else i, path=path,
                        heading_end=heading_end)
        if _BALANCE.match(row.label):
            row.balance = _balance_date(row.label, heading_end)
            row.path, path = (), ()
        elif re.match(r"(?i)total\b", row.label):
            path = ()                   # "Total other comprehensive income" closes the heading above its parts
        out.append(row)
    return out, "\n".join(header)


def _spaced(line: str) -> str:
    """A currency sign run into the cell before it ("— $ —$ 1,250", "(3,400 )$") is layout."""
    line = re.sub(r"(?<=[)\u2014\u2013\d-])\$(?=\s|$)", " ", line)
    return re.sub(r"\(\s*(\$?\s*\d[\d,]*(?:\.\d+)?)\s+\)", r"(\1)", line)


_MONTH_END = re.compile(rf"(?i)\b(?:{MON})$")


def _date_back(label: str, values: list[str]) -> tuple[str, list[str]]:
    """A date split off into the figures ("Balance at December" / "31," "2020" ...; "Balance at 1 July" / "2020"):
    the label's."""
    if _MONTH_END.search(label) and values and re.fullmatch(r"\d{1,2},?", values[0]):
        label, values = f"{label} {values[0]}", values[1:]
    if _MONTH_DAY_END.search(label) and values and YEAR.match(values[0]):
        label, values = f"{label} {values[0]}", values[1:]
    return label, values


def _joined(pending: list[tuple[int, str]], label: str) -> tuple[int | None, str | None]:
    """(first line, joined label) when the pending label lines and this line are one label; (first line, None)
    when the pending lines are a heading above it; (None, None) when nothing is pending."""
    if not pending:
        return None, None
    texts = [p for _, p in pending]
    if _BALANCE.match(label) and not _BALANCE.match(texts[0]):
        return pending[0][0], None
    if not label:
        return pending[0][0], " ".join(texts)
    joined = " ".join(texts)
    narrow = all(len(p) <= 22 for p in texts)          # a narrow label column wraps after every word or two
    if _OPEN_END.search(texts[-1]) or re.match(r"[a-z(]", label) or (narrow and not texts[-1].endswith(":")):
        return pending[0][0], f"{joined} {label}"
    return pending[0][0], None


def _balance_date(label: str, heading_end: date | None) -> date | None:
    d = _date(label)
    if d is None and heading_end is not None:
        d = _date(label, heading_end.year)
        if d is not None and d > heading_end:
            d = date(d.year - 1, d.month, d.day)
    return d


def _number(v: str) -> Decimal | None:
    return parse_number(v.replace("$", ""))


def _tolerance(vectors: list[list[Decimal]]) -> Decimal:
    places = max((-v.as_tuple().exponent for vec in vectors for v in vec if v.as_tuple().exponent < 0), default=0)
    return Decimal(1).scaleb(-places)


def structure(table: list[EquityRow]) -> Structure | None:
    """The total column and the column sets it sums, from the full rows; None when they do not say for certain."""
    counts = [len(r.values) for r in table if r.balance is not None]
    if not counts:
        return None
    n = max(counts)
    if not 3 <= n <= MAX_COLUMNS:
        return None
    full = []
    for r in table:
        if len(r.values) == n:
            vec = [_number(v) for v in r.values]
            if all(x is not None for x in vec):
                full.append(vec)
    distinct = {tuple(v) for v in full}
    if len(distinct) < 2:
        return None
    found = []
    for total in (n - 1, 0):
        others = [k for k in range(n) if k != total]
        if sum(1 for v in distinct if v[total] != 0) < 2:
            continue
        sums = _sums(list(distinct), total, others)
        if sums:
            empty = sum(1 << k for k in range(n) if all(v[k] == 0 for v in distinct))
            found.append(Structure(n, total, sums, empty))
    return found[0] if len(found) == 1 else None


def _sums(vectors: list[tuple], total: int, others: list[int]) -> list[int]:
    tol = _tolerance([list(v) for v in vectors])
    out = []
    for size in range(2, len(others) + 1):
        for combo in combinations(others, size):
            if all(abs(v[total] - sum(v[k] for k in combo)) <= tol for v in vectors):
                out.append(sum(1 << k for k in combo))
                if len(out) > _MAX_SUMS:
                    return []
    return out


def total_of(row: EquityRow, s: Structure) -> str | None:
    """The row's printed figure in the total column, when every way its figures can stand that adds up puts the same
    printed figure there; None otherwise (or when the total column is blank).

    A column that prints a dash on every full row (a class of stock with no amount) is first kept empty: whether the
    total sums it cannot be told from zeros, so a figure placed there could read either way. Only when the row does
    not add up without it are its placements tried."""
    if s.empty and len(row.values) < s.columns:
        got = _total_of(row, s, avoid=s.empty)
        if got is not None:
            return got
    return _total_of(row, s, avoid=0)


def _total_of(row: EquityRow, s: Structure, avoid: int) -> str | None:
    k = len(row.values)
    vec = [_number(v) for v in row.values]
    if k == 0 or k > s.columns or any(x is None for x in vec):
        return None
    tol = _tolerance([vec])
    seen: set[str | None] = set()
    counts_only = False
    free = [j for j in range(s.columns) if not avoid >> j & 1]
    if comb(len(free), k) * len(s.sums) > _MAX_WORK:
        return None         # too many ways to place on a wide statement: the row is skipped, nothing stored
    for places in combinations(free, k):
        full = [Decimal(0)] * s.columns
        printed: list[str | None] = [None] * s.columns
        for pos, v, p in zip(places, vec, row.values):
            full[pos], printed[pos] = v, p
        fits = [mask for mask in s.sums
                if abs(full[s.total] - sum(full[j] for j in range(s.columns) if mask >> j & 1)) <= tol]
        if not fits:
            continue
        if printed[s.total] is None and all(not any(mask >> j & 1 for mask in s.sums) for j in places):
            counts_only = True      # every figure in a column no sum takes (share counts) and the total blank
            continue
        seen.add(printed[s.total])
        if len(seen) > 1:
            return None
    if len(seen) != 1:
        return None
    got = seen.pop()
    if got is None and counts_only:
        return None
    # (a row of figures that add up with the total printed is not read as a row of share counts alone: a movement
    # of amounts prints its total, and equal share counts in two count columns with no amount are not a movement)
    return got if got is not None and re.search(r"\d", got) else None


def cells(t: PageTable, fy_end: tuple[int, int] | None = None) -> tuple[list[EquityCell], str]:
    """The certain figures of the page's statement of changes in equity (none when the page prints none, or prints
    it with years as columns, which the table reader reads), and its header text above the first balance row."""
    at = start_line(t)
    if at is None:
        return [], ""
    table, header = rows(t.lines, at)
    s = structure(table)
    if s is None:
        return [], header
    names = [m.group(0) for ln in header.splitlines() for m in _TOTAL_NAME.finditer(ln)]
    column = re.sub(r"\s+", " ", names[-1]).strip() if names and s.total == s.columns - 1 else "Total"
    out: list[EquityCell] = []
    balances = [k for k, r in enumerate(table) if r.balance is not None]
    for a, b in zip(balances, balances[1:]):
        start, end = table[a].balance, table[b].balance
        if not 356 <= (end - start).days <= 372:
            continue            # not a year (an adjusted opening balance a day after the closing one, a part-year)
        for r in table[a + 1:b]:
            printed = total_of(r, s)
            if printed is None or not re.search(r"[A-Za-z]{3}", r.label):
                continue
            out.append(EquityCell(r.label, r.path, r.line_no, printed, _number(printed), end, False, column))
    levels: dict[date, list[EquityCell]] = {}
    for k in balances:
        r = table[k]
        at = _level_date(r.balance, fy_end)
        printed = total_of(r, s) if at is not None else None
        if printed is not None:
            levels.setdefault(at, []).append(
                EquityCell(r.label, (), r.line_no, printed, _number(printed), at, True, column))
    for at, same in levels.items():
        if len({c.value for c in same}) == 1:     # the closing balance printed again as the next opening one
            out.append(min(same, key=lambda c: _date(c.label) != at))     # (the row dated that day, if any)
    return sorted(out, key=lambda c: c.line_no), header


def _level_date(d: date, fy_end: tuple[int, int] | None) -> date | None:
    """The fiscal year end a balance row stands at: its own date when that is the filer's year end (or within the
    few days a 52/53-week year moves it); the day before when it is dated the first day of the next year ("Balance at
    January 1, 2020" is the closing balance of 2019). None otherwise (a balance of a part-year, a fiscal-year end
    not known)."""
    if fy_end is None:
        return None
    before = d - timedelta(days=1)
    for y in (d.year - 1, d.year):
        try:
            end = date(y, *fy_end)
        except ValueError:
            end = date(y, fy_end[0], 28)
        if before == end:
            return before
    for y in (d.year - 1, d.year, d.year + 1):
        try:
            end = date(y, *fy_end)
        except ValueError:
            end = date(y, fy_end[0], 28)
        if abs((d - end).days) <= 7 and not (d.day == 1 and end.day >= 28):
            return d
    return None
