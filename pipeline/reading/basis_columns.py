"""An income statement that prints one year in three columns, the figures before some items, the items and the total:

    2061 2061 2061 2060
    Before adjusting Adjusting Restated
    items items Total Total
    Revenue 2,410.2 - 2,410.2 2,388.0
    Operating profit 402.1 (70.4) 331.7 441.6

("Underlying / Specific items / Statutory", "Before exceptional items / Exceptional items / Total"). The words over
the columns stack in ways the text layer cannot split, so the columns are told apart by their figures: where the
rows' first two figures of the year add up to the third, the third is the year's total (the statutory figure, read
as the year's column) and the other two are its parts, not read (`read`), where the captions name a basis before the
items first and the total last (`_captioned`)."""
from __future__ import annotations

import dataclasses
import re
from decimal import Decimal

from pipeline.reading.cells import parse_number
from pipeline.reading.page_table import PageTable

# the words such columns are captioned with, stacked over two or three lines
_CAPTION_WORDS = set("""before after adjusting adjusted adjustments exceptional specific separately disclosed non-underlying
underlying non-recurring items item total statutory reported restated re-presented represented results and other
note notes pre-exceptional pre- core headline""".split())
_MIN_ROWS = 3       # rows whose figures add up, at the least, before the third column is read as their total


def read(table: PageTable) -> None:
    """Mark the parts of each year printed as parts and total (see the module): the total column stays a value
    column, the two parts become kinds "before items" and "items", and the year is no longer ambiguous."""
    for h in table.headers:
        rows = [r for r in table.rows if r.cols is h.columns]
        # (the captions stacked between the periods and the units row, read as the header's, or as the first row's
        # headings)
        above = tuple(ln for ln in table.lines[max(0, rows[0].line_no - 6):rows[0].line_no]
                      if set(_caption_text(ln).split()) <= _CAPTION_WORDS) if rows else ()
        if not rows or not _captioned(h.text, rows[0].path + above):
            continue
        for year in sorted(h.ambiguous_years):
            at = [i for i, c in enumerate(h.columns) if c.kind == "value" and c.year == year]
            if len(at) != 3 or at[2] - at[0] != 2:
                continue
            width = len([c for c in h.columns if c.kind != "note"])    # (a row printing fewer figures is no check:
            sums = [_adds_up(r, at) for r in rows if r.cells() is not None and len(r.values) >= width]   # EPS rows)
            if sums.count(True) < _MIN_ROWS or sums.count(False) > sums.count(True) // 10:
                continue
            for i, kind in zip(at[:2], ("before items", "items")):
                h.columns[i] = dataclasses.replace(h.columns[i], kind=kind)
            # (the figures before the items are the adjusted ones, read where a question asks for that basis)
            h.columns[at[0]] = dataclasses.replace(h.columns[at[0]], header=f"{h.columns[at[0]].header} {_basis(h.text)}")
            h.ambiguous_years.discard(year)
            for r in rows:      # (the columns' stacked captions are no headings of the rows)
                r.ambiguous = r.ambiguous - {year}
                r.path = tuple(p for p in r.path if not set(_caption_text(p).split()) <= _CAPTION_WORDS)


_BEFORE = {"before", "underlying", "pre-exceptional", "pre-", "adjusted", "core", "headline"}
_ITEMS = {"adjusting", "exceptional", "specific", "items", "non-underlying", "separately", "adjustments",
          "non-recurring"}
_TOTAL = {"total", "statutory", "reported"}


ADJUSTED_BASIS = "(adjusted, underlying basis)"     # a before-items column's mark: no reported figure


def _basis(header: str) -> str:
    """"before adjusting items (adjusted, underlying basis)": the items the captions name, and the basis words an
    analyst asks such figures by."""
    word = next((w for w in header.lower().split() if w in _ITEMS - {"items", "adjustments"}), "")
    return f"before {word + ' ' if word else ''}items {ADJUSTED_BASIS}"


def basis_of(captions: str) -> str | None:
    """The before-items basis a columnar statement's captions name, first of before-items / items / total ("Before
    adjusting items | Adjusting items | Total", "Underlying | Specific items | Statutory"), or None."""
    return _basis(captions) if _captioned(captions, ()) else None


def _captioned(header: str, path: tuple[str, ...]) -> bool:
    """The columns' captions say so, in that order: a basis before the items first ("Before adjusting items",
    "Underlying"), then the items, then the total ("Total", "Statutory"). Figures that add up alone could be a gross,
    a reinsurance and a net column, or two segments and their total."""
    words = " ".join([header, *(p for p in map(_caption_text, path) if set(p.split()) <= _CAPTION_WORDS)]).lower().split()
    first = next((w for w in words if w in _BEFORE | _TOTAL), None)
    items = [i for i, w in enumerate(words) if w in _ITEMS]
    return first in _BEFORE and bool(items) and any(w in _TOTAL for w in words[items[0]:])


def _caption_text(line: str) -> str:
    """A caption line's words, lower case, its note references left out ("Exceptional items (note 6)")."""
    return re.sub(r"\(\s*notes?\s+[\w.]+\s*\)", " ", line.lower())


def _adds_up(row, at: list[int]) -> bool | None:
    """The row's first two figures of the year add up to the third (to the printed decimals); None for a row with
    none of them printed (a heading's blank cells)."""
    cells = row.cells()
    values = [parse_number(cells[i][1]) if cells[i][1].strip("—–-") else Decimal(0) for i in at]
    if any(v is None for v in values) or not any(values):
        return None
    a, b, total = values
    return abs(a + b - total) <= Decimal("0.15") * max(1, abs(total) / 1000)
