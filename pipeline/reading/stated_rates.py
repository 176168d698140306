"""A dividend's rate stated in its row's label: "Proposed final dividend for the year ended 31 December 2030 of 12.5p
(2029: 11.0p) per share 51.5 45.2", "Final dividend for 2030: 45 cents per share (fully franked)". The row's figures
are the amounts paid (read as money); the rate is that dividend's figure per share for the year the label names, and
the bracketed one the prior year's. Read only when the label names the year its dividend is for: a rate in a row of
dividends paid in the year may be the previous year's final dividend.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from pipeline.question.units import RATE, without_stated_rate

# (the prior year's rate in brackets before "per share" or after it: "12.1 cent per Ordinary Share (2060: 11.0 cent)")
_PRIOR = r"\s*\(\s*(?P<{y}>(?:19|20)\d{{2}})\s*:\s*(?P<{r}>{rate})\s*\)"
_STATED = re.compile(rf"(?i)(?:\bof|\bat|[:–—-]|\bproposed|\bdeclared|\brecommended)\s*(?P<rate>{RATE})(?:{_PRIOR.format(y='pyear', r='prate', rate=RATE)})?"
                     rf"\s+(?:per|a)\s+(?:ordinary\s+|common\s+)?share\b(?:{_PRIOR.format(y='pyear2', r='prate2', rate=RATE)})?")
# the year the dividend is for: "for the year ended 31 December 2030", "for the year to 30 June 2030", "for 2030",
# "2030 final dividend" (the phrase is no word of the dividend's name)
_FOR_YEAR = re.compile(r"(?i)\s*\bfor\s+(?:the\s+)?(?:(?:financial|fiscal)\s+)?(?:(?:year|period)\s+(?:ended|ending|to)\s+"
                       r"(?:\d{1,2}\s+[a-z]+\s+|[a-z]+\s+\d{1,2},?\s+)?|5[23]\s+weeks\s+(?:ended|ending|to)\s+"
                       r"(?:\d{1,2}\s+[a-z]+\s+|[a-z]+\s+\d{1,2},?\s+)?|year\s+)?(?P<year>(?:19|20)\d{2})\b|"
                       r"\b(?P<lead>(?:19|20)\d{2})\s+(?=interim|final|special)|"
                       r"\bin\s+respect\s+of\s+(?:the\s+)?(?:(?:financial|fiscal)\s+year\s+(?:ended\s+\d{1,2}\s+[a-z]+\s+)?|FY\s?)?"
                       r"(?P<respect>(?:19|20)\d{2})\b|"
                       r"(?:(?<=interim)|(?<=final))\s+(?P<after>(?:19|20)\d{2})\b(?=\s*[-–—]?\s*(?:proposed|declared|paid)?\b)")
_DIVIDEND = re.compile(r"(?i)\bdividends?\b")
# a dividend put forward for the year just ended: its year is the one after the bracketed comparative's
_PUT_FORWARD = re.compile(r"(?i)\b(?:proposed|declared|recommended|determined)\b")
# ... or under a heading saying so of the year's dividends ("Dividends declared for the financial year:"; never
# "declared during the year", which may be the prior year's final)
_FOR_THE_YEAR = re.compile(r"(?i)\b(?:declared|proposed|recommended)\s+(?:in\s+respect\s+of|for)\s+the\s+"
                           r"(?:(?:financial|fiscal)\s+)?year\b")
_PAID = re.compile(r"(?i)\bpaid\b")    # ("Dividends paid and proposed for the year": a rate paid may be last year's)
_PREFERENCE = re.compile(r"(?i)\bpreference\b|\bpreferred\b")


@dataclass(frozen=True)
class StatedRate:
    label: str              # "Proposed final dividend per share"
    year: int               # the year the label names (a calendar or fiscal year as printed)
    printed: str            # "12.5p"
    value: Decimal
    minor: str | None       # "pence" | "cents" | "sen" | ... (cells.MINOR_UNITS) | None (in the currency's units)


def stated_rates(label: str, path: str) -> list[StatedRate]:
    """The per-share rates a dividend row's label states for the year it names, and the prior year's in brackets."""
    m = _STATED.search(label)
    if m is None or not (_DIVIDEND.search(label) or _DIVIDEND.search(path)) or _PREFERENCE.search(f"{path} {label}"):
        return []           # (a preference share's coupon is no ordinary dividend per share)
    y = _FOR_YEAR.search(label)
    pyear, prate = m.group("pyear") or m.group("pyear2"), m.group("prate") or m.group("prate2")
    put_forward = _PUT_FORWARD.search(label) or _FOR_THE_YEAR.search(path) and not _PAID.search(path)
    if y is None and (pyear is None or not put_forward):
        return []       # (a rate paid in the year beside last year's, "Final dividend of 6.0p (2060: 5.5p)", is whose?)
    # (no year named, the prior year's rate beside it: "Proposed final - 8.0 HK cents (2060: 7.5 HK cents)" is 2061's)
    year = int(y.group("year") or y.group("lead") or y.group("after") or y.group("respect")) if y is not None \
        else int(pyear) + 1
    rest = f"{label[:y.start()]} {label[y.end():]}" if y is not None else label
    core = re.sub(r"\([^)]*\)|:", " ", without_stated_rate(rest))  # "(fully franked)"
    core = re.sub(r"\s+", " ", re.sub(r"(?i),?\s*\b(?:paid|payable)\s+on\b.*$", "", core)).strip(" ,-–—")
    core = core if _DIVIDEND.search(core) else f"{core} dividend".strip()
    name = f"{core[:1].upper()}{core[1:]} per share"
    out = [_rate(name, year, m.group("rate"))]
    if pyear and int(pyear) == year - 1:
        out.append(_rate(name, year - 1, prate))
    return [r for r in out if r is not None]


def _rate(name: str, year: int, printed: str) -> StatedRate | None:
    number = re.search(r"\d+(?:\.\d+)?", printed)
    if number is None:
        return None
    low = printed.lower()
    other = re.search(r"\d\s?(sen|paise|fils|kobo|centimes?)$", low)
    minor = "cents" if re.search(r"\bcents?$", low) else "pence" if re.search(r"\d\s?(?:p|pence)$", low) else \
        ("centimes" if other.group(1).startswith("centime") else other.group(1)) if other else None
    return StatedRate(name, year, printed.strip(), Decimal(number.group(0)), minor)
