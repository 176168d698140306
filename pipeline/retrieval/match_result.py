"""What the facts lookup answers (`fact_match`): the row that covers the question (and why it does), or no row, with
the closest lines printed, which the answer offers as follow-ups."""
from __future__ import annotations

from dataclasses import dataclass, field

from pipeline.question import line_vocabulary
from pipeline.question.figure_ask import Ask
from pipeline.retrieval.measure_named import names_measure
from pipeline.stores.facts import StoredFact


@dataclass
class FactMatch:
    fact: StoredFact
    covered: list[str]
    extra: list[str]
    alternatives: list[StoredFact] = field(default_factory=list)
    via: line_vocabulary.Link | None = None     # the standard label group that linked asked words and row label

    def why(self, ask: Ask) -> str:
        """What linked the asked words to the printed row, for the answer's record and the trace."""
        printed = f"'{self.fact.label}'"
        if self.via is not None:
            return f"'{self.via.asked}' = {printed} ({self.via.reason()})"
        if ask.metric is not None:
            if ask.metric.matches_row(self.fact.label, self.fact.statement):
                return f"'{ask.measure}' = {printed} (lexicon: {ask.metric.key})"
            if names_measure(ask, self.fact):
                return f"'{ask.measure}' = {printed} (the label holds the asked words)"
            return f"'{ask.measure}' = {printed} under its heading (lexicon: {ask.metric.key})"
        return f"'{ask.measure}' = {printed} (the row covers the asked words: {', '.join(self.covered)})"


@dataclass
class NoMatch:
    measure: str
    closest: list[StoredFact]
    reason: str


def distinct_pages(rows: list[StoredFact]) -> list[StoredFact]:
    seen: set[tuple] = set()
    return [f for f in rows if (f.doc_id, f.page) not in seen and not seen.add((f.doc_id, f.page))]


def distinct_rows(facts: list[StoredFact]) -> list[StoredFact]:
    seen, out = set(), []
    for f in facts:
        if f.label_path not in seen:
            seen.add(f.label_path)
            out.append(f)
    return out


def closest_text(closest: list[StoredFact]) -> str:
    return ", ".join(f"{f.label_path.replace(chr(0x203a), '>')} (p. {f.page})" for f in closest)
