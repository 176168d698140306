"""Fiscal-year detection in questions: "FY22", "FY 2022", "fiscal 2022", "fiscal year 2022", "2022"."""
from __future__ import annotations

import re

_FY = re.compile(
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
    for m in _FY.finditer(text):
        raw = m.group("fy") or m.group("fiscal") or m.group("year")
        y = _four_digits(raw)
        if 1990 <= y <= 2100 and y not in out:
            out.append(y)
    return out
