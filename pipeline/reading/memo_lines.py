"""A memo line under a statement's item ("– thereof for pensions T€ 2,184 (prior year: T€ 2,015)", German "davon"):
an amount of part of the item above, stated in the text with its prior year's, never a row or a heading of the table.

The item's own figures may be printed at the end of its last memo line ("1. Liabilities to banks" / "– thereof with a
remaining term of up to one year T€ 12,480 (prior year: T€ 14,480) 48,615 56,240"): those figures are the item's.
"""
from __future__ import annotations

import re

from pipeline.reading.cells import split_row

_MEMO = re.compile(r"(?i)^\s*[-–—]?\s*(?:thereof|of\s+which|davon)\b")
# the memo's own amounts, this year's and the prior year's in brackets
_PRIOR = re.compile(r"(?i)\(\s*(?:prior\s+year|previous\s+year|py|vorjahr)\s*:?[^)]*\)")


def item_figures(line: str) -> list[str] | None:
    """None when `line` is no memo line; else the column figures printed after its memo ([] when none)."""
    if not _MEMO.match(line):
        return None
    prior = list(_PRIOR.finditer(line))
    if not prior:
        return None     # ("of which: recognised in profit or loss 1,204 988": a sub-item's row, its figures in columns)
    return split_row("memo " + line[prior[-1].end():])[1]


def after_memos(lines: list[str], at: int) -> tuple[list[str], int] | None:
    """(the figures, the index after their line) when the item at `at` is followed by memo lines, the last of which
    prints the item's figures; None otherwise."""
    k = at + 1
    while k < len(lines) and (figures := item_figures(lines[k])) is not None:
        if figures:
            return figures, k + 1
        k += 1
    return None
