"""Scorers: one per suite, each a pure function of (case, output) -> Score. The same code scores mock
(synthetic) and real outputs, so mock mode proves the scorers themselves."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from evals.cases import Case


@dataclass
class Score:
    passed: bool
    detail: str
    metrics: dict[str, Any] = field(default_factory=dict)


def routing(case: Case, out: dict) -> Score:
    e = case.expected
    bad = [f"route {out.get('route')!r} != {e['route']!r}"] if out.get("route") != e["route"] else []
    for key in ("companies", "years", "metric"):
        if key in e and out.get(key) != e[key]:
            bad.append(f"{key} {out.get(key)!r} != {e[key]!r}")
    return Score(not bad, "; ".join(bad) or "ok")


def retrieval(case: Case, out: dict) -> Score:
    """A hit when a returned chunk of the expected document contains the figure; the rank is recorded."""
    e = case.expected
    rank = next((i for i, p in enumerate(out.get("passages", []), 1)
                 if p.get("doc") == e["doc"] and e["figure"] in p.get("text", "")), None)
    return Score(rank is not None, f"rank {rank}" if rank else "figure not in the final cut",
                 {"rank": rank, "hit@5": bool(rank and rank <= 5)})


def calculation(case: Case, out: dict) -> Score:
    e = case.expected
    results = out.get("results", [])
    if len(results) != 1:
        return Score(False, f"{len(results)} numeric results (want 1)")
    r = results[0]
    unit = {"%": "%", "x": "x"}.get(r.get("unit"), "million" if r.get("unit") == "million" else r.get("unit"))
    if unit != e["unit"]:
        return Score(False, f"unit {r.get('unit')!r} != {e['unit']!r}")
    got = float(r["value"])
    ok = abs(got - float(e["value"])) <= float(e.get("tolerance", 0))
    return Score(ok, f"{got:.4g} vs {e['value']}", {"value": got})


def boundary(case: Case, out: dict) -> Score:
    e = case.expected
    answer = out.get("answer", "")
    cites = out.get("citations", [])
    bad = []
    if out.get("route") != e["route"]:
        bad.append(f"route {out.get('route')!r} != {e['route']!r}")
    bad += [f"missing {s!r}" for s in e.get("must_contain", []) if s not in answer]
    bad += [f"contains {s!r}" for s in e.get("must_not_contain", []) if s in answer]
    if "starts_with" in e and not answer.startswith(e["starts_with"]):
        bad.append(f"does not start with {e['starts_with']!r}")
    if "citations" in e and len(cites) != e["citations"]:
        bad.append(f"{len(cites)} citations (want {e['citations']})")
    if "citations_min" in e and len(cites) < e["citations_min"]:
        bad.append(f"{len(cites)} citations (want >= {e['citations_min']})")
    if "citation" in e and not _cites_expected(e["citation"], cites):
        bad.append(f"no citation to {e['citation']['doc']} p. {_pages_text(e['citation'])}")
    return Score(not bad, "; ".join(bad) or "ok")


def _pages(expected: dict) -> set[int]:
    """The pages an expected citation accepts: "page", or "pages" when the filing states the same fact on several
    (an Item 5 and a note both saying the dividends paid)."""
    return {expected["page"]} if "page" in expected else set(expected["pages"])


def _pages_text(expected: dict) -> str:
    return " or ".join(str(p) for p in sorted(_pages(expected)))


def _cites_expected(expected: dict, cites: list[dict]) -> bool:
    return any(c.get("doc") == expected["doc"] and c.get("page") in _pages(expected) for c in cites)


def _answer_checks(e: dict, out: dict) -> list[str]:
    """The answer-level expectations shared by the boundary, prose and conversation scorers."""
    answer, cites = out.get("answer", ""), out.get("citations", [])
    bad = [f"missing {s!r}" for s in e.get("must_contain", []) if s not in answer]
    bad += [f"contains {s!r}" for s in e.get("must_not_contain", []) if s in answer]
    if "starts_with" in e and not answer.startswith(e["starts_with"]):
        bad.append(f"does not start with {e['starts_with']!r}")
    if "citations" in e and len(cites) != e["citations"]:
        bad.append(f"{len(cites)} citations (want {e['citations']})")
    if "citation" in e and not _cites_expected(e["citation"], cites):
        bad.append(f"no citation to {e['citation']['doc']} p. {_pages_text(e['citation'])}")
    return bad


def prose(case: Case, out: dict) -> Score:
    """A sentence answer: the right kind (quote, yes/no, superlative, not found), its words, its page."""
    e = case.expected
    bad = [f"route {out.get('route')!r} != {e['route']!r}"] if out.get("route") != e["route"] else []
    kind = out.get("kind")
    allowed = e["kind"] if isinstance(e["kind"], list) else [e["kind"]]
    if kind not in allowed:
        bad.append(f"kind {kind!r} not in {allowed!r}")
    bad += _answer_checks(e, out)
    return Score(not bad, "; ".join(bad) or "ok")


def conversation(case: Case, out: dict) -> Score:
    """Every turn of a thread, each against its own expectation (route, scope, answer)."""
    turns = out.get("turns", [])
    want = case.expected["turns"]
    if len(turns) != len(want):
        return Score(False, f"{len(turns)} turns answered (want {len(want)})")
    bad = []
    for i, (e, o) in enumerate(zip(want, turns), 1):
        if "route" in e and o.get("route") != e["route"]:
            bad.append(f"turn {i}: route {o.get('route')!r} != {e['route']!r}")
        for key in ("companies", "years", "metric"):
            if key in e and o.get(key) != e[key]:
                bad.append(f"turn {i}: {key} {o.get(key)!r} != {e[key]!r}")
        bad += [f"turn {i}: {b}" for b in _answer_checks(e, o)]
    return Score(not bad, "; ".join(bad) or "ok", {"turns": len(turns)})


SCORERS = {"routing": routing, "retrieval": retrieval, "calculation": calculation, "boundary": boundary,
           "conversation": conversation, "prose": prose}


# --- synthetic outputs for mock mode: one that must pass, one that must fail ---------------------------------
def synthetic(case: Case, correct: bool) -> dict:
    e = case.expected
    other_route = "clarify" if e.get("route") != "clarify" else "retrieve"
    if case.suite == "routing":
        out = {"route": e["route"], **{k: e[k] for k in ("companies", "years", "metric") if k in e}}
        return out if correct else {**out, "route": other_route}
    if case.suite == "retrieval":
        hit = {"doc": e["doc"], "text": f"row | {e['figure']}"}
        miss = {"doc": e["doc"], "text": "a page without the figure"}
        return {"passages": [miss, hit] if correct else [miss, miss]}
    if case.suite == "calculation":
        v = float(e["value"])
        unit = e["unit"]
        wrong = v * 1.1 + 1
        return {"results": [{"value": str(v if correct else wrong), "unit": unit}]}
    if case.suite == "conversation":
        turns = [_synthetic_answer(t, True) for t in e["turns"]]
        if not correct:   # the last turn inherits what it should not (or loses what it should keep)
            last = dict(turns[-1])
            last["route"] = "clarify" if e["turns"][-1].get("route") != "clarify" else "retrieve"
            turns[-1] = last
        return {"turns": turns}
    if case.suite == "prose":
        allowed = e["kind"] if isinstance(e["kind"], list) else [e["kind"]]
        good = {**_synthetic_answer(e, True), "kind": allowed[0]}
        wrong = next(k for k in ("superlative", "yes_no", "quote", "not_found") if k not in allowed)
        return good if correct else {**good, "kind": wrong}
    answer = " ".join(e.get("must_contain", [])) or (e.get("starts_with", "") + " something")
    if e.get("starts_with") and not answer.startswith(e["starts_with"]):
        answer = f"{e['starts_with']} {answer}"
    cites = [{"doc": e["citation"]["doc"], "page": min(_pages(e["citation"]))}] if "citation" in e else []
    cites += [{"doc": "D", "page": i} for i in range(max(0, e.get("citations_min", 0) - len(cites)))]
    if "citations" in e:
        cites = cites[:e["citations"]] + [{"doc": "D", "page": 1}] * max(0, e["citations"] - len(cites))
    good = {"route": e["route"], "answer": answer, "citations": cites}
    if correct:
        return good
    forbidden = e.get("must_not_contain", [])
    return {**good, "route": other_route, "answer": answer + (f" {forbidden[0]}" if forbidden else "")}


def _synthetic_answer(e: dict, correct: bool) -> dict:
    """An output meeting one turn's (or one prose case's) expectation."""
    answer = " ".join(e.get("must_contain", []))
    if e.get("starts_with"):
        answer = f"{e['starts_with']} {answer}"
    cites = [{"doc": e["citation"]["doc"], "page": min(_pages(e["citation"]))}] if "citation" in e else []
    if "citations" in e:
        cites = cites[:e["citations"]] + [{"doc": "D", "page": 1}] * max(0, e["citations"] - len(cites))
    return {"route": e.get("route"), "answer": answer or "an answer", "citations": cites,
            **{k: e[k] for k in ("companies", "years", "metric") if k in e}}
