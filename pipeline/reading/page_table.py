"""A page's tables as read: each row with its columns, parent headings and statement; the page's title, unit, headers."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pipeline.reading.columns import Column, Header


@dataclass
class Row:
    label: str
    values: list[str]
    line_no: int
    cols: list[Column] | None = None           # the header's columns in force where the row stands
    path: tuple[str, ...] = ()                 # parent headings, outermost first ("Revenues", "Non-interest revenues")
    ambiguous: frozenset[int] = frozenset()    # years the header prints twice with nothing to tell them apart
    statement: str | None = None               # the statement it stands in, when a title above it on the page names one
    secondary: bool = False                    # below a heading of part of the group ("Parent entity information")
    parent_own: bool = False                   # below a heading of the parent's own figures ("Key standalone ...")
    before_items: list[tuple[Column, str]] = field(default_factory=list)   # a columnar year's adjusted figures

    @property
    def columns(self) -> list[int] | None:
        """The value columns' years (None without a header)."""
        if self.cols is None:
            return None
        return [c.year for c in self.cols if c.kind == "value" and c.year is not None]

    def cells(self) -> list[tuple[Column, str]] | None:
        """(column, value) pairs, or None when the values do not line up with the header's columns."""
        cols = self.cols
        if not cols:
            return None
        if len(self.values) == len(cols):
            return list(zip(cols, self.values))
        if cols[0].kind == "note" and len(self.values) == len(cols) - 1:
            if cols[-1].kind == "change" and re.fullmatch(r"[1-9]", self.values[0]) and \
                    not re.search(r"(?i)per\s+share|\bcents?\b|\bpence\b|\beps\b|%", self.label) and \
                    all(re.search(r"[.,]\d", v) or not re.search(r"\d", v) for v in self.values[1:]):
                # a note's number, then figures printed as figures are ("4 (186.4) -"): the change cell is blank
                return list(zip(cols[:-1], self.values))
            return list(zip(cols[1:], self.values))
        body = [c for c in cols if c.kind != "note"]
        group = [c for c in body if c.entity == "group"]
        if group and len(group) < len(body) and len(self.values) in (len(group), len(group) + 1):
            # a row printed for the group alone ("Owners of the Company", "- Basic 10 7.32 6.77" after its note)
            noted = len(self.values) > len(group) and cols[0].kind == "note"
            if len(self.values) == len(group) or noted:
                return list(zip(cols[:1] + group if noted else group, self.values))
        amounts = [c for c in body if c.kind == "value"]
        # (a note's number before them, with no notes column: "Basic earnings per share (cent) 12 31.9 34.4")
        values = self.values[1:] if len(self.values) == len(amounts) + 1 and re.fullmatch(r"\d{1,2}", self.values[0]) \
            else self.values
        if len(values) == len(amounts) < len(body) and \
                all(c.kind in ("value", "before items", "items") or c.header == "%" for c in body):
            # a row printing no share beside its amounts ("Basic 11.85 9.24"), or only the totals of a year printed
            # before items, items and total (basis_columns: "Basic earnings per share 31.9 34.4")
            return list(zip(amounts, values))
        trailing = body
        while trailing and trailing[-1].kind == "change":
            trailing = trailing[:-1]
            # change cells left blank (all, or the last of two: "Change" over "%" read as two change columns)
            if len(self.values) == len(trailing) and any(c.kind == "value" for c in trailing):
                return list(zip(trailing, self.values))
        return None

    @property
    def aligned(self) -> bool:
        return self.cells() is not None

    def column_for(self, year: int, span: str | None = None) -> tuple[Column, str] | None:
        """The one value cell of `year` (a full-year column unless `span` asks for another); None when there is
        none or more than one could be meant (a convenience-currency column, a quarter beside a half-year)."""
        cells = self.cells()
        if cells is None or year in self.ambiguous:
            return None
        values = [(c, v) for c, v in cells if c.kind == "value"]
        same = [(c, v) for c, v in values if c.year == year]
        if span is None:
            full = [(c, v) for c, v in same if c.span in (None, "year") or (c.span or "").endswith("weeks")]
            same = full if full else (same if len({c.span for c, _ in same}) == 1 else [])
        else:
            same = [(c, v) for c, v in same if c.span == span]
        if len(same) > 1:   # the reporting currency is the one printed first
            first = values[0][0].currency
            same = [(c, v) for c, v in same if c.currency == first]
        return same[0] if len(same) == 1 else None

    def value_for(self, year: int) -> str | None:
        hit = self.column_for(year)
        return hit[1] if hit else None

    @property
    def path_label(self) -> str:
        return " \u203a ".join([*self.path, self.label])

    def normalised(self) -> str:
        cells = self.cells()
        if cells:
            shown = " | ".join(f"{c.label if c.kind == 'value' and (c.currency or c.span not in (None, 'year')) else (c.year if c.kind == 'value' else c.kind)}: {v}"
                               for c, v in cells)
            return f"{self.label} | {shown}"
        return " ".join([self.label, *self.values]).strip()


@dataclass
class PageTable:
    title: str
    statement: str | None
    unit: str | None
    lines: list[str]
    rows: list[Row] = field(default_factory=list)
    header_columns: list[list[int]] = field(default_factory=list)
    headers: list[Header] = field(default_factory=list)
    currency: str | None = None
    secondary: bool = False        # a statement of part of the group (guarantors, parent only, cross guarantee)
    parent_own: bool = False       # the parent company's own statements ("Separate financial statements")
    continued: bool = False        # rows above the page's first header took the previous page's header

    def normalised_lines(self) -> list[str]:
        """The page as text lines, with every aligned statement row rewritten as `label | year: value ...`."""
        by_line = {r.line_no: r for r in self.rows}
        out: list[str] = []
        skip = {n for r in self.rows for n in getattr(r, "_consumed", ())}
        for i, line in enumerate(self.lines):
            if i in skip:
                continue
            r = by_line.get(i)
            out.append(r.normalised() if r is not None and r.aligned else line)
        return out
