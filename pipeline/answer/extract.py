"""Extractive synthesis primitives (offline, deterministic): the cannot-answer sentinel and sentence quotes.
Figures come from the facts table (pipeline/answer/figures.py)."""
from __future__ import annotations

import re

from pipeline.guardrails.final_gate import NOT_FOUND, NOT_IN_REPORT  # noqa: F401 - the answerers import them from here
from pipeline.retrieval.passage import Passage



def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def best_sentence(terms_of, question: str, passages: list[Passage]) -> tuple[str, Passage] | None:
    """The sentence of the top passages sharing most query terms with the question (`terms_of` tokenises)."""
    terms = set(terms_of(question))
    best: tuple[float, str, Passage] | None = None
    for rank, p in enumerate(passages[:5]):
        body = " ".join(p.text.split("\n")[1:]) or p.text
        for sent in re.split(r"(?<=[.!?])\s+(?=[A-Z])", body):
            if len(sent) < 40:
                continue
            score = len(terms & set(terms_of(sent))) - 0.1 * rank
            if best is None or score > best[0]:
                best = (score, sent.strip(), p)
    if best is None or best[0] <= 0:
        return None
    return best[1], best[2]
