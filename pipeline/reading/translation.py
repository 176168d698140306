"""Convenience translation columns: a report in yen (won, NT$, baht ...) that prints its latest year a second time
in US dollars ("Millions of yen | Thousands of U.S. dollars (Note 1)" over "2024 2023 2024").

The repeated year in the second currency is an arithmetic translation at one exchange rate, not a figure the
company reported: its cells are marked `translation` and never become facts, and the reporting columns keep their
own currency and scale (the caption's scale nearest the reporting currency's name: "Millions of yen" -> million,
whatever order the PDF's text prints the two captions in).
"""
from __future__ import annotations

import re
from dataclasses import replace


def mark(columns: list, groups: list[list], currencies: list[tuple[int, str | None]],
         scales: list[tuple[str | None, str]]) -> str | None:
    """Mark the translation column of a two-currency header (in place); return the reporting columns' scale, or
    None when the header is no such layout. `currencies`: (position, code) of the header's currency names;
    `scales`: (code, scale) of its captions (`scale_words`)."""
    codes = list(dict.fromkeys(c for _, c in currencies if c and c != "$"))
    if len(groups) != 2 or len(groups[1]) != 1 or len(codes) != 2 or "USD" not in codes:
        return None
    latest = max(c.year for c in groups[0])
    if groups[1][0].year != latest:
        return None
    own = next(c for c in codes if c != "USD")          # the translation is into US dollars, by convention
    for i, c in enumerate(columns):
        if c is groups[1][0]:
            columns[i] = replace(c, kind="translation", currency="USD")
        elif c.kind == "value":
            columns[i] = replace(c, currency=own)
    return next((scale for code, scale in scales if code == own), None)


_SCALE = r"(?:millions?|thousands?|billions?|'?000s?|mn|bn|m)"


def scale_words(text: str, currency: re.Pattern[str], currency_code, scale_of) -> list[tuple[str | None, str]]:
    """(currency, scale) of each caption naming both: "Millions of yen", "Thousands of U.S. dollars", "¥ million",
    "US$ thousands", "yen in millions"."""
    out = []
    for m in re.finditer(rf"(?i)\b({_SCALE})\s+of\s+({currency.pattern})", text):
        out.append((currency_code(m.group(2)), scale_of(m.group(1))))
    for m in re.finditer(rf"(?i)({currency.pattern})\s*(?:in\s+)?({_SCALE})\b", text):
        out.append((currency_code(m.group(1)), scale_of(m.group(m.lastindex))))
    return [(c, s) for c, s in out if s]
