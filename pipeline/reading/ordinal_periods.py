"""Columns headed by the company's numbered fiscal period instead of a year ("57th (Current)  56th (Prior)"), as
Korean and Japanese reports print them, with a legend on the page naming each period's date ("57th: As of December
31, 2054", "57th: For the year ended December 31, 2054, 56th: ..."). A header line of such ordinals alone (and a
notes column) is read as the dates its legend names; without a legend the ordinals stay unread."""
from __future__ import annotations

import re

from pipeline.core import months

_DATE = rf"(?:(?:{months.MON})\.?\s+\d{{1,2}},?\s+(?:19|20)\d{{2}}|\d{{1,2}}\s+(?:{months.MON})\.?,?\s+(?:19|20)\d{{2}})"
_ORDINAL = r"(\d{1,3})(?:st|nd|rd|th)(?:\s+(?:fiscal\s+)?(?:period|term|year))?"
# "57th: As of December 31, 2054" / "56th (Prior): For the year ended December 31, 2053"
_LEGEND = re.compile(rf"(?i)\b{_ORDINAL}\s*(?:\((?:current|prior|previous)\))?\s*:\s*"
                     rf"(?:as\s+(?:of|at)\s+|for\s+the\s+(?:fiscal\s+)?(?:year|period)\s+ended\s+)?({_DATE})")
_HEAD = rf"\b{_ORDINAL}(?:\s*\((?:current|prior|previous)\))?"
_HEAD_ORDINAL = re.compile(rf"(?i){_HEAD}")
_HEADER_LINE = re.compile(rf"(?i)^\s*(?:notes?\s+)?(?:{_HEAD}\s*){{2,}}$")


def read(lines: list[str]) -> list[str]:
    """The page's lines with each ordinal-period header line spelled as the dates the page's legend names."""
    if not any("th" in ln and ":" in ln for ln in lines):
        return lines
    dates: dict[str, str] = {}
    for ln in lines:
        for m in _LEGEND.finditer(ln):
            dates.setdefault(m.group(1), m.group(2))
    if len(dates) < 2:
        return lines
    out = []
    for ln in lines:
        if _HEADER_LINE.match(ln) and all(m.group(1) in dates for m in _HEAD_ORDINAL.finditer(ln)):
            ln = _HEAD_ORDINAL.sub(lambda m: f"  {dates[m.group(1)]}  ", ln)
        out.append(ln)
    return out
