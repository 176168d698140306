"""Quality suites: how often the product is right, not only whether it regressed.

Sets: FinanceBench-style `questions.jsonl` files (the public demo set and corpus-more, found through
ARA_EVAL_QUALITY_DIRS), the hand-graded sets in ARA_EVAL_SETS_DIR (`evals/sets/*.jsonl`, the shared format in
the README) and the conversation suite in ARA_EVAL_SUITES_DIR (`conversation.jsonl`). Every case runs through the
whole turn graph and gets one outcome, graded by `evals/grading.py` (honest: the headline figure, its stated
scale and sign; the stated verdict; the names):

- refused: the product said it could not answer (not found, clarify, no data, out of scope, the fallback reply,
  no verdict to a yes/no question);
- correct / incorrect: a figure gold is compared with the answer's headline figure; a yes/no gold with its
  stated verdict; a names gold with the names in the answer; a series case's gold cells with the cells of the
  answer's table (any wrong cell: incorrect; an empty one: refused); an unanswerable case is correct only when refused;
  any other text gold is graded by a committed hand label of that exact answer (evals/labels/quality.jsonl),
  otherwise it is `ungraded` - never guessed. Conversation cases are graded by their own expectations;
- ungraded: a text answer nobody has labelled yet.

Runs are stored like `ara eval` runs (Postgres `eval_runs`, mode `quality`), so the dashboard reads them; `gate()`
compares a run with a committed baseline (evals/baselines/quality.json) case by case."""
from __future__ import annotations

import hashlib
import json
import os
import re
import time
from dataclasses import asdict, dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from evals import grading

LABELS = Path(__file__).resolve().parent / "labels" / "quality.jsonl"
OUTCOMES = ("correct", "incorrect", "refused", "ungraded")
QUESTION_TYPES = ("figure", "yesno", "name", "why", "count", "cross", "series")
SCALES = ("unit", "thousand", "million", "billion", "percent")
_REFUSED_ROUTES = {"clarify", "no_data", "out_of_scope", "web"}


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
    gold_scale: str | None = None               # unit | thousand | million | billion | percent
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


@dataclass
class QualityResult:
    suite: str
    id: str
    company: str
    question_type: str
    question: str
    gold: str
    answer: str
    outcome: str
    detail: str
    latency_ms: float = 0.0
    model_calls: int = 0
    tokens: int = 0
    citations: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return self.outcome == "correct"

    def to_json(self) -> dict:
        return {**asdict(self), "passed": self.passed, "metrics": {}}


# --- loading -----------------------------------------------------------------------------------------------------
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


# --- grading -------------------------------------------------------------------------------------------------------
def answer_key(answer: str) -> str:
    return hashlib.sha256(" ".join(answer.split()).encode("utf-8")).hexdigest()[:16]


def load_labels(path: Path | None = None) -> dict[tuple[str, str], dict]:
    path = path or LABELS
    if not Path(path).exists():
        return {}
    out = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if line.strip():
            x = json.loads(line)
            out[(x["id"], x["answer_key"])] = x
    return out


def refused(out: dict) -> bool:
    from pipeline.answer import NOT_FOUND

    answer = (out.get("answer") or "").strip()
    return (out.get("route") in _REFUSED_ROUTES or answer.startswith(NOT_FOUND)
            or answer.startswith("I could not answer that reliably") or answer.startswith("I don't hold")
            or not answer)


def _grade_figure(case: QualityCase, answer: str) -> tuple[str, str]:
    head = grading.headline(answer)
    if head is None:        # a definition or a quote without an amount: no figure claimed, so not a wrong one
        return "refused", "the answer states no figure"
    if case.gold_currency and head.currency and head.currency != case.gold_currency:
        return "incorrect", f"{head.printed} reads as {head.currency}, gold is in {case.gold_currency}"
    ok, detail = grading.agrees(head, case.gold_figure, case.gold_scale or "unit")
    return ("correct" if ok else "incorrect"), detail


def _grade_cells(case: QualityCase, out: dict) -> tuple[str, str]:
    from pipeline.series_table import SeriesTable

    if not out.get("series_table"):
        return "refused", "no table in the answer"
    right, wrong, empty, notes = grading.cells(SeriesTable.model_validate(out["series_table"]), list(case.gold_cells))
    detail = f"{right} right, {wrong} wrong, {empty} empty of {len(case.gold_cells)} cells" + \
        (f": {'; '.join(notes)}" if notes else "")
    return ("incorrect" if wrong else "refused" if empty else "correct"), detail


def grade(case: QualityCase, out: dict, labels: dict | None = None) -> tuple[str, str]:
    """(outcome, detail) for one answer."""
    kind = case.grading
    if kind == "conversation":
        from evals.cases import Case
        from evals.scorers import boundary, conversation

        if "turns" not in case.expected:           # one expectation for the thread's last answer
            s = boundary(Case(case.suite, case.id, case.turns, case.expected, ""), out)
            if s.passed:
                return "correct", "as expected"
            return ("refused" if refused(out) and case.expected.get("route") == "retrieve" else "incorrect"), s.detail
        s = conversation(Case(case.suite, case.id, case.turns, case.expected, ""), out)
        if s.passed:
            return "correct", "every turn as expected"
        failing = [(e, o) for e, o in zip(case.expected["turns"], out.get("turns", []))
                   if not conversation(Case(case.suite, case.id, ("",), {"turns": [e]}, ""), {"turns": [o]}).passed]
        all_refusals = failing and all(refused(o) and e.get("route") == "retrieve" for e, o in failing)
        return ("refused" if all_refusals else "incorrect"), s.detail
    answer = out.get("answer") or ""
    if kind == "unanswerable":
        return ("correct", "refused, as it should: the filing does not say") if refused(out) else \
            ("incorrect", "answered a question the filing does not answer")
    if refused(out):
        return "refused", f"route {out.get('route')}"
    if kind == "cells":
        return _grade_cells(case, out)
    if kind == "figure":
        return _grade_figure(case, answer)
    if kind == "yesno":
        said = grading.verdict(answer)
        if said is None:
            return "refused", "the answer states no yes or no"
        return ("correct" if said == case.gold_verdict else "incorrect"), f"said {said}, gold {case.gold_verdict}"
    if kind == "names":
        found, missing = grading.names_found(answer, list(case.gold_names))
        return ("incorrect", f"missing {', '.join(missing)}") if missing else ("correct", f"names {', '.join(found)}")
    label = (labels or {}).get((case.id, answer_key(answer)))
    if label:
        return label["label"], f"hand label: {label.get('why', '')}".rstrip(": ")
    return "ungraded", "text answer without a hand label"


# --- running -------------------------------------------------------------------------------------------------------
def run(sets: dict[str, list[QualityCase]], ctx, labels: dict | None = None, progress=None) -> list[QualityResult]:
    from pipeline.graph import run_turn
    from pipeline.providers.llm import USAGE
    from pipeline.stores.checkpoints import new_thread_id

    labels = load_labels() if labels is None else labels
    results = []
    for suite, cases in sets.items():
        for c in cases:
            t = time.perf_counter()
            calls0, tokens0 = USAGE["calls"], USAGE["tokens"]
            thread = new_thread_id() if len(c.turns) > 1 else ""
            try:
                outs = []
                for q in c.turns:
                    st = run_turn(q, ctx, thread_id=thread, user_id="eval")
                    outs.append({**st.to_json(), "companies": st.companies, "years": st.years, "metric": st.metric,
                                 "series_table": st.table})
                out = {**outs[-1], "turns": outs} if outs else {}
                outcome, detail = grade(c, out, labels)
            except Exception as e:  # noqa: BLE001 - a crashing case is an incorrect case, with its error
                out, outcome, detail = {}, "incorrect", f"error: {type(e).__name__}: {e}"
            cites = [f"{x['doc']} p. {x['page']}" for x in out.get("citations", [])]
            results.append(QualityResult(suite, c.id, c.company, c.question_type, c.turns[-1], c.gold,
                                         out.get("answer", ""), outcome, detail,
                                         round(1000 * (time.perf_counter() - t), 1), USAGE["calls"] - calls0,
                                         USAGE["tokens"] - tokens0, cites))
            if progress:
                progress(results[-1])
    return results


def _counts(rs: list[QualityResult]) -> dict[str, int]:
    return {o: sum(r.outcome == o for r in rs) for o in OUTCOMES}


def metrics(results: list[QualityResult]) -> dict[str, dict]:
    out: dict[str, dict] = {}
    for suite in sorted({r.suite for r in results}):
        rs = [r for r in results if r.suite == suite]
        graded = [r for r in rs if r.outcome != "ungraded"]
        m: dict[str, Any] = {"n": len(rs), **_counts(rs),
                             "pass_rate": round(sum(r.passed for r in rs) / len(rs), 4),
                             "accuracy_graded": round(sum(r.passed for r in graded) / len(graded), 4) if graded else 0.0,
                             "p50_ms": round(sorted(r.latency_ms for r in rs)[len(rs) // 2], 1),
                             "model_calls": sum(r.model_calls for r in rs), "tokens": sum(r.tokens for r in rs)}
        for key, attr in (("by_company", "company"), ("by_type", "question_type")):
            m[key] = {v: _counts([r for r in rs if getattr(r, attr) == v]) for v in sorted({getattr(r, attr) for r in rs})}
        out[suite] = m
    return out


def report_json(results: list[QualityResult]) -> dict:
    return {"mode": "quality", "metrics": metrics(results), "cases": [r.to_json() for r in results]}


# --- the release gate ----------------------------------------------------------------------------------------------
GATE_MAX_DROP = 1      # correct answers a set may lose against the baseline (to refusals) before the gate fails


def case_key(c: dict) -> str:
    return f"{c['suite']}/{c['id']}"


def gate(report: dict, baseline: dict, max_drop: int = GATE_MAX_DROP) -> tuple[list[str], list[str]]:
    """(failures, changes) of a quality run against a baseline, case by case: a case incorrect now that was not
    incorrect in the baseline (or is new) fails the gate, whatever else improved; so does a set whose correct
    answers fell by more than `max_drop`. `changes` lists every case whose outcome moved."""
    base = {case_key(c): c for c in baseline.get("cases", [])}
    failures, changes = [], []
    for c in report["cases"]:
        b = base.get(case_key(c))
        before = b["outcome"] if b else "new"
        if before != c["outcome"]:
            changes.append(f"{before:>9} -> {c['outcome']:<9} {case_key(c)}: {c['detail'][:90]}")
        if c["outcome"] == "incorrect" and before != "incorrect":
            failures.append(f"new incorrect answer {case_key(c)} (was {before}): {c['detail'][:120]}")
    for suite, m in report["metrics"].items():
        was = baseline.get("metrics", {}).get(suite)
        if was and was.get("correct", 0) - m.get("correct", 0) > max_drop:
            failures.append(f"{suite}: correct fell from {was['correct']} to {m['correct']} "
                            f"(more than the tolerance of {max_drop})")
    return failures, changes
