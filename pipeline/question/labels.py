"""How the analyst sees a document: "Company · FY · type p. N", never a file name (which may be a download hash)."""
from __future__ import annotations

DOC_KINDS = {"10K": "10-K", "10Q": "10-Q", "8K": "8-K", "20F": "20-F", "40F": "40-F", "6K": "6-K",
             "EARNINGS": "earnings release", "ANNUAL": "annual report"}


def doc_kind(doc_type: str) -> str:
    return DOC_KINDS.get((doc_type or "").upper().replace("-", ""), doc_type or "document")


def doc_label(company: str, fiscal_year: int | None, doc_type: str, page: int | None = None, fy_label: str = "") -> str:
    """'Acme · FY2018 · 10-K p. 60'; with the company's own label when the document records one whose year differs
    from its end date ('Kitano · FY2021 (year ended 31 Mar 2022) · annual report p. 4')."""
    fy = fy_label or (f"FY{fiscal_year}" if fiscal_year else "")
    parts = [p for p in (company, fy) if p]
    return " · ".join([*parts, doc_kind(doc_type) + (f" p. {page}" if page else "")])
