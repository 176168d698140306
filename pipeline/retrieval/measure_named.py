"""Whether a row's own label is the measure in the question's words ("Basic earnings per share" for "basic EPS"),
with no word that makes it another measure ("Unearned revenue" never stands for revenue)."""
from __future__ import annotations

import re
from functools import lru_cache

from pipeline.question.figure_ask import Ask, stems
from pipeline.question.lexicon import get_lexicon
from pipeline.question.units import without_stated_rate
from pipeline.retrieval import balance_dates
from pipeline.retrieval.row_words import NON_CURRENT
from pipeline.stores.facts import StoredFact

# an accounting modifier makes a measure another one ("Unearned revenue", "Cost of revenue", "Change in inventories")
_TRANSFORM_WORDS = ("""unearned deferred accrued prepaid cost costs change changes allowance accumulated
reserve reserves provision provisions tax taxes payable receivable impairment amortization depreciation gain gains loss
losses expense expenses proceeds purchases acquisition acquisitions discontinued noncontrolling non-controlling per
other used provided generated paid received inflow inflows outflow outflows""".split())


_LONG_TERM = re.compile(r"(?i)\blong[-\s]?term\b")
_EQUITY_OWNERS = re.compile(r"(?i)\bequity[\s-]+((?:share)?holders?|owners?|investors?)\b")


@lru_cache(maxsize=1)
def _transforms() -> set[str]:
    return set(stems(" ".join(_TRANSFORM_WORDS)))


def names_measure(ask: Ask, f: StoredFact) -> bool:
    """The row's own label is the measure in the question's words and nothing else ("Basic earnings per share" for
    "basic EPS" read as earnings per share + basic), so "Unearned revenue" never stands for revenue."""
    if not ask.measure_stems:
        return False
    if ask.metric is not None and (ask.metric.excludes(f.label, ask.question) or get_lexicon().lines_of(f.label) - {ask.metric.key}):
        return False        # "Gross profit" is gross profit's own line: it never stands for the profit asked
    if ask.metric is not None and not (ask.hard and set(ask.hard) <= set(stems(f.label))) and \
            any(ask.metric.matches_row(p.strip()) for p in f.label_path.split("\u203a")[:-1]):
        return False        # "Revenues › Discount revenue" is a component of the revenues asked, not their total
    # (the rate a row states, "Dividends, $0.24 per share", describes it: not a word of its measure)
    # (nor the day it dates its balance at, the day asked: "Cash, beginning of year" for "cash at the start of 2041")
    # (nor the equity of an owners' name: "Equity holders of the Company" are owners, no equity)
    label = set(stems(_EQUITY_OWNERS.sub(r"\1", without_stated_rate(balance_dates.without_its_day(f.label, ask.question))))) - \
        {"total", "net", "of", "and", "the", "in", "for", "at"}
    # ("Final dividend proposed" under "Rand per share": its units say per share; not when a heading says it, which may
    # be a header read as a heading, "Pence per share FY92 £m FY91 £m", over amounts)
    units = set(stems("per share")) if f.kind == "per_share" and not re.search(r"(?i)\bper\s+share", f.label_path) \
        else set()
    said = set(ask.hard) | set(ask.soft) | set(stems(ask.question))      # (as said, or its acronym spelled out: "EPS")
    if NON_CURRENT.search(f.label):
        label -= {"non", "noncurr"}                 # (a side of the balance sheet, no transform: "non-current")
    if _LONG_TERM.search(ask.question):
        said |= {"non", "current", "noncurr"}       # (a long-term item asked is the non-current one)
    # A kind-of word keeps the measure ("Merchandise inventories"); an accounting modifier makes it another one
    # ("Unearned revenue" is a liability, "Cost of revenue" an expense, "Change in inventories" a movement).
    return any(set(ms) <= label | units and not ((extra := label - set(ms) - said) & _transforms()) and len(extra) <= 2
               for ms in (ask.measure_stems, ask.spelled_stems) if ms)


def qualified_line(ask: Ask, f: StoredFact) -> bool:
    """The row is the metric's own line after the qualifier asked, printed before it: "Growth capital expenditures"
    for "growth capex", "Maintenance capital expenditures" for "maintenance capex"."""
    words = f.label.split()
    k = 0
    while k < len(words) - 1 and (said := stems(words[k])) and all(s in ask.hard for s in said):
        k += 1
    return k > 0 and ask.metric is not None and ask.metric.matches_row(" ".join(words[k:]), f.statement) and \
        not ask.metric.excludes(f.label, ask.question)
