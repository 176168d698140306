"""What every node shares: the turn's context (settings, stores, models), its per-turn scratch (Work),
the fail-open helper for a layer that fails inside a node, and the years a company is asked about."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from pipeline.question.analysis import QuestionFacts
from pipeline.retrieval.passage import Passage
from pipeline.retrieval.retriever import Retriever
from pipeline.guardrails.policy import POLICY, redact
from pipeline.guardrails.router import RouteDecision, reported_in
from pipeline.settings import Settings
from pipeline.state import GradedDoc, StepRecord, TurnState


MAX_QUESTION_CHARS = 2000
MAX_RETRIES = 2


@dataclass
class TurnContext:
    settings: Settings
    connect: Callable[[], Any]
    retriever: Retriever
    reranker: Any
    llm: Any = None
    web_enabled: bool = False
    # writes the answer instead of the extractive answerer: (state, ctx, conn, work) -> StepRecord, or None to
    # fall back to the extractive answer (pipeline/answer/model.py when a model is configured)
    synthesiser: Callable[["TurnState", "TurnContext", Any, "Work"], StepRecord | None] | None = None
    on_token: Callable[[str, str], None] | None = None   # ("text", checked sentence) | ("reset", "") while streaming
    sink: Callable[[str, str, str], None] | None = None
    retrieval_options: dict = field(default_factory=dict)   # mode / statements / pool_k / rerank overrides
    shadow: bool = False     # this context runs a shadow candidate: nothing it does is shown or remembered
    on_step: Callable[["TurnState"], None] | None = None   # live progress (the chat page's st.status)
    saver: Any = None        # CheckpointSaver: durable threads (None: nothing is saved)
    notes: Any = None        # long-term notes
    cache: Any = None        # SemanticCache

    @classmethod
    def from_settings(cls, settings: Settings, connect: Callable | None = None, embedder=None) -> "TurnContext":
        from pipeline.answer.model import ModelSynthesiser
        from pipeline.providers.llm import get_llm
        from pipeline.stores import db
        from pipeline.stores.health import sink_for

        from pipeline.memory.cache import SemanticCache
        from pipeline.memory.notes import Notes
        from pipeline.stores.checkpoints import CheckpointSaver

        if connect is None:      # this process's bounded pool (pipeline/stores/pool.py)
            from pipeline.stores.pool import connector

            connect = connector(settings)
        with connect() as c:   # the schema this context writes to (idempotent, under an advisory lock)
            db.migrate(c)
        # Nothing over the whole corpus happens here: facts older than the current rules are rebuilt per filing
        # when a search first reads them (pipeline.retrieval.facts_rebuild.ensure_current).
        retriever = Retriever(settings, connect, embedder=embedder)
        cache = SemanticCache(connect, LazyEmbedder(retriever), settings.cache_return_threshold,
                              settings.cache_seed_threshold) if settings.cache_enabled else None
        llm = get_llm(settings)
        synthesiser = ModelSynthesiser(llm, settings.llm_synth_retries) if llm is not None else None
        return cls(settings=settings, connect=connect, retriever=retriever, reranker=retriever.reranker,
                   llm=llm, synthesiser=synthesiser, sink=sink_for(connect), saver=CheckpointSaver(connect),
                   notes=Notes(connect, settings.notes_ttl_days), cache=cache)


class LazyEmbedder:
    """The retriever's embedder, loaded on first use (so routing-only turns never load the model)."""

    def __init__(self, retriever: Retriever):
        self._r = retriever

    def __getattr__(self, name):
        return getattr(self._r.embedder, name)


@dataclass
class Work:
    """Per-turn scratch that is not part of the recorded state (live objects)."""
    facts: QuestionFacts
    coverage: dict[str, list[int]]
    annual: dict[str, list[int]] = field(default_factory=dict)   # company -> years with a 10-K
    decision: RouteDecision | None = None
    pool: list[Passage] = field(default_factory=list)
    passages: list[Passage] = field(default_factory=list)
    base_confidence: str = "low"
    pending_summary: Any = None   # (older, recent) messages whose summary the model synthesiser computes
    conversation: list[str] = field(default_factory=list)   # summary + recent turns, or all originals
    degraded: list[str] = field(default_factory=list)       # sub-layers that failed open inside a node
    company_years: dict[str, list[int]] = field(default_factory=dict)   # compared companies asked in their own years
    # company -> (fiscal year, period end) of its reports, read only for a question naming a balance date
    fiscal_periods: Callable[[], dict[str, list]] = field(default=dict)


def doc_of(p: Passage, kept: bool = True, reason: str = "") -> GradedDoc:
    return GradedDoc(doc=p.doc, company=p.company, fiscal_year=p.fiscal_year, page=p.page, score=p.score, kept=kept,
                     reason=reason, text=p.text, statement=p.statement, doc_type=p.doc_type, chunk_id=p.chunk_id)


def fail_open(state: TurnState, ctx: TurnContext, layer: str, error: str) -> None:
    """A fail-open inside a node (one side of retrieval): the same visible warning and counter as run_layer."""
    state.warnings.append(POLICY[layer].warning)
    state.steps.append(StepRecord(node=layer, decision="failed open", reason=POLICY[layer].why, failed_open=True,
                                  error=redact(error)))
    if ctx.sink is not None:
        try:
            ctx.sink(layer, state.turn_id, redact(error))
        except Exception:  # noqa: BLE001
            state.warnings.append("The fail-open counter could not be written.")


def years_for(state: TurnState, work: Work, company: str) -> list[int | None]:
    """The fiscal years one company is asked about and held: the named years, else its latest report."""
    held = work.coverage.get(company, [])
    own = [y for y in work.company_years.get(company, []) if y in state.years]
    if own:     # "which is higher?" over Acme FY2021 and Global Express FY2022: each company's own year
        return [y for y in own if not held or y in held] or [None]
    if state.years:
        return [y for y in state.years if not held or reported_in(held, y)] or [None]
    latest = (work.annual.get(company) or held)
    return [latest[-1]] if latest else [None]


