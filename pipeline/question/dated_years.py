"""A question that names a balance date ("merchandise inventories as of February 2, 2036", "net assets at 31 March
2037") asks the fiscal year that ends on that date, as the filer names it: a retailer's fiscal 2035 ends on February
2, 2036, a Japanese filer's fiscal 2036 may end on March 31, 2037. The date's calendar year is that fiscal year only
for a filer whose years are named by the year they end in.

Read from the company's own reports: the fiscal year of a report whose period ends within ten days of the date, else
the date's year shifted as the company's reports shift theirs (the offset between a report's fiscal year and the
calendar year its period ends in), when the date falls within ten days of that report's month and day."""
from __future__ import annotations

import calendar
import re
from datetime import date
from pipeline.core import months

_MON = months.MON_CAPTURED
_MDY = re.compile(rf"(?i)\b{_MON}\s+(\d{{1,2}}),?\s+((?:19|20)\d{{2}})\b")      # February 2, 2036
_DMY = re.compile(rf"(?i)\b(\d{{1,2}})(?:st|nd|rd|th)?\s+{_MON},?\s+((?:19|20)\d{{2}})\b")   # 2 February 2036
# a year-end named by its month alone ("the year ended March 2093", "as at June 2098"): the month's last day
_MY = re.compile(rf"(?i)\b(?:ended|ending|from|to|at|as\s+of|end\s+of|between|and)\s+{_MON},?\s+((?:19|20)\d{{2}})\b")
_AND_YEAR = re.compile(r"\s*(?:and|&|,)\s*((?:19|20)\d{2})\b")
_SLACK = 10      # days: a 52/53-week year ends on a weekday near its month end


def dates_in(text: str) -> list[tuple[date, int, int]]:
    """(date, start, end) of each full date the text names."""
    out = []
    for m in _MDY.finditer(text):
        out.append((m, int(m.group(3)), months.number(m.group(1)), int(m.group(2))))
    for m in _DMY.finditer(text):
        out.append((m, int(m.group(3)), months.number(m.group(2)), int(m.group(1))))
    for m in _MY.finditer(text):
        y, mo = int(m.group(2)), months.number(m.group(1))
        if mo:
            out.append((m, y, mo, calendar.monthrange(y, mo)[1]))
    got = []
    for m, y, mo, d in out:
        try:
            got.append((date(y, mo, d), m.start(), m.end()))
            also = _AND_YEAR.match(text, m.end())      # "as of March 31, 2037 and 2036": the same day a year apart
            if also:
                got.append((date(int(also.group(1)), mo, d), also.start(1), also.end(1)))
        except ValueError:
            continue
    return sorted(got, key=lambda g: g[1])


def fiscal_year_of(day: date, periods: list[tuple[int, date]]) -> int | None:
    """The fiscal year ending on `day` by the company's reports (`periods`: (fiscal year, period end)), or None."""
    for fy, end in periods:
        if abs((day - end).days) <= _SLACK:
            return fy
    for fy, end in periods:
        try:
            same = end.replace(year=day.year)
        except ValueError:          # 29 February
            same = end.replace(year=day.year, day=28)
        for cand in (same, same.replace(year=same.year - 1), same.replace(year=same.year + 1)):
            if abs((day - cand).days) <= _SLACK:
                return cand.year + (fy - end.year)
    return None


def remap(text: str, years: list[int], periods: list[tuple[int, date]]) -> list[int]:
    """`years` read from `text` with each year named only inside a full date replaced by the fiscal year ending on
    that date (unchanged where the company's reports do not tell)."""
    found = dates_in(text)
    if not found or not periods:
        return years
    rest = text
    for _, a, b in reversed(found):
        rest = rest[:a] + " " * (b - a) + rest[b:]
    mapped: dict[int, int] = {}
    for day, _, _ in found:
        fy = fiscal_year_of(day, periods)
        if fy is not None and not re.search(rf"\b{day.year}\b", rest):      # (the year is also named on its own)
            mapped[day.year] = fy
    return list(dict.fromkeys(mapped.get(y, y) for y in years))
