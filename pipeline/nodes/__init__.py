"""The turn graph's nodes. Each reads and writes the TurnState and returns its StepRecord; the order they run
in, and the policy each runs under, is in pipeline/graph.py.

    context    TurnContext (settings, stores, models), Work (per-turn scratch), fail_open, years_for
    evidence   route, route_llm, retrieve, rerank, grade_docs (+ their fail-open fallbacks)
    answering  synthesise, resolve_citations
    comparison the verdict over several companies' figures (which_is) and each company's own question
    figure_yes_no  a yes/no question decided by one figure's sign or a threshold (yes_no_lead)
    checking   verify, verify_llm, containment, prepare_retry
    memory     carry, summarise_history, recall, cache_lookup, cache_write, remember, shadow, audit
"""
from pipeline.nodes.answering import resolve_citations, synthesise
from pipeline.nodes.checking import containment, prepare_retry, verify, verify_llm, verify_not_checked
from pipeline.nodes.context import MAX_QUESTION_CHARS, MAX_RETRIES, TurnContext, Work, fail_open, years_for
from pipeline.nodes.evidence import grade_docs, grade_fallback, rerank, rerank_fallback, retrieve, route, route_llm
from pipeline.nodes.memory import (audit, cache_lookup, cache_write, carry, recall, remember, shadow,
                                   summarise_history)

__all__ = ["MAX_QUESTION_CHARS", "MAX_RETRIES", "TurnContext", "Work", "fail_open", "years_for", "route", "route_llm",
           "retrieve", "rerank", "rerank_fallback", "grade_docs", "grade_fallback", "synthesise",
           "resolve_citations", "verify", "verify_llm", "verify_not_checked", "containment", "prepare_retry", "carry",
           "summarise_history", "recall", "cache_lookup", "cache_write", "remember", "shadow", "audit"]
