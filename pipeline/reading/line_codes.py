"""A line-code column between the label and the figures, as Vietnamese (VAS forms B01-B03) and some Chinese and
Taiwanese statements print one ("ITEMS Code Note 2031 2030" over "I. Cash and cash equivalents 110 V.1 204,118
188,406"), and the statutory forms of the former Yugoslav states ("Item AOP Note 2088 2087" over "C. OPERATING PROFIT
(1001-1018) >= 0 1030 788.460 697.990"): the code, the note reference after it ("V.1", "5"), the line's formula over
codes and the item's numbering before the label ("I.", "1.", "P.") are no words of the label. Read only on a page
whose header names the code column.

An account code before the label, as Taiwanese and Chinese statements print one under a "Code" heading ("Code ASSETS
Amount %" over "1100 Cash and cash equivalents $ 1,032,490 11", "11XX Total current assets", "A10000 Income before
income tax", "AAAA Net cash generated from operating activities"), is no word of the label either."""
from __future__ import annotations

import re

_CODE_HEADER = re.compile(r"(?i)^\s*(?:[a-z]+\s+)?(?:code|aop)\b(?:\s+notes?\b)?\s+(?:year\s+)?(?:(?:19|20)\d{2}|current|closing|"
                          r"\d{1,2}[/.])")     # (or "ITEMS Code Note Year 2090 Year 2089")
# "... label 110 V.1 280,466 ..." / "... label 141 1,284,306 ..." / "... label 1009 5 6.384.215 ...": the code (and a
# note reference) before the figures
_CODE = re.compile(r"(?<=[A-Za-z)])\s+\d{2,4}(?:\s+(?:[IVX]{1,4}\.\d{1,2}[a-z]?|\d{1,2}[a-z]?(?=\s+\(?-?\d)))?"
                   r"(?=\s+(?:\(?-?\d[\d,.]*\)?|-)(?:\s|$))")
_NUMBERING = re.compile(r"^\s*(?:(?:[IVX]{1,4}|[A-Z]|\d{1,2})\.|\d{1,2}\.\d{1,2}\.?)\s+(?=[A-Z])")   # (or "18.1")


# the line's formula over codes ("(10 = 01 - 02)", "(30 = 20 + (21 - 22))", "{30 = 20 + (21 - 22) + 24}", "(1001-1018) >= 0", "(1023 to 1029)") and a
# figures line's leading code
_FORMULA = re.compile(r"[({]\s*\d{2,3}\s*=\s*[\d\s+\-*/()]+[)}]|\(\s*\d{4}(?:\s*(?:[+\-]|to)\s*\d{4})+\s*\)(?:\s*>=\s*0)?")
_LEADING_CODE = re.compile(r"^\s*\d{2,3}(?=(?:\s+\(?-?\d{1,3}(?:,\d{3})+\)?){2,}\s*$)")


# the codes column's heading first on a header line ("Code ASSETS Amount % Amount %", "Code 2088 2087", "Code Amount %")
_ACCOUNT_HEADER = re.compile(r"^\s*Code\s+(?=[A-Z][A-Z ,&]+(?:\s+Amount\b|$)|Amount\b|(?:19|20)\d{2}\s+(?:19|20)\d{2}\s*$)")
# an account code before a label (or before an unlabelled total's figures, never a year's): four digits, a class's
# total with its places as X ("11XX", "1XXX"), a cash-flow line's letter and digits ("A10000", "B02700") or a section
# total's four letters ("AAAA")
_ACCOUNT = re.compile(r"^\s*(?:\d{4}|\d{1,3}X{1,3}|[A-H]\d{5}|([A-H])\1{3})\s+(?=[A-Za-z(]|\$\s*\(?\d)|"
                      r"^\s*(?!19|20)\d{4}\s+(?=\(?\d{1,3},\d{3})")
# (a header line's year is no code: "2091 Amount % 2090 Amount %")
_HEADER_REST = re.compile(r"(?i)^\s*(?:amount|%|(?:19|20)\d{2}|notes?|\s)+$")


def _account_codes(lines: list[str]) -> list[str]:
    """`lines` without the account codes before their labels, on a page whose header heads the codes "Code" and
    where three lines or more print one."""
    if not any(_ACCOUNT_HEADER.match(ln) for ln in lines) or sum(bool(_ACCOUNT.match(ln)) for ln in lines) < 3:
        return lines
    return [_ACCOUNT_HEADER.sub("", ln if _HEADER_REST.match(rest) else rest)
            for ln in lines for rest in [_ACCOUNT.sub("", ln)]]


def read(lines: list[str]) -> list[str]:
    lines = _account_codes(lines)
    if not any(_CODE_HEADER.search(ln) for ln in lines):
        return lines
    # (the labels' column caption before the code's, "ITEMS Code Note ...", is no word of the header)
    return [_LEADING_CODE.sub("", _NUMBERING.sub("", _CODE.sub("", _FORMULA.sub(" ", ln)))).strip()
            if not _CODE_HEADER.search(ln) else re.sub(r"(?i)^\s*[a-z]+\s+(?=(?:code|aop)\b)", "", ln) for ln in lines]
