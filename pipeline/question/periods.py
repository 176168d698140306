"""Fiscal-year detection in questions: "FY22", "FY 2022", "fiscal 2022", "fiscal year 2022", "2022"."""
from __future__ import annotations

import re

from pipeline.core.months import DATE

# How many years before its own a report prints: a 10-K's income statement the two before, a five-year summary
# (annual reports, older 10-Ks' selected financial data) four. A year with no report of its own is read from the first
# later report within this many years.
YEARS_PRINTED_BACK = 4
FY_PATTERN = re.compile(
    r"""(?ix)
    (?:\bFY\s?'?(?P<fy>\d{4}|\d{2})(?:\b|(?=Q\d)))                     # FY2022, FY 2022, FY22, FY'22
    | (?:\bfiscal\s+(?:year\s+)?'?(?P<fiscal>\d{4}|\d{2})\b)   # fiscal 2022, fiscal year 2022, fiscal '22
    | (?:(?<![\d.,$])(?P<year>(?:19|20)\d{2})(?!\d|[,.]\d))   # a bare year; not part of 12,018 or $2019.5
    """
)


def four_digits(s: str) -> int:
    y = int(s)
    return y if y >= 100 else 2000 + y


def find_years(text: str) -> list[int]:
    """Fiscal years named in `text`, in order of first mention, without duplicates.

    A quarter suffix ("FY2023Q1", "Q2 2023") still names the fiscal year. Numbers that are figures
    ("1,577", "$2019.5 million") are not years.
    """
    out: list[int] = []
    for m in FY_PATTERN.finditer(split_years_to_end(text)):
        raw = m.group("fy") or m.group("fiscal") or m.group("year")
        y = four_digits(raw)
        if 1990 <= y <= 2100 and y not in out:
            out.append(y)
    return out


_SPLIT_YEAR = re.compile(r"(?<!\d)((?:19|20)\d{2})\s*[-–/]\s*(\d{2})\b(?![-–/.,]?\d)")
# the same split in two digits each after "FY" ("FY94/95", "FY 94-95"): the year it ends
_SHORT_SPLIT = re.compile(r"(?i)\bFY\s?(\d{2})\s?[-–/]\s?(\d{2})\b(?![-–/.,]?\d)")


def split_years_to_end(text: str) -> str:
    """A fiscal year split over two calendar years ("FY 2034-35", "2034/35") written as the year it ends ("FY 2035"):
    the year the report and the question mean."""
    def end(m: re.Match) -> str:
        start, tail = int(m.group(1)), int(m.group(2))
        return str(start + 1) if (start + 1) % 100 == tail else m.group(0)

    def short(m: re.Match) -> str:
        return f"FY{m.group(2)}" if (int(m.group(1)) + 1) % 100 == int(m.group(2)) else m.group(0)
    return _SPLIT_YEAR.sub(end, _SHORT_SPLIT.sub(short, text))


# a 52/53-week fiscal year ends on the Saturday or Sunday nearest the calendar year's end, so its year-end date may
# fall in the first days of the next January ("As of January 3, 2094" closes fiscal 2093)
# said of a level at that date ("As of January 3, 2094, we employed ..."; never an event "On January 4, 2022, we
# completed ...": a calendar year's subsequent event)
_EARLY_JANUARY = re.compile(r"(?i)\b(?:as\s+of|as\s+at|at)\s+(?:jan(?:uary|\.)?\s+[1-7](?:st|nd|rd|th)?,?\s+|"
                            r"[1-7](?:st|nd|rd|th)?\s+jan(?:uary|\.)?,?\s+)((?:19|20)\d{2})\b")


# a count stated at a date in the months after the year end, as an annual report states its headcount at its filing
# ("As of February 22, 2072, we had 118 full-time employees" in the FY2071 10-K)
_AS_OF_EARLY_MONTHS = re.compile(r"(?i)\bas\s+(?:of|at)\s+(?:(?:january|february|march|april)\s+\d{1,2},?\s+((?:19|20)\d{2})|"
                                 r"\d{1,2}\s+(?:january|february|march|april),?\s+((?:19|20)\d{2}))")


def counted_at_filing(text: str, report_year: int) -> bool:
    """Whether `text` states its count at a date in the first four months after `report_year`: the report's own."""
    return any(int(m.group(1) or m.group(2)) == report_year + 1 for m in _AS_OF_EARLY_MONTHS.finditer(text))


def fiscal_years_of_early_january(text: str) -> set[int]:
    """The fiscal years a date in the first week of January closes (the calendar year before the date's)."""
    return {int(m.group(1)) - 1 for m in _EARLY_JANUARY.finditer(text)}


# Periods named relative to another: the previous turn's year, or the year the same question names.
_BEFORE = re.compile(r"(?i)\b(?:the\s+)?(?:fiscal\s+)?year\s+(?:before|earlier)\b|\b(?:prior|previous|preceding)\s+"
                     r"(?:fiscal\s+)?year\b|\ba\s+year\s+(?:earlier|before)\b|\bone\s+year\s+(?:earlier|before)\b")
_AFTER = re.compile(r"(?i)\b(?:a|one)\s+year\s+later\b|\bthe\s+(?:following|next|subsequent)\s+(?:fiscal\s+)?year\b|"
                    r"\bthe\s+(?:fiscal\s+)?year\s+after\b")
_SAME = re.compile(r"(?i)\b(?:that|the\s+same|same|this)\s+(?:fiscal\s+)?year\b|\bthat\s+period\b")
_LAST = re.compile(r"(?i)\b(?:last|latest|most\s+recent)\s+(?:fiscal\s+)?year\b|\blast\s+fy\b")
RELATIVE = re.compile("|".join(p.pattern.replace("(?i)", "") for p in (_BEFORE, _AFTER, _SAME, _LAST)), re.I)


def relative_years(text: str, anchor: list[int], latest: int | None = None) -> tuple[list[int], str] | None:
    """Years a relative period names, and the phrase: "the year before" / "prior year" -> anchor - 1,
    "a year later" / "the following year" -> anchor + 1, "that year" -> the anchor, "last year" -> `latest`
    (the last fiscal year of the company's filings, never the calendar's). `anchor`: the years the question
    itself names, else the previous turn's. None when nothing relative is named or it cannot be resolved."""
    own = find_years(text)
    base = own or anchor
    for pattern, resolve in ((_BEFORE, lambda b: [min(b) - 1]), (_AFTER, lambda b: [max(b) + 1]),
                             (_SAME, lambda b: list(b))):
        m = pattern.search(text)
        if m and _apposed(text, m):
            continue        # "in the prior year, FY30", "FY2030 (the prior year)": the year named is the one meant
        if m and base:
            extra = [y for y in resolve(base) if y not in own]
            return (own + extra if own else extra), m.group(0)
    m = _LAST.search(text)
    if m and latest is not None and not (own and _apposed(text, m)):    # ("last year (2033)": 2033)
        return ([*own, latest] if own and latest not in own else own or [latest]), m.group(0)
    return None


def prior_to_latest(text: str, latest: int | None) -> tuple[list[int], str] | None:
    """A first question naming "the prior year" and no year: the year before the company's latest report (that
    report's comparative column), and the phrase; None otherwise."""
    m = _BEFORE.search(text)
    if m is None or latest is None or find_years(text) or _apposed(text, m) or _COMPARED_WITH.search(text):
        return None     # ("grew over the prior year", "the prior-year quarter": a comparison or a quarter, not a year)
    return [latest - 1], m.group(0)


_COMPARED_WITH = re.compile(r"(?i)\b(?:grow|grew|growth|chang\w*|compar\w*|increas\w*|decreas\w*|declin\w*|ris[ei]\w*|"
                            r"rose|f[ae]ll\w*|vs\.?|versus|than|over|from|against|quarter\w*|q[1-4])\b")


def _apposed(text: str, m: re.Match) -> bool:
    """The relative period stands beside a year that restates it: "the prior year, FY30", "prior year (2028)", or
    explains the year named in brackets ("FY29 profits attributable to owners (prior year)")."""
    if re.search(r"\(\s*(?:the\s+)?$", text[:m.start()]) and re.match(r"\s*\)", text[m.end():]) and find_years(text):
        return True
    return bool(re.match(rf"(?i)\s*[,(:–—-]?\s*(?:i\.e\.,?\s*|namely\s+)?{_ONE}\b", text[m.end():])
                or re.search(rf"(?i)\b{_ONE}\s*[,(]\s*(?:i\.e\.,?\s*)?(?:the\s+)?$", text[:m.start()]))


# A run of fiscal years named by its ends or its length: "FY2018 to FY2022", "from 2019 through 2021", "between
# FY2019 and FY2022", "FY2018-FY2022", "over the last three years", "the past 5 fiscal years", "since FY2019".
_ONE = r"(?:FY\s?'?(?:\d{4}|\d{2})|fiscal\s+(?:year\s+)?'?(?:\d{4}|\d{2})|(?:19|20)\d{2})"
_SPAN = re.compile(rf"(?i)(?:\b(?:from|for|over)\s+)?(?P<a>\b{_ONE})\s*(?:to|through|thru|until|till|-|–|—)\s*"
                   rf"(?P<b>{_ONE}\b)|\bbetween\s+(?P<c>{_ONE})\s+and\s+(?P<d>{_ONE}\b)")
_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_LAST_N = re.compile(r"(?i)\b(?:(?:over|for|in|during|across)\s+)?(?:the\s+)?(?:last|past|latest|previous|recent|"
                     r"most\s+recent)\s+(?P<n>\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+(?:fiscal\s+)?"
                     r"years\b")
_SINCE = re.compile(rf"(?i)\bsince\s+(?P<a>{_ONE})\b")


def year_span(text: str, latest: int | None = None) -> tuple[list[int], str] | None:
    """The consecutive fiscal years a run names, oldest first, and the phrase naming it; None when none is named.
    "the last three years" and "since FY2019" end at `latest` (the company's latest report, never the calendar's
    year) and need it. A run is at most 30 years; a reversed one ("FY2022 to FY2018") is read oldest first."""
    m = _SPAN.search(text)
    if m:
        ends = [find_years(m.group(k))[0] for k in ("a", "b", "c", "d") if m.group(k) and find_years(m.group(k))]
        if len(ends) == 2 and ends[0] != ends[1] and abs(ends[1] - ends[0]) <= 30:
            lo, hi = sorted(ends)
            return list(range(lo, hi + 1)), m.group(0).strip()
    if latest is None:
        return None
    m = _LAST_N.search(text)
    if m:
        n = int(m.group("n")) if m.group("n").isdigit() else _WORDS[m.group("n").lower()]
        if 1 <= n <= 30:
            return list(range(latest - n + 1, latest + 1)), m.group(0).strip()
    m = _SINCE.search(text)
    if m:
        start = find_years(m.group("a"))[0]
        if start <= latest and latest - start <= 30:
            return list(range(start, latest + 1)), m.group(0).strip()
    return None


def names_span(text: str) -> bool:
    """The text names a run of years (see `year_span`), whatever the latest report is."""
    return year_span(text, latest=2000) is not None or bool(_SINCE.search(text))


_DATED = re.compile(rf"(?i)\b{DATE}")


def names_year(text: str, year: int) -> bool:
    """`text` names `year` as a period, not only inside a date ("the meeting to be held on April 24, 2085" names no
    fiscal 2085)."""
    return bool(re.search(rf"(?<!\d){year}(?!\d)", _DATED.sub(" ", text)))
