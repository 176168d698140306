"""The offline answerer: extractive, deterministic, cited.

For a figure question it reads the statement rows of the retrieved pages, takes the row the metric lexicon
names and the column of the asked year, and answers with the figure as printed, its unit and a citation.
It never guesses a column: a row whose values do not line up with the page's year header is not used.
When nothing lines up it says what it could not find and which pages it looked at. For other questions it
quotes the best-matching sentence of the best passage, cited.
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field

from pipeline.lexicon import Metric
from pipeline.question import QuestionFacts, analyse
from pipeline.retrieval import Passage, Retriever
from pipeline.stores import corpus
from pipeline.tables import Row, parse_number, parse_page

NOT_FOUND = "I could not find"  # the cannot-answer sentinel: every not-found answer starts with it


@dataclass
class Citation:
    marker: int
    doc: str
    company: str
    fiscal_year: int
    page: int
    doc_type: str = "10K"

    @property
    def label(self) -> str:
        kind = {"10K": "10-K", "10Q": "10-Q", "8K": "8-K"}.get(self.doc_type, self.doc_type)
        return f"{self.company} · FY{self.fiscal_year} · {kind} p. {self.page}"


@dataclass
class Figure:
    metric: str
    label: str
    year: int
    value: str              # as printed, e.g. "(1,577)"
    unit: str | None
    row_label: str
    page: int
    doc: str


@dataclass
class Answer:
    answer: str
    route: str
    citations: list[Citation] = field(default_factory=list)
    confidence: str = "low"
    figure: Figure | None = None
    pages_checked: list[str] = field(default_factory=list)
    passages: list[Passage] = field(default_factory=list)

    def to_json(self) -> dict:
        return {
            "answer": self.answer,
            "route": self.route,
            "citations": [{"marker": c.marker, "doc": c.doc, "company": c.company, "fiscal_year": c.fiscal_year,
                           "page": c.page} for c in self.citations],
            "confidence": self.confidence,
            "figure": asdict(self.figure) if self.figure else None,
            "pages_checked": self.pages_checked,
        }


def format_value(value: str, unit: str | None, metric: Metric) -> str:
    """'(1,577)' for an outflow metric -> '$1,577 million'; '(636)' for a profit line -> '-$636 million'."""
    num = parse_number(value)
    printed = value.strip().strip("$")
    negative = num is not None and num < 0
    digits = printed.strip("()").lstrip("-").lstrip("$")
    if metric.kind == "per_share":
        return f"{'-' if negative and not metric.outflow else ''}${digits} per share"
    if metric.kind == "ratio" or printed.endswith("%"):
        return printed
    sign = "-" if negative and not metric.outflow else ""
    return f"{sign}${digits}{' ' + unit if unit else ''}"


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


class Answerer:
    def __init__(self, retriever: Retriever):
        self.retriever = retriever

    def ask(self, question: str, *, conn, company: str | None = None, year: int | None = None) -> Answer:
        facts = analyse(question)
        cov = corpus.coverage(conn)
        company = company or (facts.company.name if facts.company else None)
        year = year if year is not None else facts.year
        covered = ", ".join(f"{c} (FY{', FY'.join(map(str, ys))})" for c, ys in cov.items()) or "nothing yet"
        if company is None:
            return Answer(f"Which company do you mean? I have annual reports for {covered}.", route="clarify")
        if company not in cov and not any(company == c for c in cov):
            return Answer(f"I have no reports for {company}. I have annual reports for {covered}.",
                          route="no_data")
        if year is None:
            years = ", ".join(f"FY{y}" for y in cov[company])
            return Answer(f"Which fiscal year of {company}? I have {years}.", route="clarify")
        if year not in cov[company] and not self._any_doc(conn, company, year):
            years = cov[company]
            have = " and ".join([", ".join(f"FY{y}" for y in years[:-1]), f"FY{years[-1]}"]) if len(years) > 1 \
                else f"FY{years[0]}"
            return Answer(f"I have {company} {have}, not FY{year}.", route="no_data")

        passages = self.retriever.retrieve(question, company=company, year=year, facts=facts, conn=conn)
        if facts.metric is not None and not facts.metric.printed:
            return self._derived(facts, company, year, passages)
        if facts.metric is not None:
            return self._figure(facts, company, year, passages, conn)
        return self._sentence(facts, company, year, passages)

    @staticmethod
    def _any_doc(conn, company: str, year: int) -> bool:
        return conn.execute("SELECT 1 FROM documents WHERE company = %s AND fiscal_year = %s LIMIT 1",
                            (company, year)).fetchone() is not None

    def _figure(self, facts: QuestionFacts, company: str, year: int, passages: list[Passage], conn) -> Answer:
        metric = facts.metric
        assert metric is not None
        checked: list[str] = []
        candidates: list[tuple[int, int, Row, Passage, str | None]] = []
        seen_pages: set[tuple[str, int]] = set()
        for rank, p in enumerate(passages):
            key = (p.doc, p.page)
            if key in seen_pages:
                continue
            seen_pages.add(key)
            checked.append(f"{p.doc} p. {p.page}")
            text = corpus.get_page(conn, p.doc, p.page) or p.text
            table = parse_page(text)
            for row in table.rows:
                if metric.matches_row(row.label) and row.value_for(year) is not None:
                    on_statement = int(table.statement == metric.statement)
                    candidates.append((on_statement, -rank, row, p, table.unit))
                    break
        if not candidates:
            where = ", ".join(checked) or "no pages (nothing retrieved)"
            return Answer(f"{NOT_FOUND} {metric.label} for {company} FY{year} in the reports: no statement row "
                          f"for it lines up with an FY{year} column. I looked at {where}.",
                          route="retrieve", confidence="low", pages_checked=checked, passages=passages)
        candidates.sort(key=lambda c: (c[0], c[1]), reverse=True)
        on_statement, _, row, p, unit = candidates[0]
        value = row.value_for(year)
        assert value is not None
        shown = format_value(value, unit, metric)
        cite = Citation(1, p.doc, p.company, p.fiscal_year, p.page, p.doc_type)
        # Corroboration: another page printing the same figure for the same metric and year.
        agree = sum(1 for c in candidates[1:] if parse_number(c[2].value_for(year) or "") == parse_number(value))
        confidence = "high" if on_statement or agree else "medium"
        text = (f"{_possessive(company)} {metric.label} in FY{year} was {shown} [1] "
                f"(\"{row.label}\", FY{year} column{'' if value == shown else f', printed as {value}'}).")
        return Answer(text, route="retrieve", citations=[cite], confidence=confidence,
                      figure=Figure(metric.key, metric.label, year, value, unit, row.label, p.page, p.doc),
                      pages_checked=checked, passages=passages)

    def _derived(self, facts: QuestionFacts, company: str, year: int, passages: list[Passage]) -> Answer:
        """A computed metric (margin, ratio, EBITDA) is never answered with one of its inputs."""
        metric = facts.metric
        assert metric is not None
        from pipeline.lexicon import get_lexicon

        inputs = [get_lexicon().get(k).label for k in metric.inputs if any(m.key == k for m in get_lexicon().metrics)]
        made_of = f" it is computed from {', '.join(inputs)}" if inputs else " it is computed, not printed"
        pages = [f"{p.doc} p. {p.page}" for p in passages]
        return Answer(f"{NOT_FOUND} {metric.label} for {company} FY{year} printed as one figure:{made_of}, and this "
                      f"answerer does not compute figures yet. The inputs are on {', '.join(pages[:4]) or 'no page found'}.",
                      route="retrieve", confidence="low", pages_checked=pages, passages=passages)

    def _sentence(self, facts: QuestionFacts, company: str, year: int, passages: list[Passage]) -> Answer:
        if not passages:
            return Answer(f"{NOT_FOUND} anything about that in {company}'s FY{year} reports.", route="retrieve")
        index = self.retriever.keyword_index_cached
        terms = set(index.tokens(facts.text)) if index is not None else set(re.findall(r"\w{4,}", facts.text.lower()))
        best: tuple[float, str, Passage] | None = None
        for rank, p in enumerate(passages[:5]):
            body = " ".join(p.text.split("\n")[1:]) or p.text
            for sent in re.split(r"(?<=[.!?])\s+(?=[A-Z])", body):
                if len(sent) < 40:
                    continue
                words = set(index.tokens(sent)) if index is not None else set(re.findall(r"\w{4,}", sent.lower()))
                score = len(terms & words) - 0.1 * rank
                if best is None or score > best[0]:
                    best = (score, sent.strip(), p)
        if best is None or best[0] <= 0:
            return Answer(f"{NOT_FOUND} a passage in {company}'s FY{year} reports that answers this.",
                          route="retrieve", pages_checked=[f"{p.doc} p. {p.page}" for p in passages],
                          passages=passages)
        _, sent, p = best
        cite = Citation(1, p.doc, p.company, p.fiscal_year, p.page, p.doc_type)
        return Answer(f"The {company} FY{year} report says: \u201c{sent}\u201d [1]", route="retrieve",
                      citations=[cite], confidence="medium" if best[0] >= 2 else "low", passages=passages,
                      pages_checked=[f"{q.doc} p. {q.page}" for q in passages])
