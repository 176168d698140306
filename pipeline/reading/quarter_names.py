"""A year alone over a line of quarter names, as quarterly-data notes print each year's block:

    2093
    Fourth Quarter Third Quarter Second Quarter First Quarter
    Net interest income 80,783 79,085 76,453 75,159

Each quarter's column is that year's quarter: the names line is read as "Q4 2093 Q3 2093 Q2 2093 Q1 2093" and the year's
line left empty (line numbers stay the page's). The year may be said "Fiscal 2093" or "Fiscal Year 2093"; the names
"First Quarter", "1st Quarter", "Q1" or "1Q", in any order. A line naming anything else is left as printed.

A quarter named with its year in two digits beside the full years, as earnings releases print their highlights
("4Q93 4Q92 Var. 2093 2092 Var.", "Q4 22 Q4 21 2022 2021", Portuguese "4T93"), is read "Q4 2093": the line's full years
give the century."""
from __future__ import annotations

import re

_YEAR_LINE = re.compile(r"(?i)^\s*(?:fiscal\s+(?:year\s+)?|fy\s?)?((?:19|20)\d{2})\s*$")
_NAME = re.compile(r"(?i)\b(?:(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter|q([1-4])|([1-4])q)\b")
_NUMBER = {"first": "1", "second": "2", "third": "3", "fourth": "4", "1st": "1", "2nd": "2", "3rd": "3", "4th": "4"}


def read(lines: list[str]) -> list[str]:
    out = [short_years(ln) for ln in lines]
    lines = out[:]
    for i in range(len(lines) - 1):
        year = _YEAR_LINE.match(lines[i])
        names = list(_NAME.finditer(lines[i + 1]))
        if not year or len(names) < 2 or _NAME.sub("", lines[i + 1]).strip():
            continue
        quarters = [_NUMBER.get((m.group(1) or "").lower()) or m.group(2) or m.group(3) for m in names]
        if len(set(quarters)) != len(quarters):
            continue
        out[i], out[i + 1] = "", " ".join(f"Q{q} {year.group(1)}" for q in quarters)
    return out


_SHORT = re.compile(r"(?i)\b(?:([1-4])[qt]\s?['’]?(\d{2})|q([1-4])\s?['’]?(\d{2}))\b(?![.,/]\d)")
_FULL_YEAR = re.compile(r"(?<!\d)((?:19|20)\d{2})(?!\d)")


def short_years(line: str) -> str:
    """`line` with each quarter named with a two-digit year read in full, where the line prints full years too."""
    years = [int(y) for y in _FULL_YEAR.findall(line)]
    if not years or len(_SHORT.findall(line)) < 2:      # (a header of quarter columns, never a sentence's "Q3 12")
        return line

    def full(m: re.Match) -> str:
        q, yy = m.group(1) or m.group(3), int(m.group(2) or m.group(4))
        year = max(years) // 100 * 100 + yy         # (the century of the latest full year, or the one before it:
        return f"Q{q} {year - 100 if year > max(years) + 1 else year}"     # "4Q99" beside 2000 is 1999)
    return _SHORT.sub(full, line)
