"""A dividend asked of a company whose report states it paid none ("We have never declared or paid cash dividends",
"The Directors do not recommend the payment of a dividend"): said so with the sentence, where no table row prints a
dividend for the year, instead of "I could not find dividends per share"."""
from __future__ import annotations

from typing import Callable

from pipeline.answer import yesno
from pipeline.question.analysis import QuestionFacts
from pipeline.question.labels import doc_kind
from pipeline.retrieval.passage import Passage
from pipeline.state import Claim, TurnState
from pipeline.stores import corpus

# the measures a "no dividend" sentence answers: the dividend per share, paid or declared
DIVIDEND_MEASURES = frozenset({"dividends_per_share", "dividends_paid", "dividends_declared"})


def stated_none(state: TurnState, conn, facts: QuestionFacts, company: str, year: int | None,
                cite: Callable[[Passage], int]) -> tuple[str, str] | None:
    """(answer, "quote") when the year's report denies any dividend and states none paid or declared; else None."""
    if facts.metric is None or facts.metric.key not in DIVIDEND_MEASURES or year is None:
        return None
    pages = corpus.report_pages(conn, company, year)
    if not pages:
        return None
    found = denied(pages)
    if found is None:
        return None
    sentence, pg = found
    fy = pg.fiscal_year
    m = cite(yesno.as_passage(pg))
    text = (f"None: the {company} FY{fy} {doc_kind(pg.doc_type)} states no dividend paid or declared: "
            f"\u201c{sentence}\u201d [{m}]")
    state.claims.append(Claim(text=text, label=f"{company} FY{fy} passage", company=company))
    return text, "quote"


def denied(pages: list[corpus.ReportPage]) -> tuple[str, corpus.ReportPage] | None:
    """(the shortest sentence denying a dividend of the report's year, its page) where no sentence states one paid,
    declared or proposed; else None (an interim paid and no final recommended: a dividend there was)."""
    event = next(e for e in yesno.events() if e.key == "dividend")
    r = yesno.read_report(pages, event, pages[0].fiscal_year, pages[0].period_end)
    if r.affirmed or not r.denied:
        return None
    return min(r.denied, key=lambda h: len(h[0]))
