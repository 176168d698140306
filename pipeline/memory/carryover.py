"""Entity carry-over: before retrieval, fill a question's missing company, fiscal year or metric from the
recent turns. "compare that with Boeing" keeps the metric and year and adds the company; "and in FY2021?"
keeps company and metric. Deterministic; when it finds nothing it changes nothing."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from pipeline.lexicon import get_lexicon
from pipeline.question import analyse
from pipeline.stores.checkpoints import Message

_COMPARE = re.compile(r"(?i)\b(compare\w*|versus|vs\.?|against|relative to|as well as|also|too|both)\b|"
                      r"\b(with|and)\s+(that|this|those|it)\b|\b(that|this|it)\s+(with|to|against)\b")
_ELLIPTIC = re.compile(r"(?i)^\s*(and|what about|how about|same|compare|now|then|versus|vs\.?|what of|for)\b|"
                       r"\b(that|the same|it|those)\b")


@dataclass
class CarryOver:
    question: str                      # the question as the pipeline reads it (original + carried context)
    companies: list[str] = field(default_factory=list)
    years: list[int] = field(default_factory=list)
    metric: str | None = None
    added: list[str] = field(default_factory=list)     # what was carried, for the step record
    from_turn: int | None = None


def _previous(history: list[Message]) -> tuple[list[str], list[int], str | None, int | None]:
    """Companies, years and metric of the latest completed turn that named any (structured state first)."""
    for m in reversed(history):
        if m.role != "assistant" or not m.state:
            continue
        st = m.state
        companies, years, metric = st.get("companies") or [], st.get("years") or [], st.get("metric")
        if companies or years or metric:
            return list(companies), list(years), metric, m.turn
    return [], [], None, None


def carry_over(question: str, history: list[Message]) -> CarryOver:
    facts = analyse(question)
    prev_companies, prev_years, prev_metric, turn = _previous(history)
    out = CarryOver(question=question, companies=[c.name for c in facts.companies], years=list(facts.years),
                    metric=facts.metric.key if facts.metric else None, from_turn=turn)
    if turn is None:
        return out
    context: list[str] = []
    if not out.companies and prev_companies:
        out.companies = prev_companies
        out.added.append(f"company {', '.join(prev_companies)}")
        context.extend(prev_companies)
    elif out.companies and prev_companies and _COMPARE.search(question):
        extra = [c for c in prev_companies if c not in out.companies]
        if extra:
            out.companies = extra + out.companies
            out.added.append(f"company {', '.join(extra)} (comparison)")
            context.extend(extra)
    if not out.years and prev_years:
        out.years = prev_years[:1]
        out.added.append(f"year FY{prev_years[0]}")
        context.append(f"FY{prev_years[0]}")
    if out.metric is None and prev_metric and not facts.topics and \
            (_ELLIPTIC.search(question) or len(question.split()) <= 8):
        out.metric = prev_metric
        label = get_lexicon().get(prev_metric).label
        out.added.append(f"metric {label}")
        context.append(label)
    if context:
        out.question = f"{question.rstrip()} (context from turn {turn}: {' '.join(context)})"
    return out


def facts_for(co: CarryOver):
    """The question facts the pipeline reads after carry-over: companies in the carried order (the earlier
    company first in a comparison)."""
    facts = analyse(co.question)
    order = {name: i for i, name in enumerate(co.companies)}
    facts.companies.sort(key=lambda c: order.get(c.name, len(order)))
    return facts
