"""Scope check of analysts' company wordings on the corpus-world reports: does each question resolve to the
report's company, to another company, or to "I don't hold reports for <X>"?

    python -m evals.world_names [--set evals/scopes/world-names.jsonl] [--corpus ../shared/corpus-world]

The registry is built the way ingest builds it (the bundled companies, then every report identified by
`ingest.documents.describe` and its names learned by `ingest.aliases`), in memory: no database and no embedding,
so the whole corpus is checked in a minute or two. Routing is `pipeline.question.analysis.analyse` +
`pipeline.guardrails.router.route_question`, as a one-off turn. Cases whose id holds "-heldout-" are counted apart (wordings
not used to shape the rules).
"""
from __future__ import annotations

import argparse
import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _pages(path: Path, cache: Path | None) -> list[str]:
    """The report's page texts (from `cache`/<stem>.json when there, written there when not)."""
    from ingest.pdf import read_pages

    hit = cache / f"{path.stem}.json" if cache else None
    if hit and hit.exists():
        return json.loads(hit.read_text(encoding="utf-8"))
    pages = read_pages(path, readable=False)
    if hit:
        hit.parent.mkdir(parents=True, exist_ok=True)
        hit.write_text(json.dumps(pages), encoding="utf-8")
    return pages


def build_registry(corpus: Path, cache: Path | None = None):
    """(registry, coverage, company of each file) as ingest would register the corpus's reports."""
    from ingest.documents import describe
    from pipeline.question.registry import Registry
    from pipeline.question.registry_sources import file_registry

    try:
        from ingest.aliases import learn, registrable
    except ImportError:     # a checkout from before names were learned at ingest
        learn = registrable = None
    reg = file_registry()
    coverage: dict[str, list[int]] = {}
    of_file: dict[str, str] = {}
    for line in (corpus / "documents.jsonl").read_text(encoding="utf-8").splitlines():
        doc = json.loads(line)
        path = corpus / "pdfs" / doc["file"]
        pages = _pages(path, cache)
        try:
            info = describe(path, reg, pages)
        except Exception as e:  # noqa: BLE001 - a report ingest would refuse: recorded, not fatal here
            of_file[doc["file"]] = f"(not ingested: {str(e)[:60]})"
            continue
        company = info.new_company or info.known_company
        if learn is not None:
            idn = info.identity
            found = learn(pages, names=[info.company, *((idn.legal_name, *idn.aliases) if idn else ())])
            names, tickers, _ = registrable(found, reg, company.key, info.doc_id)
            company = replace(company, aliases=tuple(dict.fromkeys([*company.aliases, *names])),
                              tickers=tuple(dict.fromkeys([*company.tickers, *tickers])))
        others = [c for c in reg.companies if c.key != company.key]
        reg = Registry(companies=[*others, company])
        coverage.setdefault(company.name, []).append(info.fiscal_year)
        of_file[doc["file"]] = company.name
    return reg, {c: sorted(set(ys)) for c, ys in coverage.items()}, of_file


def outcome(case: dict, reg, coverage, of_file) -> tuple[str, str]:
    """(class, detail): right | wrong_company | not_held_word (told "I don't hold" for a word, not the company) |
    told_not_held (a proper name not held, said so) | unresolved (clarify or anything else) | not_ingested (the
    report itself was refused at ingest)."""
    import pipeline.question.registry_sources as registry_module
    from pipeline.question.analysis import analyse
    from pipeline.guardrails.router import route_question

    q = case["turns"][0]
    registry_module.get_registry = lambda *a, **k: reg      # the router's reply reads the same registry
    facts = analyse(q, reg)
    d = route_question(facts, coverage)
    said = (d.reply + " " + d.period_note).strip()
    if not case["answerable"]:
        return ("told_not_held" if "don't hold reports for" in said and case["company"].split()[0] in said
                else "unresolved"), said[:90]
    want = of_file.get(case["file"], "")
    if want.startswith("(not ingested"):     # an ingest miss (identification), not the question side's, unless
        if d.companies:                     # the question is then read as another held company
            return "wrong_company", f"{d.companies} (want {case['company']}, whose report is not held)"
        return "not_ingested", want
    if d.companies and want in d.companies and len(d.companies) == 1:
        return "right", want
    if d.companies and want not in d.companies:
        return "wrong_company", f"{d.companies} (want {want})"
    if "don't hold reports for" in said:
        return "not_held_word", said[:90]
    return "unresolved", f"{d.route}: {said[:80]}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", type=Path, default=ROOT / "evals" / "scopes" / "world-names.jsonl")
    ap.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus-world")
    ap.add_argument("--show", action="store_true", help="print every case")
    ap.add_argument("--cache", type=Path, default=None, help="folder for the reports' page texts (read once)")
    args = ap.parse_args(argv)
    reg, coverage, of_file = build_registry(args.corpus, args.cache)
    cases = [json.loads(ln) for ln in args.set.read_text(encoding="utf-8").splitlines() if ln.strip()]
    counts = {"dev": Counter(), "heldout": Counter()}
    for c in cases:
        part = "heldout" if "-heldout-" in c["id"] else "dev"
        cls, detail = outcome(c, reg, coverage, of_file)
        counts[part][cls] += 1
        if args.show or cls not in ("right", "told_not_held"):
            print(f"{part:8} {cls:14} {c['turns'][0][:70]:70} | {detail}")
    for part, n in counts.items():
        print(f"{part}: {sum(n.values())} wordings: " + ", ".join(f"{k} {v}" for k, v in sorted(n.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
