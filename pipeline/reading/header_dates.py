"""A header's month-days printed on one line over its years on the next, as US retailers' and 52/53-week filers'
statements print them:

    Fiscal Year Ended
    January 31, February 1, February 2,
    2037 2036 2035

Each month-day belongs to the year below it, in order ("January 31, 2037", "February 1, 2036", ...): read together,
the first column would take the last month-day and the others none."""
from __future__ import annotations

import re

_MONTH = (r"(?:January|February|March|April|May|June|July|August|September|October|November|December|"
          r"Jan\.?|Feb\.?|Mar\.?|Apr\.?|Jun\.?|Jul\.?|Aug\.?|Sept?\.?|Oct\.?|Nov\.?|Dec\.?)")
_MONTH_DAY = re.compile(rf"({_MONTH}\s+\d{{1,2}}),?")
_DAYS_LINE = re.compile(rf"\s*(?:{_MONTH}\s+\d{{1,2}},?\s*){{2,}}")
_YEARS_LINE = re.compile(r"\s*(?:(?:19|20)\d{2}\s*){2,}")


def paired(lines: list[str]) -> list[str]:
    """`lines` with a line of month-days and the line of as many years below it joined into one dated line."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        ln = lines[i]
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if _DAYS_LINE.fullmatch(ln) and _YEARS_LINE.fullmatch(nxt):
            days, years = _MONTH_DAY.findall(ln), nxt.split()
            if len(days) == len(years):
                out.append(" ".join(f"{d}, {y}" for d, y in zip(days, years)))
                i += 2
                continue
        out.append(ln)
        i += 1
    return out
