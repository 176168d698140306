"""Quality suites: how often the product is right, not only whether it regressed.

Sets (loaded by `evals/quality_sets.py`): FinanceBench-style `questions.jsonl` files (the public demo set and
corpus-more), the hand-graded sets (`evals/sets/*.jsonl`) and the conversation suite. Every case runs through the
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
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from evals import grading
from evals.quality_sets import QualityCase

LABELS = Path(__file__).resolve().parent / "labels" / "quality.jsonl"
OUTCOMES = ("correct", "incorrect", "refused", "ungraded")
_REFUSED_ROUTES = {"clarify", "no_data", "out_of_scope", "web"}


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
    from pipeline.core.series_table import SeriesTable

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
