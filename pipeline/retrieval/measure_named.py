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
other used provided generated paid received inflow inflows outflow outflows intersegment inter internal
eliminations elimination""".split())     # (an intersegment or internal revenue is no segment's revenue)


_SCOPE = re.compile(r"(?i)\b(?:from\s+)?(?:continuing|discontinued)\s+operations?\b")
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
    parents = f.label_path.split("\u203a")[:-1]
    if ask.metric is not None and not (ask.hard and set(ask.hard) <= set(stems(f.label))) and \
            any(ask.metric.matches_row(p.strip()) for p in parents):
        return False        # "Revenues › Discount revenue" is a component of the revenues asked, not their total
    # (a heading naming the measure asked, a kind of it at most, and nothing that makes it another measure: its rows
    # are that measure's parts; never "EBITDA margin (%)", "Operating profit growth on prior year:")
    # (the question's other words in that heading: "Retail adjusted EBITDA" of "Adjusted EBITDA › Retail")
    named = set(stems(f.label))
    headed = bool(set(ask.hard) & named) and any(_heads_measure(p, ask) and set(ask.hard) <= named | set(stems(p))
                                                 for p in parents)
    # (the rate a row states, "Dividends, $0.24 per share", describes it: not a word of its measure)
    # (nor the day it dates its balance at, the day asked: "Cash, beginning of year" for "cash at the start of 2041")
    # (nor the equity of an owners' name: "Equity holders of the Company" are owners, no equity)
    # (nor does "continuing operations" say "operating": it names the scope of the line, "Net profit from continuing
    # operations" is no operating profit, unless the question names that scope itself)
    own = _EQUITY_OWNERS.sub(r"\1", without_stated_rate(balance_dates.without_its_day(f.label, ask.question)))
    if not _SCOPE.search(ask.question):
        own = _SCOPE.sub(" ", own)
    label = set(stems(own)) - {"total", "net", "of", "and", "the", "in", "for", "at"}
    if headed:      # (the part asked, under its measure's heading: "Net service revenue › Hospice services" for
        label |= set(ask.measure_stems) | set(ask.spelled_stems or ())     # "hospice services revenue")
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


def _heads_measure(heading: str, ask: Ask) -> bool:
    """`heading` names the measure asked, with two words of its kind at most ("Net service revenue", "Segment
    revenue"), no modifier making it another measure and no other metric's line."""
    words = set(stems(heading)) - {"total", "net", "of", "and", "the", "in", "for"} - set(ask.hard)    # (as asked)
    other = get_lexicon().lines_of(heading) - ({ask.metric.key} if ask.metric is not None else set())
    return bool(ask.measure_stems) and set(ask.measure_stems) <= words | set(ask.hard) and not words & _transforms() \
        and len(words - set(ask.measure_stems)) <= 2 and not other and "%" not in heading
