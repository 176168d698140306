"""Identification of the shared filings against the hand-checked truth table (evals/identification_truth.jsonl):
company, fiscal year, period end, currency and scale as `ingest.identify` reads them from the document alone (no
file name, sidecar or registry), per filing and per set; writes the "Identification" section of docs/benchmarks.md.

    .venv/bin/python benchmarks/identification.py [--shared ../shared] [--only corpus-world]
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.report import machine, markdown_table, write_section  # noqa: E402
from evals import identification as ident  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    root = Path(__file__).resolve().parent.parent
    ap.add_argument("--shared", type=Path, default=root.parent / "shared")
    ap.add_argument("--only", help="one set: corpus | corpus-more | corpus-world")
    ap.add_argument("--no-write", action="store_true", help="print only")
    args = ap.parse_args()
    from ingest.pdf import read_pages

    rows = [r for r in ident.truth() if not args.only or r["corpus"] == args.only]
    outcomes, pages_total, t_ident = [], 0, 0.0
    for r in rows:
        path = ident.folder(args.shared, r["corpus"]) / r["file"]
        if not path.exists():
            print(f"skip {path}: absent")
            continue
        pages = read_pages(path, readable=False)     # (an unreadable text layer is reported as not detected)
        t0 = time.perf_counter()
        outcomes.append(ident.check(r, pages))
        t_ident += time.perf_counter() - t0
        pages_total += len(pages)
        o = outcomes[-1]
        print(f"{r['corpus']:12} {r['file'][:28]:28} {o.company[:28]:28} FY{o.fiscal_year} {o.currency} {o.scale} "
              f"{'ok' if o.company_ok and o.year_ok else 'WRONG'}")
    if not outcomes:
        sys.exit("no shared filings found")

    def mark(v):
        return "" if v is None else ("✓" if v else "✗")

    summary = []
    for corpus in ("corpus", "corpus-more", "corpus-world"):
        sel = [o for o in outcomes if o.row["corpus"] == corpus]
        if not sel:
            continue
        for label, part in (("all", sel), ("held out (out-of-sample)", [o for o in sel if o.row.get("held_out")])):
            if not part:
                continue
            both = sum(o.company_ok and o.year_ok for o in part)
            units = [o for o in part if o.units_ok is not None]
            summary.append([corpus, label, len(part), f"{both}/{len(part)}", sum(not o.detected for o in part),
                            f"{sum(o.units_ok for o in units)}/{len(units)}" if units else "-"])
    detail = [[o.row["corpus"], o.row["file"][:12], o.row["company"], o.legal_name or "not detected", o.company,
               mark(o.company_ok), o.fiscal_year, mark(o.year_ok), o.period_end or "-", mark(o.end_ok),
               f"{o.currency or '-'} {o.scale or '-'}", mark(o.units_ok), o.evidence,
               "held out" if o.row.get("held_out") else ""]
              for o in outcomes if o.row["corpus"] == "corpus-world"]
    wrong = [[o.row["corpus"], o.row["file"], o.row["company"], o.legal_name or "not detected", o.fiscal_year]
             for o in outcomes if o.row["corpus"] != "corpus-world" and not (o.company_ok and o.year_ok)]
    body = ("## Identification (company, fiscal year, currency, scale)\n\n" + f"{machine()}; load average at start {os.getloadavg()[0]:.1f}. {len(outcomes)} filings, {pages_total} "
            f"pages; identification alone took {t_ident:.1f} s ({pages_total / max(t_ident, 1e-9):.0f} pages/s; page "
            "text extraction not included). Nothing but the document is read: no file name, sidecar or registry. "
            "Truth: `evals/identification_truth.jsonl` (corpus-world read by hand on the statement pages, the dev sets' "
            "own labels otherwise). corpus-world rows other than the four held out were used to shape the rules "
            "(in-sample).\n\n"
            + markdown_table(["set", "filings", "n", "company and FY right", "company not detected (ingested, "
                              "flagged)", "currency and scale right"], summary)
            + "\n\ncorpus-world, per report:\n\n"
            + markdown_table(["set", "file", "company (documents.jsonl)", "legal name read", "short name", "",
                              "FY", "", "period end", "", "currency scale", "", "company evidence", ""], detail)
            + ("\n\nWrong in the dev sets:\n\n" + markdown_table(["set", "file", "company", "read", "FY"], wrong)
               if wrong else "\n\nEvery dev-set filing (corpus, corpus-more) is identified right.") + "\n")
    print(body)
    if not args.no_write and not args.only:
        write_section("Identification (company, fiscal year, currency, scale)", body)


if __name__ == "__main__":
    main()
