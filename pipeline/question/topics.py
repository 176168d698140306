"""The topic lexicon: narrative subjects (legal proceedings, customers, geographies, ...) and the words 10-Ks use
for them (data in `pipeline/data/topics.toml`)."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pipeline.question.lexicon import fold, in_folded

DEFAULT_TOPICS = Path(__file__).parent.parent / "data" / "topics.toml"


@dataclass(frozen=True)
class Topic:
    key: str
    terms: tuple[str, ...]
    search: str


@dataclass
class Topics:
    topics: list[Topic]

    def find(self, text: str) -> list[Topic]:
        low = " " + fold(text) + " "
        hits = []
        for t in self.topics:
            best = max((len(term) for term in t.terms
                        if in_folded(term, low)), default=0)
            if best:
                hits.append((best, t))
        return [t for _, t in sorted(hits, key=lambda h: -h[0])]


@lru_cache(maxsize=2)
def get_topics(path: str | None = None) -> Topics:
    data = tomllib.loads(Path(path or DEFAULT_TOPICS).read_text(encoding="utf-8"))
    return Topics([Topic(d["key"], tuple(d["terms"]), d["search"]) for d in data.get("topic", [])])
