"""Facts kept current with the table reader's rules: a filing's facts (re)built from its stored page texts by
`pipeline/reading/facts.py` and handed to the facts store marked with the reader's `FACTS_VERSION`, so an upgrade
never needs the PDFs again.

Ingest builds a document's facts in the transaction that writes its pages; a reader of facts (the facts lookup,
the Corpus page's Figures view) first rebuilds those of the filings it reads that are older than the current
rules; `ara ingest` brings every filing up to date. Sits above the reader and the stores, which know nothing of
each other: the stores only write, mark and compare what this module hands them. May import
`pipeline.reading`, `pipeline.question` and `pipeline.stores`; never the graph, the nodes, `app/` or `evals/`.
"""
from __future__ import annotations

import psycopg

from pipeline.core.filing_types import ANNUAL_TYPES
from pipeline.question.units import SCALE_WORDS
from pipeline.reading.facts import FACTS_VERSION, extract
from pipeline.stores import facts as store
from pipeline.stores.facts import StoredFact


def extract_document(conn: psycopg.Connection, doc_id: str, pages: list[str] | None = None) -> int:
    """(Re)build one document's facts from its pages (read from Postgres unless given), and commit."""
    n = build_facts(conn, doc_id, pages)
    conn.commit()       # the reads opened a transaction: replace_facts' block was only a savepoint in it
    return n


def build_facts(conn: psycopg.Connection, doc_id: str, pages: list[str] | None = None) -> int:
    """(Re)build one document's facts inside the caller's transaction (ingest writes a document's rows and its
    facts in one, so no reader ever sees the document without them).

    The document's lock is taken before its pages are read: a reader rebuilding stale facts while an ingest
    replaces the document waits for the ingest to commit, then reads the new pages (never writes facts of the old
    pages onto the new row)."""
    with conn.transaction():
        row = store.lock_document(conn, doc_id)
        if row is None:
            return 0
        company, fy, doc_type = row
        if pages is None:
            pages = store.page_texts(conn, doc_id)
        annual = doc_type.upper().replace("-", "") in {t.replace("-", "") for t in ANNUAL_TYPES}
        fy_end = None if annual else store.company_fy_end(conn, company)
        return store.replace_facts(conn, doc_id, extract(pages, fy, doc_type, fy_end, *_units(conn, doc_id),
                                                         page_units=store.recorded_page_units(conn, doc_id)),
                                   FACTS_VERSION)


def _units(conn: psycopg.Connection, doc_id: str) -> tuple[str | None, str | None]:
    """The document's reporting currency and the scale its statements declare ("millions" -> "million"), as ingest
    recorded them (documents.currency, documents.scale), else None for each."""
    return document_units(*store.recorded_units(conn, doc_id))


def document_units(currency: str | None, scale: str | None) -> tuple[str | None, str | None]:
    """A document's recorded currency and scale ("millions") as the facts extractor takes them ("million")."""
    if scale == "units":
        return currency or None, None      # whole amounts: no multiplier
    return currency or None, SCALE_WORDS.get(scale, scale) or None


def page_units(identity: dict | None) -> dict[int, tuple[str, str]]:
    """page -> (currency, scale) of a document's identity record's statement units (documents.identity)."""
    return {int(u["page"]): (u.get("currency") or "", u.get("scale") or "")
            for u in ((identity or {}).get("statement_units") or []) if isinstance(u, dict) and u.get("page")}


def ensure_current(conn: psycopg.Connection, doc_ids: list[str]) -> int:
    """Rebuild the facts of those of `doc_ids` whose facts are missing or older than the current rules, before a
    read of them: after an upgrade each filing is rebuilt when it is first asked about (about a second for a
    10-K), never the whole corpus when a process starts. Returns how many were rebuilt."""
    if not doc_ids:
        return 0
    stale = store.stale_among(conn, doc_ids, FACTS_VERSION)
    for doc_id in stale:
        extract_document(conn, doc_id)
    return len(stale)


def ensure_facts(conn: psycopg.Connection, on_doc=None) -> int:
    """Bring every document's facts up to the current rules; returns how many documents were (re)built."""
    stale = store.stale_documents(conn, FACTS_VERSION)
    for doc_id in stale:
        extract_document(conn, doc_id)
        if on_doc:
            on_doc(doc_id)
    return len(stale)


def search(conn: psycopg.Connection, *, doc_ids: list[str], fiscal_years: list[int] | None, terms: list[str],
           current: bool = False) -> list[StoredFact]:
    """The facts store's search of `doc_ids` as extracted by the current rules: their stale facts are rebuilt first
    unless the caller says they are `current` (it checked them already)."""
    if not current:
        ensure_current(conn, doc_ids)
    return store.search(conn, doc_ids=doc_ids, fiscal_years=fiscal_years, terms=terms)
