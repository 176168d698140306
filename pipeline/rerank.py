"""The reranker: reorders the fused candidate pool before it is cut to the final set.

Offline default (no cross-encoder weights install offline): deterministic scoring that knows what a
figure question needs - a statement row matching the asked metric (from the lexicon), the asked year
among that row's columns, and the statement the metric is printed in. Questions without a metric keep
the fusion order.
"""
from __future__ import annotations

import re

from pipeline.question import QuestionFacts
from pipeline.retrieval import Passage
from pipeline.tables import parse_page

_ROW = re.compile(r"^(?P<label>[^|\n]+?) \| (?P<cells>(?:(?:19|20)\d{2}: [^|\n]+(?: \| )?)+)$", re.M)
_STATEMENT_WORDS = {
    "cash_flow": re.compile(r"(?i)cash flows?"),
    "income": re.compile(r"(?i)statements? of (consolidated )?(income|operations|earnings)|income statement"),
    "balance": re.compile(r"(?i)balance sheets?|financial position"),
}


def row_matches(facts: QuestionFacts, text: str) -> tuple[bool, bool]:
    """(a row in `text` is the asked metric, that row has the asked year's column)."""
    metric = facts.metric
    if metric is None:
        return False, False
    any_row = False
    for m in _ROW.finditer(text):
        if metric.matches_row(m.group("label")):
            any_row = True
            if facts.year is not None and f"{facts.year}:" in m.group("cells"):
                return True, True
    return any_row, False


def feature_score(facts: QuestionFacts, p: Passage) -> float:
    metric = facts.metric
    if metric is None:
        return 0.0
    score = 0.0
    row, year_col = row_matches(facts, p.text)
    if row:
        score += 1.0
    if year_col:
        score += 0.5
    head = p.text.split("\n", 1)[0]
    pat = _STATEMENT_WORDS.get(metric.statement)
    if pat is not None and pat.search(head) and parse_page(head).statement is not None:
        score += 0.3
    return score


class StatementReranker:
    name = "statement-rules"

    def rerank(self, facts: QuestionFacts, passages: list[Passage], k: int) -> list[Passage]:
        scored = [(feature_score(facts, p), -i, p) for i, p in enumerate(passages)]
        scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
        return [p for _, _, p in scored[:k]]
