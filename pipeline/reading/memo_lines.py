"""A memo line under a statement's item ("– thereof for pensions T€ 2,184 (prior year: T€ 2,015)", German "davon"):
an amount of part of the item above, stated in the text with its prior year's, never a row or a heading of the table.

A balance sheet's pointer to a note ("Commitments and contingencies (Note 16)", "Contingent liabilities (see note 29)")
printed without figures between the liabilities and the equity is a memo line too: no heading of the rows below it.

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


# "Commitments and contingencies (Note 16)", "Commitments and contingent liabilities (see Note 16)",
# "Contingencies - see note 12": a line that only points to the note (the amounts are not the balance sheet's)
_NOTE_POINTER = re.compile(r"(?i)^\s*(?:commitments\s+and\s+)?contingen(?:cies|cy|t\s+liabilities)"
                           r"(?:\s+and\s+commitments)?\s*(?P<note>\(\s*(?:see\s+)?[\w ]*notes?\s+[\w.,\s]+\)|[-–—:,]?\s*"
                           r"(?:see\s+)?notes?\s+[\w.]+)?\s*$")


def note_pointer(label: str, values: list[str], statement: str | None) -> bool:
    """A figure-less line that points to the commitments and contingencies note: read as no heading (a US balance
    sheet's bare "Commitments and contingencies" too; elsewhere it may head a note's rows)."""
    m = _NOTE_POINTER.match(label) if not values else None
    # (a bare "Contingent liabilities" heads a bank's memorandum items, their total under it)
    return m is not None and (m.group("note") is not None or statement == "balance" and
                              bool(re.match(r"(?i)\s*commitments\s+and\s+contingenc", label)))
