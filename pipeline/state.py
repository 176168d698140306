"""The turn state: one typed object every node of the turn graph reads and writes."""
from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

from pipeline.core.series_table import SeriesTable

Route = Literal["retrieve", "clarify", "out_of_scope", "no_data", "direct", "web"]


class StepRecord(BaseModel):
    node: str
    decision: str
    reason: str = ""
    latency_ms: float = 0.0
    failed_open: bool = False
    error: str = ""
    data: dict[str, Any] = Field(default_factory=dict)   # what the node saw and produced (for traces)


class GradedDoc(BaseModel):
    doc: str
    company: str
    fiscal_year: int
    page: int
    score: float
    kept: bool
    reason: str
    text: str = ""
    statement: str | None = None
    doc_type: str = "10K"
    chunk_id: int = 0


class Claim(BaseModel):
    text: str
    label: str                      # <= 8 words naming metric and context, never the number
    numbers: list[str] = Field(default_factory=list)
    verdict: Literal["supported", "derived", "estimated", "unsupported"] = "supported"
    reason: str = ""
    company: str | None = None


class CitationRef(BaseModel):
    marker: int
    doc: str
    company: str
    fiscal_year: int
    page: int
    doc_type: str = "10K"
    fy_label: str = ""       # the company's own label when its year differs from the period end's

    @property
    def label(self) -> str:
        from pipeline.question.labels import doc_label

        return doc_label(self.company, self.fiscal_year, self.doc_type, self.page, self.fy_label)


class Carried(BaseModel):
    """What carry-over (pipeline/memory/carryover.py) read into a question from the conversation, as fields: the
    question the user typed stays `TurnState.question`, untouched. The question reader takes `asked` with these
    fields (`pipeline.question.analysis.analyse(..., carried=)`); `text()` composes the question as read for
    people and the model (the trace, the prompt), which no stage parses."""
    companies: list[str] = Field(default_factory=list)
    years: list[int] = Field(default_factory=list)
    metric: str | None = None
    # the asking sentence as carry-over reads it: the typed question, or with what a bare follow-up leaves out
    # joined ("margin?" -> "operating profit margin? ..." with the previous part's words, "which is higher, A or B
    # operating profit?")
    asked: str = ""
    # the words carry-over adds to the reading: the carried companies, FY years, the measure's label or a topic
    context: list[str] = Field(default_factory=list)
    from_turn: int | None = None   # the turn carried from; None when only a relative period of its own was resolved

    def text(self) -> str:
        """The question as read, said for a person or the model: the asking sentence, then what was carried and
        from which turn ("and in FY2021? (context from turn 1: Acme revenue)"; "revenue last year (read as:
        FY2021)" when only a relative period was resolved). Composed for reading; no stage parses it."""
        if self.from_turn is None:
            return f"{self.asked.rstrip()} (read as: {' '.join(self.context)})" if self.context else self.asked
        return f"{self.asked} (context from turn {self.from_turn}: {' '.join(self.context)})" if self.context \
            else self.asked

    def own_and_context(self) -> str:
        """The asking sentence and the carried words, without saying where they came from: the terms a passage
        or sentence must carry."""
        return " ".join([self.asked, *self.context])

    @model_validator(mode="before")
    @classmethod
    def _legacy(cls, data: Any) -> Any:
        """A state checkpointed before carry-over kept fields held only the composed text, as "question"
        ("<question> (context from turn N: ...)" or "<question> (read as: ...)"): read it back into the fields,
        here and nowhere else."""
        if not isinstance(data, dict) or "question" not in data or "asked" in data:
            return data
        out = {k: v for k, v in data.items() if k != "question"}
        text = str(data.get("question") or "")
        m = _LEGACY_CARRIED.search(text)
        out["asked"] = text[:m.start()] if m else text
        if m:
            out["context"] = m.group("words").split()
            out["from_turn"] = int(m.group("turn")) if m.group("turn") else None
        return out


# The composed text an old checkpoint holds: what `Carried.text()` writes today, read back only by `Carried._legacy`.
_LEGACY_CARRIED = re.compile(r"\s*\((?:context from turn (?P<turn>\d+):|read as:) ?(?P<words>[^)]*)\)\s*$")


class TurnState(BaseModel):
    question: str                  # as the user typed it (what carry-over read into it is `carried`)
    turn_id: str = ""
    thread_id: str = ""
    user_id: str = "local"
    turn: int = 0
    # what the question is about (after carry-over from earlier turns, when memory adds it)
    carried: Carried = Field(default_factory=Carried)
    companies: list[str] = Field(default_factory=list)
    years: list[int] = Field(default_factory=list)
    metric: str | None = None
    scope_note: str = ""
    period_note: str = ""          # said in the answer: the year used when none was named, the years not held
    # routing
    route: Route | None = None
    route_reason: str = ""
    # retrieval and grading
    query: str = ""
    documents: list[GradedDoc] = Field(default_factory=list)
    found: dict[str, bool] = Field(default_factory=dict)     # company -> a document of it survived grading
    # synthesis and verification
    draft: str = ""
    citations: list[CitationRef] = Field(default_factory=list)
    figures: list[dict[str, Any]] = Field(default_factory=list)
    derivation: str = ""
    results: list[dict[str, Any]] = Field(default_factory=list)  # {company, metric, year, value, unit, kind}
    claims: list[Claim] = Field(default_factory=list)
    # a measure across years / companies (pipeline/core/series_table.py SeriesTable), recorded so it survives a reload
    table: dict[str, Any] | None = None
    verdict: Literal["pass", "partial", "fail", "not_checked"] = "not_checked"
    retries: int = 0
    retry_queries: list[str] = Field(default_factory=list)
    # output
    answer: str = ""
    confidence: Literal["high", "medium", "low"] = "low"
    suggestions: list[str] = Field(default_factory=list)   # one-click follow-ups (closest lines, other years)
    caveats: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    pages_checked: list[str] = Field(default_factory=list)
    steps: list[StepRecord] = Field(default_factory=list)
    # who wrote the answer: "extractive" (offline), "model", or "extractive (model answer rejected)"
    answered_by: str = "extractive"
    # model calls of this turn: {calls, prompt_tokens, completion_tokens, tokens, latency_ms, cost_usd, by_call}
    usage: dict[str, Any] = Field(default_factory=lambda: {"calls": 0, "tokens": 0, "latency_ms": 0.0,
                                                          "cost_usd": 0.0})
    # memory: what was carried, summarised and hinted; the answer cache's decision
    memory: dict[str, Any] = Field(default_factory=dict)
    cache: dict[str, Any] = Field(default_factory=lambda: {"hit": False, "similarity": 0.0, "band": "off"})

    def to_json(self) -> dict[str, Any]:
        """The `ara ask --json` shape: the spine's fields first, then the graph's."""
        return {
            "answer": self.answer,
            "route": self.route,
            "citations": [{"marker": c.marker, "doc": c.doc, "company": c.company, "fiscal_year": c.fiscal_year,
                           "page": c.page} for c in self.citations],
            "confidence": self.confidence,
            "figure": self.figures[0] if len(self.figures) == 1 else None,
            "figures": self.figures,
            "results": self.results,
            "table": _table_json(self.table),
            "pages_checked": self.pages_checked,
            "steps": [s.model_dump(exclude={"data"}) for s in self.steps],
            "verdicts": {"groundedness": self.verdict,
                         "claims": [c.model_dump(include={"label", "verdict", "reason"}) for c in self.claims]},
            "caveats": self.caveats,
            "suggestions": self.suggestions,
            "warnings": self.warnings,
            "cache": self.cache,
            "answered_by": self.answered_by,
            "usage": {k: v for k, v in self.usage.items() if k != "by_call"},
            "memory": {"carried": self.memory.get("carried", []), "carried_from_turn": self.carried.from_turn
                       if self.memory.get("carried") else None, "summary_used": bool(self.memory.get("summary")),
                       "hints_used": len(self.memory.get("hints", [])), "context": self.memory.get("context")},
            "thread_id": self.thread_id,
            "turn": self.turn,
        }


def _table_json(table: dict[str, Any] | None) -> dict[str, Any] | None:
    """A recorded series table as `ara ask --json` carries it: {"columns", "rows": [{company, period, value, unit,
    currency, citation, ...}]}."""
    if not table:
        return None
    return SeriesTable.model_validate(table).to_json()
