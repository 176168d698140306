"""Extractive synthesis primitives (offline, deterministic): the cannot-answer sentinel and sentence quotes.
Figures come from the facts table (pipeline/answer/figures.py)."""
from __future__ import annotations

import re

from pipeline.retrieval import Passage

NOT_FOUND = "I could not find"  # the cannot-answer sentinel: every not-found answer starts with it
# a finding, not a failure: the whole report was searched and no sentence states the event asked about
NOT_IN_REPORT = "No: the report"


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
