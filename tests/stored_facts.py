"""Facts read off page texts by the reader, as the facts store hands them to the matcher (no database)."""
from __future__ import annotations

from pipeline.reading.facts import extract
from pipeline.stores.facts import StoredFact


def stored_facts(pages: list[str], fiscal_year: int, doc_type: str) -> list[StoredFact]:
    """Every fact of `pages` (one text per page) of a document "d" of `doc_type` and `fiscal_year`."""
    return [StoredFact(id=i, doc_id="d", company="", doc_type=doc_type, doc_fiscal_year=fiscal_year, page=f.page,
                       line_no=f.line_no, table_title=f.table_title, statement=f.statement, secondary=f.secondary,
                       label=f.label, label_path=f.label_path, column_header=f.column_header,
                       fiscal_year=f.fiscal_year, span=f.span, qualifiers=f.qualifiers, value_printed=f.value_printed,
                       value=f.value, scale=f.scale, kind=f.kind, currency=f.currency)
            for i, f in enumerate(extract(pages, fiscal_year, doc_type))]
