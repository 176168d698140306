"""The quality sets, loaded as cases: FinanceBench-style `questions.jsonl` files (found through
ARA_EVAL_QUALITY_DIRS), the hand-graded sets in ARA_EVAL_SETS_DIR (`evals/sets/*.jsonl`, the shared format in the
README, checked line by line: a line that breaks the format is a `SetError` naming the file, line and field) and the
conversation suite in ARA_EVAL_SUITES_DIR (`conversation.jsonl`). Each case carries its gold (figure, scale,
currency, verdict, names, series cells) for `evals/quality.py` to grade the product's answer against."""
from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any


QUESTION_TYPES = ("figure", "yesno", "name", "why", "count", "cross", "series")
SCALES = ("unit", "thousand", "million", "billion", "percent", "cent")


@dataclass(frozen=True)
class QualityCase:
    suite: str
    id: str
    company: str
    question_type: str
    turns: tuple[str, ...]
    gold: str                                   # the gold answer as written
    gold_figure: Decimal | None = None          # when the gold answer is a number (signed: a loss is negative)
    expected: dict[str, Any] = field(default_factory=dict)   # conversation cases: the boundary expectations
    gold_scale: str | None = None               # unit | thousand | million | billion | percent | cent
    gold_currency: str | None = None            # ISO code, when the gold names one
    gold_verdict: str | None = None             # yes | no
    gold_names: tuple[str, ...] = ()
    answerable: bool = True
    corpus: str = ""
    gold_cells: tuple[dict, ...] = ()           # series cases: {company, period, value, page} per cell

    @property
    def grading(self) -> str:
        """How the case is graded: conversation, unanswerable, cells, figure, yesno, names or label."""
        if self.expected:
            return "conversation"
        if not self.answerable:
            return "unanswerable"
        if self.gold_cells:
            return "cells"
        if self.gold_figure is not None:
            return "figure"
        if self.gold_verdict:
            return "yesno"
        if self.gold_names:
            return "names"
        return "label"


def gold_number(answer: str) -> Decimal | None:
    """'$1577.00' -> 1577, '16.5%' -> 16.5, '24.26' -> 24.26; anything with words is a text answer."""
    m = re.fullmatch(r"\s*\$?\s*(-?[\d,]*\.?\d+)\s*%?\s*", answer or "")
    if not m:
        return None
    try:
        return Decimal(m.group(1).replace(",", ""))
    except InvalidOperation:
        return None


def asked_scale(question: str, gold: str) -> str:
    """The scale a FinanceBench-style gold number is in: a percentage when it carries '%', the unit the question
    asks for ("Answer in USD billions", "(in USD millions)"), else units (a ratio, days, per share)."""
    if "%" in gold:
        return "percent"
    m = re.search(r"\b(?:USD|US\$|\$)\s*(thousands|millions|billions)\b|\bin (thousands|millions|billions)\b",
                  question, re.I)
    return {"thousands": "thousand", "millions": "million", "billions": "billion"}[
        (m.group(1) or m.group(2)).lower()] if m else "unit"


def gold_verdict(gold: str) -> str | None:
    """'Yes. Boeing has ...' -> 'yes'; a gold that does not open with a verdict -> None."""
    m = re.match(r"\s*(yes|no)\b(?![-\w])", gold or "", re.I)
    return m.group(1).lower() if m else None


def quality_dirs(spec: str, cwd: Path | None = None) -> list[Path]:
    base = cwd or Path.cwd()
    out = []
    for part in filter(None, (x.strip() for x in spec.split(os.pathsep))):
        p = Path(part).expanduser()
        out.append(p if p.is_absolute() else (base / p).resolve())
    return out


def questions_file(folder: Path) -> Path | None:
    for p in (folder / "questions.jsonl", folder / "financebench" / "questions.jsonl"):
        if p.exists():
            return p
    return None


def load_financebench(path: Path, suite: str) -> list[QualityCase]:
    out = []
    for n, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        q = json.loads(line)
        for key in ("financebench_id", "company", "question", "answer"):
            if not q.get(key):
                raise ValueError(f"{path}:{n}: missing field {key!r}")
        figure = gold_number(q["answer"])
        out.append(QualityCase(suite, q["financebench_id"], q["company"], q.get("question_type") or "unknown",
                               (q["question"],), q["answer"], figure,
                               gold_scale=asked_scale(q["question"], q["answer"]) if figure is not None else None,
                               gold_verdict=None if figure is not None else gold_verdict(q["answer"])))
    return out


class SetError(ValueError):
    """A graded-set line that does not follow the format; the message names the file, line and field."""


def load_graded_set(path: Path) -> list[QualityCase]:
    """One `evals/sets/<name>.jsonl` file in the shared graded-set format (README, "Graded question sets")."""
    out, seen = [], set()
    for n, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        where = f"{path.name}:{n}"
        try:
            c = json.loads(line)
        except json.JSONDecodeError as e:
            raise SetError(f"{where}: not JSON ({e.msg})") from None
        for key in ("id", "company", "question_type", "turns", "gold"):
            if not c.get(key):
                raise SetError(f"{where}: missing field {key!r}")
        if c["id"] in seen:
            raise SetError(f"{where}: duplicate id {c['id']!r}")
        seen.add(c["id"])
        if c["question_type"] not in QUESTION_TYPES:
            raise SetError(f"{where}: question_type {c['question_type']!r} is not one of {', '.join(QUESTION_TYPES)}")
        turns = c["turns"] if isinstance(c["turns"], list) else [c["turns"]]
        if not all(isinstance(t, str) and t.strip() for t in turns):
            raise SetError(f"{where}: turns must be non-empty strings")
        figure = None
        if c.get("gold_figure") not in (None, ""):
            try:
                figure = Decimal(str(c["gold_figure"]).replace(",", ""))
            except InvalidOperation:
                raise SetError(f"{where}: gold_figure {c['gold_figure']!r} is not a number") from None
        scale = c.get("gold_scale") or ("percent" if figure is not None and "%" in c["gold"] else None)
        if figure is not None and scale is None:
            scale = "unit"
        if scale is not None and scale not in SCALES:
            raise SetError(f"{where}: gold_scale {scale!r} is not one of {', '.join(SCALES)}")
        verdict = (c.get("gold_verdict") or "").lower() or None
        if verdict not in (None, "yes", "no"):
            raise SetError(f"{where}: gold_verdict must be yes, no or null")
        if c["question_type"] == "yesno" and verdict is None and c.get("answerable", True):
            raise SetError(f"{where}: a yesno case needs gold_verdict")
        if c["question_type"] in ("figure", "count") and figure is None and c.get("answerable", True):
            raise SetError(f"{where}: a {c['question_type']} case needs gold_figure")
        names = tuple(c.get("gold_names") or ())
        gold_cells = c.get("gold_cells") or ()
        if not isinstance(gold_cells, list | tuple) or not all(
                isinstance(g, dict) and g.get("company") and g.get("period") and "value" in g for g in gold_cells):
            raise SetError(f"{where}: gold_cells must be a list of {{company, period, value, page}}")
        out.append(QualityCase(c.get("set") or path.stem, c["id"], c["company"], c["question_type"], tuple(turns),
                               c["gold"], figure, gold_scale=scale,
                               gold_currency=(c.get("gold_currency") or "").upper() or None,
                               gold_verdict=verdict, gold_names=names, answerable=bool(c.get("answerable", True)),
                               corpus=c.get("corpus") or "", gold_cells=tuple(gold_cells)))
    return out


def load_conversation(path: Path, suite: str) -> list[QualityCase]:
    """Cases in the suite format (`id`, `turns` or `query`, `expected`); graded by their expectations."""
    out = []
    for n, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        c = json.loads(line)
        turns = tuple(c.get("turns") or [c.get("query", "")])
        if not c.get("id") or not all(turns) or not isinstance(c.get("expected"), dict):
            raise ValueError(f"{path}:{n}: a case needs id, turns (or query) and expected")
        e = c["expected"]
        company = ", ".join(e.get("companies", [])) or c.get("company", "") or "-"
        out.append(QualityCase(suite, c["id"], company, c.get("type") or c.get("kind") or "conversation", turns,
                               json.dumps(e, ensure_ascii=False), None, e))
    return out


def load_sets(settings, only: str | None = None) -> dict[str, list[QualityCase]]:
    """Every quality set that exists: {suite name: cases}. A folder without questions is skipped."""
    sets: dict[str, list[QualityCase]] = {}
    for folder in quality_dirs(settings.eval_quality_dirs):
        path = questions_file(folder)
        if path is None:
            continue
        name = "financebench" if folder.name == "corpus" else f"financebench:{folder.name}"
        sets[name] = load_financebench(path, name)
    sets_dir = Path(settings.eval_sets_dir)
    for path in sorted(sets_dir.glob("*.jsonl")) if sets_dir.is_dir() else []:
        for c in load_graded_set(path):
            sets.setdefault(c.suite, []).append(c)
    convo = Path(settings.eval_suites_dir) / "conversation.jsonl"
    if convo.exists():
        sets["conversation"] = load_conversation(convo, "conversation")
    return {k: v for k, v in sets.items() if only is None or k == only}
