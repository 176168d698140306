"""Quality suites: how often the product is right, not only whether it regressed.

Sets: FinanceBench-style `questions.jsonl` files (the public demo set and corpus-more, found through
ARA_EVAL_QUALITY_DIRS) and any conversation suite in ARA_EVAL_SUITES_DIR (`conversation.jsonl`). Every case runs
through the whole turn graph and gets one outcome:

- refused: the product said it could not answer (not found, clarify, no data, out of scope, the fallback reply);
- correct / incorrect: a numeric gold answer matches a figure of the answer within 1 % at any scale (millions
  vs billions, 0.165 vs 16.5 %); a text gold answer is graded by a committed hand label of that exact answer
  (evals/labels/quality.jsonl), otherwise it is `ungraded` - never guessed. Conversation cases are graded by
  their own expectations (the boundary scorer);
- ungraded: a text answer nobody has labelled yet.

Runs are stored like `ara eval` runs (Postgres `eval_runs`, mode `quality`), so the dashboard reads them."""
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

LABELS = Path(__file__).resolve().parent / "labels" / "quality.jsonl"
OUTCOMES = ("correct", "incorrect", "refused", "ungraded")
TOLERANCE = Decimal("0.01")
_SCALES = [Decimal(10) ** k for k in (-9, -6, -3, -2, 0, 2, 3, 6, 9)]
_REFUSED_ROUTES = {"clarify", "no_data", "out_of_scope", "web"}
_NUMBER = re.compile(r"(?<![\w.])[-(]?\$?\d[\d,]*(?:\.\d+)?\)?")


@dataclass(frozen=True)
class QualityCase:
    suite: str
    id: str
    company: str
    question_type: str
    turns: tuple[str, ...]
    gold: str                                   # the gold answer as written
    gold_figure: Decimal | None = None          # when the gold answer is a number
    expected: dict[str, Any] = field(default_factory=dict)   # conversation cases: the boundary expectations


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
        out.append(QualityCase(suite, q["financebench_id"], q["company"], q.get("question_type") or "unknown",
                               (q["question"],), q["answer"], gold_number(q["answer"])))
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
    convo = Path(settings.eval_suites_dir) / "conversation.jsonl"
    if convo.exists():
        sets["conversation"] = load_conversation(convo, "conversation")
    return {k: v for k, v in sets.items() if only is None or k == only}


# --- grading -------------------------------------------------------------------------------------------------------
def _decimal(token: str) -> Decimal | None:
    t = token.strip("()$").replace(",", "").replace("$", "")
    try:
        return Decimal(t)
    except InvalidOperation:
        return None


def figures_of(out: dict) -> list[Decimal]:
    """The figures an answer states: its results (what it computed or read off a row) when it has any, else the
    numbers in its text, leaving out citation markers and fiscal years."""
    vals = [_decimal(str(r.get("value", ""))) for r in out.get("results") or []]
    vals = [v for v in vals if v is not None]
    if vals:
        return vals
    text = re.sub(r"\[\d+\]", " ", out.get("answer", ""))
    text = re.sub(r"\bFY\s?\d{2,4}\b", " ", text)
    found = []
    for tok in _NUMBER.findall(text):
        v = _decimal(tok)
        if v is None or (v == v.to_integral_value() and 1900 <= v <= 2100 and "," not in tok):
            continue
        found.append(v)
    return found


def matches(got: Decimal, gold: Decimal, tol: Decimal = TOLERANCE) -> bool:
    """Within 1 % of the gold figure at any scale (thousands, millions, billions; fractions vs percent)."""
    if gold == 0:
        return got == 0
    return any(abs(abs(got) * s - abs(gold)) <= tol * abs(gold) for s in _SCALES)


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
            or answer.startswith("I could not answer that reliably") or not answer)


def grade(case: QualityCase, out: dict, labels: dict | None = None) -> tuple[str, str]:
    """(outcome, detail) for one answer."""
    if case.expected:
        from evals.cases import Case
        from evals.scorers import boundary

        s = boundary(Case(case.suite, case.id, case.turns, case.expected, ""), out)
        if s.passed:
            return "correct", "as expected"
        return ("refused" if refused(out) and case.expected.get("route") == "retrieve" else "incorrect"), s.detail
    if refused(out):
        return "refused", f"route {out.get('route')}"
    if case.gold_figure is not None:
        figs = figures_of(out)
        hit = next((f for f in figs if matches(f, case.gold_figure)), None)
        if hit is not None:
            return "correct", f"{hit} matches {case.gold_figure} within 1 %"
        shown = ", ".join(str(f) for f in figs[:4]) or "no figure"
        return "incorrect", f"{shown} vs gold {case.gold_figure}"
    label = (labels or {}).get((case.id, answer_key(out.get("answer", ""))))
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
                out: dict = {}
                for q in c.turns:
                    out = run_turn(q, ctx, thread_id=thread, user_id="eval").to_json()
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
