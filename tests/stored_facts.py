"""Facts read off page texts by the reader, as the facts store hands them to the matcher (no database)."""
from __future__ import annotations

from pipeline.question.analysis import QuestionFacts
from pipeline.question.figure_ask import read_ask
from pipeline.question.lexicon import get_lexicon
from pipeline.question.registry import Company
from pipeline.reading.facts import extract
from pipeline.retrieval.fact_match import FactMatch, NoMatch, choose
from pipeline.stores.facts import StoredFact


def stored_facts(pages: list[str], fiscal_year: int, doc_type: str, *, as_ingested: bool = False) -> list[StoredFact]:
    """Every fact of `pages` (one text per page) of a document "d" of `doc_type` and `fiscal_year`. `as_ingested`:
    with the currency and scale identification reads off the pages, as ingest records them for the reader (a table
    that prints no unit of its own is in the report's), where the pages place their currency (a bare "$" that only
    the US-dollar guess places stays "$": a few statement pages carry no listing or registration to say whose)."""
    units: tuple = ()
    page_units = None
    if as_ingested:
        from ingest.identify import identify
        from pipeline.retrieval.facts_rebuild import document_units, page_units as recorded_page_units
        idn = identify(pages)
        if idn.currency and idn.currency != "USD":     # (USD is also the guess for a "$" no page places)
            units = document_units(idn.currency, idn.scale)
            page_units = recorded_page_units(idn.record())
    return [StoredFact(id=i, doc_id="d", company="", doc_type=doc_type, doc_fiscal_year=fiscal_year, page=f.page,
                       line_no=f.line_no, table_title=f.table_title, statement=f.statement, secondary=f.secondary,
                       label=f.label, label_path=f.label_path, column_header=f.column_header,
                       fiscal_year=f.fiscal_year, span=f.span, qualifiers=f.qualifiers, value_printed=f.value_printed,
                       value=f.value, scale=f.scale, kind=f.kind, currency=f.currency, period_end=f.period_end)
            for i, f in enumerate(extract(pages, fiscal_year, doc_type, None, *units, page_units=page_units))]


def facts_of(pages: list[str], fy: int = 0) -> list[StoredFact]:
    """The facts of an annual report's `pages` (one text per page)."""
    return stored_facts(pages, fy, "ANNUAL")


def answer_of(question: str, facts: list[StoredFact], company: str, year: int) -> FactMatch | NoMatch:
    """The facts lookup's answer to `question` about `company`'s fiscal `year` over `facts` (no database)."""
    metrics = get_lexicon().find(question)
    qf = QuestionFacts(text=question, companies=[Company(key="k", name=company)], years=[year], metrics=metrics)
    ask = read_ask(question, qf, metrics[0] if metrics else None)
    return choose(ask, [f for f in facts if f.fiscal_year == year], ["d"])


def lookup(question: str, pages: list[list[str]], year: int, company: str) -> FactMatch | NoMatch:
    """`answer_of` over pages given as their printed lines."""
    return answer_of(question, facts_of(["\n".join(p) for p in pages]), company, year)


def company_facts(pages: list[list[str]], company: str, doc_fy: int) -> list[StoredFact]:
    """Every fact of made-up `pages` (each a list of printed lines) of `company`'s annual report for `doc_fy`."""
    import dataclasses

    return [dataclasses.replace(f, company=company)
            for f in stored_facts(["\n".join(p) for p in pages], doc_fy, "ANNUAL", as_ingested=True)]


def printed_answer(question: str, pages: list[list[str]], company: str, year: int, doc_fy: int) -> str | None:
    """The printed cell the facts lookup answers `question` with over made-up `pages`, or None (refused)."""
    hit = answer_of(question, company_facts(pages, company, doc_fy), company, year)
    return hit.fact.value_printed if isinstance(hit, FactMatch) else None
