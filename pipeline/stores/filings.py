"""A company's filings as one retrieval reads them, in one statement: each filing's fiscal year, type and chunk
count (the scope's size, which picks the dense and keyword strategies) and whether its facts were extracted by
the current rules (so the facts locator checks nothing more before reading them).

Read once per scope by `Retriever.scope_for` and shared by every retrieval side: the scope's years and size, the
facts locator's filings and their staleness used to be three to five statements of their own.
"""
from __future__ import annotations

from dataclasses import dataclass

import psycopg


@dataclass(frozen=True)
class Filing:
    doc_id: str
    fiscal_year: int
    doc_type: str
    chunks: int
    facts_current: bool     # facts present and extracted by the rules of the version asked for


def of_company(conn: psycopg.Connection, company: str, facts_version: str) -> list[Filing]:
    """The company's filings, newest fiscal year first (within a year in the table's order, as
    `corpus.filings_between` returns them); `facts_current` of each says whether its facts are marked with
    `facts_version` (the reader's FACTS_VERSION)."""
    rows = conn.execute(
        "SELECT d.doc_id, d.fiscal_year, d.doc_type, coalesce(d.chunks, 0), d.facts_version IS NOT DISTINCT FROM %s"
        " FROM documents d WHERE d.company = %s",
        (facts_version, company)).fetchall()
    filings = [Filing(r[0], int(r[1]), r[2], int(r[3]), bool(r[4])) for r in rows]
    return sorted(filings, key=lambda f: -f.fiscal_year)       # stable: keeps the table's order within a year


def year_sizes(filings: list[Filing]) -> dict[int, int]:
    """{fiscal year: chunks}, newest year first."""
    out: dict[int, int] = {}
    for f in filings:
        out[f.fiscal_year] = out.get(f.fiscal_year, 0) + f.chunks
    return out


def between(filings: list[Filing], first: int, last: int) -> list[tuple[str, int, str]]:
    """(doc_id, fiscal_year, doc_type) of the filings for fiscal years first..last (`corpus.filings_between`
    without a statement)."""
    return [(f.doc_id, f.fiscal_year, f.doc_type) for f in filings if first <= f.fiscal_year <= last]
