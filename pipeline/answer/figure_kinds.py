"""Which calculation a figure question asks for: a share ("X as a % of Y"), an adjusted / non-GAAP measure (never
computed from GAAP lines; its wording, NON_GAAP, is in question/figure_ask.py), a multi-year average, growth or CAGR
(one answer over several years), or a figure no lexicon metric names ("How much was the backlog?")."""
from __future__ import annotations

import re

from pipeline.answer import calculator
from pipeline.question.analysis import QuestionFacts

# "X as a % of Y", "X as a percentage of Y", "ratio of X to Y", "X to Y ratio", "X per Y"
SHARE_OF = re.compile(r"(?i)(\bas an? (%|percent(age)?|share|proportion|ratio) of|%\s*of\b|\bpercent(age)? of|"
                      r"\bratio of\b.+\bto\b|\bto\b.+\bratio\b|\bdivided by\b|\bover\b)")   # "as % of": no \b before %
AVERAGE = re.compile(r"(?i)\b(\d+|two|three|four|five)[- ]year average\b|\baverage\b.*\b(from|between)\b.*\d{2}")
CAGR = re.compile(r"(?i)\bcagr\b|compound(ed)? annual growth")
FIGURE_CUE = re.compile(r"(?i)\bhow (much|many)\b|\b(amount|total|value|number|count|balance|level|sum|figure)s? of\b|"
                        r"^\s*what (was|were|is|are) (the |its |their )?(total |year[- ]end )?[\w&'’ ]{0,40}\b(amount|total|"
                        r"value|number|count|balance|level|figure)s?\b")


def spans_years(facts: QuestionFacts) -> bool:
    """The figure is one answer over several named years (an average, growth, a CAGR): answer it once."""
    return len(set(facts.years)) >= 2 and bool(AVERAGE.search(facts.text) or CAGR.search(facts.text)
                                                or calculator.GROWTH.search(facts.text))


def is_figure_question(facts: QuestionFacts) -> bool:
    """A question that asks for a figure although no lexicon metric names it ("How much was Boeing's backlog?")."""
    return bool(FIGURE_CUE.search(facts.text))
