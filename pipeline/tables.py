"""Statement tables as pdfium prints them: a row label followed by two or three years' values, with the
years themselves on an earlier header line of the same page.

`parse_page` keeps every row with the column years in force where it stands, so that
"Purchases of property, plant and equipment (PP&E) (1,577) (1,373) (1,420)" under
"(Millions) 2018 2017 2016" becomes `{2018: "(1,577)", 2017: "(1,373)", 2016: "(1,420)"}`.
A row whose value count does not match the header is kept as text, never guessed into columns.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

_VALUE = re.compile(r"^\(?-?\$?\d[\d,]*(?:\.\d+)?\)?%?$|^[—–-]+$")
_YEAR = re.compile(r"^(?:19|20)\d{2}$")
_MONEY_SIGN = {"$", "US$", "€", "£"}
_UNIT = re.compile(r"(?i)\(\s*(?:\$|dollars|u\.?s\.? dollars)?\s*(?:in\s+)?(millions|thousands|billions)\b|"
                   r"\bin (millions|thousands|billions)\b|^\(?(millions|thousands|billions)\)?")
_END = r"\s*(?:\((?:continued|unaudited)\)\s*)*$"
_STATEMENT_TITLES = [
    ("cash_flow", re.compile(r"(?i)(statements? of (consolidated )?cash flows?|cash flows? statements?)" + _END)),
    ("income", re.compile(r"(?i)(statements? of (consolidated )?(income|operations|earnings)|income statements?|"
                          r"statements? of (consolidated )?comprehensive (income|earnings))" + _END)),
    ("balance", re.compile(r"(?i)(balance sheets?|statements? of (consolidated )?financial position)" + _END)),
]
# Statements of a subset of the group (guarantors, a cross-guarantee's closed group, the parent alone) are not
# the company's primary statements, though they carry the same titles and line items.
SECONDARY_STATEMENT = re.compile(r"(?i)deed of cross guarantee|guarantor|condensed consolidating|parent company only|"
                                 r"condensed financial information of (the )?registrant|schedule i\b|obligor group")
_SKIP_TITLE = re.compile(r"(?i)^(table of contents|index|\d+)$")


@dataclass
class Row:
    label: str
    values: list[str]
    line_no: int
    columns: list[int] | None = None

    @property
    def aligned(self) -> bool:
        return bool(self.columns) and len(self.values) == len(self.columns)

    def value_for(self, year: int) -> str | None:
        if not self.aligned or year not in self.columns:  # type: ignore[operator]
            return None
        return self.values[self.columns.index(year)]  # type: ignore[union-attr]

    def normalised(self) -> str:
        if self.aligned:
            cells = " | ".join(f"{y}: {v}" for y, v in zip(self.columns, self.values))  # type: ignore[arg-type]
            return f"{self.label} | {cells}"
        return " ".join([self.label, *self.values]).strip()


@dataclass
class PageTable:
    title: str
    statement: str | None
    unit: str | None
    lines: list[str]
    rows: list[Row] = field(default_factory=list)
    header_columns: list[list[int]] = field(default_factory=list)

    def normalised_lines(self) -> list[str]:
        """The page as text lines, with every aligned statement row rewritten as `label | year: value ...`."""
        by_line = {r.line_no: r for r in self.rows}
        out: list[str] = []
        merged_into_previous = {r.line_no + 1 for r in self.rows if getattr(r, "_merged", False)}
        for i, line in enumerate(self.lines):
            if i in merged_into_previous:
                continue
            r = by_line.get(i)
            out.append(r.normalised() if r is not None and r.aligned else line)
        return out


def split_lines(text: str) -> list[str]:
    return [ln.strip() for ln in re.split(r"\r\n|\r|\n", text) if ln.strip()]


def header_years(line: str) -> list[int] | None:
    """The column years a header line announces: its trailing tokens, when two or more are years."""
    toks = line.replace(",", " ").split()
    years: list[int] = []
    for t in reversed(toks):
        if _YEAR.match(t):
            years.append(int(t))
        else:
            break
    years.reverse()
    if len(years) >= 2 and len(set(years)) == len(years) and max(years) - min(years) <= len(years) + 1:
        return years
    return None


def split_row(line: str) -> tuple[str, list[str]]:
    """Split a text line into its label and its trailing value tokens (currency signs dropped)."""
    toks = line.split()
    values: list[str] = []
    i = len(toks)
    while i > 0:
        t = toks[i - 1]
        if t in _MONEY_SIGN:
            i -= 1
            continue
        if _VALUE.match(t):
            values.append(t.lstrip("$"))
            i -= 1
            continue
        break
    values.reverse()
    label = " ".join(toks[:i]).rstrip(" $")
    return label, values


def detect_unit(text: str) -> str | None:
    m = _UNIT.search(text)
    if not m:
        return None
    word = next(g for g in m.groups() if g).lower()
    return {"millions": "million", "thousands": "thousand", "billions": "billion"}[word]


def detect_title(lines: list[str]) -> tuple[str, str | None]:
    head = lines[:8]
    secondary = any(SECONDARY_STATEMENT.search(ln) for ln in head)
    for kind, pat in _STATEMENT_TITLES:
        for ln in head:
            if len(ln) <= 80 and pat.search(ln):
                return ln, None if secondary else kind
    for ln in head:
        if not _SKIP_TITLE.match(ln) and len(ln) > 3:
            return ln[:100], None
    return "", None


def parse_page(text: str) -> PageTable:
    lines = split_lines(text)
    title, statement = detect_title(lines)
    table = PageTable(title=title, statement=statement, unit=detect_unit("\n".join(lines[:12])), lines=lines)
    columns: list[int] | None = None
    pending_label: tuple[int, str] | None = None
    for i, line in enumerate(lines):
        yrs = header_years(line)
        if yrs:
            columns = yrs
            table.header_columns.append(yrs)
            pending_label = None
            continue
        label, values = split_row(line)
        if not values:
            pending_label = (i, label)
            continue
        if not label and pending_label is not None:
            # A wrapped row: the label on one line, its values on the next.
            j, prev = pending_label
            row = Row(label=prev, values=values, line_no=j, columns=columns)
            row._merged = True  # type: ignore[attr-defined]
            _fit(row)
            table.rows.append(row)
            pending_label = None
            continue
        pending_label = None
        if not label:
            continue
        row = Row(label=label, values=values, line_no=i, columns=columns)
        _fit(row)
        table.rows.append(row)
    return table


def _fit(row: Row) -> None:
    """Give surplus leading value tokens back to the label ("Notes due 2025 1,000 1,000", footnote "(1)")."""
    if row.columns and len(row.values) > len(row.columns):
        extra = len(row.values) - len(row.columns)
        row.label = " ".join([row.label, *row.values[:extra]]).strip()
        row.values = row.values[extra:]


def parse_number(token: str) -> Decimal | None:
    """'(1,577)' -> -1577, '$5,363' -> 5363, '12.5%' -> 12.5, '—' -> 0. None if not a number."""
    t = token.strip().replace("$", "").replace(",", "")
    if re.fullmatch(r"[—–-]+", t):
        return Decimal(0)
    neg = t.startswith("(") and t.endswith(")")
    t = t.strip("()").rstrip("%")
    try:
        d = Decimal(t)
    except InvalidOperation:
        return None
    return -d if neg else d
