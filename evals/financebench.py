"""The FinanceBench questions whose evidence lies in the demo corpus (public set; kept apart from our suites)."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from pipeline.settings import default_corpus_dir


@dataclass(frozen=True)
class FinanceBenchQuestion:
    id: str
    company: str
    doc: str
    question_type: str
    question: str
    answer: str
    evidence_pages: tuple[tuple[str, int], ...]   # (doc, 1-based page)

    @property
    def gold_figure(self) -> tuple[Decimal, str] | None:
        """(value, unit) when the gold answer is a figure: '$1577.00' -> (1577, unit asked in the question)."""
        m = re.match(r"^\s*(\$)?(-?[\d,]*\.?\d+)\s*(%)?\s*$", self.answer)
        if not m or self.question_type != "metrics-generated":
            return None
        value = Decimal(m.group(2).replace(",", ""))
        if m.group(3):
            return value, "percent"
        if not m.group(1):
            return value, "number"       # a ratio, a multiple, days
        q = self.question.lower()
        unit = "billion" if "billions" in q else "thousand" if "thousands" in q else "million"
        return value, unit


def questions_path() -> Path | None:
    d = default_corpus_dir()
    p = d.parent / "financebench" / "questions.jsonl" if d else None
    return p if p and p.exists() else None


def more_questions_path() -> Path | None:
    """The second development set (../shared/corpus-more/questions.jsonl), when it is there."""
    d = default_corpus_dir()
    p = d.parent.parent / "corpus-more" / "questions.jsonl" if d else None
    return p if p and p.exists() else None


def question_sets() -> dict[str, Path]:
    """Every FinanceBench development set present: {"demo": ..., "more": ...}."""
    out = {}
    for name, p in (("demo", questions_path()), ("more", more_questions_path())):
        if p is not None:
            out[name] = p
    return out


def load_questions(path: Path | None = None) -> list[FinanceBenchQuestion]:
    path = path or questions_path()
    if path is None:
        raise FileNotFoundError("FinanceBench questions not found (expected ../shared/corpus/financebench/questions.jsonl)")
    out = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        q = json.loads(line)
        pages = tuple((e["doc_name"], int(e["evidence_page_num"]) + 1) for e in q["evidence"])
        out.append(FinanceBenchQuestion(q["financebench_id"], q["company"], q["doc_name"], q["question_type"],
                                        q["question"], q["answer"], pages))
    return out
