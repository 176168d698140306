"""`ara eval`: run the suites in mock mode (synthetic outputs through the real scorers; no database, no model)
or real mode (the actual components on the cheapest meaningful path), then compare with a baseline."""
from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from typing import Any, Callable

from evals.cases import Case
from evals.scorers import SCORERS, Score, synthetic


@dataclass
class CaseResult:
    suite: str
    id: str
    passed: bool
    detail: str
    latency_ms: float = 0.0
    model_calls: int = 0
    tokens: int = 0
    cost_usd: float = 0.0
    metrics: dict[str, Any] = field(default_factory=dict)


@dataclass
class Report:
    mode: str
    results: list[CaseResult]
    problems: list[str] = field(default_factory=list)    # mock mode: scorers that accepted a wrong output

    def suite_metrics(self) -> dict[str, dict[str, float]]:
        out: dict[str, dict[str, float]] = {}
        for suite in sorted({r.suite for r in self.results}):
            rs = [r for r in self.results if r.suite == suite]
            m = {"n": len(rs), "pass_rate": round(sum(r.passed for r in rs) / len(rs), 4),
                 "p50_ms": round(sorted(r.latency_ms for r in rs)[len(rs) // 2], 1),
                 "model_calls": sum(r.model_calls for r in rs), "tokens": sum(r.tokens for r in rs),
                 "cost_usd": round(sum(r.cost_usd for r in rs), 6)}
            if suite == "retrieval":
                ranks = [r.metrics.get("rank") for r in rs]
                m["hit@5"] = round(sum(1 for x in ranks if x and x <= 5) / len(rs), 4)
                hits = [x for x in ranks if x]
                m["mean_rank"] = round(sum(hits) / len(hits), 2) if hits else 0.0
            out[suite] = m
        return out

    def to_json(self) -> dict:
        return {"mode": self.mode, "metrics": self.suite_metrics(), "problems": self.problems,
                "cases": [asdict(r) for r in self.results]}


def run_mock(suites: dict[str, list[Case]]) -> Report:
    results, problems = [], []
    for suite, cases in suites.items():
        score = SCORERS[suite]
        for c in cases:
            t = time.perf_counter()
            good: Score = score(c, synthetic(c, correct=True))
            bad: Score = score(c, synthetic(c, correct=False))
            if bad.passed:
                problems.append(f"{c.id}: the {suite} scorer accepted a wrong output")
            ok = good.passed and not bad.passed
            results.append(CaseResult(suite, c.id, ok, good.detail if good.passed else f"correct output failed: "
                                      f"{good.detail}", latency_ms=1000 * (time.perf_counter() - t),
                                      metrics=good.metrics))
    return Report("mock", results, problems)


def run_real(suites: dict[str, list[Case]], ctx) -> Report:
    results = []
    runners: dict[str, Callable[[Case, Any], dict]] = {"routing": _routing, "retrieval": _retrieval,
                                                        "calculation": _turn, "boundary": _turn,
                                                        "conversation": _conversation, "prose": _prose}
    from pipeline.providers.llm import USAGE

    for suite, cases in suites.items():
        for c in cases:
            t = time.perf_counter()
            calls0, tokens0, cost0 = USAGE["calls"], USAGE["tokens"], USAGE["cost_usd"]
            try:
                out = runners[suite](c, ctx)
                s = SCORERS[suite](c, out)
            except Exception as e:  # noqa: BLE001 - a crashing case is a failing case, with its error
                out, s = {}, Score(False, f"error: {type(e).__name__}: {e}")
            results.append(CaseResult(suite, c.id, s.passed, s.detail, latency_ms=round(1000 * (time.perf_counter() - t), 1),
                                      model_calls=USAGE["calls"] - calls0, tokens=USAGE["tokens"] - tokens0,
                                      cost_usd=round(USAGE["cost_usd"] - cost0, 6), metrics=s.metrics))
    return Report("real", results)


def _routing(case: Case, ctx) -> dict:
    """Router and carry-over only: earlier turns are routed (not answered) to give later ones their history."""
    from pipeline.memory.carryover import carry_over, facts_for
    from pipeline.guardrails.router import route_question
    from pipeline.stores import corpus
    from pipeline.stores.checkpoints import Message

    with ctx.connect() as conn:
        coverage, annual = corpus.coverage_all(conn), corpus.annual_coverage(conn)
    history: list[Message] = []
    out: dict = {}
    for i, q in enumerate(case.turns, 1):
        co = carry_over(q, history, annual or coverage)
        facts = facts_for(co)
        d = route_question(facts, coverage, annual=annual)
        out = {"route": d.route, "companies": d.companies, "years": d.years,
               "metric": facts.metric.key if facts.metric else None}
        history += [Message("user", q, i), Message("assistant", "", i, {**out, "carried": co.carried().model_dump()})]
    return out


def _retrieval(case: Case, ctx) -> dict:
    """The retriever alone, scored without any model."""
    ps = ctx.retriever.retrieve(case.query, **getattr(ctx, "retrieval_overrides", {}))
    return {"passages": [{"doc": p.doc, "page": p.page, "text": p.text} for p in ps]}


def _turn(case: Case, ctx) -> dict:
    """The whole turn graph (calculation and boundary suites), on a fresh thread for multi-turn cases."""
    from pipeline.graph import run_turn
    from pipeline.stores.checkpoints import new_thread_id

    thread = new_thread_id() if len(case.turns) > 1 else ""
    state = None
    for q in case.turns:
        state = run_turn(q, ctx, thread_id=thread, user_id="eval")
    assert state is not None
    return state.to_json()


def _scoped(state) -> dict:
    return {**state.to_json(), "companies": state.companies, "years": state.years, "metric": state.metric}


def _conversation(case: Case, ctx) -> dict:
    """A whole thread through the turn graph: every turn's answer and scope, in order."""
    from pipeline.graph import run_turn
    from pipeline.stores.checkpoints import new_thread_id

    thread = new_thread_id()
    return {"turns": [_scoped(run_turn(q, ctx, thread_id=thread, user_id="eval")) for q in case.turns]}


def _prose(case: Case, ctx) -> dict:
    """One question through the turn graph; the kind of answer is the synthesis step's decision."""
    from pipeline.graph import run_turn

    state = run_turn(case.query, ctx, user_id="eval")
    synth = next((s for s in reversed(state.steps) if s.node == "synthesise"), None)   # the last round
    kinds = synth.decision.split(", ") if synth else []
    kind = next((k for k in kinds if k != "not_found"), kinds[0] if kinds else None)
    if state.answer.startswith("I could not find"):
        kind = "not_found"
    return {**_scoped(state), "kind": kind}


def compare(report: Report, baseline: dict, tolerance: float = 0.0) -> tuple[list[str], list[str]]:
    """(flips per case, gate failures). A gated metric (pass rate, retrieval hit@5) may not fall more than
    `tolerance` below the baseline."""
    base_cases = {c["id"]: c for c in baseline.get("cases", [])}
    flips = []
    for r in report.results:
        b = base_cases.get(r.id)
        if b is None:
            flips.append(f"new      {r.id}: {'pass' if r.passed else 'FAIL'}")
        elif b["passed"] and not r.passed:
            flips.append(f"REGRESSED {r.id}: {r.detail}")
        elif not b["passed"] and r.passed:
            flips.append(f"improved {r.id}")
    flips.sort(key=lambda f: not f.startswith("REGRESSED"))
    failures = []
    now = report.suite_metrics()
    for suite, m in baseline.get("metrics", {}).items():
        for key in ("pass_rate", "hit@5"):
            if key in m and suite in now and now[suite].get(key, 0) < m[key] - tolerance:
                failures.append(f"{suite} {key} {now[suite].get(key)} < baseline {m[key]} - {tolerance}")
    return flips, failures
