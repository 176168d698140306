"""A statement printed in columns per period: "Underlying | Adjusting items | Total" under each year (the columnar
income statement of UK and other IFRS reports, "Before exceptional items | Exceptional items | Total" alike).

Each period's last sub-column, headed "Total" (or "Statutory", "Reported"), is the period's reported figure and the
one a row's fact is read from; the sub-columns before it are its parts (an underlying, non-GAAP figure and the items
adjusted). Where the captions name a basis before the items first ("Before adjusting items", "Underlying"), the first
part is read too, as the period's figure on that basis (`before_items`), marked so that only a question asking for
the adjusted figure gets it; the items never become facts.
"""
from __future__ import annotations

import re

import dataclasses

from pipeline.reading.cells import split_row
from pipeline.reading.columns import has_period, is_fragment

_TOTAL_WORD = re.compile(r"(?i)\b(total|statutory|reported)\b")
_NOTE = re.compile(r"\d{1,2}(?:\.\d{1,2})?|[A-Z]\d{1,2}")


def caption_lines(lines: list[str], start: int, periods: int) -> list[int]:
    """The sub-caption lines right below a header of `periods` period columns when they head each period with parts
    and a total ("Adjusting" / "Underlying items Total Underlying items Total": one total word per period, the
    last word): their indexes, to be read as no heading; else []."""
    out: list[int] = []
    for k in range(start, min(start + 4, len(lines))):
        if is_fragment(lines[k]) and not has_period(lines[k]):
            continue            # a units row ("Note £m £m £m £m £m £m")
        label, values = split_row(lines[k])
        if values or not label:
            break
        out.append(k)
        words = _TOTAL_WORD.findall(label)
        if periods >= 1 and len(words) == periods and _TOTAL_WORD.search(label.split()[-1]) and \
                len(label.split()) > periods:
            return out
    return []


def period_totals(values: list[str], periods: int) -> list[str] | None:
    """Each period's total of a row printed in `periods` equal groups of sub-columns (a note reference first is
    dropped): "Revenue 3 1,486.2 – 1,486.2 1,392.7 – 1,392.7" -> ["1,486.2", "1,392.7"]; None when the cells do not
    fall into equal groups of two or more (a row that does not line up yields nothing)."""
    grouped = _sub_columns(values, periods)
    if grouped is None or grouped[1] < 2:
        return None
    values, per = grouped
    return values[per - 1::per]


def before_items(values: list[str], header, basis: str | None) -> list[tuple]:
    """(column, printed) of each period's first sub-column where the captions named a before-items basis first
    (`basis`, from `basis_columns.basis_of`): the period's column, its header marked with the basis; [] otherwise."""
    periods = [c for c in header.columns if c.kind == "value"]
    grouped = _sub_columns(values, len(periods)) if basis and periods else None
    if grouped is None or grouped[1] < 3:
        return []
    values, per = grouped
    return [(dataclasses.replace(c, kind="before items", header=f"{c.header} {basis}"), v)
            for c, v in zip(periods, values[0::per])]


def _sub_columns(values: list[str], periods: int) -> tuple[list[str], int] | None:
    """The row's cells (a note reference first dropped) and how many sub-columns each of `periods` periods prints;
    None when they do not fall into equal groups."""
    if len(values) % periods and _NOTE.fullmatch(values[0]):
        values = values[1:]
    return None if len(values) % periods else (values, len(values) // periods)
