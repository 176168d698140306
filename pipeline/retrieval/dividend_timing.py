"""Which year's dividend, and which of its timings, a dividend row is: "Dividend paid during the year" beside
"Dividend proposed for the financial year", "Final dividend for the prior year of 6.0 cents" or "Final dividend for FY
2082-83" printed in the next year's column (the year before's, paid in this one), "Distributions declared per unit"
beside "Distributions paid per unit"."""
from __future__ import annotations

import re

from pipeline.question.figure_ask import Ask, says
from pipeline.retrieval.dividend_parts import PROPOSAL_ASKED
from pipeline.stores.facts import StoredFact

_PAID_IN_YEAR = re.compile(r"(?i)\bdividends?\b.*\bpaid\s+(?:during|in)\s+the\s+(?:financial\s+)?year\b")
_FOR_THE_YEAR = re.compile(r"(?i)\bdividends?\b.*\b(?:proposed|recommended|declared)\s+(?:for|in\s+respect\s+of)\s+the\s+"
                           r"(?:financial\s+)?year\b")
_PRIOR_YEARS_DIVIDEND = re.compile(r"(?i)\b(?:dividends?|distributions?)\b.*\b(?:for|in\s+respect\s+of)\s+the\s+"
                                   r"(?:prior|previous|preceding)\s+(?:financial\s+|fiscal\s+)?year\b")
_PAID_OR_DURING = re.compile(r"(?i)\b(?:paid|during)\b")
_PAID_DISTRIBUTED = re.compile(r"(?i)\b(?:paid|distributed|during)\b")
_DIVIDEND_ROW = re.compile(r"(?i)\b(?:dividends?|distributions?)\b")
_TIMINGS = (re.compile(r"(?i)\bpaid\b"), re.compile(r"(?i)\bdeclared\b"))
_TIMED = re.compile(r"(?i)\b(?:paid|distributed|during|propos\w*|recommend\w*|declared|approved)\b")


def another_dividend(ask: Ask, f: StoredFact, cands: list[StoredFact]) -> bool:
    """The dividend row is another year's or another timing's than the question asks."""
    if not _DIVIDEND_ROW.search(f.label):
        return False
    if _PAID_IN_YEAR.search(f.label) and not says(_PAID_DISTRIBUTED, ask.question) and \
            any(_FOR_THE_YEAR.search(c.label) and c.kind == f.kind for c in cands if c is not f):
        return True     # the dividend paid during the year (the prior year's final): the year's is the one for it
    if says(PROPOSAL_ASKED, ask.question) and not says(_PAID_DISTRIBUTED, ask.question) and _rate_of_a_payment(f, cands):
        return True     # the rate of the dividend paid during the year (the year before's): not the one proposed
    named = _dividend_for(f.label)
    ended = _year_ended(f.label)
    if (_PRIOR_YEARS_DIVIDEND.search(f.label) or named is not None and named < f.fiscal_year or
            ended is not None and ended < (f.period_end.year if f.period_end else f.fiscal_year)) and \
            not says(_PAID_OR_DURING, ask.question):
        return True     # the year before's, paid in this one ("Final dividend for the year ended 31 March 2096")
    named = named if named is not None else ended
    if named is not None and f.doc_fiscal_year and f.fiscal_year < f.doc_fiscal_year:
        return True     # (the year a label names is its latest column's: the comparative's figure is another year's)
    return _other_timing(ask.question, f, cands)   # "distributions paid per unit" asked: not the declared row


def _rate_of_a_payment(f: StoredFact, cands: list[StoredFact]) -> bool:
    """A per-share dividend row saying no timing of its own printed just under its table's "Dividend paid during the
    year" amount ("Final net ordinary dividend paid during the year 1,500,000" / "Net dividend per share (€) 0.020"):
    the rate of that payment, in the same column."""
    if f.kind != "per_share" or _TIMED.search(f.label):
        return False
    return any(c.doc_id == f.doc_id and c.page == f.page and c.column_header == f.column_header and
               0 < f.line_no - c.line_no <= 3 and _PAID_IN_YEAR.search(c.label) for c in cands)


def _other_timing(question: str, f: StoredFact, cands: list[StoredFact]) -> bool:
    """The question says paid (or declared) and the dividend row says the other, where another row of the same kind
    says what was asked ("Distributions declared per common unit" beside "Distributions paid per common unit")."""
    asked = [t for t in _TIMINGS if says(t, question)]
    if len(asked) != 1:
        return False
    want, other = asked[0], next(t for t in _TIMINGS if t is not asked[0])
    return bool(other.search(f.label) and not want.search(f.label)) and \
        any(want.search(c.label) and not other.search(c.label) and _DIVIDEND_ROW.search(c.label) and c.kind == f.kind
            for c in cands if c is not f)


# (a split fiscal year only: "FY 2082-83", "2082/83"; a single year may name the year a fiscal year starts in)
_FOR_FISCAL_YEAR = re.compile(r"(?i)\bfor\s+(?:the\s+)?(?:fy|fiscal(?:\s+year)?|financial\s+year|year)?\s*'?((?:19|20)\d{2})"
                              r"\s*[-/–]\s*(\d{2}|(?:19|20)\d{2})\b")


def _dividend_for(label: str) -> int | None:
    """The fiscal year a dividend row's label says the dividend is for ("Final dividend for FY 2082-83" -> 2083; the
    comparative's in brackets aside), None where it names none."""
    if not _DIVIDEND_ROW.search(label):
        return None
    m = _FOR_FISCAL_YEAR.search(re.sub(r"\([^()]*\)", " ", label))
    if m is None:
        return None
    start, end = m.group(1), m.group(2)
    return int(end) if len(end) == 4 else int(start[:2] + end)


# a dividend row naming the year it is for by that year's end ("Final dividend for the year ended 31 March 2096 of
# 14.2p"): the calendar year of that end, compared with the column's own period end
_ENDED = re.compile(r"(?i)\bfor\s+the\s+(?:financial\s+|fiscal\s+)?(?:year|period)\s+ended\s+(?:\d{1,2}\s+[a-z]+\.?,?\s+|"
                    r"[a-z]+\.?\s+\d{1,2},?\s+)?((?:19|20)\d{2})\b")


def _year_ended(label: str) -> int | None:
    m = _ENDED.search(re.sub(r"\([^()]*\)", " ", label)) if _DIVIDEND_ROW.search(label) else None
    return int(m.group(1)) if m else None
