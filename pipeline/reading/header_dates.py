"""A header's month-days printed on one line over its years on the next, as US retailers' and 52/53-week filers'
statements print them:

    Fiscal Year Ended
    January 31, February 1, February 2,
    2037 2036 2035

Each month-day belongs to the year below it, in order ("January 31, 2037", "February 1, 2036", ...): read together,
the first column would take the last month-day and the others none. A column's period printed as a range of dates,
"FY2060 (April 1, 2060 - March 31, 2061)", or named with its closing date, "FY2061 (As of March 31, 2062)", is one
column dated by its end (`by_end_dates`): the filing's calendar names it, as it names every other dated column and
note, so a label naming the year it starts and a note dated by its end agree."""
from __future__ import annotations

import re

from pipeline.core import months
from pipeline.core.months import DATE

_MONTH = (r"(?:January|February|March|April|May|June|July|August|September|October|November|December|"
          r"Jan\.?|Feb\.?|Mar\.?|Apr\.?|Jun\.?|Jul\.?|Aug\.?|Sept?\.?|Oct\.?|Nov\.?|Dec\.?)")
_MONTH_DAY = re.compile(rf"({_MONTH}\s+\d{{1,2}}),?")
_DAYS_LINE = re.compile(rf"\s*(?:{_MONTH}\s+\d{{1,2}},?\s*){{2,}}")
# the same printed day first ("31 August 31 August 1 September" over "2090 2089 2088"), as most reports outside the US
_DAY_MONTH = re.compile(rf"(\d{{1,2}}\s+{_MONTH})(?![\w.])")
_DAY_MONTHS_LINE = re.compile(rf"\s*(?:\d{{1,2}}\s+{_MONTH}\s*){{2,}}")
_YEARS_LINE = re.compile(r"\s*(?:(?:19|20)\d{2}\s*){2,}")


def split_year_end(first: int, second: int) -> int | None:
    """The year a fiscal year named by both its calendar years ends ("2023/24", "2099/00": 2024, 2100), or None when
    the two are not consecutive ("2023-25")."""
    return first + 1 if (first + 1) % 100 == second else None


# words of a header's caption before its first date: units and the notes column ("in € million Note", "€m Notes")
_LEAD = re.compile(r"(?i)^\s*(?:(?:in|notes?|note\(s\)|[a-z]{0,3}[$£€¥]\s?(?:m|mn|bn|'?000)?|(?:[a-z]{3}\s)?(?:millions?|"
                   r"thousands?|billions?)|of)\s+)+(?=\d{1,2}\s|[A-Z][a-z]+\s+\d)")


def paired(lines: list[str]) -> list[str]:
    """`lines` with a line of month-days (or day-months) and the line of as many years below it joined into one
    dated line."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        ln = lines[i]
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        # (the caption of the labels' column may open the line: "in € million Note 31 December 31 December 1 January")
        lead = _LEAD.match(ln)
        rest = ln[lead.end():] if lead else ln
        if (_DAYS_LINE.fullmatch(rest) or _DAY_MONTHS_LINE.fullmatch(rest)) and _YEARS_LINE.fullmatch(nxt):
            us = bool(_DAYS_LINE.fullmatch(rest))
            days, years = (_MONTH_DAY if us else _DAY_MONTH).findall(rest), nxt.split()
            if len(days) == len(years):
                out.append((lead.group(0) if lead else "") +
                           " ".join(f"{d}, {y}" if us else f"{d} {y}" for d, y in zip(days, years)))
                i += 2
                continue
        out.append(ln)
        i += 1
    return out


def without_stacked_starts(lines: list[str]) -> list[str]:
    """`lines` with a line printing only each column's first day over a line of its last days (`_starts_over_ends`)
    read as the last days and the notes column's caption, the table's caption beside them dropped: the period is
    dated by its end, as a range printed on one line is ("01.01.2091 01.01.2090" / "Statement Note 31.12.2091
    31.12.2090" as "Note 31.12.2091 31.12.2090")."""
    out = list(lines)
    for i in range(len(out) - 1):
        if _starts_over_ends(out[i], out[i + 1]):
            note = re.search(r"(?i)\b(?:notes?|nota|notas)\s*(?=\d{1,2}[./-])", out[i + 1])
            out[i] = (f"{note.group(0).strip()} " if note else "") + \
                " ".join(m.group(0) for m in _NUMERIC_DAY.finditer(out[i + 1]))
            out[i + 1] = ""
    return out


# a date in figures, day first ("01.01.2091", "1/4/2090", "31-12-2091")
_NUMERIC_DAY = re.compile(r"(?<![\w./-])(?P<d>\d{1,2})[./-](?P<m>\d{1,2})[./-](?P<y>(?:19|20)\d{2})(?![\w./-])")


def _starts_over_ends(line: str, nxt: str) -> bool:
    """`line` prints each column's first day ("01.01.2091 01.01.2090") over `nxt` printing as many last days, a later
    day each ("31.12.2091 31.12.2090"): a period printed as a range split over two lines, dated by its end."""
    starts, ends = list(_NUMERIC_DAY.finditer(line)), list(_NUMERIC_DAY.finditer(nxt))
    return len(starts) >= 2 and len(starts) == len(ends) and all(m.group("d") in ("1", "01") for m in starts) and \
        not _NUMERIC_DAY.sub("", line).strip() and not re.search(r"\d[,.]\d{3}", _NUMERIC_DAY.sub("", nxt)) and all(
            (int(e.group("y")), int(e.group("m"))) > (int(b.group("y")), int(b.group("m"))) for b, e in zip(starts, ends))


_LABEL = r"(?:\bFY\s?'?(?:19|20)?\d{2}|\bfiscal\s+(?:year\s+)?(?:19|20)\d{2}|\b(?:19|20)\d{2})"
# ("FY2060 (April 1, 2060 - March 31, 2061)", "Fiscal 2094 (Year ended March 31, 2095)", "2091 (as at 31 March 2092)")
_DATE_RANGE = re.compile(rf"(?i)(?P<label>{_LABEL}\s*)?\(\s*(?:(?P<start>{DATE})\s*(?:-|\u2013|\u2014|to)|as\s+(?:of|at)|"
                         rf"(?:(?:fiscal|financial)\s+)?year\s+ended)\s*(?P<end>{DATE})\s*\)")
_YEAR_OF = re.compile(r"(19|20)\d{2}")


# a period printed from its first day to its last ("for the period from 01.01.2088 to 31.12.2088", "from 1 January 2088
# to 31 December 2088"): the first day dates no column
_DAY = rf"(?:{DATE}|\d{{1,2}}[./]\d{{1,2}}[./](?:19|20)\d{{2}})"      # ("1 January 2088", "01.01.2088")
_FROM_TO = re.compile(rf"(?i)\bfrom\s+{_DAY}\s+(?:to|until|-|\u2013)\s+(?={_DAY})")


# a year printed as a range of days in figures, its start without a year or with one ("1.1.–31.12.2094",
# "1.7.2093–30.6.2094", Nordic and German reports): the column is the period's, dated by its end
_DAYS_RANGE = re.compile(r"(?<![\w./])(?P<d>\d{1,2})\.(?P<m>\d{1,2})\.(?P<y>(?:19|20)\d{2})?\s*[-\u2013\u2014]\s*"
                         r"(?=(?P<e>\d{1,2})\.(?P<n>\d{1,2})\.(?P<z>(?:19|20)\d{2})\b)")


def _year_of_days(m: re.Match) -> str:
    """The range's start blanked where it runs a year (from the first day of the month after the end's, a year
    before: "1.1.–31.12.2094", "1.7.2093–30.6.2094"), else kept ("1.1.2093–31.12.2094" runs two)."""
    start, end = int(m.group("m")), int(m.group("n"))
    months_run = (int(m.group("z")) * 12 + end) - (int(m.group("y")) * 12 + start) if m.group("y") else None
    a_year = start == end % 12 + 1 and (months_run is None or months_run == 11)
    return " " * len(m.group(0)) if int(m.group("d")) == 1 and a_year else m.group(0)


def without_range_starts(line: str) -> str:
    """`line` with the start of each year printed as a range of days in figures blanked ("1.1.–31.12.2094")."""
    return _DAYS_RANGE.sub(_year_of_days, line)


def by_end_dates(line: str) -> str:
    """`line` with each bracketed period read as its end date ("FY2060 (April 1, 2060 - March 31, 2061)" as
    "March 31, 2061"); a label the line also prints alone ("FY2060" over a translation column) takes the same date.
    Blanks keep every other word where it was."""
    ends: dict[str, str] = {}
    line = _FROM_TO.sub(lambda m: " " * len(m.group(0)), line)
    line = without_range_starts(line)

    def one(m: re.Match) -> str:
        if m.group("start") and not _a_year(m.group("start"), m.group("end")):
            return m.group(0)       # (a half year or a quarter, "(1 January 2061 to 30 June 2061)": not read so)
        if m.group("label"):
            ends[re.sub(r"\W", "", m.group("label")).upper()] = m.group("end")
        return m.group("end").ljust(len(m.group(0)))
    out = _DATE_RANGE.sub(one, line)
    if not ends:
        return out
    return re.sub(rf"(?i){_LABEL}(?![\w,])", lambda m: ends.get(re.sub(r"\W", "", m.group(0)).upper(), m.group(0)), out)


def _a_year(start: str, end: str) -> bool:
    """The range from `start` to `end` (dates as printed) runs about twelve months."""
    def month_of(d: str) -> int:
        y = int(_YEAR_OF.search(d).group(0))
        mon = next((months.number(w) for w in re.findall(r"[A-Za-z]+\.?", d) if months.number(w)), 1)
        return y * 12 + mon
    return 10 <= month_of(end) - month_of(start) <= 12


# years a caption joins in words, in any language ("Al 31 de diciembre de 2094 y 2093", "2022 and 2021"): no column line
_JOINED_YEARS = re.compile(r"(?i)\b(?:19|20)\d{2}\s+(?:and|y|e|et|und|och|og|en|i|&)\s+(?:19|20)\d{2}\b")


def without_joined_years(line: str) -> str:
    return _JOINED_YEARS.sub(" ", line)


# the notes column's word on a column line ("Note 2097 2096"), never a reference ("(Note 4)", "Note 12")
_NOTES_WORD = re.compile(r"(?i)(?<!\()\b(?:notes?|notas?)\b(?!\s*\d{1,2}\b)")


def caption_before_notes(text: str, periods: list[tuple]) -> tuple[str, dict]:
    """A title's date printed on the column line before the notes column's word ("As at 31 December 2097 (EUR'000)
    Note 2097 2096"): the caption's, never a column. `text` with those periods blanked, and their dates by year (none
    where no dated period stands before the word and two or more after it)."""
    m = _NOTES_WORD.search(text)
    before = [p for p in periods if m is not None and p[1] <= m.start()]
    if not before or len(periods) - len(before) < 2 or any(p[3] is None for p in before):
        return text, {}
    for start, end, *_ in before:
        text = text[:start] + " " * (end - start) + text[end:]
    return text, {p[2]: p[3] for p in before}
