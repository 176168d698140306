"""What a question is about: companies (registry), fiscal years, metrics (lexicon). Deterministic."""
from __future__ import annotations

from dataclasses import dataclass, field

from pipeline.lexicon import Lexicon, Metric, get_lexicon
from pipeline.periods import find_years
from pipeline.registry import Company, Registry, get_registry


@dataclass
class QuestionFacts:
    text: str
    companies: list[Company] = field(default_factory=list)
    years: list[int] = field(default_factory=list)
    metrics: list[Metric] = field(default_factory=list)

    @property
    def company(self) -> Company | None:
        return self.companies[0] if self.companies else None

    @property
    def year(self) -> int | None:
        return self.years[0] if self.years else None

    @property
    def metric(self) -> Metric | None:
        return self.metrics[0] if self.metrics else None

    def search_query(self) -> str:
        """The question plus the lexicon's statement wording for its metric (helps both retrievers)."""
        return f"{self.text} {self.metric.search_text()}" if self.metric else self.text


def analyse(text: str, registry: Registry | None = None, lexicon: Lexicon | None = None) -> QuestionFacts:
    registry = registry or get_registry()
    lexicon = lexicon or get_lexicon()
    return QuestionFacts(text=text, companies=registry.find_companies(text), years=find_years(text),
                         metrics=lexicon.find(text))
