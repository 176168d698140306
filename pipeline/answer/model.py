"""The model answerer: with a model configured, the model writes the answer from the assembled context
(question > numbered sources > conversation summary and recent turns > memory hints, under the token budget),
and the deterministic checks in `pipeline/answer/checks.py` keep it honest.

    sources (sanitised) -> context budget -> prompt -> streamed reply -> checks
        pass            -> the model's answer (each checked sentence was already streamed to the chat)
        findings        -> one targeted re-ask with the findings in the prompt (ARA_LLM_SYNTH_RETRIES, <= 2)
        still findings, a cut-off reply, or the model unavailable
                        -> None: the turn graph writes the offline extractive answer, labelled as such

Streaming never shows an unchecked figure: a sentence reaches `TurnContext.on_token` only after it passed the
same sentence check; the first failing sentence stops the stream ("reset" tells the chat to clear it)."""
from __future__ import annotations

import time
from typing import Any

from pipeline import prompts
from pipeline.answer.checks import Checked, Source, check_answer, check_sentence, sanitise
from pipeline.state import CitationRef, StepRecord, TurnState
from pipeline.stores import corpus

FALLBACK_WARNING = ("The model's answer did not pass the figure and citation checks ({why}), so this is the offline "
                    "extractive answer.")
UNAVAILABLE_WARNING = "The model was unavailable ({why}), so this is the offline extractive answer."


class _Gate:
    """Releases streamed text sentence by sentence, each only after it passed the sentence check."""

    def __init__(self, emit, sources: dict[int, Source], year: int | None, memo: dict):
        self.emit, self.sources, self.year, self.memo = emit, sources, year, memo
        self.buf, self.blocked, self.shown = "", False, False

    def feed(self, delta: str) -> None:
        from pipeline.answer.checks import pieces

        if self.blocked:
            return
        self.buf += delta
        parts = pieces(self.buf)
        if len(parts) < 2:
            return          # the last piece may still grow (a figure like "1." is not an end)
        for done in parts[:-1]:
            if not self._release(done):
                return
        self.buf = parts[-1]

    def finish(self, finished: bool) -> None:
        if self.buf.strip() and not self.blocked and finished:
            self._release(self.buf)

    def _release(self, text: str) -> bool:
        from pipeline.answer.checks import sentences

        parts = sentences(text)
        scratch = Checked()
        if parts and not all(check_sentence(p, self.sources, self.year, scratch, self.memo) for p in parts):
            self.blocked = True
            return False
        shown = [p for p in parts if p not in scratch.dropped]
        if shown:
            self.emit("text", " ".join(shown) + " ")
            self.shown = True
        return True


class ModelSynthesiser:
    """`TurnContext.synthesiser` when a model is configured."""

    def __init__(self, llm, retries: int = 1):
        self.llm, self.retries = llm, retries

    def __call__(self, state: TurnState, ctx, conn, work) -> StepRecord | None:
        from pipeline.memory.context import assemble
        from pipeline.providers.llm import calls_made, chat

        budget = ctx.settings.llm_calls_per_turn        # one call stays reserved for the model verifier
        if budget - calls_made() >= 3:
            ensure_summary(state, ctx, work)           # else the summary waits for a turn with room (originals read)
        attempts_allowed = min(1 + self.retries, budget - calls_made() - 1)
        if attempts_allowed < 1:       # a retried pass after the budget is spent: the extractive answer, labelled
            state.steps.append(StepRecord(node="synthesise_model", decision="skipped: call budget spent",
                                          reason=f"{calls_made()} of {budget} model calls made this turn"))
            state.warnings.append(f"The turn's model-call budget ({budget}) is spent, so this is the offline "
                                  "extractive answer.")
            state.answered_by = "extractive (model call budget spent)"
            return None
        sources = _sources(conn, work.passages)
        removed = [r for s in sources for r in s.removed]
        blocks = [f"[{s.n}] {s.label}\n{s.text}" for s in sources]
        context = assemble(work.facts.as_read(), blocks, work.conversation, state.memory.get("hints", []),
                           ctx.settings.context_budget_tokens)
        state.memory["context"] = {"tokens": context.tokens, "dropped": context.dropped,
                                   "evidence": len(context.evidence), "conversation": len(context.conversation),
                                   "hints": len(context.hints), "summary_read": any(
                                       m.startswith("summary:") for m in context.conversation)}
        usable = {s.n: s for s in sources[:len(context.evidence)]}
        year = state.years[0] if len(state.years) == 1 else None
        user = prompts.SYNTHESIS.format(
            question=work.facts.as_read(), scope=_scope(state),
            sources="\n\n".join(context.evidence) or "(none)",
            conversation="\n".join(context.conversation) or "(none)",
            hints="\n".join(context.hints) or "(none)")
        messages = [("system", prompts.SYNTHESIS_SYSTEM), ("user", user)]
        attempts: list[dict[str, Any]] = []
        emit = ctx.on_token
        t0 = time.perf_counter()
        memo: dict = {}      # sentence -> its check, shared by the stream gate and the whole-answer check
        for attempt in range(attempts_allowed):
            gate = _Gate(emit, usable, year, memo) if emit else None
            try:
                reply = chat(self.llm, messages, "synthesise", on_delta=gate.feed if gate else _ignore)
            except Exception as e:  # noqa: BLE001 - the model failing is a fallback, never an unchecked answer
                if gate and gate.shown:
                    emit("reset", "")
                attempts.append({"draft": "", "findings": [f"model call failed: {type(e).__name__}"]})
                return self._reject(state, attempts, removed, t0, UNAVAILABLE_WARNING.format(why=type(e).__name__))
            if gate:
                gate.finish(reply.finished)
            draft = reply.text.strip()
            checked = check_answer(draft, usable, year, reply.finished, memo)
            if checked.not_found and not checked.findings:
                checked.findings.append("the model found no answer in the sources")
                attempts.append({"draft": draft, "findings": checked.findings})
                if gate and gate.shown:
                    emit("reset", "")
                return self._reject(state, attempts, removed, t0,
                                    "The model found no answer in the sources, so this is the offline extractive "
                                    "answer.")
            attempts.append({"draft": draft, "findings": checked.findings})
            if not checked.findings:
                return self._accept(state, work, draft, checked, usable, attempts, removed, t0)
            if gate and gate.shown:
                emit("reset", "")
            messages = messages + [("assistant", draft), ("user", prompts.SYNTHESIS_RETRY.format(
                draft=draft or "(empty)", findings="\n".join(f"- {f}" for f in checked.findings[:8])))]
        why = "; ".join(attempts[-1]["findings"][:2])
        return self._reject(state, attempts, removed, t0, FALLBACK_WARNING.format(why=_short(why)))

    def _accept(self, state: TurnState, work, draft: str, checked: Checked, usable: dict[int, Source],
                attempts: list[dict], removed: list[str], t0: float) -> StepRecord:
        state.answer, state.draft = checked.text, draft
        state.citations = [CitationRef(marker=s.n, doc=s.doc, company=s.company, fiscal_year=s.fiscal_year,
                                       page=s.page, doc_type=s.doc_type) for s in usable.values()]
        state.claims, state.figures, state.results = checked.claims, [], []
        state.derivation = "; ".join(checked.derivations)
        state.pages_checked = [f"{s.doc} p. {s.page}" for s in usable.values()]
        state.answered_by = "model"
        work.base_confidence = "high"
        return StepRecord(node="synthesise", decision=f"model answer ({len(attempts)} attempt(s))",
                          reason=f"{len(checked.markers)} source(s) cited; every sentence checked"
                          + (f"; {len(removed)} planted instruction(s) removed from the sources" if removed else ""),
                          data={"draft": draft, "attempts": attempts, "removed_from_sources": removed,
                                "derivations": checked.derivations, "dropped_uncited": checked.dropped})

    def _reject(self, state: TurnState, attempts: list[dict], removed: list[str], t0: float, warning: str) -> None:
        state.steps.append(StepRecord(
            node="synthesise_model", decision=f"rejected after {len(attempts)} attempt(s)",
            reason="; ".join(attempts[-1]["findings"][:3]), latency_ms=round(1000 * (time.perf_counter() - t0), 2),
            data={"attempts": attempts, "removed_from_sources": removed}))
        state.warnings.append(warning)
        state.answered_by = "extractive (model answer rejected)"
        return None


def ensure_summary(state: TurnState, ctx, work) -> None:
    """Summarise the older turns now, when a summary is due (only the model reads it; see memory/summary.py)."""
    if work.pending_summary is None:
        return
    from pipeline.memory.summary import llm_summariser
    from pipeline.guardrails.policy import run_layer

    older, recent = work.pending_summary
    work.pending_summary = None

    def run(s: TurnState) -> StepRecord:
        text = llm_summariser(ctx.llm)(older)
        s.memory["summary"], s.memory["summarised_messages"] = text, len(older)
        work.conversation = [f"summary: {text}"] + [f"{m.role}: {m.content}" for m in recent]
        return StepRecord(node="summary", decision="summarised",
                          reason=f"{len(older)} older message(s) summarised by the model, {len(recent)} kept")

    run_layer(state, "summariser", run, sink=ctx.sink, node="summary")


def _sources(conn, passages) -> list[Source]:
    out: list[Source] = []
    seen: set[tuple[str, int]] = set()
    for p in passages:
        if (p.doc, p.page) in seen:
            continue
        seen.add((p.doc, p.page))
        text, removed = sanitise(p.text)
        page, removed_page = sanitise(corpus.get_page(conn, p.doc, p.page) or p.text)
        out.append(Source(len(out) + 1, p.doc, p.company, p.fiscal_year, p.page, p.doc_type, text, page,
                          list(dict.fromkeys(removed + removed_page))))
    return out


def _scope(state: TurnState) -> str:
    years = ", ".join(f"FY{y}" for y in state.years) or "the latest report"
    return f"{', '.join(state.companies)} · {years}" + (f" ({state.scope_note})" if state.scope_note else "")


def _short(text: str, n: int = 160) -> str:
    return text if len(text) <= n else text[:n - 1] + "…"


def _ignore(delta: str) -> None:
    """Nobody is listening (CLI, evaluation): the reply still streams, so a cut-off reply is detected alike."""
