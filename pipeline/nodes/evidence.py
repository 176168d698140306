"""Nodes that decide what evidence a turn reads: route (rule and model), retrieve, rerank, grade."""
from __future__ import annotations

from typing import Callable

from pipeline.core import trace as tr
from pipeline.guardrails.grader import found_flags, grade
from pipeline.question import dated_years
from pipeline.guardrails.router import RouteDecision, refine_with_llm, reports_printing, route_question
from pipeline.retrieval.passage import Passage, Scope
from pipeline.retrieval.rerank import RAN, StatementReranker, explain
from pipeline.retrieval.retriever import one_per_page
from pipeline.state import StepRecord, TurnState
from pipeline.nodes.context import TurnContext, Work, doc_of, fail_open, years_for


# --- 1 + 2: scope and clarity -------------------------------------------------------------------------------
def route(state: TurnState, ctx: TurnContext, work: Work) -> StepRecord:
    if len(work.facts.companies) == 1 and dated_years.dates_in(work.facts.text):
        # a balance date names the fiscal year ending on it, as the filer names it
        work.facts.years = dated_years.remap(work.facts.text, work.facts.years,
                                             work.fiscal_periods().get(work.facts.companies[0].name, []))
    d = route_question(work.facts, work.coverage, web_enabled=ctx.web_enabled,
                       carried_companies=state.carried.companies, carried_years=state.carried.years,
                       annual=work.annual, company_years=work.company_years)
    _apply_route(state, work, d)
    return StepRecord(node="route", decision=d.route, reason=d.reason,
                      data={"companies": state.companies, "years": state.years, "metric": state.metric})


def route_llm(state: TurnState, ctx: TurnContext, work: Work) -> StepRecord:
    assert work.decision is not None
    d = refine_with_llm(ctx.llm, work.facts, work.coverage, work.decision)
    changed = d is not work.decision
    _apply_route(state, work, d)
    return StepRecord(node="route_llm", decision=d.route, reason=("changed: " if changed else "kept: ") + d.reason)


def _apply_route(state: TurnState, work: Work, d: RouteDecision) -> None:
    work.decision = d
    state.route, state.route_reason = d.route, d.reason  # type: ignore[assignment]
    state.companies, state.years, state.scope_note = d.companies, d.years, d.scope_note
    state.period_note, state.suggestions = d.period_note, d.suggestions
    state.metric = work.facts.metric.key if work.facts.metric else None
    if d.route != "retrieve":
        state.answer = d.reply


# --- retrieve, rerank, grade ----------------------------------------------------------------------------------
def retrieve(state: TurnState, ctx: TurnContext, work: Work, conn) -> StepRecord:
    query = state.retry_queries[-1] if state.retry_queries else work.facts.search_query()
    state.query = query
    pool: list[Passage] = []
    notes = []
    seen: dict[str, list[dict]] = {}     # per retriever: its own ranks (for the trace)
    fused: list[dict] = []
    targets = [c for c in state.companies if not state.retry_queries or not state.found.get(c, False)] or state.companies
    for company in targets:
        for year in years_for(state, work, company):
            scope = ctx.retriever.scope_for(work.facts, company, year, conn)   # a year's report, or the next one's
            if scope.note:
                notes.append(f"{company}: {scope.note}")
            opts = ctx.retrieval_options
            hits: dict = {}
            found, dense_error = ctx.retriever.candidates_checked(
                query, work.facts, scope, conn, pool_k=opts.get("pool_k"), mode=opts.get("mode", "hybrid"),
                statements=opts.get("statements", True), trace=hits)
            pool.extend(found)
            _record_retrieval(seen, fused, company, scope, hits, found)
            if dense_error and "embeddings" not in work.degraded:
                work.degraded.append("embeddings")
                fail_open(state, ctx, "embeddings", dense_error)
    if state.retry_queries:   # keep what the previous round found for companies not retried
        pool = [p for p in work.pool if p.company not in targets] + pool
    work.pool = pool
    state.scope_note = state.scope_note or "; ".join(notes)
    state.documents = [doc_of(p) for p in pool]
    return StepRecord(node="retrieve", decision=f"{len(pool)} candidates", reason=state.scope_note,
                      data={"query": query, "companies": targets, "years": state.years, "retrievers": seen,
                            "fusion": fused})


def _record_retrieval(seen: dict, fused: list, company: str, scope: Scope, hits: dict, found: list[Passage]) -> None:
    """One scope's retrieval, for the trace: each retriever's ranks and the fused order (bounded)."""
    rows = {name: tr.retriever_rows(nodes) for name, nodes in hits.items()}
    for name, rs in rows.items():
        seen.setdefault(name, []).extend({"company": company, "fiscal_year": scope.fiscal_year, **r} for r in rs)
    fused.extend({"company": company, **r} for r in tr.fusion_rows(found, rows))


def rerank(state: TurnState, ctx: TurnContext, work: Work) -> StepRecord:
    k = ctx.settings.final_k
    out: list[Passage] = []
    use = ctx.retrieval_options.get("rerank", True)
    rows: list[dict] = []
    for company in state.companies:
        for year in years_for(state, work, company):
            mine = [p for p in work.pool if p.company == company and (year is None or p.fiscal_year == year)] or \
                [p for p in work.pool if p.company == company]
            ranked = ctx.reranker.rerank(work.facts, mine, len(mine)) if use else mine
            final = one_per_page(ranked, k)
            out.extend(final)
            rows.extend({"company": company, **r} for r in tr.rerank_rows(mine, ranked, final,
                                                                         _explainer(ctx, work, use)))
    work.passages = out
    state.documents = [doc_of(p) for p in out]
    if use:
        RAN[getattr(ctx.reranker, "name", "rules")] += 1
    return StepRecord(node="rerank", decision=f"{len(out)} pages", reason=getattr(ctx.reranker, "name", "rules"),
                      data={"reranker": getattr(ctx.reranker, "name", "rules") if use else "off", "final_k": k,
                            "pages": rows})


def _explainer(ctx: TurnContext, work: Work, used: bool) -> Callable[[Passage], str]:
    if not used:
        return lambda p: "reranking off: fusion order"
    if isinstance(ctx.reranker, StatementReranker):
        return lambda p: explain(work.facts, p)
    return lambda p: f"{getattr(ctx.reranker, 'name', 'model')} relevance"


def rerank_fallback(state: TurnState, ctx: TurnContext, work: Work) -> None:
    RAN[f"fusion order ({getattr(ctx.reranker, 'name', 'rules')} failed)"] += 1
    work.passages = [p for c in state.companies for p in one_per_page([q for q in work.pool if q.company == c],
                                                                      ctx.settings.final_k)]
    state.documents = [doc_of(p) for p in work.passages]


def grade_docs(state: TurnState, ctx: TurnContext, work: Work) -> StepRecord:
    # a year whose own report is not held is read from the next report, which prints it as a comparative column
    years = {x for c in state.companies for y in years_for(state, work, c) if y is not None
             for x in (reports_printing(work.coverage.get(c, []), y) or [y])}
    grades = grade(work.facts.text, work.passages, state.companies, sorted(years) or None)
    state.documents = [doc_of(g.passage, g.kept, g.reason) for g in grades]
    work.passages = [g.passage for g in grades if g.kept]
    state.found = found_flags(grades, state.companies)
    dropped = sum(1 for g in grades if not g.kept)
    return StepRecord(node="grade", decision=f"kept {len(work.passages)}, dropped {dropped}",
                      reason=", ".join(f"{c}: {'found' if f else 'not found'}" for c, f in state.found.items()),
                      data={"kept": len(work.passages), "dropped": dropped, "found": state.found,
                            "pages": tr.grade_rows(grades)})


def grade_fallback(state: TurnState, ctx: TurnContext, work: Work) -> None:
    state.found = {c: any(p.company == c for p in work.passages) for c in state.companies}


