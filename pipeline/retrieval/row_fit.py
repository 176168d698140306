"""Whether a candidate row's kind and form fit the figure asked: a per-share figure for a per-share question, a count
for "how many", never a cost answered with a count, a percentage only where one is asked, a row whose label
swallowed its figures never, and an asked word that stands inside another measure's name ("income" in "income tax")
not counted as the row naming it."""
from __future__ import annotations

import re
from functools import lru_cache

from pipeline.question.figure_ask import Ask, asks_a_count, stems
from pipeline.stores.facts import StoredFact

COUNT_ASKED = re.compile(r"(?i)\bhow many\b|\bnumber of\b")
# an amount asked ("how much did ... earn"), not a change in a count ("how much did headcount grow")
_HOW_MUCH = re.compile(r"(?i)\bhow much\b(?!.*\b(grow|grew|grown|increase|decrease|decline|rise|rose|fall|fell|change)\w*\b)")


def wants_percent(ask: Ask, f: StoredFact) -> bool:
    return f.kind == "percent" and ("%" in ask.hard or (ask.metric is not None and ask.metric.kind == "ratio"))


# a partnership's per-unit figure asked ("distributions per common unit", "net income per limited partner unit")
_PER_UNIT = re.compile(r"(?i)\bper\s+(?:common\s+|limited\s+partner(?:ship)?\s+)?unit\b")


def kind_conflict(ask: Ask, f: StoredFact) -> bool:
    """A per-share question is never answered with an amount, nor an amount with a per-share figure."""
    per_share_asked = ask.metric is not None and ask.metric.kind == "per_share" or \
        {"share"} <= set(ask.hard) and "per" in ask.question.lower() or bool(_PER_UNIT.search(ask.question))
    if per_share_asked != (f.kind == "per_share"):
        return True
    if (COUNT_ASKED.search(ask.question) or asks_a_count(ask.measure)) \
            and f.kind != "count":
        return True         # a count is never answered with an amount of money
    # nor a cost or an amount ("how much did its employees earn") with a count
    return f.kind == "count" and (bool(set(ask.hard) & _cost_stems()) or bool(_HOW_MUCH.search(ask.question)))


@lru_cache(maxsize=1)
def _cost_stems() -> frozenset[str]:
    return frozenset(stems("costs expenses wages salaries pay"))


# a word followed by one of these is part of another measure's name: "income tax", "revenue recognition"
_COMPOUND_NEXT = {"tax", "recognit", "recognition", "statement", "per"}


def only_in_compound(ask: Ask, f: StoredFact) -> bool:
    """Every asked word the row label carries stands inside another measure's name ("income" in "income tax")."""
    toks = stems(f.label)
    asked = set(ask.hard) - {"%"}
    hits = [i for i, t in enumerate(toks) if t in asked]
    if not hits:
        return False
    said = set(stems(ask.question))
    return all(i + 1 < len(toks) and toks[i + 1] in _COMPOUND_NEXT and toks[i + 1] not in said for i in hits)


def misread_row(f: StoredFact) -> bool:
    """A row whose label carries a run of figures ("EBITDA 2,117 2,018 (5)") was mis-split: its columns cannot be
    trusted, so it never answers (a wrong figure is worse than none)."""
    return bool(re.search(r"(?<![\d,])\d{1,3}(,\d{3})+(\.\d+)?\)?\s+\(?\$?\s?\d", f.label_path))   # years have no commas
