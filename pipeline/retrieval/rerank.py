"""The reranker: reorders the fused candidate pool before it is cut to the final set.

Offline default (no cross-encoder weights install offline): deterministic scoring that knows what a
figure question needs - a statement row matching the asked metric (from the lexicon), the asked year
among that row's columns, and the statement the metric is printed in. A question without a metric (a count
in prose, yes/no, a narrative question) is ordered by how many of its content terms a passage carries
(stemmed, with synonyms), that order fused with the fusion order by reciprocal rank.
"""
from __future__ import annotations

import dataclasses
import re
from collections import Counter

from pipeline.reading.counts import counted_nouns, states_count
from pipeline.question.analysis import QuestionFacts
from pipeline.question.causes import asks_why, gives_a_cause
from pipeline.retrieval.passage import Passage
from pipeline.question.terms import content_terms, coverage, stems

# "Net income | 2022: 21,748 | 2021: 22,618", or with dated columns "| 31 Dec 2022: 21,748"
_ROW = re.compile(r"^(?P<label>[^|\n]+?) \| (?P<cells>(?:(?:\d{1,2} [A-Z][a-z]{2} )?(?:19|20)\d{2}: [^|\n]+(?: \| )?)+)$",
                  re.M)


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


def question_terms(facts: QuestionFacts) -> list[str]:
    """The question's content terms, company names left out (they are in every scoped passage)."""
    return [t for t in content_terms(facts.text, facts.company_words()) if not re.fullmatch(r"\d+|fy\d*|q\d", t)]


def _by_terms(facts: QuestionFacts) -> bool:
    """Passages are ordered by the question's words: no measure asked, or the cause of a measure's change (found in
    the narrative that explains it, not in the statement that prints it)."""
    return facts.metric is None or asks_why(facts)


def feature_score(facts: QuestionFacts, p: Passage, terms: list[str] | None = None) -> float:
    if _by_terms(facts):
        terms = question_terms(facts) if terms is None else terms
        covered = round(coverage(terms, stems(p.text)), 2) if terms else 0.0
        if facts.metric is not None:        # "what drove the margin?": a page giving a cause
            return covered + (0.5 if gives_a_cause(p.text) else 0.0)
        # "how many employees?": a passage stating such a count comes before ones that only mention employees
        return covered + (1.0 if states_count(p.text, counted_nouns(facts.text)) else 0.0)
    score = 0.0
    row, year_col = row_matches(facts, p.text)
    if row:
        score += 1.0
    if year_col:
        score += 0.5
    statements = facts.statements
    if p.statement and p.statement in statements:
        score += 0.3 - 0.05 * statements.index(p.statement)
    return score


def explain(facts: QuestionFacts, p: Passage) -> str:
    """Why `feature_score` scored a passage as it did, in words (for the turn's trace)."""
    if _by_terms(facts):
        terms = question_terms(facts)
        if not terms:
            return "no metric or content terms asked: fusion order kept"
        return f"carries {feature_score(facts, p, terms):.0%} of the question's terms"
    row, year_col = row_matches(facts, p.text)
    parts = [f"row '{facts.metric.label}' printed" if row else "no row of the metric"]
    if row:
        parts.append(f"FY{facts.year} column" if year_col else "asked year's column missing")
    if p.statement and p.statement in facts.statements:
        parts.append(f"{p.statement} statement")
    return "; ".join(parts)


class StatementReranker:
    name = "statement-rules"

    def rerank(self, facts: QuestionFacts, passages: list[Passage], k: int) -> list[Passage]:
        terms = question_terms(facts) if _by_terms(facts) else None
        scored = [(feature_score(facts, p, terms), -i, p) for i, p in enumerate(passages)]
        if terms and facts.metric is None:
            scored = _fused_with_coverage(scored)   # (a cause asked needs a page giving one: its score alone orders)
        scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
        return [dataclasses.replace(p, rerank_score=s) for s, _, p in scored[:k]]


def _fused_with_coverage(scored: list[tuple[float, int, Passage]]) -> list[tuple[float, int, Passage]]:
    """Term coverage is a second opinion beside the fusion order, not a replacement: the two rankings are fused
    by reciprocal rank (k = 60, as the retrievers are), passages of equal coverage sharing the best rank of their
    group, so a page that carries every term rises without a well-fused page that words things differently
    falling out."""
    above = {c: sum(1 for d, _, _ in scored if d > c) for c, _, _ in scored}   # rank in coverage order
    return [(round(1 / (60 - neg_i) + 1 / (60 + above[c]), 6), neg_i, p) for c, neg_i, p in scored]


class CohereReranker:
    """Cohere rerank through LlamaIndex's CohereRerank postprocessor (when COHERE_API_KEY is set). It raises on
    errors; the turn's fail-open policy then keeps the fusion order (see pipeline/guardrails/policy.py)."""

    name = "cohere"

    def __init__(self, api_key: str, model: str, base_url: str | None = None, max_retries: int = 2):
        from llama_index.postprocessor.cohere_rerank import CohereRerank

        self._post = CohereRerank(api_key=api_key, model=model, base_url=base_url, top_n=50, max_retries=max_retries)

    def rerank(self, facts: QuestionFacts, passages: list[Passage], k: int) -> list[Passage]:
        from llama_index.core.schema import NodeWithScore, TextNode

        if not passages:
            return []
        nodes = [NodeWithScore(node=TextNode(id_=str(i), text=p.text), score=p.score) for i, p in enumerate(passages)]
        ranked = self._post.postprocess_nodes(nodes, query_str=facts.text)
        order = [int(n.node.id_) for n in ranked]
        score = {int(n.node.id_): float(n.score or 0.0) for n in ranked}
        rest = [i for i in range(len(passages)) if i not in order]
        return [dataclasses.replace(passages[i], rerank_score=score.get(i, 0.0)) for i in order + rest][:k]


def get_reranker(settings):
    if settings.rerank_provider == "cohere":
        if not settings.cohere_api_key:
            raise ValueError("ARA_RERANK_PROVIDER=cohere needs COHERE_API_KEY")
        return CohereReranker(settings.cohere_api_key.get_secret_value(), settings.rerank_model,
                              settings.cohere_base_url)
    return StatementReranker()


RAN: Counter = Counter()   # process-wide: which reranker actually ordered each candidate pool (runs record it)


def rerank_or_keep(reranker, facts: QuestionFacts, passages: list[Passage]) -> list[Passage]:
    """Rerank, or keep the fusion order when the reranker fails (the reranker layer fails open, see
    pipeline/guardrails/policy.py); either way RAN records what actually ran."""
    try:
        out = reranker.rerank(facts, passages, len(passages))
    except Exception as e:  # noqa: BLE001 - a precision layer: the fusion order stands
        RAN[f"fusion order ({reranker.name} failed: {type(e).__name__})"] += 1
        return passages
    RAN[reranker.name] += 1
    return out


def ran_since(before: Counter) -> dict[str, int]:
    return {k: v for k, v in (RAN - before).items() if v}
