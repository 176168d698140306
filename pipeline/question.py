"""What a question is about: companies (registry), fiscal years, metrics (lexicon). Deterministic."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from pipeline.lexicon import Lexicon, Metric, get_lexicon
from pipeline.periods import find_years
from pipeline.registry import Company, Registry, get_registry
from pipeline.topics import Topic, get_topics

# Instruction sentences that say how to answer, not what is asked ("Answer in USD millions.").
_INSTRUCTION = re.compile(r"(?i)^(if |answer |respond |give |assume |please |provide |round |use |define |"
                          r"calculate |we need to |rely |base your |state )")


def core_question(text: str) -> str:
    """The asking part of a question: instruction sentences dropped (unless nothing else is left)."""
    sents = [s.strip() for s in re.split(r"(?<=[.?!])\s+", text) if s.strip()]
    keep = [s for s in sents if "?" in s or not _INSTRUCTION.match(s)]
    return " ".join(keep) if keep else text


@dataclass
class QuestionFacts:
    text: str
    companies: list[Company] = field(default_factory=list)
    years: list[int] = field(default_factory=list)
    metrics: list[Metric] = field(default_factory=list)
    topics: list[Topic] = field(default_factory=list)

    @property
    def company(self) -> Company | None:
        return self.companies[0] if self.companies else None

    @property
    def year(self) -> int | None:
        return self.years[0] if self.years else None

    @property
    def metric(self) -> Metric | None:
        return self.metrics[0] if self.metrics else None

    @property
    def statements(self) -> list[str]:
        """Statements the asked metrics are printed in, most relevant first."""
        out: list[str] = []
        for m in self.metrics:
            for s in m.statements:
                if s not in out:
                    out.append(s)
        return out

    def search_query(self) -> str:
        """The asking part of the question plus the lexicons' wording for its metric and topic."""
        parts = [core_question(self.text)]
        if self.metric:
            parts.append(self.metric.search_text())
        if self.topics:
            parts.append(self.topics[0].search)
        return " ".join(parts)


def analyse(text: str, registry: Registry | None = None, lexicon: Lexicon | None = None) -> QuestionFacts:
    registry = registry or get_registry()
    lexicon = lexicon or get_lexicon()
    return QuestionFacts(text=text, companies=registry.find_companies(text), years=find_years(text),
                         metrics=lexicon.find(text), topics=get_topics().find(text))
