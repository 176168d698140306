"""Reading benchmark: the statement questions of `evals/sets/world-statements.jsonl` answered by the facts reader
alone (pages -> facts -> the row the question's measure names), no database, no retrieval, no identification.

It isolates reading from finding and from identification: the company is the case's, the fiscal year the
question's, the pages the PDF's own (pypdfium2, as ingest reads them). A case is **correct** when the chosen
cell equals the gold figure within 1 % at the gold scale (sign included: a loss asked as a loss may be printed
in brackets, so the magnitude is compared when the question names a loss or an outflow), **incorrect** when a
different figure is chosen, **refused** when no row covers the question. Held-out reports (never used to shape a
rule; their `graded_by` says so) are reported separately.

    python -m benchmarks.reading_world [--set evals/sets/world-statements.jsonl] [--show]
"""
from __future__ import annotations

import argparse
import json
import re
from decimal import Decimal
from functools import lru_cache
from pathlib import Path

from ingest.pdf import read_pages
from pipeline.retrieval.fact_match import FactMatch, choose
from pipeline.question.figure_ask import read_ask
from pipeline.reading.facts import extract
from pipeline.question.lexicon import get_lexicon
from pipeline.question.analysis import QuestionFacts
from pipeline.question.registry import Company
from pipeline.stores.facts import StoredFact
from pipeline.question.units import SCALE

ROOT = Path(__file__).resolve().parent.parent
CORPORA = {"corpus-world": ROOT.parent / "shared" / "corpus-world" / "pdfs",
           "corpus": ROOT.parent / "shared" / "corpus" / "pdfs",
           "corpus-more": ROOT.parent / "shared" / "corpus-more" / "pdfs"}
_NAMED = re.compile(r"(?i)^(?:what (?:was|were)|how much (?:did|cash and cash equivalents did))\s+(.+?)"
                    r"(?:'s|’s|(?<=s)'|\s+(?:pay|hold)\b)")


@lru_cache(maxsize=8)
def _pages(path: str) -> tuple[str, ...]:
    return tuple(read_pages(Path(path), readable=False))


@lru_cache(maxsize=64)
def _facts(path: str, fy: int) -> tuple[StoredFact, ...]:
    out = []
    # fiscal year 0: no label offset, so each column's fiscal year is its period end's (every report of the set
    # names its fiscal year after the calendar year it ends in)
    for i, f in enumerate(extract(list(_pages(path)), 0, "ANNUAL")):
        out.append(StoredFact(id=i, doc_id=path, company="", doc_type="ANNUAL", doc_fiscal_year=fy, page=f.page,
                              line_no=f.line_no, table_title=f.table_title, statement=f.statement,
                              secondary=f.secondary, label=f.label, label_path=f.label_path,
                              column_header=f.column_header, fiscal_year=f.fiscal_year, span=f.span,
                              qualifiers=f.qualifiers, value_printed=f.value_printed, value=f.value, scale=f.scale,
                              kind=f.kind, currency=f.currency))
    return tuple(out)


def _fiscal_year(q: str) -> int:
    years = [int(y) for y in re.findall(r"(?:FY|\b)((?:19|20)\d{2})\b", q)]
    return years[-1]


def run_case(case: dict) -> tuple[str, str]:
    q = case["turns"][0]
    path = str(CORPORA[case["corpus"]] / case["file"])
    fy = _fiscal_year(q)
    name = _NAMED.match(q)
    companies = [Company(key="case", name=name.group(1))] if name else []
    lex = get_lexicon()
    metrics = lex.find(q)
    facts = QuestionFacts(text=q, companies=companies, years=[fy], metrics=metrics)
    ask = read_ask(q, facts, metrics[0] if metrics else None)
    cands = [f for f in _facts(path, fy) if f.fiscal_year == fy]
    hit = choose(ask, cands, [path])
    if not isinstance(hit, FactMatch):
        return "refused", hit.reason
    f = hit.fact
    got = f.value * Decimal(SCALE.get(f.scale or "unit", 1) if f.kind == "money" else 1)
    gold = Decimal(case["gold_figure"]) * Decimal(SCALE.get(case["gold_scale"] or "unit", 1))
    said = f"p{f.page} {f.label_path!r} [{f.column_header}] = {f.value_printed} {f.scale or ''} {f.currency or ''}"
    # an outflow (capex, dividends paid) or a loss is printed in brackets: its magnitude is the figure asked
    signless = (ask.metric is not None and ask.metric.outflow) or re.search(r"(?i)\bloss|used in|outflow", q) or \
        re.match(r"(?i)(purchases?|payments?|dividends paid)\b", f.label)
    close = abs(got - gold) <= abs(gold) * Decimal("0.01") or (
        signless and abs(abs(got) - abs(gold)) <= abs(gold) * Decimal("0.01"))
    return ("correct" if close else "incorrect"), said


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", default=str(ROOT / "evals" / "sets" / "world-statements.jsonl"))
    ap.add_argument("--show", action="store_true", help="print every case, not only the wrong and refused")
    args = ap.parse_args(argv)
    cases = [json.loads(ln) for ln in open(args.set, encoding="utf-8") if ln.strip()]
    table: dict[str, dict[str, int]] = {}
    for c in cases:
        part = "held out" if "held out" in c.get("graded_by", "") else "in-sample"
        outcome, why = run_case(c)
        table.setdefault(part, {"correct": 0, "incorrect": 0, "refused": 0})[outcome] += 1
        if args.show or outcome != "correct":
            print(f"{outcome:9} {c['id']}: {why}")
    print(f"\n{'reports':10} {'n':>4} {'correct':>8} {'incorrect':>10} {'refused':>8}")
    for part, t in sorted(table.items()):
        n = sum(t.values())
        print(f"{part:10} {n:4d} {t['correct']:8d} {t['incorrect']:10d} {t['refused']:8d}  ({t['correct'] / n:.0%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
