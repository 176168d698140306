"""The turn graph. Every question passes through here, top to bottom:

    carry_over -> summary -> notes                                          (memory, in front)
    -> route -> cache_lookup -> [route_llm]                                 (no model call on a cache hit)
    -> retrieve -> rerank -> grade -> synthesise -> citations -> verify -> [verify_llm]
       -> (targeted retry, at most 2)                                       (skipped on a cache hit)
    -> final gate -> shape -> audit
    -> cache_write -> notes_write                                           (memory, behind)

Non-retrieve routes (clarify, out_of_scope, no_data, direct, web) go straight to the final gate and shaping.
With a model configured, synthesise is the model's (pipeline/answer/model.py; its answer passes the deterministic
checks first, else the extractive answer is written, labelled); every model call is metered into state.usage.
Each node runs under its layer's policy (pipeline/guardrails/policy.py): precision layers fail open loudly, correctness
floors fail closed into the fallback reply. With a thread, every node is checkpointed as it ends (its step record;
the last checkpoint holds the whole state), written with the finished turn, in one transaction.
"""
from __future__ import annotations

import dataclasses
import json
import re
import time
import uuid

from pipeline import nodes
from pipeline.guardrails import final_gate, shaping
from pipeline.nodes import MAX_QUESTION_CHARS, TurnContext, Work
from pipeline.guardrails.policy import LayerClosed, run_layer
from pipeline.question.analysis import analyse
from pipeline.question.registry_sources import get_registry
from pipeline.retrieval import turn_lookups
from pipeline.guardrails.router import coverage_text
from pipeline.state import StepRecord, TurnState
from pipeline.stores import corpus


def run_turn(question: str, ctx: TurnContext, *, thread_id: str = "", user_id: str = "local",
             company: str | None = None, year: int | None = None, one_off: bool = False) -> TurnState:
    """One turn. `company`/`year` are explicit overrides (CLI flags) of what the question names. `one_off`: a
    turn asked outside a conversation, recorded (traceable) on a thread of its own; it reads no history and
    writes no long-term notes, as an unrecorded turn would not. On a pooled connection, waits for a turn slot
    first (pipeline/stores/pool.py: a process runs at most pool size - 1 turns at once)."""
    from pipeline.stores.pool import turn_slot

    with turn_slot(ctx.connect), turn_lookups.one_turn():     # (a lookup asked twice in the turn is read once)
        return _turn(question, ctx, thread_id=thread_id, user_id=user_id, company=company, year=year,
                     one_off=one_off)


def _turn(question: str, ctx: TurnContext, *, thread_id: str, user_id: str, company: str | None, year: int | None,
          one_off: bool) -> TurnState:
    if one_off and not thread_id:
        from pipeline.stores.checkpoints import new_thread_id

        thread_id = new_thread_id()
    from pipeline.core.trace import snippet
    from pipeline.question.user_text import clean_question

    c = clean_question(question)
    cleaned = c.text
    state = TurnState(question=cleaned[:MAX_QUESTION_CHARS], thread_id=thread_id, user_id=user_id,
                      turn_id=uuid.uuid4().hex)
    if c.control:
        state.warnings.append("Control characters in your question were removed.")
    if c.removed:
        state.warnings.append("Markup or code in your question was removed before it was read.")
        state.steps.append(StepRecord(node="clean", decision="markup removed",
                                      reason=f"{len(c.removed)} piece(s) of markup or code taken out",
                                      data={"asked": snippet(question, 400), "read": snippet(cleaned, 400),
                                            "removed": c.removed[:20]}))
    question = cleaned
    if len(question) > MAX_QUESTION_CHARS:
        state.warnings.append(f"Your question was {len(question)} characters; only the first "
                              f"{MAX_QUESTION_CHARS} were read.")
    from pipeline.providers.llm import METER, Meter, calls_made

    from pipeline.stores.pool import turn_connect

    conn = ctx.connect()
    # the turn's own reads and writes (history, notes, checkpoints, audit record) share the connection it holds
    own = turn_connect(conn, ctx.connect)
    ctx = dataclasses.replace(ctx, connect=own, saver=ctx.saver.on(own) if ctx.saver is not None else None,
                              notes=ctx.notes.on(own) if ctx.notes is not None else None)
    meter = Meter()
    meter_token = METER.set(meter)
    try:
        saver = ctx.saver if thread_id else None
        history = saver.history(thread_id) if saver and not one_off else []
        rec = _Recorder(ctx, state, one_off) if saver else None
    except BaseException:
        METER.reset(meter_token)
        conn.close()
        raise
    sink = ctx.sink

    def layer(name: str, fn, **kw) -> None:
        try:
            run_layer(state, name, fn, sink=sink, **kw)
        finally:
            if meter.calls:
                state.usage = meter.to_json()
            if rec:
                rec.put(state)
            if ctx.on_step is not None:
                try:
                    ctx.on_step(state)
                except Exception:  # noqa: BLE001 - a progress display must never break a turn
                    pass

    try:
        coverage = corpus.coverage_all(conn)
        work = Work(facts=analyse(state.question, registry=get_registry(conn=conn)), coverage=coverage,
                    annual=corpus.annual_coverage(conn), fiscal_periods=lambda: corpus.fiscal_periods(conn))
        try:
            # memory, in front
            layer("carry_over", lambda s: nodes.carry(s, ctx, work, history, conn), node="carry_over")
            layer("summariser", lambda s: nodes.summarise_history(s, ctx, work, history), node="summary")
            layer("notes", lambda s: nodes.recall(s, ctx, work), node="notes")
            _override(work, company, year)

            layer("router", lambda s: nodes.route(s, ctx, work))
            if state.route == "retrieve" and ctx.cache is not None:
                layer("cache", lambda s: nodes.cache_lookup(s, ctx, work), node="cache_lookup")
            if ctx.llm is not None and not state.cache.get("hit") and _rules_read_it_all(state, work):
                state.steps.append(StepRecord(node="route_llm", decision="skipped",
                                              reason="the question names a held company and fiscal year; the rules "
                                                     "routed it (no model call)"))
            elif ctx.llm is not None and not state.cache.get("hit"):
                looked_up = (state.route, state.companies, state.years)
                layer("router_llm", lambda s: nodes.route_llm(s, ctx, work), node="route_llm")
                if state.route == "retrieve" and ctx.cache is not None and \
                        (state.route, state.companies, state.years) != looked_up:
                    layer("cache", lambda s: nodes.cache_lookup(s, ctx, work), node="cache_lookup")

            if state.route == "retrieve" and state.cache.get("hit"):
                layer("citations", lambda s: nodes.resolve_citations(s, ctx, work, conn))
            elif state.route == "retrieve":
                while True:
                    layer("retrieve", lambda s: nodes.retrieve(s, ctx, work, conn))
                    layer("reranker", lambda s: nodes.rerank(s, ctx, work), node="rerank",
                          on_fail_open=lambda s: nodes.rerank_fallback(s, ctx, work))
                    layer("grader", lambda s: nodes.grade_docs(s, ctx, work), node="grade",
                          on_fail_open=lambda s: nodes.grade_fallback(s, ctx, work))
                    layer("synthesise", lambda s: nodes.synthesise(s, ctx, work, conn))
                    layer("citations", lambda s: nodes.resolve_citations(s, ctx, work, conn))
                    layer("groundedness", lambda s: nodes.verify(s, ctx, work, conn), node="verify",
                          on_fail_open=lambda s: nodes.verify_not_checked(s, ctx, work))
                    if ctx.llm is not None and state.citations and calls_made() >= ctx.settings.llm_calls_per_turn:
                        state.steps.append(StepRecord(    # only an extractive answer gets here: the synthesiser
                            node="verify_llm", decision="skipped",    # keeps a call for the model's own answer
                            reason="the turn's model-call budget is spent; the deterministic verifier checked it"))
                    elif ctx.llm is not None and state.citations:
                        layer("groundedness_llm", lambda s: nodes.verify_llm(s, ctx, work, conn), node="verify_llm")
                    outcome = nodes.containment(state)
                    if outcome != "retry":
                        break
                    state.steps.append(nodes.prepare_retry(state, work))
                if outcome == "exhausted":
                    state.steps.append(StepRecord(node="retry", decision="exhausted",
                                                  reason=f"{state.retries} retries; still unsupported"))
                    _fallback(state, coverage)

            layer("final_gate", lambda s: _gate(s, coverage))
            layer("shaping", lambda s: _shape(s, work))
            if not ctx.shadow:
                layer("audit", lambda s: nodes.audit(s, ctx))
        except LayerClosed:
            _fallback(state, coverage)
            state.confidence = "low"
        # memory, behind: only what a clean turn produced is remembered
        if ctx.cache is not None and state.route == "retrieve":
            layer("cache", lambda s: nodes.cache_write(s, ctx, work, conn), node="cache_write")
        if ctx.notes is not None and thread_id and not one_off:
            layer("notes", lambda s: nodes.remember(s, ctx, work), node="notes_write")
        if ctx.settings.shadow_config and not ctx.shadow and state.route == "retrieve":
            layer("shadow", lambda s: nodes.shadow(s, ctx, run_turn), node="shadow")
        state.usage = meter.to_json()
        if rec:
            rec.finish(state)
        return state
    finally:
        if rec:
            rec.flush()      # a turn that ended by an exception keeps the steps it completed
        METER.reset(meter_token)
        conn.close()


class _Recorder:
    """Checkpoints the turn after every node (thread, turn, step, parent). The turn's row is written when the turn
    starts (a turn killed mid-way stays `running`, out of the history). Each node's checkpoint holds the step
    record(s) that node added, taken as it ends; the last checkpoint written holds the whole state (the finished
    turn's, which is also its final state, serialised once). The checkpoints are written with the finished turn, in
    one transaction (one round of writes per turn, not one per node). `flush` writes what is pending, its last
    checkpoint the whole state so far: before a fault-injection pause, and when a turn ends by an exception (every
    step completed keeps its record). A failed write fails open."""

    def __init__(self, ctx: TurnContext, state: TurnState, one_off: bool = False):
        self.saver, self.ctx, self.state = ctx.saver, ctx, state
        self.parent: int | None = None
        self.step = 0
        self.ok = True
        self.recorded = 0                                # state.steps already in a checkpoint
        self.pending: list[tuple[int, str, str]] = []    # (step, node, its step records as JSON) not yet written
        try:
            state.turn = self.saver.begin_turn(state.thread_id, state.user_id, state.turn_id, state.question,
                                               one_off=one_off)
        except PermissionError:
            raise
        except Exception as e:  # noqa: BLE001 - durability is fail-open (pipeline/guardrails/policy.py)
            self._failed(e)

    def put(self, state: TurnState) -> None:
        if not self.ok:
            return
        self.step += 1
        node = state.steps[-1].node if state.steps else "start"
        try:
            added, self.recorded = state.steps[self.recorded:], len(state.steps)
            self.pending.append((self.step, node, json.dumps(
                {"node": node, "steps": [r.model_dump(mode="json") for r in added]}, ensure_ascii=False)))
        except Exception as e:  # noqa: BLE001
            self._failed(e)
            return
        pause = self.ctx.settings.debug_pause_after_node
        if pause and node == pause:
            self.flush()
            time.sleep(600)   # fault-injection tests kill the process here, mid-turn

    def _whole(self, whole: str) -> list[tuple[int, str, str]]:
        """The pending checkpoints, the last one holding the whole state (`whole`, JSON)."""
        steps, self.pending = self.pending, []
        if steps:
            step, node, _ = steps[-1]
            steps[-1] = (step, node, whole)
        return steps

    def flush(self) -> None:
        if not self.ok or not self.pending:
            return
        try:
            steps = self._whole(self.state.model_dump_json())
            self.parent = self.saver.put_many(self.state.thread_id, self.state.turn, steps, self.parent)
        except Exception as e:  # noqa: BLE001
            self._failed(e)

    def finish(self, state: TurnState) -> None:
        if self.ok:
            try:
                final = state.model_dump_json()
                self.parent = self.saver.finish_turn(state.thread_id, state.turn, state.answer, final,
                                                     checkpoints=self._whole(final), parent_id=self.parent)
            except Exception as e:  # noqa: BLE001
                self._failed(e)

    def _failed(self, e: Exception) -> None:
        from pipeline.guardrails.policy import POLICY, redact

        self.ok = False
        self.state.warnings.append(POLICY["checkpoint"].warning)
        if self.ctx.sink:
            try:
                self.ctx.sink("checkpoint", self.state.turn_id, redact(f"{type(e).__name__}: {e}"))
            except Exception:  # noqa: BLE001
                pass


def _rules_read_it_all(state: TurnState, work: Work) -> bool:
    """The rules routed a question that itself names a held company and a fiscal year (nothing carried over,
    no unknown name): the model router could only agree, so it is not asked (a model call saved per turn). A
    misspelt or described company, a missing year or a follow-up still goes to it."""
    return (state.route == "retrieve" and not state.memory.get("carried") and bool(work.facts.companies)
            and bool(work.facts.years) and not work.facts.unknown_companies)


def _override(work: Work, company: str | None, year: int | None) -> None:
    if company:
        named = get_registry().by_name(company)
        work.facts.companies = [named] if named else work.facts.companies
    if year is not None:
        work.facts.years = [year]


def _gate(state: TurnState, coverage: dict[str, list[int]]) -> StepRecord:
    from pipeline.core.trace import snippet

    seen = {"route": state.route, "answer": snippet(state.answer, 400), "citations": len(state.citations),
            "markers": sorted({int(m) for m in re.findall(r"\[(\d+)\]", state.answer or "")})}
    ok, reason = final_gate.check(state)
    if not ok:
        _fallback(state, coverage)
    return StepRecord(node="final_gate", decision="pass" if ok else "fallback", reason=reason,
                      data={"checked": seen, "replaced_by": None if ok else snippet(state.answer, 400)})


def _shape(state: TurnState, work: Work) -> StepRecord:
    from pipeline.core.trace import snippet

    before = len(state.citations)
    cited_before = [f"[{c.marker}] {c.doc} p. {c.page}" for c in state.citations]
    shaping.shape(state, work.base_confidence)
    if state.cache.get("hit"):
        state.caveats = [c for c in state.caveats if not c.startswith("Unverified")]  # never a stale caveat
    return StepRecord(node="shape", decision=f"confidence {state.confidence}",
                      reason=f"{before - len(state.citations)} uncited source(s) removed; "
                             f"{len(state.caveats)} caveat(s)",
                      data={"confidence": {"from synthesis": work.base_confidence, "verdict": state.verdict,
                                           "shown": state.confidence},
                            "citations before": cited_before,
                            "citations after": [f"[{c.marker}] {c.doc} p. {c.page}" for c in state.citations],
                            "caveats": state.caveats, "answer": snippet(state.answer, 600)})


def _fallback(state: TurnState, coverage: dict[str, list[int]]) -> None:
    state.answer = final_gate.fallback_reply(coverage_text(coverage))
    state.citations, state.figures, state.results = [], [], []
