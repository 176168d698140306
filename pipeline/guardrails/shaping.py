"""Output shaping (checkpoint 6): keep only cited sources, renumber markers 1..n in order of appearance,
attach confidence from the groundedness verdict, and name every unverified claim in a caveat (a label of at
most eight words naming metric and context, never the number)."""
from __future__ import annotations

import re

from pipeline.state import CitationRef, TurnState


def renumber(answer: str, citations: list[CitationRef]) -> tuple[str, list[CitationRef]]:
    order: list[int] = []
    for m in re.findall(r"\[(\d+)\]", answer):
        if int(m) not in order:
            order.append(int(m))
    by_marker = {c.marker: c for c in citations}
    mapping = {old: new for new, old in enumerate([o for o in order if o in by_marker], start=1)}
    text = re.sub(r"\[(\d+)\]", lambda m: f"[{mapping[int(m.group(1))]}]" if int(m.group(1)) in mapping else "",
                  answer)
    kept = [by_marker[old].model_copy(update={"marker": new}) for old, new in mapping.items()]
    return re.sub(r"\s+([.,;])", r"\1", re.sub(r" {2,}", " ", text)).strip(), sorted(kept, key=lambda c: c.marker)


def label(text: str) -> str:
    """At most eight words; figures (with their unit) and citation markers removed, fiscal years kept."""
    text = re.sub(r"\[\d+\]", "", text)
    text = re.sub(r"(?<![\w])\(?\$?\d[\d,.]*\)?%?(?![\w])(\s*(million|billion|thousand|per share|%))?", "", text)
    words = [w for w in text.split() if w]
    return " ".join(words[:8])


def shape(state: TurnState, base_confidence: str) -> None:
    state.answer, state.citations = renumber(state.answer, state.citations)
    state.suggestions = distinct(state.suggestions)
    unverified = [c for c in state.claims if c.verdict == "unsupported"]
    for c in unverified:
        state.caveats.append(f"Unverified: {label(c.label)}")
    if state.route != "retrieve" or state.answer.startswith("I could not find"):
        state.confidence = "low" if state.route == "retrieve" else "high"
        return
    order = ["low", "medium", "high"]
    cap = {"pass": "high", "partial": "medium", "fail": "low", "not_checked": "low"}[state.verdict]
    state.confidence = order[min(order.index(base_confidence), order.index(cap))]  # type: ignore[assignment]


def distinct(suggestions: list[str]) -> list[str]:
    """Suggestions once each, in order: two that differ only in case or spacing are one button (several closest
    lines with one label, on different pages, each proposed the same follow-up)."""
    seen: set[str] = set()
    out = []
    for q in suggestions:
        key = " ".join(q.split()).casefold()
        if key and key not in seen:
            seen.add(key)
            out.append(q)
    return out
