"""A units row that says which of a header's columns are per share and which are amounts, as a dividends note
prints the rate and the total side by side:

    2061              2060              2061   2060
    Pence per share   Pence per share   £m     £m
    Interim dividend  5.0   4.5   20.1   18.0

The same years twice are told apart by their units (`per_column`); the units row may stand under the years or
above them, one unit per column or one per group of columns ("Pence per share £m" over "2061 2060 2061 2060").
Without such a row the repeated years stay ambiguous and unread.
"""
from __future__ import annotations

import dataclasses
import re

from pipeline.core.currencies import currency_of
from pipeline.reading.columns import Header, ambiguous_years, scale_of
from pipeline.reading.fact_kinds import per_share_caption
from pipeline.reading.unit_caption import caption_scale

# one column's unit: a rate per share in a currency or its minor unit, or an amount in a currency and scale
_PER_SHARE = r"(?:[A-Z]{1,3}\$|[$£€¥¢]|[A-Z]{2,3}|[A-Z]{2}\s+cents?|cents?|pence|sen|fils|paise|kobo|p|c)\s+per\s+" \
             r"(?:ordinary\s+|common\s+)?share"
_AMOUNT = r"(?:[A-Z]{1,3}\$|[$£€¥]|[A-Z]{2,3})\s?(?:m|mn|bn|million|'000|’000|000|thousand)|(?:m|'000|’000|000)"
_UNIT = re.compile(rf"(?i)\s*(?:(?P<ps>{_PER_SHARE})|(?P<amt>{_AMOUNT}))(?=\s|$)")


def units_of(line: str) -> list[tuple[bool, str]] | None:
    """Each unit the line prints, in order: (per share?, its text); None when the line is not made of such units
    alone, or states only one kind (a units row of one kind is read elsewhere)."""
    out, at = [], 0
    while at < len(line.rstrip()):
        m = _UNIT.match(line, at)
        if m is None:
            return None
        out.append((m.group("ps") is not None, m.group(0).strip()))
        at = m.end()
    return out if len({ps for ps, _ in out}) == 2 else None


def currencies_of(line: str) -> list[tuple[bool, str]] | None:
    """A units row naming a currency for each column, two currencies or more ("US$ KHR'000 US$ KHR'000": a
    convenience translation beside each year's figures), as units of amounts; None otherwise."""
    tokens = line.split()
    codes = [currency_of(t) for t in tokens]
    # (one at least with its scale: "USD USD EUR EUR" alone is a note's exposure by currency, its amounts in the table's)
    return [(False, t) for t in tokens] if tokens and None not in codes and len(set(codes)) > 1 and \
        any(scale_of(t) for t in tokens) else None


def per_column(header: Header, line: str) -> bool:
    """Mark `header`'s value columns per share where `line` says so, or in their currency where it names one for each,
    one unit per column or per group of as many columns; the years this tells apart are no longer ambiguous. True when
    the line was such a units row."""
    units = units_of(line)
    by_currency = units is None and (units := currencies_of(line)) is not None
    values = [i for i, c in enumerate(header.columns) if c.kind == "value"]
    if units is None or not values or len(values) % len(units):
        return False
    width = len(values) // len(units)
    for n, i in enumerate(values):
        ps, text = units[n // width]
        c = header.columns[i]       # (the unit joins the column's printed header: "2061 Pence per share")
        header.columns[i] = dataclasses.replace(c, per_share=ps, header=f"{c.header} {text}",
                                                currency=currency_of(text) if by_currency else c.currency or currency_of(text),
                                                scale=(scale_of(text) or "units") if by_currency else None)
    header.ambiguous_years &= ambiguous_years(header.columns)
    return True


def above(header: Header, lines: list[str], start: int) -> None:
    """The line right above a header starting at line `start`: a units row telling repeated years apart ("Pence per
    share £m" over "2061 2060 2061 2060"), or a dividends caption stating a rate per share, there or on the years'
    own line (every column per share); and the scale a caption right above states for this table alone."""
    header.scale = caption_scale(lines, start)
    if start > 0 and header.ambiguous_years and per_column(header, lines[start - 1]):
        header.unit = header.unit or scale_of(lines[start - 1])
    elif per_share_caption(header.caption) or start > 0 and per_share_caption(lines[start - 1]):
        header.per_share = True

