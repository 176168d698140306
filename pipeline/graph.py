"""The turn graph. Every question passes through here, top to bottom:

    route -> [route_llm] -> retrieve -> rerank -> grade -> synthesise -> citations -> verify -> [verify_llm]
          -> (targeted retry, at most 2) -> final gate -> shape

Non-retrieve routes (clarify, out_of_scope, no_data, direct, web) skip to the final gate and shaping. Each
node runs under its layer's policy (pipeline/policy.py): precision layers fail open loudly, correctness
floors fail closed into the fallback reply. (The memory nodes go in front of route and behind shape.)
"""
from __future__ import annotations

import uuid

from pipeline import final_gate, nodes, shaping
from pipeline.nodes import MAX_QUESTION_CHARS, TurnContext, Work
from pipeline.policy import LayerClosed, run_layer
from pipeline.question import analyse
from pipeline.router import coverage_text
from pipeline.state import StepRecord, TurnState
from pipeline.stores import corpus


def run_turn(question: str, ctx: TurnContext, *, thread_id: str = "", carried: dict | None = None,
             company: str | None = None, year: int | None = None) -> TurnState:
    """One turn. `company`/`year` are explicit overrides (CLI flags) of what the question names."""
    state = TurnState(question=question[:MAX_QUESTION_CHARS], thread_id=thread_id, turn_id=uuid.uuid4().hex,
                      carried=carried or {})
    if len(question) > MAX_QUESTION_CHARS:
        state.warnings.append(f"Your question was {len(question)} characters; only the first "
                              f"{MAX_QUESTION_CHARS} were read.")
    sink = ctx.sink
    conn = ctx.connect()
    try:
        coverage = corpus.coverage_all(conn)
        work = Work(facts=analyse(state.question), coverage=coverage)
        if company:
            from pipeline.registry import get_registry

            named = get_registry().by_name(company)
            work.facts.companies = [named] if named else work.facts.companies
        if year is not None:
            work.facts.years = [year]
        try:
            run_layer(state, "router", lambda s: nodes.route(s, ctx, work), sink=sink)
            if ctx.llm is not None:
                run_layer(state, "router_llm", lambda s: nodes.route_llm(s, ctx, work), sink=sink, node="route_llm")

            if state.route == "retrieve":
                while True:
                    run_layer(state, "retrieve", lambda s: nodes.retrieve(s, ctx, work, conn), sink=sink)
                    run_layer(state, "reranker", lambda s: nodes.rerank(s, ctx, work), sink=sink,
                              on_fail_open=lambda s: nodes.rerank_fallback(s, ctx, work), node="rerank")
                    run_layer(state, "grader", lambda s: nodes.grade_docs(s, ctx, work), sink=sink,
                              on_fail_open=lambda s: nodes.grade_fallback(s, ctx, work), node="grade")
                    run_layer(state, "synthesise", lambda s: nodes.synthesise(s, ctx, work, conn), sink=sink)
                    run_layer(state, "citations", lambda s: nodes.resolve_citations(s, ctx, work, conn), sink=sink)
                    run_layer(state, "groundedness", lambda s: nodes.verify(s, ctx, work, conn), sink=sink,
                              on_fail_open=lambda s: nodes.verify_not_checked(s, ctx, work), node="verify")
                    if ctx.llm is not None and state.citations:
                        run_layer(state, "groundedness_llm", lambda s: nodes.verify_llm(s, ctx, work, conn),
                                  sink=sink, node="verify_llm")
                    outcome = nodes.containment(state)
                    if outcome != "retry":
                        break
                    state.steps.append(nodes.prepare_retry(state, work))
                if outcome == "exhausted":
                    state.steps.append(StepRecord(node="retry", decision="exhausted",
                                                  reason=f"{state.retries} retries; still unsupported"))
                    _fallback(state, coverage)

            run_layer(state, "final_gate", lambda s: _gate(s, coverage), sink=sink)
            run_layer(state, "shaping", lambda s: _shape(s, work), sink=sink)
        except LayerClosed:
            _fallback(state, coverage)
            state.confidence = "low"
        return state
    finally:
        conn.close()


def _gate(state: TurnState, coverage: dict[str, list[int]]) -> StepRecord:
    ok, reason = final_gate.check(state)
    if not ok:
        _fallback(state, coverage)
    return StepRecord(node="final_gate", decision="pass" if ok else "fallback", reason=reason)


def _shape(state: TurnState, work: Work) -> StepRecord:
    before = len(state.citations)
    shaping.shape(state, work.base_confidence)
    return StepRecord(node="shape", decision=f"confidence {state.confidence}",
                      reason=f"{before - len(state.citations)} uncited source(s) removed; "
                             f"{len(state.caveats)} caveat(s)")


def _fallback(state: TurnState, coverage: dict[str, list[int]]) -> None:
    state.answer = final_gate.fallback_reply(coverage_text(coverage))
    state.citations, state.figures, state.results = [], [], []
