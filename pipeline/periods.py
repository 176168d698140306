"""Fiscal-year detection in questions: "FY22", "FY 2022", "fiscal 2022", "fiscal year 2022", "2022"."""
from __future__ import annotations

import re

FY_PATTERN = re.compile(
    r"""(?ix)
    (?:\bFY\s?'?(?P<fy>\d{4}|\d{2})(?:\b|(?=Q\d)))                     # FY2022, FY 2022, FY22, FY'22
    | (?:\bfiscal\s+(?:year\s+)?'?(?P<fiscal>\d{4}|\d{2})\b)   # fiscal 2022, fiscal year 2022, fiscal '22
    | (?:(?<![\d.,$])(?P<year>(?:19|20)\d{2})(?!\d|[,.]\d))   # a bare year; not part of 12,018 or $2019.5
    """
)


def _four_digits(s: str) -> int:
    y = int(s)
    return y if y >= 100 else 2000 + y


def find_years(text: str) -> list[int]:
    """Fiscal years named in `text`, in order of first mention, without duplicates.

    A quarter suffix ("FY2023Q1", "Q2 2023") still names the fiscal year. Numbers that are figures
    ("1,577", "$2019.5 million") are not years.
    """
    out: list[int] = []
    for m in FY_PATTERN.finditer(text):
        raw = m.group("fy") or m.group("fiscal") or m.group("year")
        y = _four_digits(raw)
        if 1990 <= y <= 2100 and y not in out:
            out.append(y)
    return out


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
        if m and base:
            extra = [y for y in resolve(base) if y not in own]
            return (own + extra if own else extra), m.group(0)
    m = _LAST.search(text)
    if m and latest is not None:
        return ([*own, latest] if own and latest not in own else own or [latest]), m.group(0)
    return None
