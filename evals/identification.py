"""Identification against a hand-checked truth table: every shared filing's company, fiscal year and (for
corpus-world) period end, currency and scale, as `ingest.identify` reads them from the document alone.

`evals/identification_truth.jsonl`, one filing a line: {corpus, file, company, fiscal_year, period_end?, currency?,
scale?, doc_type?, held_out?, checked}. corpus-world rows were read on the statement pages by hand (`checked`
says where); corpus and corpus-more rows are the dev sets' own labels. `held_out` marks reports nobody looked at
while the rules were shaped (out-of-sample). Used by `tests/test_identification_truth.py` and
`benchmarks/identification.py`.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

TRUTH = Path(__file__).resolve().parent / "identification_truth.jsonl"


def truth() -> list[dict]:
    return [json.loads(line) for line in TRUTH.read_text(encoding="utf-8").splitlines() if line.strip()]


def folder(shared: Path, corpus: str) -> Path:
    return shared / corpus / "pdfs"


def _key(name: str) -> str:
    from ingest.entity import key

    return key(name or "")


def company_matches(expected: str, identity) -> bool:
    """The identified company is the expected one: its legal name, short name or an alias, suffix, case and
    punctuation aside ('BEST BUY CO., INC.' = 'Best Buy'; '3M COMPANY' = '3M')."""
    want = _key(expected)
    got = {_key(n) for n in (identity.company, identity.legal_name, *identity.aliases) if n}
    got |= {re.sub(r"[^a-z0-9]", "", (n or "").lower()) for n in (identity.company, identity.legal_name)}
    return bool(want) and want in got


@dataclass
class Outcome:
    row: dict
    company: str
    legal_name: str
    fiscal_year: int | None
    period_end: str
    currency: str
    scale: str
    doc_type: str
    company_ok: bool
    year_ok: bool
    end_ok: bool | None
    units_ok: bool | None
    detected: bool
    evidence: str


def check(row: dict, pages) -> Outcome:
    from ingest.identify import identify

    idn = identify(pages)
    end = str(idn.period_end) if idn.period_end else ""
    units_ok = None
    if "currency" in row:
        units_ok = (idn.currency or None) == row["currency"] and (idn.scale or None) == row["scale"]
    src = idn.sources.get("company") or {}
    return Outcome(row=row, company=idn.company, legal_name=idn.legal_name, fiscal_year=idn.fiscal_year,
                   period_end=end, currency=idn.currency, scale=idn.scale, doc_type=idn.doc_type or "ANNUAL",
                   company_ok=company_matches(row["company"], idn), year_ok=idn.fiscal_year == row["fiscal_year"],
                   end_ok=(end == row["period_end"]) if row.get("period_end") else None, units_ok=units_ok,
                   detected=bool(idn.company),
                   evidence=f"{src.get('how', '').split(' (named by')[0]} p. {src.get('page')} "
                            f"({idn.confidence.get('company', '')})" if src else "not detected")
