"""A column header whose columns are of different heights, read line by line: the years in column order again.

A restated comparative is often captioned under its year while the current year's column has no caption, so the
columns are bottom-aligned and the text runs the restated years first:

    "2093"                                  "30 June 1 July"
    "Notes 2094 Restated*"                  "30 June 2093 2092"
    "R'000 R'000"                           "Notes 2094 Restated* Restated*"

The bottom line holds one cell per column, a year or a caption ("Restated", "Re-presented", "Audited"); each caption
stands under the year printed above it, in order. The header is read as "Notes 2094 2093 Restated" (the caption said
once, as the columns' note); the day and month above are left out, since which column each heads cannot be told.
"""
from __future__ import annotations

import re

from pipeline.core.months import MON
from pipeline.reading.header_words import ENTITY_CAPTION

_YEAR = r"(?:19|20)\d{2}"
# a caption printed in a column in place of its year ("Restated*", "Re-presented", "(Restated)", "Unaudited")
_CAPTION = re.compile(r"(?i)\(?(?:restated|re-?presented|audited|unaudited|reviewed)\*?\)?")
_NOTES = re.compile(r"(?i)^\s*notes?(?:\(s\))?\s+")
# what a line above may hold beside its years: days, months, "at", "as at" (nothing else is read)
_PERIOD_CAPTION = re.compile(r"(?i)\b(?:year|period|ended|ending|months|weeks)\b|^\s*(?:as\s+)?(?:at|of)\b")
_CHANGE = re.compile(r"(?i)%|change|%\s?change|movement")
_ABOVE = re.compile(rf"(?i)^(?:\s*(?:\d{{1,2}}|{MON}|{_YEAR}|at|as|of|,))+\s*$")


def restack(lines: list[str]) -> list[str]:
    """`lines` with a bottom-aligned header's years put back in column order, or `lines` unchanged."""
    for b in range(len(lines) - 1, 0, -1):
        cells = _NOTES.sub("", lines[b]).split()
        if not cells or not all(re.fullmatch(_YEAR, c) or _CAPTION.fullmatch(c) or _CHANGE.fullmatch(c) for c in cells):
            continue
        years_here = [c for c in cells if re.fullmatch(_YEAR, c)]
        captions = [c for c in cells if _CAPTION.fullmatch(c)]
        # (a caption naming the period above, "for the year ended 30 June 2094", heads every column: kept as it is)
        # (and so does whose columns they are, "Group Company" over "2092" over "2093 Restated* 2093 2092")
        kept = [a for a in lines[:b] if _PERIOD_CAPTION.search(a) or ENTITY_CAPTION.fullmatch(a)]
        above = [a for a in lines[:b] if a.strip() and a not in kept]
        if not years_here or not captions or not above or not all(_ABOVE.match(a) for a in above):
            return lines
        years_above = [y for a in above for y in re.findall(rf"(?<!\d){_YEAR}(?!\d)", a)]
        # (a year above that the line prints too is another column's restated comparative only beside the entity's
        # own years: "2092" over "2093 Restated* 2093 2092", the group's restated beside the company's)
        if len(years_above) != len(captions) or set(years_above) & set(years_here) and \
                not any(ENTITY_CAPTION.fullmatch(a) for a in kept):
            return lines
        fill = iter(years_above)
        ordered = [next(fill) if _CAPTION.fullmatch(c) else c for c in cells]     # (a change column stays in place)
        note = "Notes " if _NOTES.match(lines[b]) else ""
        caption = re.sub(r"[()*]", "", captions[0])
        return [*kept, f"{note}{' '.join(ordered)} {caption}", *lines[b + 1:]]
    return lines
