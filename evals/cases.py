"""Evaluation cases: one JSON object per line in evals/suites/<suite>.jsonl (ARA_EVAL_SUITES_DIR).

Every case needs `id`, `query` (or `turns`, a list of questions asked in order), `expected`, and
`why_it_matters` (the regression it would catch). The loader refuses a case missing any of them, or a
duplicate id, and says which case and which field."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SUITES = ("routing", "retrieval", "calculation", "boundary", "conversation", "prose")
REQUIRED_EXPECTED = {
    "routing": {"route"},
    "retrieval": {"doc", "figure"},
    "calculation": {"value", "unit"},
    "boundary": {"route"},
    "conversation": {"turns"},     # one expectation per turn: {route, companies, years, metric, must_contain, ...}
    "prose": {"route", "kind"},     # kind: quote | yes_no | superlative | not_found; `page` records the evidence
}


class CaseError(ValueError):
    """A malformed suite file; the message names the file, line, case and field."""


@dataclass(frozen=True)
class Case:
    suite: str
    id: str
    turns: tuple[str, ...]
    expected: dict[str, Any]
    why_it_matters: str

    @property
    def query(self) -> str:
        return self.turns[-1]


def load_suite(path: Path, suite: str | None = None) -> list[Case]:
    suite = suite or Path(path).stem
    cases: list[Case] = []
    seen: set[str] = set()
    for n, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        where = f"{Path(path).name}:{n}"
        try:
            raw = json.loads(line)
        except ValueError as e:
            raise CaseError(f"{where}: not JSON ({e})") from None
        cid = raw.get("id")
        label = f"{where} (case {cid!r})" if cid else where
        for f in ("id", "expected", "why_it_matters"):
            if not raw.get(f):
                raise CaseError(f"{label}: missing field {f!r}")
        if not raw.get("query") and not raw.get("turns"):
            raise CaseError(f"{label}: missing field 'query' (or 'turns')")
        turns = tuple(raw["turns"]) if raw.get("turns") else (raw["query"],)
        if not all(isinstance(t, str) and t for t in turns):
            raise CaseError(f"{label}: 'turns' must be non-empty strings")
        if not isinstance(raw["expected"], dict):
            raise CaseError(f"{label}: field 'expected' must be an object")
        missing = REQUIRED_EXPECTED.get(suite, set()) - set(raw["expected"])
        if missing:
            raise CaseError(f"{label}: field 'expected' lacks {sorted(missing)} for a {suite} case")
        if suite == "conversation" and (not isinstance(raw["expected"]["turns"], list)
                                        or len(raw["expected"]["turns"]) != len(turns) or len(turns) < 2):
            raise CaseError(f"{label}: a conversation needs 2+ turns and one expectation per turn")
        if suite == "prose" and "not_found" not in raw["expected"]["kind"] and "citation" not in raw["expected"]:
            raise CaseError(f"{label}: a prose answer case records its evidence page in expected.citation")
        if cid in seen:
            raise CaseError(f"{label}: duplicate id {cid!r}")
        seen.add(cid)
        cases.append(Case(suite, cid, turns, raw["expected"], raw["why_it_matters"]))
    return cases


def load_suites(folder: Path, only: str | None = None) -> dict[str, list[Case]]:
    folder = Path(folder)
    out: dict[str, list[Case]] = {}
    all_ids: dict[str, str] = {}
    for suite in SUITES:
        if only and suite != only:
            continue
        path = folder / f"{suite}.jsonl"
        if not path.exists():
            raise CaseError(f"{path}: suite file missing")
        out[suite] = load_suite(path, suite)
        for c in out[suite]:
            if c.id in all_ids:
                raise CaseError(f"{path.name} (case {c.id!r}): duplicate id, also in {all_ids[c.id]}")
            all_ids[c.id] = path.name
    return out


def append_case(folder: Path, suite: str, case: dict) -> None:
    """Add a case to a suite after validating it against the suite (used by `ara eval promote`)."""
    path = Path(folder) / f"{suite}.jsonl"
    existing = path.read_text(encoding="utf-8") if path.exists() else ""
    candidate = existing + ("" if existing.endswith("\n") or not existing else "\n") + json.dumps(case) + "\n"
    tmp = path.with_suffix(".tmp")
    tmp.write_text(candidate, encoding="utf-8")
    try:
        load_suite(tmp, suite)
    except CaseError:
        tmp.unlink()
        raise
    tmp.replace(path)
