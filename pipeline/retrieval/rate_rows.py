"""Rates and multiples among the candidate rows: a percentage answers only a question asking a rate (a "%", a
"ratio", "margin", "return on", or a ratio metric), never one amount over another the question does not name; a
multiple ("1.8x") only a question asking a ratio."""
from __future__ import annotations

import re

from pipeline.question.figure_ask import Ask, stems
from pipeline.stores.facts import StoredFact


def wants_percent(ask: Ask, f: StoredFact) -> bool:
    # (or the question names the rate's own kind word the row prints: "combined ratio", "load factor" is not one)
    # (or names the row's whole label: "ordinary profit to total assets")
    return f.kind == "percent" and ("%" in ask.hard or (ask.metric is not None and ask.metric.kind == "ratio") or
                                    any(w.lower() in f.label.lower() for w in _RATE_WORD.findall(ask.question)) or
                                    bool(_OVER.search(f.label)) and set(stems(f.label)) <= set(stems(ask.question))) \
        and not _over_unsaid(ask, f)


# a rate of one amount over another named in its label ("Ordinary profit to total assets", "Operating profit to net
# sales", "Net debt / equity")
_OVER = re.compile(r"(?i)(?:\bto|/)\s*((?:[\w-]+\s+){0,2}(?:sales|revenues?|assets|equity|capital))\b")


def _over_unsaid(ask: Ask, f: StoredFact) -> bool:
    """The row is one amount over another the question does not name: "ordinary profit growth %" is not ordinary
    profit to total assets."""
    if ask.metric is not None and ask.metric.kind == "ratio" and ask.metric.matches_row(f.label):
        return False    # (the asked rate's own line: "Total qualifying capital to risk-weighted assets" is the ratio)
    m = _OVER.search(f.label)
    said = set(ask.hard) | set(ask.soft) | set(stems(ask.question))
    return bool(m) and not set(stems(m.group(1))) - {"total", "net"} <= said


# ("return on equity": a rate by definition, the row naming what it is a return on)
# ("gearing": debt over equity, a rate by name)
_RATE_WORD = re.compile(r"(?i)\b(ratio|margin|rate|yield|gearing|return on (?:average |total )?[\w-]+)\b")
# a ratio of two amounts asked ("net debt / EBITDA", "net debt to adjusted EBITDA", "coverage ratio", "times covered")
RATIO_ASKED = re.compile(r"(?i)\w\s?/\s?\w|\bto\s+\w|\bratio\b|\bcover(?:age|ed)?\b|\btimes\b|\bmultiples?\b|"
                          r"\bleverage\b")


def wants_multiple(ask: Ask, f: StoredFact) -> bool:
    """A multiple ("1.8x") answers a question asking a ratio, or naming the row's whole label ("Net DER"); never an
    amount of one of its terms ("net debt")."""
    said = set(ask.hard) | set(ask.soft) | set(ask.measure_stems) | set(ask.spelled_stems)
    return f.kind == "multiple" and (bool(RATIO_ASKED.search(ask.question)) or set(stems(f.label)) <= said)
