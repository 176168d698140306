"""Which day a balance is asked at and which day a row prints it at: the balance a year closes with ("at end of year",
"at 31 December 2041", "closing") against the one it opens with ("at 1 January", "at beginning of year", "opening"),
read off the question and off the row's own label or its column's date."""
from __future__ import annotations

import re
from datetime import date
from functools import lru_cache

from pipeline.core import months
from pipeline.core.months import MON
from pipeline.question import dated_years
from pipeline.question.figure_ask import Ask, says
from pipeline.stores.facts import StoredFact

# a balance asked at a date ("at end of 2055", "as of December 31", "year-end")
AT_A_DATE = re.compile(rf"(?i)(?<!ending )(?<!ended )\b(at|as of|as at|on)\s+(the\s+)?(end\b|year[- ]end|{MON}\s+\d{{1,2}}\b|\d{{1,2}}\s+{MON}(?!\w)|"
                       r"\d{1,2}[/.]\d{1,2}[/.](?:19|20)\d{2}\b)|"
                       r"\byear[- ]end\b|\bend of\b")


def printed_ends(cands: list[StoredFact]) -> frozenset:
    """The dates the balance sheet's columns are dated at (for `another_date`; a note's quarter-end is not one)."""
    return frozenset(f.period_end for f in cands if f.period_end is not None and f.statement == "balance" and
                     not f.secondary)


def another_date(ask: Ask, f: StoredFact, ends: frozenset = frozenset()) -> bool:
    """The question asks a balance at a date the column is not ("NAV per share at September 30" of a company whose
    year ends on March 31: a quarter-end the report does not print); two weeks apart at most is the same year-end
    (a 52/53-week year ends near its calendar date). An undated column ("Balance Sheet Data (at year end)" / "2096")
    is at a date the report's dated columns print (`ends`), never one none of them is."""
    asked, own = _full_dates(ask.question), _row_date(f)
    near = [e for e in ends for a in asked if abs(e.year - a.year) <= 1]
    if near and not own and not _full_dates(f.column_header) and f.period_end is None and \
            all(abs((a - e).days) > 14 for a in asked for e in near):
        return True
    # (a row's own date before its column's, "at 1 January"; the column's end where its header dated it in parts:
    # "December 31," over "2096 2095")
    printed = own or _full_dates(f.column_header) or ((f.period_end,) if f.period_end is not None else ())
    if _OPENING.search(f.label) and not says(_OPENING, ask.question) and not (asked and own):
        return True     # "Cash at beginning of year", "at 1 April": the balance a year opens with is the year before's
    if says(_AT_A_FIRST_DAY, ask.question) and not printed and not _OPENING.search(f.label):
        return True     # "cash at 1 January 2066" asks the balance the year opens with: never a closing row of that year
    return bool(asked and printed) and all(abs((a - p).days) > 14 for a in asked for p in printed)


def _row_date(f: StoredFact) -> tuple:
    """The date a balance row of a calendar-year column names of itself: "... at 31 December" (a month's last days)
    in the year's column, "... at 1 January" / "at January 1" in the year's column (the year it opens); () when the
    row names no date or its year cannot be told ("at 1 July" opens a year that began the calendar year before)."""
    if (m := _ROW_DAY.search(f.label)) is None:
        return ()
    day, month = int(m.group(1) or m.group(4)), months.number(m.group(2) or m.group(3))
    if month is None or not (day == 1 and month == 1 or _DATED_ROW.search(f.label)):
        return ()
    try:
        return (date(f.fiscal_year, month, day),)
    except ValueError:
        return ()


_ROW_DAY = re.compile(rf"(?i)\bat\s+(?:(\d{{1,2}})(?:st|th)?\s+({MON})|({MON})\s+(\d{{1,2}})(?:st|th)?)(?![\w,])(?!\s*\d)")


# a balance as a year or period opens ("at beginning of year", "at the start of the period", "at the start of fiscal
# 2041", "opening", "brought forward",
# "at 1 March" / "at January 1" with no year after it: the first day of a year that ends on a month's last day)
_OPENING = re.compile(rf"(?i)\b(?:beginning|start)\s+of\s+(?:the\s+)?(?:(?:financial\s+|fiscal\s+)?(?:year|period)\b|"
                      rf"(?:financial\s+|fiscal\s+|FY\s?'?)(?:(?:19|20)\d{{2}}|\d{{2}})\b)|"
                      rf"\bopening\b|\bbrought\s+forward\b|\bb/f\b|"
                      rf"\bat\s+(?:1(?:st)?\s+{MON}|{MON}\s+1(?:st)?)(?![\w,])(?!\s*\d)|"
                      # (in figures, day first, no year: "Cash and cash equivalents at 1.1.", "at 01.07.")
                      r"\bat\s+0?1\.(?:0?[1-9]|1[0-2])\.(?!\d)")
# a balance asked as a year or period closes ("at end of year", "year-end", "closing"), and a row printed so
_CLOSING = re.compile(r"(?i)\bend\s+of\s+(?:the\s+)?(?:financial\s+|fiscal\s+)?(?:year|period)\b|\byear[- ]end\b|"
                      r"\bclosing\b|\bcarried\s+forward\b")


# a balance asked at a month's first day ("at 1 January 2066", "as of July 1, 2066"), not a period ending on one
_AT_A_FIRST_DAY = re.compile(rf"(?i)\b(?:at|as\s+at|as\s+of|on)\s+(?:the\s+)?(?:1(?:st)?\s+{MON}|{MON}\s+1(?:st)?,?)\s+"
                             r"(?:19|20)\d{2}\b")
_CLOSE_SAID = re.compile(r"(?i)\bclosing\b|\bclose\s+of\b|\bat\s+(?:the\s+)?close\b")   # (the day, not "closed")
_CLOSING_MEASURE = re.compile(r"(?i)\bclosing\s+(?:(?:exchange|interest|spot|share|stock|unit)\s+)?(?:rates?|prices?)\b")


# a row dated as a month's last days ("at 30 June", "at December 31", "at 28 February"): a year's close, never the
# day a year opens (a 52/53-week year's dates, "at October 2", tell neither)
_DATED_ROW = re.compile(rf"(?i)\bat\s+(?:(?:2[89]|3[01])(?:st|th)?\s+{MON}|{MON}\s+(?:2[89]|3[01]))\b")


def says_closing(ask: Ask, f: StoredFact) -> bool:
    """The question asks the balance a year closes with ("at end of year", "at 30 June 2041") and the row says it is
    that ("Cash and cash equivalents at end of year", "... at 30 June"), over a reconciliation's "Cash and cash
    equivalents" printed below it."""
    return (says(_CLOSING, ask.question) or says(AT_A_DATE, ask.question)) and not _OPENING.search(f.label) and \
        bool(_CLOSING.search(f.label) or _DATED_ROW.search(f.label))


def names_its_day(word: str, f: StoredFact, question: str) -> bool:
    """"Closing" or "opening" asked (stems "close", "open") and said by the row itself: a closing balance is a row dated
    at its year's close ("... at 31 December", "at end of year") or any balance sheet row (not an opening one); an
    opening balance only a row saying so ("at 1 January", "at beginning of year", "Opening ...")."""
    if word == "close":     # ("closing rate", "closing price": a measure of its own, no balance; "homes closed": a
        #                     verb of the business, no day)
        return not _OPENING.search(f.label) and not says(_CLOSING_MEASURE, question) and \
            says(_CLOSE_SAID, question) and (
            f.statement == "balance" or bool(_CLOSING.search(f.label) or _DATED_ROW.search(f.label)))
    return word in _OPENING_WORDS and bool(_OPENING.search(f.label))


def without_its_day(label: str, question: str) -> str:
    """The row's label without the day it dates its balance at, when the question asks the balance of that same day
    ("Cash and cash equivalents, beginning of year" is cash and cash equivalents to "cash at the start of fiscal
    2041"; to "cash at end of 2041" it stays another row)."""
    # (the label first: few rows date themselves, and this runs for every candidate row)
    if (m := _OPENING.search(label)) and says(_OPENING, question) or \
            (m := _CLOSING.search(label)) and (says(_CLOSING, question) or says(AT_A_DATE, question)):
        return (label[:m.start()] + label[m.end():]).strip(" ,")
    return label


# (the words a question asks an opening balance with: "opening cash", "cash at the start of fiscal 2041")
_OPENING_WORDS = frozenset({"open", "start", "begin"})


@lru_cache(maxsize=1024)
def _full_dates(text: str) -> tuple:
    """The full dates `text` writes out (not a year added after one: "March 31, 2037 and 2036")."""
    return tuple(d for d, start, end in dated_years.dates_in(text) if end - start > 4)


# a summary's balance sheet section ("Balance Sheet Data (at year end)", "At year-end"): year-end balances
_BALANCE_DATA = re.compile(r"(?i)\bbalance\s+sheet\b|\b(?:at|as\s+of)\s+(?:the\s+)?(?:fiscal\s+)?year[- ]end\b")


def year_end_row(f: StoredFact) -> bool:
    """A balance at the year's end: a balance sheet row, or a summary's balance sheet section's."""
    return f.statement == "balance" or bool(_BALANCE_DATA.search(f"{f.label_path} {f.table_title}"))
