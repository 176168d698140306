"""Extractive synthesis primitives (offline, deterministic): find the statement row the metric lexicon names
and take the column of the asked year; or quote the best-matching sentence. Never guesses a column: a row
whose values do not line up with the page's year header is not used."""
from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from pipeline.lexicon import Metric
from pipeline.retrieval import Passage
from pipeline.stores import corpus
from pipeline.tables import Row, parse_number, parse_page

NOT_FOUND = "I could not find"  # the cannot-answer sentinel: every not-found answer starts with it


@dataclass
class FigureHit:
    metric: Metric
    company: str
    year: int
    value: str              # as printed, e.g. "(1,577)"
    unit: str | None
    row: Row
    passage: Passage
    on_statement: bool
    corroborated: bool

    @property
    def amount(self) -> Decimal:
        """The value for arithmetic: outflow lines printed in parentheses count as positive amounts."""
        n = parse_number(self.value) or Decimal(0)
        return abs(n) if self.metric.outflow else n

    def value_for(self, year: int) -> str | None:
        return self.row.value_for(year)


def format_value(value: str, unit: str | None, metric: Metric) -> str:
    """'(1,577)' for an outflow metric -> '$1,577 million'; '(636)' for a profit line -> '-$636 million'."""
    num = parse_number(value)
    printed = value.strip().strip("$")
    negative = num is not None and num < 0
    digits = printed.strip("()").lstrip("-").lstrip("$")
    if metric.kind == "per_share":
        return f"{'-' if negative and not metric.outflow else ''}${digits} per share"
    if metric.kind == "ratio" or printed.endswith("%"):
        return printed
    sign = "-" if negative and not metric.outflow else ""
    return f"{sign}${digits}{' ' + unit if unit else ''}"


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def lookup_figure(conn, metric: Metric, company: str, year: int, passages: list[Passage]) -> FigureHit | None:
    """The metric's row with an aligned `year` column on the passages' pages; statement pages first."""
    candidates: list[tuple[int, int, FigureHit]] = []
    seen: set[tuple[str, int]] = set()
    for rank, p in enumerate(passages):
        if p.company != company or (p.doc, p.page) in seen:
            continue
        seen.add((p.doc, p.page))
        table = parse_page(corpus.get_page(conn, p.doc, p.page) or p.text)
        for row in table.rows:
            if metric.matches_row(row.label) and row.value_for(year) is not None:
                on_statement = table.statement is not None and table.statement in metric.statements
                candidates.append((int(on_statement), -rank, FigureHit(metric, company, year, row.value_for(year),
                                                                       table.unit, row, p, on_statement, False)))
                break
    if not candidates:
        return None
    candidates.sort(key=lambda c: (c[0], c[1]), reverse=True)
    best = candidates[0][2]
    best.corroborated = any(parse_number(c[2].value) == parse_number(best.value) for c in candidates[1:])
    return best


def best_sentence(terms_of, question: str, passages: list[Passage]) -> tuple[str, Passage] | None:
    """The sentence of the top passages sharing most query terms with the question (`terms_of` tokenises)."""
    terms = set(terms_of(question))
    best: tuple[float, str, Passage] | None = None
    for rank, p in enumerate(passages[:5]):
        body = " ".join(p.text.split("\n")[1:]) or p.text
        for sent in re.split(r"(?<=[.!?])\s+(?=[A-Z])", body):
            if len(sent) < 40:
                continue
            score = len(terms & set(terms_of(sent))) - 0.1 * rank
            if best is None or score > best[0]:
                best = (score, sent.strip(), p)
    if best is None or best[0] <= 0:
        return None
    return best[1], best[2]
