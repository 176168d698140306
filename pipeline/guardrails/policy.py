"""The fail-open / fail-closed policy: which guardrail layer may fail open, which must fail closed, and why.

Data, not scattered try/excepts: `run_layer` consults this table. A precision layer that fails is skipped
loudly (a counter in Postgres, a visible warning in the turn). A correctness floor that fails closes the
turn: the analyst gets the fallback reply, never an unchecked answer.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Literal

from pipeline.state import StepRecord, TurnState


@dataclass(frozen=True)
class LayerPolicy:
    mode: Literal["open", "closed"]
    why: str
    warning: str = ""            # what the analyst is told when it fails open


POLICY: dict[str, LayerPolicy] = {
    "router": LayerPolicy("closed", "without a route the turn cannot be answered safely"),
    "carry_over": LayerPolicy("open", "without carry-over the question is answered as asked",
                              "Earlier turns could not be read; the question was answered as asked."),
    "summariser": LayerPolicy("open", "without a summary the original messages stay in the context",
                              "Summarising the conversation failed; the full history was used."),
    "notes": LayerPolicy("open", "notes are hints, never sources: the answer does not depend on them",
                         "Long-term notes were unavailable."),
    "cache": LayerPolicy("open", "a miss is cheap: the full pipeline runs",
                         "The answer cache was unavailable; the answer was computed afresh."),
    "shadow": LayerPolicy("open", "a shadow run is an experiment: the live answer never depends on it",
                          "The shadow evaluation run failed (the answer is unaffected)."),
    "checkpoint": LayerPolicy("open", "the answer is right without it; only its durability is lost",
                              "This turn could not be saved to the conversation history."),
    "router_llm": LayerPolicy("open", "the deterministic rules route every question; the LLM only refines them",
                              "The model router was unavailable; the question was routed by rules."),
    "embeddings": LayerPolicy("open", "keyword and statement retrieval still find the passages; dense recall is lost",
                              "The embedding model failed; passages were found by keyword and statement search."),
    "reranker": LayerPolicy("open", "a precision layer: the fusion order is a sound ranking on its own",
                            "Reranking failed; passages are in retrieval order."),
    "grader": LayerPolicy("open", "a precision layer: without it all retrieved passages are used",
                          "The relevance check failed; all retrieved passages were used."),
    "groundedness": LayerPolicy("open", "a precision layer over an extractive answer whose figures come from the "
                                        "cited page; skipping it lowers confidence, it does not invent figures",
                                "The figure check failed; the answer is unverified."),
    "groundedness_llm": LayerPolicy("open", "the deterministic numeric check already ran; the LLM adds nuance",
                                    "The model verifier was unavailable; only the numeric check ran."),
    "kinds_model": LayerPolicy("open", "the offline answer of the same kind (yes/no, name, amount, why, prose "
                                       "count) is the floor: a model answer whose quote or numbers fail its check "
                                       "is never shown",
                               "The model's answer did not pass the evidence check, so this is the offline answer."),
    "retrieve": LayerPolicy("closed", "no passages means no citable answer"),
    "synthesise": LayerPolicy("closed", "an answer that could not be composed cannot be checked"),
    "citations": LayerPolicy("closed", "a citation that does not resolve to a real page is a correctness floor"),
    "final_gate": LayerPolicy("closed", "the last correctness floor: on any doubt, the fallback reply"),
    "audit": LayerPolicy("closed", "a reviewer must be able to prove every answer later: no record, no answer"),
    "shaping": LayerPolicy("closed", "markers and citations must agree; if they cannot be made to, no answer"),
}


class LayerClosed(RuntimeError):
    """A fail-closed layer failed: the turn must end with the fallback reply."""

    def __init__(self, layer: str, error: BaseException):
        super().__init__(f"{layer} failed closed: {type(error).__name__}: {error}")
        self.layer, self.error = layer, error


FailOpenSink = Callable[[str, str, str], None]   # (layer, turn_id, error) -> record it


def run_layer(state: TurnState, layer: str, fn: Callable[[TurnState], StepRecord | None],
              on_fail_open: Callable[[TurnState], None] | None = None,
              sink: FailOpenSink | None = None, node: str | None = None) -> None:
    """Run one node under its layer's policy, appending its step record (with latency) to the state."""
    policy = POLICY[layer]
    t0 = time.perf_counter()
    try:
        rec = fn(state) or StepRecord(node=node or layer, decision="ok")
        rec.latency_ms = round(1000 * (time.perf_counter() - t0), 2)
        state.steps.append(rec)
    except Exception as e:  # noqa: BLE001 - every failure goes through the declared policy
        ms = round(1000 * (time.perf_counter() - t0), 2)
        err = f"{type(e).__name__}: {e}"
        if policy.mode == "closed":
            state.steps.append(StepRecord(node=node or layer, decision="failed closed", reason=policy.why,
                                          latency_ms=ms, error=redact(err)))
            raise LayerClosed(layer, e) from e
        state.steps.append(StepRecord(node=node or layer, decision="failed open", reason=policy.why,
                                      latency_ms=ms, failed_open=True, error=redact(err)))
        state.warnings.append(policy.warning or f"{layer} failed; it was skipped.")
        if sink is not None:
            try:
                sink(layer, state.turn_id, redact(err))
            except Exception:  # noqa: BLE001 - the counter must never take the turn down
                state.warnings.append("The fail-open counter could not be written.")
        if on_fail_open is not None:
            on_fail_open(state)


def redact(text: str) -> str:
    """Error text safe to store: anything that looks like an API key is masked."""
    import re

    text = re.sub(r"(sk|co|pk)-[A-Za-z0-9_\-]{6,}", r"\1-***", text)
    return re.sub(r"(?i)(api[_-]?key|authorization|bearer)(\W+)\S+", r"\1\2***", text)[:500]
