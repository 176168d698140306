"""Whether a page's statement of changes in equity was read in its total-equity column.

The equity reader finds the total column by arithmetic: the first or last column that sums other columns. On a wide
statement split over facing pages, the titled page may print only some components and their subtotal ("Share
capital | Share premium | Total share capital"): that subtotal sums its columns just as total equity does. So a
page's figures are kept only when its closing balances in that column agree with the balance sheet's total equity
at the same fiscal year ends. When no balance-sheet total equity can be set beside them (none read, or no closing
balance at a fiscal year end), the column header must name total equity after its last "Total" instead.

A parent-attributable subtotal is not total equity: when the balance sheet prints "Total equity" beside the owners'
subtotal and the non-controlling interests, only "Total equity" is the whole.
"""
from __future__ import annotations

import re
from decimal import Decimal

from pipeline.question.units import SCALE

# "Total equity", "Total stockholders' equity (deficit)", "Total shareholders' deficit", "Total Acme Inc. equity"
_TOTAL_EQUITY = re.compile(r"(?i)^total\b(?!.*\b(?:liabilit|attributable|mezzanine|temporary|redeemable))"
                           r".*\b(?:equity|deficit|deficiency)\b")
_WHOLE = re.compile(r"(?i)^total\s+(?:equity|deficit|deficiency)(?:\s*\((?:deficit|deficiency)\))?$")
# the header's last "Total" followed (however its wrapped words were jumbled) by an equity word, no other "Total"
_NAMED = re.compile(r"(?i)\btotal\b(?!.*\btotal\b).*\b(?:equity|deficit|deficiency)\b")


def _same(a: Decimal, a_scale: str | None, b: Decimal, b_scale: str | None) -> bool:
    """The same amount within one printed unit of the coarser scale; a page that declares no scale of its own
    prints the balance sheet's figure as printed."""
    if a_scale is None or a_scale == b_scale:
        return abs(a - b) <= 1
    ua, ub = SCALE.get(a_scale, Decimal(1)), SCALE.get(b_scale or "", Decimal(1))
    return abs(a * ua - b * ub) <= max(ua, ub)


def balance_totals(facts) -> dict[int, list[tuple[Decimal, str | None]]]:
    """fiscal year -> (total equity at its end, its scale) as the primary balance sheet prints it: the whole ("Total
    equity") where it prints one beside a parent's subtotal. (By fiscal year, not date: a balance sheet's columns
    often print the year alone under a shared "May 31,".)"""
    rows: dict[int, list] = {}
    for f in facts:
        if f.statement == "balance" and not f.secondary and f.kind == "money" and f.value is not None \
                and f.fiscal_year is not None and _TOTAL_EQUITY.match(f.label.strip()):
            rows.setdefault(f.fiscal_year, []).append(f)
    out = {}
    for d, fs in rows.items():
        whole = [f for f in fs if _WHOLE.match(f.label.strip())] or fs
        out[d] = [(f.value, f.scale) for f in whole]
    return out


def names_total_equity(header: str) -> bool:
    return bool(_NAMED.search(header.replace("\n", " ")))


def kept(levels: list[tuple[int, Decimal, str | None]], header: str,
         totals: dict[int, list[tuple[Decimal, str | None]]]) -> bool:
    """Whether a page's figures are read in its total-equity column: `levels` are its closing balances (fiscal year,
    value, scale) in the column read as the total."""
    checked = [any(_same(value, scale, v, sc) for v, sc in totals[d]) for d, value, scale in levels if d in totals]
    if checked:
        return all(checked)
    return names_total_equity(header)
