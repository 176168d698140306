"""Facts precision: of the facts ingest stored (the `facts` table the reader writes), how many are right?

A person labelled a reproducible stratified random sample of stored facts of the 64 shared filings (`corpus`,
`corpus-more`, `corpus-world`), reading each on its page. Each label says, per criterion:

- **cell**: the value is a real cell of a statement or table (not a note reference, a year, a page number, or
  cover / contents / prose text);
- **row**: the row label (and its parent path) is the row the value stands in;
- **period**: the column (period) is the one the value stands under;
- **scale**: the scale and currency are the ones the table prints (``true_scale`` / ``true_currency`` record them).

A fact is correct when all four hold. Labels are keyed by filing + page + row label + period + printed value (no
database ids), so they survive a re-ingest: the benchmark re-reads the current facts, matches each label to its
fact, and re-checks the scale and currency of the current fact against the labelled truth. A labelled fact the
reader no longer stores is counted apart ("gone": a fix when it was wrong, a loss when it was right).

    python -m benchmarks.facts_precision                       # score evals/facts_labels.jsonl, write the section
    python -m benchmarks.facts_precision --sample OUT.jsonl    # draw the sample to label (with page context)
    python -m benchmarks.facts_precision --sample OUT.jsonl --seed 41 --corpus corpus-world --fresh --per-stratum 7
                                                               # a fresh out-of-sample draw: no labelled fact in it

A label's `sample` field names the drawing it belongs to (none: the first, seed 23); each is reported apart, since a
sample is in-sample once a rule has been shaped on its wrong rows.
"""
from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.report import machine, markdown_table, write_section  # noqa: E402

LABELS = ROOT / "evals" / "facts_labels.jsonl"
CORPORA = {"corpus": ROOT.parent / "shared" / "corpus" / "pdfs",
           "corpus-more": ROOT.parent / "shared" / "corpus-more" / "pdfs",
           "corpus-world": ROOT.parent / "shared" / "corpus-world" / "pdfs"}
SEED = 23
CRITERIA = ("cell", "row_ok", "period_ok", "scale_ok")
FIELDS = {"corpus": str, "filing": str, "page": int, "label": str, "period": str, "value": str, "statement": (str, type(None)),
          "kind": str, "fiscal_year": (int, type(None)), "scale": (str, type(None)), "currency": (str, type(None)),
          "cell": bool, "row_ok": (bool, type(None)), "period_ok": (bool, type(None)), "scale_ok": (bool, type(None)),
          "true_scale": (str, type(None)), "true_currency": (str, type(None)), "reason": str}


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text or "").strip()


def key(filing: str, page: int, label: str, period: str, value: str) -> tuple:
    """What identifies a fact across re-ingests: the filing's file name, the page, the row label, the column
    (period) header and the printed value."""
    return (Path(filing).name, int(page), _norm(label), _norm(period), _norm(value))


def fact_key(filing: str, f) -> tuple:
    return key(filing, f.page, f.label, f.column_header, f.value_printed)


def label_key(d: dict) -> tuple:
    return key(d["filing"], d["page"], d["label"], d["period"], d["value"])


def stratum(f) -> str:
    """The statement kind a fact stands in: a primary statement's kind, a part-of-group statement, or a note."""
    if f.statement and not f.secondary:
        return f.statement
    return "part-of-group" if f.secondary else "notes/other"


def corpus_of(source_path: str | None) -> str | None:
    if not source_path:
        return None
    p = Path(source_path).resolve()
    for name, folder in CORPORA.items():
        if p.parent == folder.resolve():
            return name
    return None


def validate(d: dict) -> list[str]:
    """What is wrong with one label line (empty: a well-formed label)."""
    errs = [f"missing {k}" for k in FIELDS if k not in d]
    errs += [f"{k} is {type(d[k]).__name__}" for k, t in FIELDS.items() if k in d and not isinstance(d[k], t)]
    if errs:
        return errs
    if d["corpus"] not in CORPORA:
        errs.append(f"unknown corpus {d['corpus']}")
    if d["cell"] and None in (d["row_ok"], d["period_ok"], d["scale_ok"]):
        errs.append("a real cell needs a verdict on row, period and scale")
    if d["scale_ok"] is not None and d["scale_ok"] != ((d["scale"], d["currency"]) == (d["true_scale"], d["true_currency"])):
        errs.append("scale_ok disagrees with true_scale / true_currency")
    wrong = not d["cell"] or not all(d[c] for c in CRITERIA[1:])
    if wrong and not d["reason"].strip():
        errs.append("a wrong fact needs a one-line reason")
    return errs


def load_labels(path: Path = LABELS) -> list[dict]:
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip():
            d = json.loads(line)
            errs = validate(d)
            if errs:
                raise ValueError(f"{path.name} line {n}: {'; '.join(errs)}")
            out.append(d)
    return out


def verdicts(label: dict, current) -> dict[str, bool | None]:
    """The label's verdicts for the current fact: cell, row and period as labelled (they are bound to the key);
    scale and currency re-checked on the current fact against the labelled truth."""
    out = {c: label[c] for c in CRITERIA}
    if label["cell"]:
        out["scale_ok"] = (current.scale, current.currency) == (label["true_scale"], label["true_currency"])
    return out


def score(labels: list[dict], facts_by_key: dict[tuple, object]) -> dict:
    """Precision overall, per criterion, per corpus and per statement kind of the labelled facts still stored."""
    res = {"labelled": len(labels), "matched": 0, "gone_right": 0, "gone_wrong": 0, "wrong": [],
           "criteria": {c: [0, 0] for c in CRITERIA}, "corpus": defaultdict(lambda: [0, 0]),
           "stratum": defaultdict(lambda: [0, 0]), "sample": defaultdict(lambda: [0, 0]), "ok": 0}
    for d in labels:
        f = facts_by_key.get(label_key(d))
        right_then = d["cell"] and all(d[c] for c in CRITERIA[1:])
        if f is None:
            res["gone_right" if right_then else "gone_wrong"] += 1
            continue
        res["matched"] += 1
        v = verdicts(d, f)
        for c in CRITERIA:
            if v[c] is not None:
                res["criteria"][c][0] += bool(v[c])
                res["criteria"][c][1] += 1
        ok = all(v[c] for c in CRITERIA)
        res["ok"] += ok
        for group, name in (("corpus", d["corpus"]), ("stratum", d.get("sample_stratum") or d["statement"] or "notes/other"),
                            ("sample", sample_of(d))):
            res[group][name][0] += ok
            res[group][name][1] += 1
        if not ok:
            res["wrong"].append((d, v))
    return res


FIRST_SAMPLE = "s30 (seed 23, all three corpora)"


def sample_of(d: dict) -> str:
    """Which drawing a label belongs to: the first sample (seed 23) or a later, fresh one (its `sample` field)."""
    return d.get("sample") or FIRST_SAMPLE


def _pct(n: int, d: int) -> str:
    return f"{100 * n / d:.1f} % ({n}/{d})" if d else "–"


def _connect():
    from pipeline.settings import get_settings
    from pipeline.stores import db

    conn = db.connect(get_settings())
    db.migrate(conn)
    conn.commit()
    return conn


def _shared_documents(conn) -> list[tuple[str, str, str]]:
    """(doc_id, corpus, file name) of every ingested document of the three shared corpora, by file name."""
    from pipeline.stores import corpus

    out = []
    for d in corpus.list_documents(conn):
        c = corpus_of(d["source_path"])
        if c:
            out.append((d["doc_id"], c, Path(d["source_path"]).name))
    return sorted(out, key=lambda r: (r[1], r[2]))


class Source:
    """Where the current facts come from: the database's `facts` table (what ingest stored), or the PDFs read the
    way ingest reads them (identification for the document's currency, scale and statement units, then the same
    extractor) when the filings are not ingested. The two differ only for a quarterly filing, whose fiscal-year end
    ingest takes from the company's annual reports in the database."""

    def __init__(self, use_db: bool):
        self.conn = _connect() if use_db else None
        self._pages: dict[str, list[str]] = {}

    def filings(self) -> list[tuple[str, str, str]]:
        """(reference, corpus, file name) of every shared filing this source holds."""
        if self.conn is not None:
            return _shared_documents(self.conn)
        return [(str(p), c, p.name) for c, folder in CORPORA.items() for p in sorted(folder.glob("*.pdf"))]

    def facts(self, ref: str) -> list:
        if self.conn is not None:
            from pipeline.retrieval import facts_rebuild
            from pipeline.stores import facts as store

            facts_rebuild.ensure_current(self.conn, [ref])
            return store.document_facts(self.conn, ref)
        from ingest.documents import describe
        from pipeline.reading.facts import extract
        from pipeline.question.registry_sources import file_registry
        from pipeline.retrieval.facts_rebuild import document_units, page_units

        pages = self.pages(ref)
        info = describe(Path(ref), file_registry(), pages)
        return extract(pages, info.fiscal_year, info.doc_type, None, *document_units(info.currency, info.scale),
                       page_units=page_units(info.record()))

    def page(self, ref: str, page: int) -> str:
        """One page's text (1-based), as the reader read it."""
        if self.conn is not None:
            from pipeline.stores import corpus

            return corpus.get_page(self.conn, ref, page) or ""
        return self.pages(ref)[page - 1]

    def pages(self, ref: str) -> list[str]:
        if ref not in self._pages:
            from ingest.pdf import read_pages

            self._pages[ref] = list(read_pages(Path(ref), readable=False))
        return self._pages[ref]


def draw(src: Source, per_stratum: int, seed: int = SEED, corpora: set[str] | None = None,
         exclude: set[tuple] = frozenset()) -> list[dict]:
    """A stratified random sample (corpus x statement kind) of the current facts, each with its page context;
    `corpora` limits it to some corpora, `exclude` leaves out facts already labelled (a fresh sample)."""
    from pipeline.reading.tables import parse_page

    strata: dict[tuple[str, str], list] = defaultdict(list)
    for ref, c, name in src.filings():
        if corpora and c not in corpora:
            continue
        for f in src.facts(ref):
            if fact_key(name, f) not in exclude:
                strata[(c, stratum(f))].append((ref, name, f))
    rng = random.Random(seed)
    out = []
    for s in sorted(strata):
        items = sorted(strata[s], key=lambda nf: fact_key(nf[1], nf[2]) + (nf[2].line_no,))
        for ref, name, f in rng.sample(items, min(per_stratum, len(items))):
            lines = parse_page(src.page(ref, f.page)).lines
            lo = max(0, f.line_no - 6)
            context = lines[:5] + ["..."] + [(">> " if i == f.line_no else "   ") + lines[i]
                                             for i in range(lo, min(len(lines), f.line_no + 3))]
            out.append({"corpus": s[0], "filing": name, "page": f.page, "label": f.label, "period": f.column_header,
                        "value": f.value_printed, "statement": stratum(f) if f.statement and not f.secondary else None,
                        "stratum": s[1], "kind": f.kind, "fiscal_year": f.fiscal_year, "scale": f.scale,
                        "currency": f.currency, "label_path": f.label_path, "table_title": f.table_title,
                        "population": len(strata[s]), "context": context})
    return out


def current_facts(src: Source, filings: set[str]) -> dict[tuple, object]:
    out: dict[tuple, object] = {}
    for ref, _c, name in src.filings():
        if name in filings:
            for f in src.facts(ref):
                out.setdefault(fact_key(name, f), f)
                # a column header the reader now prints whole ("December 31, 2021" where it read "2021" when the
                # fact was labelled): the same cell, matched by its year
                year = re.fullmatch(r".*?\b((?:19|20)\d{2})", f.column_header or "")
                if year and (f.column_header or "") != year.group(1):
                    out.setdefault(key(name, f.page, f.label, year.group(1), f.value_printed), f)
    return out


def report(res: dict, source: str) -> str:
    crit = {"cell": "real cell", "row_ok": "right row label", "period_ok": "right period", "scale_ok": "right scale & currency"}
    rows = [["**all four (a correct fact)**", f"**{_pct(res['ok'], res['matched'])}**"]]
    rows += [[crit[c], _pct(*res["criteria"][c])] for c in CRITERIA]
    rows += [[f"sample {k}", _pct(*v)] for k, v in sorted(res["sample"].items())]
    rows += [[f"corpus `{k}`", _pct(*v)] for k, v in sorted(res["corpus"].items())]
    rows += [[f"statement `{k}`", _pct(*v)] for k, v in sorted(res["stratum"].items())]
    wrong = [[d["filing"], d["page"], d["label"][:50], d["period"][:30], d["value"], d["reason"], sample_of(d)[:9]]
             for d, _ in res["wrong"]]
    body = (f"## Facts precision\n\n{machine()}\n\n"
            f"Hand-labelled stratified random samples (corpus x statement kind) of the facts ingest stored "
            f"for the 64 shared filings, each read on its page: the first (seed {SEED}, all three corpora) and fresh ones "
            f"drawn later (their `sample` field), which leave out every fact already labelled (`evals/facts_labels.jsonl`; `python -m "
            f"benchmarks.facts_precision`; facts from {source}). Target: >= 98 % correct. {res['labelled']} labelled; {res['matched']} "
            f"still stored; {res['gone_wrong']} wrong ones and {res['gone_right']} right ones no longer stored.\n\n"
            + markdown_table(["precision", "value"], rows))
    if wrong:
        body += "\n\nWrong facts still stored:\n\n" + markdown_table(
            ["filing", "page", "label", "period", "value", "why", "sample"], wrong)
    return body


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sample", type=Path, help="draw the sample to label into this JSON-lines file")
    ap.add_argument("--per-stratum", type=int, default=15)
    ap.add_argument("--seed", type=int, default=SEED, help="the sample's seed (a fresh sample takes another one)")
    ap.add_argument("--corpus", action="append", choices=sorted(CORPORA), help="sample only these corpora")
    ap.add_argument("--fresh", action="store_true", help="leave out the facts the labels file already holds")
    ap.add_argument("--labels", type=Path, default=LABELS)
    ap.add_argument("--no-write", action="store_true", help="print only; leave docs/benchmarks.md alone")
    ap.add_argument("--db", action="store_true", help="read the facts ingest stored in the database (default: read "
                    "the PDFs as ingest reads them)")
    args = ap.parse_args()
    src = Source(args.db)
    if args.sample:
        exclude = {label_key(d) for d in load_labels(args.labels)} if args.fresh else set()
        items = draw(src, args.per_stratum, args.seed, set(args.corpus or ()), exclude)
        args.sample.write_text("".join(json.dumps(d, ensure_ascii=False) + "\n" for d in items), encoding="utf-8")
        print(f"{len(items)} facts sampled into {args.sample}")
        return
    labels = load_labels(args.labels)
    res = score(labels, current_facts(src, {d["filing"] for d in labels}))
    body = report(res, "the database's facts table" if args.db else "the PDFs read as ingest reads them")
    print(body)
    if not args.no_write:
        write_section("facts-precision", body)


if __name__ == "__main__":
    main()
