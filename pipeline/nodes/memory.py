"""Nodes around the answer: carry-over, the history summary, notes, the semantic cache, the shadow
candidate and the audit record."""
from __future__ import annotations

from typing import Callable

from pipeline.core import trace as tr
from pipeline.question.lexicon import get_lexicon
from pipeline.state import CitationRef, Claim, StepRecord, TurnState
from pipeline.stores import corpus
from pipeline.nodes.context import TurnContext, Work


def carry(state: TurnState, ctx: TurnContext, work: Work, history, conn=None) -> StepRecord:
    from pipeline.memory.carryover import carry_over, facts_for
    from pipeline.stores import corpus

    part_of = (lambda company, name: corpus.names_a_part(conn, company, name)) if conn is not None else None
    co = carry_over(state.question, history, work.annual or work.coverage, part_of)   # "last year": the latest 10-K
    if co.added:
        work.facts = facts_for(co)
    if co.parts:      # a segment of the thread's company, never a company not held
        work.facts.unknown_companies = [n for n in work.facts.unknown_companies if n not in co.parts]
    work.company_years = co.company_years
    state.carried = co.carried()
    state.memory["carried"] = co.added
    return StepRecord(node="carry_over", decision="carried" if co.added else "nothing to carry",
                      reason="; ".join(co.added) + (f" (from turn {co.from_turn})" if co.added else ""),
                      data={"question_read_as": co.text(), "carried": co.added, "from_turn": co.from_turn,
                            "context": co.context})


def summarise_history(state: TurnState, ctx: TurnContext, work: Work, history) -> StepRecord:
    """The conversation the model's synthesis prompt reads. Offline nothing reads it, so nothing is computed.
    With a model the summary is amortised (memory/summary.py `due`): reused from the previous turn while its
    block is unchanged, otherwise computed lazily by the synthesiser (so a cache hit or a non-retrieve route
    makes no summary call)."""
    from pipeline.memory.summary import due

    if ctx.synthesiser is None:
        return StepRecord(node="summary", decision="not needed",
                          reason="no model configured: the extractive answerer reads no conversation")
    work.conversation = [f"{m.role}: {m.content}" for m in history]   # the originals, until a summary exists
    b, older = due(history)
    if older is not None:
        work.pending_summary = (older, b.recent)
        return StepRecord(node="summary", decision="due", reason=f"{len(older)} older message(s) to summarise "
                          "when the answer is written")
    state.memory["summary"] = b.summary
    state.memory["summarised_messages"] = b.summarised
    work.conversation = ([f"summary: {b.summary}"] if b.summary else []) + [f"{m.role}: {m.content}" for m in b.recent]
    return StepRecord(node="summary", decision="reused" if b.summary else "history short",
                      reason=f"{b.summarised} older message(s) summarised, {len(b.recent)} kept word for word")


def recall(state: TurnState, ctx: TurnContext, work: Work) -> StepRecord:
    companies = [c.name for c in work.facts.companies] or state.carried.companies
    hints = ctx.notes.hints(state.user_id, companies) if ctx.notes is not None else []
    state.memory["hints"] = hints
    return StepRecord(node="notes", decision=f"{len(hints)} hint(s)", reason="labelled remembered, unverified")


def cache_lookup(state: TurnState, ctx: TurnContext, work: Work) -> StepRecord:
    from pipeline.answer.series import asks_series

    if len(state.companies) != 1 or len(state.years) > 1 or asks_series(work.facts, state.companies):
        state.cache = {"hit": False, "similarity": 0.0, "band": "skipped"}
        return StepRecord(node="cache_lookup", decision="skipped", reason="one company and year per cache entry")
    year = state.years[0] if state.years else None
    r = ctx.cache.lookup(work.facts.text, state.companies[0], year, state.metric, own=work.facts.own_words(),
                         facts=work.facts)
    state.cache = r.to_json()
    if r.band == "return" and r.entry:
        e = r.entry
        state.answer = e["answer"]
        state.citations = [CitationRef(**c) for c in e["citations"]]
        state.figures, state.results = e.get("figures", []), e.get("results", [])
        state.verdict = "pass"
        state.claims = [Claim(**c) for c in e.get("claims", [])]
        work.base_confidence = e.get("confidence", "high")
    elif r.band == "seed" and r.entry:
        state.memory.setdefault("hints", []).insert(
            0, f"(a similar question answered {r.created_at}; remembered, unverified) {r.entry['answer']}")
    return StepRecord(node="cache_lookup", decision=r.band, reason=f"similarity {r.similarity:.3f}"
                      + (f", cached {r.created_at}" if r.created_at else ""),
                      data=tr.cache_payload(r, work.facts.text, state.companies[0], year, state.metric,
                                            ctx.cache.return_threshold, ctx.cache.seed_threshold))


# --- memory, behind shaping --------------------------------------------------------------------------------
def cache_write(state: TurnState, ctx: TurnContext, work: Work, conn) -> StepRecord:
    from pipeline.memory.cache import cacheable

    ok, why = cacheable(state)
    if ok:
        entry = {"answer": state.answer, "citations": [c.model_dump() for c in state.citations],
                 "figures": state.figures, "results": state.results, "confidence": state.confidence,
                 "claims": [c.model_dump() for c in state.claims]}
        if not ctx.cache.write(work.facts.text, state.companies[0], state.years[0] if state.years else None,
                               state.metric, entry, sorted({c.doc for c in state.citations}), corpus.corpus_version(conn),
                               own=work.facts.own_words(), facts=work.facts):
            ok, why = False, "an equivalent entry was cached meanwhile (another turn or process)"
    return StepRecord(node="cache_write", decision="written" if ok else "not written", reason=why)


def remember(state: TurnState, ctx: TurnContext, work: Work) -> StepRecord:
    n = 0
    if state.route == "retrieve" and state.verdict == "pass" and not state.cache.get("hit"):
        for r, f in zip(state.results, state.figures or [None] * len(state.results)):
            label = get_lexicon().get(r["metric"]).label if r["metric"] in {m.key for m in get_lexicon().metrics} \
                else r["metric"].replace("_", " ")
            shown = f"{f['value']} ({f['unit'] or 'as printed'})" if f else f"{r['value']} {r['unit'] or ''}".strip()
            ctx.notes.remember(state.user_id, r["company"], f"{r['company']} FY{r['year']} {label}: {shown}",
                               state.thread_id, state.turn)
            n += 1
    return StepRecord(node="notes_write", decision=f"{n} note(s)")


def shadow(state: TurnState, ctx: TurnContext, run_turn: Callable[..., TurnState]) -> StepRecord:
    """Run the candidate configuration (ARA_SHADOW_CONFIG) on this turn's question and log it next to the live
    answer in `shadow_runs`. Never shown, never cached, never remembered. `run_turn` is the graph's own (passed
    in by the graph, which nodes never import)."""
    import dataclasses
    import json

    from pipeline.retrieval.presets import parse_config
    from pipeline.stores import evalruns

    name, cfg = parse_config(ctx.settings.shadow_config)
    opts = {k: v for k, v in cfg.items() if k in ("mode", "statements", "pool_k", "rerank")}
    cand = dataclasses.replace(ctx, retrieval_options=opts, shadow=True, saver=None, cache=None, notes=None, llm=None,
                               synthesiser=None, on_token=None)
    s = run_turn(state.question, cand, company=None, year=None)
    with ctx.connect() as c:
        evalruns.record_shadow(c, state.turn_id, {"name": name, **cfg}, state.question, state.answer, s.answer,
                               json.loads(s.model_dump_json()))
    same = s.answer == state.answer
    return StepRecord(node="shadow", decision="same answer" if same else "different answer", reason=name)


_CODE_VERSION: str | None = None


def audit(state: TurnState, ctx: TurnContext) -> StepRecord:
    """Append the turn to the hash-chained audit trail (fail-closed: no record, no answer)."""
    global _CODE_VERSION
    from pipeline.stores import audit as trail

    if _CODE_VERSION is None:
        _CODE_VERSION = trail.code_version()
    with ctx.connect() as c:
        h = trail.append(c, thread_id=state.thread_id, turn_id=state.turn_id, user_id=state.user_id,
                         record=trail.record_of(state, ctx.settings), code_version=_CODE_VERSION)
    return StepRecord(node="audit", decision="recorded", reason=f"hash {h[:12]}…")
