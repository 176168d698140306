"""Judges are components too: their agreement with hand labels (evals/labels/answers.jsonl), with Cohen's kappa.

Each label holds an answer, the evidence text it cites (an excerpt of the real page, so judging needs no
database), an optional derivation, the hand label (pass/fail) and the claims that make it fail."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

LABELS = Path(__file__).resolve().parent / "labels" / "answers.jsonl"


@dataclass(frozen=True)
class Label:
    id: str
    kind: str            # correct | wrong-year | wrong-unit | derived | derived-wrong | invented | estimated | ...
    answer: str
    evidence: tuple[str, ...]
    derivation: str
    label: str           # pass | fail
    unsupported: tuple[str, ...]


def load_labels(path: Path = LABELS) -> list[Label]:
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        d = json.loads(line)
        for f in ("id", "kind", "answer", "evidence", "label"):
            if f not in d:
                raise ValueError(f"{path.name}:{n}: missing field {f!r}")
        if d["label"] not in ("pass", "fail"):
            raise ValueError(f"{path.name}:{n}: label must be pass or fail")
        out.append(Label(d["id"], d["kind"], d["answer"], tuple(d["evidence"]), d.get("derivation", ""),
                         d["label"], tuple(d.get("unsupported", ()))))
    return out


def numeric_judge(lab: Label) -> str:
    from pipeline.state import Claim
    from pipeline.guardrails.verifier import check_claim

    claim = check_claim(Claim(text=lab.answer, label=lab.id), list(lab.evidence),
                        [d for d in lab.derivation.split(";") if d.strip()])
    return "fail" if claim.verdict == "unsupported" else "pass"


def model_checks_judge(lab: Label) -> str:
    """The deterministic checks every model-written answer passes before it is shown (pipeline/answer/checks.py):
    each sentence cites an existing source, its figures are printed there (in the named year's column) or
    recompute through the calculator, and it follows no planted instruction."""
    import re

    from pipeline.answer.checks import Source, check_answer

    sources = {i: Source(i, lab.id, "label", 0, i, "10K", e, e) for i, e in enumerate(lab.evidence, 1)}
    answer = lab.answer.rstrip().rstrip(".") + (f" (computed as {lab.derivation})." if lab.derivation else ".")
    years = set(re.findall(r"\bFY\s?((?:19|20)\d{2})\b", answer))
    return "fail" if check_answer(answer, sources, int(years.pop()) if len(years) == 1 else None).findings else "pass"


def llm_judge(llm):
    from pipeline.guardrails.verifier import llm_verify

    def judge(lab: Label) -> str:
        verdict, _ = llm_verify(llm, lab.answer + (f" (computed as {lab.derivation})" if lab.derivation else ""),
                                list(lab.evidence))
        return verdict
    return judge


def cohen_kappa(a: list[str], b: list[str]) -> float:
    n = len(a)
    po = sum(x == y for x, y in zip(a, b)) / n
    cats = set(a) | set(b)
    pe = sum((a.count(c) / n) * (b.count(c) / n) for c in cats)
    return 1.0 if pe == 1 else round((po - pe) / (1 - pe), 3)


def agreement(labels: list[Label], judge) -> dict:
    got, want, rows = [], [], []
    for lab in labels:
        try:
            g = judge(lab)
        except Exception as e:  # noqa: BLE001 - a judge that crashes disagrees, visibly
            g = f"error: {type(e).__name__}"
        got.append(g)
        want.append(lab.label)
        rows.append({"id": lab.id, "kind": lab.kind, "label": lab.label, "judge": g, "agree": g == lab.label})
    return {"n": len(labels), "agreement": round(sum(r["agree"] for r in rows) / len(rows), 3),
            "kappa": cohen_kappa(want, got), "disagreements": [r for r in rows if not r["agree"]]}
