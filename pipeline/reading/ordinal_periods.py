"""Columns headed by the company's numbered fiscal period instead of a year ("43rd term (Current)  42nd term (Prior)"),
as Korean and Japanese reports print them, with a legend on the page naming each period ("43rd term: As of March 31,
2071", "43rd term: For the year ended March 31, 2071", "43rd term: April 1, 2070 - March 31, 2071", "From April 1, 2070
to March 31, 2071"). A header line of such ordinals alone (and a notes column) is read as the dates its legend names:
a period's end, the last date of its legend; without a legend the ordinals stay unread."""
from __future__ import annotations

import re

from pipeline.core import months

_DATE = re.compile(rf"(?i)(?:{months.MON})\s+\d{{1,2}},?\s+(?:19|20)\d{{2}}|\d{{1,2}}\s+(?:{months.MON}),?\s+(?:19|20)\d{{2}}")
_ORDINAL = r"(\d{1,3})(?:st|nd|rd|th)(?:\s+(?:fiscal\s+)?(?:period|term|year))?"
_QUALIFIER = r"(?:\s*\((?:current|prior|previous)\))?"
# where one period's legend starts: "43rd term:", "42nd term (Prior):"
_LEGEND = re.compile(rf"(?i)\b{_ORDINAL}{_QUALIFIER}\s*:")
_HEAD = rf"\b{_ORDINAL}{_QUALIFIER}"
_HEAD_ORDINAL = re.compile(rf"(?i){_HEAD}")
_HEADER_LINE = re.compile(rf"(?i)^\s*(?:notes?\s+)?(?:{_HEAD}\s*){{2,}}$")


def read(lines: list[str]) -> list[str]:
    """The page's lines with each ordinal-period header line spelled as the period ends the page's legend names."""
    if not any(":" in ln and _LEGEND.search(ln) for ln in lines):
        return lines
    ends: dict[str, str] = {}
    for ln in lines:
        starts = list(_LEGEND.finditer(ln))
        for k, m in enumerate(starts):
            legend = ln[m.end():starts[k + 1].start() if k + 1 < len(starts) else len(ln)]
            dates = _DATE.findall(legend)
            if dates:
                ends.setdefault(m.group(1), dates[-1])      # (a range's last date is the period's end)
    if len(ends) < 2:
        return lines
    out = []
    for ln in lines:
        if _HEADER_LINE.match(ln) and all(m.group(1) in ends for m in _HEAD_ORDINAL.finditer(ln)):
            ln = _HEAD_ORDINAL.sub(lambda m: f"  {ends[m.group(1)]}  ", ln)
        out.append(ln)
    return out
