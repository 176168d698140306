"""A caption line closing on two or more consecutive years ("Segment sales 2022 2021", "EUR million, unless otherwise
stated 2031 2030 Change"): the years announce a table's columns, with a change column when the line closes on one."""
from __future__ import annotations

import re

from pipeline.core.months import DATE
from pipeline.reading.cells import YEAR
from pipeline.reading.header_dates import split_year_end

# a change column's heading after the years ("Change", "Change %", "% change", "Var. %", "%")
_CHANGE_TAIL = re.compile(r"(?i)(?:\s+(?:%\s*)?(?:change|var\.?|variance)(?:\s*(?:in\s+)?%)?|\s+%)\s*$")


# ("2030/31(1)", a footnote run into the year, stays unread: the note may make it another period, a transition year)
_SPLIT_YEAR = re.compile(r"((?:19|20)\d{2})[/–-](\d{2})")


_FY_LABEL = re.compile(r"(?i)FY\s?'?((?:19|20)\d{2}|\d{2})")
# (or on two or more dates: "Net debt (in millions) December 31, 2061 December 31, 2060", "... 31 March 2061 31 March 2060")
_DATED_TAIL = re.compile(rf"(?i)(?:\s+{DATE}){{2,}}\s*$")


# the last column marked restated after the years ("Group (R'000) 2095 2094 Restated"): no column of its own
_RESTATED_TAIL = re.compile(r"(?i)\s+\(?(?:as\s+)?(?:restated|re-presented)\*?\)?\s*$")


def trailing_years(line: str) -> list[int] | None:
    """The years a caption line closes on (before a change column's heading), or None."""
    line = _RESTATED_TAIL.sub("", line)
    dated = _DATED_TAIL.search(_CHANGE_TAIL.sub("", line))
    if dated and dated.start() > 0:
        line = line[:dated.start()] + " " + " ".join(re.findall(r"(?:19|20)\d{2}", dated.group(0)))
    toks = _CHANGE_TAIL.sub("", line).replace(",", " ").split()
    years: list[int] = []
    for t in reversed(toks):
        split = _SPLIT_YEAR.fullmatch(t)
        end = split_year_end(int(split.group(1)), int(split.group(2))) if split else None
        fy = _FY_LABEL.fullmatch(t)
        if YEAR.match(t):
            years.append(int(t))
        elif fy is not None:    # "FY61 FY60", "FY2061 FY2060": a fiscal year by its label
            years.append(int(fy.group(1)) if len(fy.group(1)) == 4 else 2000 + int(fy.group(1)))
        elif end is not None:   # a year named by both its calendar years ("2030/31"): the year it ends
            years.append(end)
        else:
            break
    years.reverse()
    own = years[:-1] if len(years) >= 3 and years[-1] == max(years[:-1]) else years   # (a translation repeats the latest)
    if len(years) >= 2 and len(set(own)) == len(own) and max(years) - min(years) <= len(years) + 1:
        return years
    return None


def column_line(line: str, years: list[int]) -> str:
    """The years as a header line of their own, with the change column the caption closes on."""
    tail = _CHANGE_TAIL.search(line)
    return " ".join(str(y) for y in years) + (tail.group(0).rstrip() if tail else "")
