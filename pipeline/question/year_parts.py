"""The part of a year a question asks (a quarter, a half) and whether a text names that very part."""
from __future__ import annotations

import re

from pipeline.core import months
from pipeline.question.dated_years import dates_in

# a part of the year asked ("Q4 revenue", "fourth-quarter sales", "first-half profit", "the six months to June"); a
# quarter's dividend is one of the year's dividends instead (its own rule)
# (a year may be run into it: "2H61", "Q4FY61", "H1'62"; a product's number is none: "H100", "Q400")
_RUN_IN = r"(?:\b|(?=(?:fy|')\d{2}(?:\d{2})?\b)|(?<=[12]h)(?=\d{2}\b)|(?<=[1-4]q)(?=\d{2}\b))"
# (the quarter first, as analysts write it: "3Q FY87", "4Q92"; or named by its end: "the quarter ended March 2090")
_ENDED = rf"\s+(?:ended|ending|to)(?:\s+(?:{months.MON}\s+(?:\d{{1,2}},?\s+)?(?:19|20)\d{{2}}|\d{{1,2}}\s+{months.MON},?\s+(?:19|20)\d{{2}}))?"
PART_OF_YEAR = re.compile(rf"(?i)\bq[1-4]{_RUN_IN}|\b[1-4]q{_RUN_IN}|\b(?:quarter|three[- ]months?){_ENDED}\b|\b(?:first|second|third|fourth|final|last|1st|2nd|3rd|4th)[- ]quarter\b|"
                          rf"\b(?:three|six|nine|3|6|9)[- ]months?\b|\bh[12]{_RUN_IN}|\b[12]h{_RUN_IN}|"
                          r"\b(?:first|second)[- ]half\b|\bhalf[- ]year\b")


def part_of_year(question: str) -> str:
    """The quarter or half a question asks ("q4", "fourth-quarter", "first half"), lower case; "" for a year."""
    m = PART_OF_YEAR.search(question)
    return m.group(0).lower().replace("-", " ") if m else ""


# each quarter and half as a report names it, for a text to name the very part asked ("Q4", "fourth quarter")
_PART_NAMES = {"1": r"q1|1q|first quarter|1st quarter", "2": r"q2|2q|second quarter|2nd quarter",
               "3": r"q3|3q|third quarter|3rd quarter", "4": r"q4|4q|fourth quarter|4th quarter|final quarter|last quarter",
               "h1": r"h1|1h|first half|six months", "h2": r"h2|2h|second half"}


def parts_named(text: str) -> set[str]:
    """Every quarter ("1".."4") and half ("h1", "h2") `text` names."""
    return {k for k, v in _PART_NAMES.items() if re.search(rf"(?i)\b(?:{v}){_RUN_IN}", text)}


def part_end(part: str) -> tuple[int, int] | None:
    """(year, month) of a quarter named by its end ("quarter ended March 31, 2089", "the three months to June 2090")."""
    found = dates_in(part)
    return (found[0][0].year, found[0][0].month) if found else None


def part_key(part: str) -> str | None:
    """"1".."4" for a quarter asked, "h1"/"h2" for a half; None for a part not told apart ("the quarter ended ...")."""
    return next((k for k, v in _PART_NAMES.items() if re.fullmatch(v, part)), None)


def names_part(part: str, text: str) -> bool:
    """`text` names the very quarter or half `part` (as `part_of_year` reads it), not any part of the year."""
    key = part_key(part)
    return key is not None and bool(re.search(rf"(?i)\b(?:{_PART_NAMES[key]}){_RUN_IN}", text))


def ends_the_year(part: str) -> bool:
    """The part of the year ends where the year does (its closing balances are the year-end's): Q4, the second half."""
    return bool(re.fullmatch(r"q4|4q|(?:fourth|final|last|4th) quarter|h2|2h|second half", part))
