"""The glossary: the finance terms whose meaning a turn may ask ("what does EBITDA mean?"), each with its one
definition (`pipeline/data/glossary.toml`). Data and a lookup, no imports of the pipeline: the question reader uses
it to tell a defined term from a name, the router to answer a definition question."""
from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from pathlib import Path

GLOSSARY = Path(__file__).parent.parent / "data" / "glossary.toml"


@lru_cache(maxsize=1)
def glossary() -> list[tuple[tuple[str, ...], str]]:
    data = tomllib.loads(GLOSSARY.read_text(encoding="utf-8"))
    return [(tuple(e["terms"]), e["definition"]) for e in data["entry"]]


def define(text: str) -> str | None:
    low = text.lower()
    best = None
    for terms, definition in glossary():
        for t in terms:
            if re.search(rf"(?<![\w&-]){re.escape(t)}(?![\w&])", low) and (best is None or len(t) > best[0]):
                best = (len(t), definition)
    return best[1] if best else None
