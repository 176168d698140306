"""Context assembly as an ordered budget: the question, then the retrieved evidence, then the conversation
(its summary and the recent turns word for word - or every original message when summarising failed), then
memory hints. When space runs short, hints go first, then the conversation, and evidence is trimmed last
(the lowest-ranked passage first); the question is never dropped."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable


def approx_tokens(text: str) -> int:
    return int(len(text.split()) * 1.3) + 1


@dataclass
class Context:
    question: str
    evidence: list[str] = field(default_factory=list)
    conversation: list[str] = field(default_factory=list)
    hints: list[str] = field(default_factory=list)
    dropped: dict[str, int] = field(default_factory=dict)   # what was cut: hints, summary, evidence
    tokens: int = 0

    def render(self) -> str:
        parts = [f"Question: {self.question}"]
        parts += [f"[{i}] {e}" for i, e in enumerate(self.evidence, 1)]
        parts += [f"Conversation: {m}" for m in self.conversation]
        parts += [f"Hint: {h}" for h in self.hints]
        return "\n\n".join(parts)


def assemble(question: str, evidence: list[str], conversation: list[str], hints: list[str], budget: int,
             count: Callable[[str], int] = approx_tokens) -> Context:
    ctx = Context(question=question, evidence=list(evidence), conversation=list(conversation), hints=list(hints))

    def total() -> int:
        return (count(ctx.question) + sum(count(e) for e in ctx.evidence) + sum(count(m) for m in ctx.conversation)
                + sum(count(h) for h in ctx.hints))

    while total() > budget and ctx.hints:
        ctx.hints.pop()
        ctx.dropped["hints"] = ctx.dropped.get("hints", 0) + 1
    if total() > budget and ctx.conversation:
        ctx.dropped["conversation"] = len(ctx.conversation)
        ctx.conversation = []
    while total() > budget and ctx.evidence:
        over = total() - budget
        last = ctx.evidence[-1]
        if count(last) > over + 8 and len(ctx.evidence) == 1:
            words = last.split()
            keep = max(1, int(len(words) * (count(last) - over) / max(1, count(last))) - 1)
            ctx.evidence[-1] = " ".join(words[:keep]) + " …"
            ctx.dropped["evidence_trimmed"] = 1
            break
        ctx.evidence.pop()
        ctx.dropped["evidence"] = ctx.dropped.get("evidence", 0) + 1
    ctx.tokens = total()
    return ctx
