"""The answer node: figures, prose and quotes per company, then the citations it resolves."""
from __future__ import annotations

import re

from pipeline.question.periods import names_year
from pipeline.answer import NOT_FOUND, no_dividend
from pipeline.answer.formula import find_definition
from pipeline.core import trace as tr
from pipeline.question.labels import doc_label
from pipeline.question.analysis import QuestionFacts, core_question
from pipeline.retrieval.passage import Passage
from pipeline.state import CitationRef, StepRecord, TurnState
from pipeline.stores import corpus
from pipeline.nodes.context import TurnContext, Work, years_for
from pipeline.nodes.comparison import (WHICH_IS, across_companies, currencies_differ, one_company_asked,
                                       reporting_currencies, which_is)
from pipeline.nodes.figure_yes_no import PROFIT_OR_LOSS, SIGN_ASKED, THRESHOLD, yes_no_lead


# --- synthesise ------------------------------------------------------------------------------------------------
class Cites:
    """The turn's citation markers: one per cited page, numbered in the order the pages are first cited."""

    def __init__(self, state: TurnState):
        self.state, self.by_page = state, {}

    def __call__(self, p: Passage) -> int:
        key = (p.doc, p.page)
        if key not in self.by_page:
            self.by_page[key] = len(self.by_page) + 1
            self.state.citations.append(CitationRef(marker=self.by_page[key], doc=p.doc, company=p.company,
                                                    fiscal_year=p.fiscal_year, page=p.page, doc_type=p.doc_type))
        return self.by_page[key]

    def mark(self) -> int:
        return len(self.state.citations)

    def withdraw(self, mark: int) -> None:
        """The citations added since `mark` belonged to an answer that was rejected: they go with it."""
        for c in self.state.citations[mark:]:
            self.by_page.pop((c.doc, c.page), None)
        del self.state.citations[mark:]


def synthesise(state: TurnState, ctx: TurnContext, work: Work, conn) -> StepRecord:
    from pipeline.answer import kinds_model, page_kinds_model
    from pipeline.answer.cross_verdict import cross_verdict

    kinds_llm = kinds_model.Model(ctx.llm, ctx.settings.llm_calls_per_turn, ctx.sink) \
        if ctx.synthesiser is not None and ctx.llm is not None and conn is not None else None
    # a whole-report kind (yes/no, name, amount of an event) is the model's under that kind's own checks
    # (answer/kinds_model.py), not the general synthesis, whose checks know figures but not verdicts or names
    # so is a why follow-up or a count stated in prose, read from the kept pages (page_kinds_model.answer_pages)
    # and a verdict over several companies' figures: each figure read by the offline figure path, the model's
    # verdict checked against them (cross_verdict.py)
    cross = kinds_llm is not None and work.facts.metric is not None and across_companies(state) and \
        bool(WHICH_IS.search(state.question or work.facts.text))
    whole_kind = kinds_llm is not None and (kinds_model.applies(work.facts) or cross or
                                            page_kinds_model.page_kind(work.facts) is not None)
    if ctx.synthesiser is not None and not whole_kind:   # a model writes the answer; confidence from verification
        work.base_confidence = "high"
        rec = ctx.synthesiser(state, ctx, conn, work)
        if rec is not None:
            return rec
        # None: the model's answer failed its checks (or the model failed); the extractive answer, labelled
    state.citations, state.figures, state.claims, state.derivation, state.results = [], [], [], "", []
    cite = Cites(state)
    from pipeline.answer import series

    # one measure over years / companies ("compare capex of A and B in FY2022", "revenue FY2018 to FY2022"): one
    # cited table, decided on the question as asked, before the cross-company reading below strips its "compare"
    if series.asks_series(work.facts, state.companies):
        return _series(state, work, conn, cite)
    if work.facts.metric is not None and across_companies(state):
        # several companies' figure ranked or compared: each company's own figure is asked (and checked) for the
        # measure alone, the ranking words go to the verdict
        work.facts = one_company_asked(work.facts)
    facts = work.facts
    sentences: list[str] = []
    missing: list[str] = []
    kinds: list[str] = []
    from pipeline.answer.figure_kinds import spans_years

    for company in state.companies:          # every company x every year asked: none is dropped silently
        years = years_for(state, work, company)
        if spans_years(facts) and facts.metric is not None or (len(years) > 1 and find_definition(facts.text)):
            years = [max(y for y in years if y is not None)] if any(years) else years   # one answer over years
        for year in years:
            whole = _from_whole_report(state, conn, facts, company, year, cite, kinds_llm)
            if whole is not None:    # an event or a person asked: the whole report read, not the pages kept
                s, kind = whole
                if s not in sentences and s not in missing:
                    (missing if kind == "not_found" else sentences).append(s)
                    kinds.append(kind)
                continue
            mine = [p for p in work.passages if p.company == company]
            passages = [p for p in mine if year is None or p.fiscal_year == year] or mine   # or the next report's
            if (not passages or not state.found.get(company, True)) and not (year and facts.metric):   # facts table
                missing.append(f"{NOT_FOUND} a relevant page for {company}{f' FY{year}' if year else ''}: nothing "
                               "retrieved survived the relevance check.")
                kinds.append("not_found")
                continue
            s, kind = prose_or_model(state, conn, facts, company, year, passages, cite, kinds_llm)
            if s in sentences or s in missing:   # one answer covering both years ("change from FY2022 to FY2023")
                continue
            (missing if kind == "not_found" else sentences).append(s)
            kinds.append(kind)
    asked = state.question or facts.text
    across = len(state.companies) > 2 or currencies_differ(state, conn)
    verdict = which_is(asked, state.results, own_years=bool(work.company_years),
                       currencies=reporting_currencies(state, conn)) if across else \
        (which_is(facts.text, state.results, own_years=bool(work.company_years)) or
         # "which of A and B had the higher X?": the measure alone was asked of each, the ranking is the question's
         which_is(asked, state.results, own_years=bool(work.company_years)))
    if verdict and cross:
        verdict = cross_verdict(state, asked, state.results, reporting_currencies(state, conn), verdict,
                                            kinds_llm)
    if verdict and across and len(state.results) < len(state.companies):
        verdict = f"Of the {len(state.results)} companies whose figure I found: " + verdict \
            if not verdict.startswith("No verdict") else verdict
    if verdict:
        sentences.insert(0, verdict)
    sentences += missing     # answers first, then what could not be found
    if state.period_note:
        sentences.append(state.period_note)
    state.answer = state.draft = " ".join(sentences)
    if state.answer.startswith(NOT_FOUND) and state.citations and all(k == "not_found" for k in kinds):
        state.citations = []
    state.pages_checked = [doc_label(p.company, p.fiscal_year, p.doc_type, p.page) for p in work.passages]
    work.base_confidence = "high" if kinds and all(k in ("statement", "derived") for k in kinds) else \
        "medium" if kinds and "not_found" not in kinds else "low"
    return StepRecord(node="synthesise", decision=", ".join(kinds) or "nothing found",
                      reason=f"{len(state.citations)} citation(s)", data=_synthesis_record(state, kinds))


def _series(state: TurnState, work: Work, conn, cite: Cites) -> StepRecord:
    """A measure across years and companies (pipeline/answer/series.py): every cell read as a single figure is,
    the table recorded on the state, the answer one line per company with each cell's marker."""
    from pipeline.answer import series

    facts = work.facts

    def years_of(company: str) -> list[int]:
        held = work.annual.get(company) or work.coverage.get(company) or []
        return series.asked_years(facts, max(held) if held else None, state.years)

    table = series.build(state, conn, facts, state.companies, years_of, cite, annual=work.annual)
    state.table = table.model_dump(mode="json")
    got = [c for c in table.cells if c.kind != "missing"]
    if not got:
        why = "; ".join(f"{c.company} {c.period}: {c.missing}" for c in table.cells[:6])
        text = f"{NOT_FOUND} {table.measure} for {', '.join(table.companies)} in any of the years asked ({why})."
        state.citations = []
    else:
        text = series.answer_text(table, lambda d: cite.by_page[d])
    notes = [n for n in [state.period_note] if n and "don't hold" in n]   # the cells say which years are missing
    state.period_note, state.suggestions = " ".join(notes), []
    state.answer = state.draft = " ".join([text, *notes])
    state.pages_checked = [doc_label(p.company, p.fiscal_year, p.doc_type, p.page) for p in work.passages]
    kinds = sorted({c.kind for c in table.cells})
    work.base_confidence = "low" if not got else "high" if "missing" not in kinds else "medium"
    data = _synthesis_record(state, kinds)
    data["table"] = [{"company": c.company, "period": c.period, "value": c.shown or "—", "kind": c.kind,
                      "read from": c.read_from, "citation": c.citation, "why empty": c.missing}
                     for c in table.cells]
    return StepRecord(node="synthesise", decision=f"series table {len(table.companies)} x {len(table.columns)}",
                      reason=f"{len(got)} of {len(table.cells)} cells read; {len(state.citations)} citation(s)",
                      data=data)


def _from_whole_report(state: TurnState, conn, facts: QuestionFacts, company: str, year: int | None,
                       cite: "Cites", model=None) -> tuple[str, str] | None:
    """The question kinds answered from the whole report of one company and year rather than from the pages
    retrieval kept: "did it buy back shares / pay a dividend / make an acquisition?", "does it mention X?"
    (answer/yesno.py), "who is the CFO?", "which leadership positions changed?" (answer/people.py). None for
    every other question."""
    from pipeline.answer import people, yesno

    if conn is None:
        return None
    if model is not None:     # the model's answer under the kind's checks; the offline answer when it fails them
        from pipeline.answer import kinds_model

        return kinds_model.answer(state, conn, facts, company, year, cite, model,
                                  lambda: _from_whole_report(state, conn, facts, company, year, cite))
    if yesno.applies(facts):
        return yesno.answer(state, conn, facts, company, year, cite)
    if people.applies(facts):
        return people.answer(state, conn, facts, company, year, cite)
    return None


def _synthesis_record(state: TurnState, kinds: list[str]) -> dict:
    """The draft and what it was built from: figures read off statement rows, quoted sentences, derivations."""
    quotes = [{"claim": c.label, "sentence": tr.snippet(q)} for c in state.claims
              for q in re.findall(r"\u201c(.+?)\u201d", c.text)]
    return {"draft": tr.snippet(state.draft, 1000), "kinds": kinds, "figures": tr.figure_rows(state.figures),
            "sentences": quotes[: tr.TOP], "derivation": tr.snippet(state.derivation, 600),
            "citations": [{"marker": c.marker, "where": f"{c.doc} p. {c.page}"} for c in state.citations]}


def prose_or_model(state: TurnState, conn, facts: QuestionFacts, company: str, year: int | None,
                    passages: list[Passage], cite: "Cites", model=None) -> tuple[str, str]:
    """With a model, a why or prose-count question is the model's under its kind's checks (a count's table Total,
    read deterministically, first); everything else, and every failed check, the offline path."""
    from pipeline.answer import page_kinds_model

    kind = page_kinds_model.page_kind(facts) if model is not None else None
    if kind is None:
        return prose_or_figure(state, conn, facts, company, year, passages, cite)
    tabled = _table_count(state, conn, facts, company, year, cite) if kind == "count" and year is not None else None
    if tabled is not None and tabled[0] is not None:
        return tabled[0]
    offline = lambda: prose_or_figure(state, conn, facts, company, year, passages, cite)  # noqa: E731
    mark = cite.mark()
    said, got = page_kinds_model.answer_pages(state, conn, facts, company, year, passages, cite, model, offline)
    if tabled is not None and state.answered_by == "model" and _quotes_a_part(said, tabled[1]):
        # the model's count is one sub-category's cell of the event's table: a part, never the whole; its
        # citation goes with it, and the trace says why the model's answer was not shown
        state.claims = [c for c in state.claims if c.text != said]
        cite.withdraw(mark)
        state.answered_by = "extractive (model answer rejected)"
        state.steps.append(StepRecord(node="kinds_model", decision="model answer rejected: a part of the total",
                                      reason=f"the model's count {count_said(said)} is one sub-category's cell of "
                                             f"the report's table of '{tabled[1][0].event}' events; the question "
                                             f"asks for the whole"))
        return offline()
    return said, got


def prose_or_figure(state: TurnState, conn, facts: QuestionFacts, company: str, year: int | None,
                     passages: list[Passage], cite: Cites) -> tuple[str, str]:
    """"Which line grew most" compares a table's rows; a figure the statements do not print may be stated in a
    sentence (a covering one, with a number of the asked kind); everything else is the figure path's."""
    from pipeline.answer import prose
    from pipeline.answer.superlative import is_superlative

    if facts.metric is not None and is_superlative(facts) and not across_companies(state):
        return prose.answer(state, conn, facts, company, year, passages, cite)   # never one figure for "which ... most"
    from pipeline.answer.trend import asks_trend

    if asks_trend(facts):   # "an improving margin?": the two years compared by the figure path, never a quote
        return _answer_company(state, conn, facts, company, year, passages, cite)
    if facts.metric is not None and prose.is_yes_no(facts) and not (SIGN_ASKED.search(facts.text) or
                                                                    THRESHOLD.search(facts.text) or
                                                                    PROFIT_OR_LOSS.search(facts.text)):
        # "Did X announce a buyback?": the sentence first; "negative operating cash flow?", "revenue above $50
        # billion?" are about the figure
        said, kind = prose.answer(state, conn, facts, company, year, passages, cite)
        if kind != "not_found":
            return said, kind
    s, kind = _answer_company(state, conn, facts, company, year, passages, cite)
    if kind in ("statement", "figure", "derived") and prose.is_yes_no(facts):
        return yes_no_lead(facts, state) + s, kind
    if kind == "not_found" and (none := no_dividend.stated_none(state, conn, facts, company, year, cite)) is not None:
        return none         # ("dividends per share?" of a company that states it paid none)
    if kind == "not_found" and facts.metric is not None:
        m = facts.metric
        need = "percent" if m.unit == "%" or m.kind == "ratio" or re.search(r"(?i)\bmargin\b", facts.text) else \
            "per_share" if m.kind == "per_share" else "money"
        alt, alt_kind = prose.answer(state, conn, facts, company, year, passages, cite, need=need, require_year=True)
        if alt_kind != "not_found" and alt_kind != "yes_no":
            return alt, alt_kind
    return s, kind


def _answer_company(state: TurnState, conn, facts: QuestionFacts, company: str, year: int | None,
                    passages: list[Passage], cite: Cites) -> tuple[str, str]:
    """One company and year: a figure from the facts table (pipeline/answer/figures.py), else a quote."""
    from pipeline.answer import prose
    from pipeline.answer.figure_kinds import asks_a_value, is_figure_question
    from pipeline.answer.figures import answer_figure
    from pipeline.answer.superlative import is_superlative

    if (is_superlative(facts) and not (across_companies(state) and facts.metric is not None)) or prose.asks_why(facts):
        # "what was the largest liability?": rows compared, never one row's figure; "what drove the gross margin
        # decline?": the sentence giving the cause, never the margin itself
        return _quote(state, facts, company, year, passages, cite, conn)
    ahead = [y for y in facts.years if year is not None and y > year]
    if ahead and len(ahead) == len(facts.years):
        # a forward-looking question read in the last report held ("what will FY2031 revenue be?" in the FY2030
        # report): its outlook sentence naming the year asked, never the held year's figure given as that year's
        said, kind = prose.answer(state, conn, facts, company, year, passages, cite)
        if kind != "not_found" and names_year(said, ahead[0]):
            return said, kind
        return (f"{NOT_FOUND} an outlook for FY{ahead[0]} in {company}'s FY{year} report: it states no figure for "
                f"that year.", "not_found")
    if year is not None and (facts.metric is not None or is_figure_question(facts) or asks_a_value(facts)):
        text, kind = answer_figure(state, conn, facts, company, year, cite)
        if kind != "not_found" or facts.metric is not None:
            return text, kind
        suggestions = list(state.suggestions)
        # a measure no statement prints ("backlog", "deliveries"): a sentence naming it, the year and a number
        from pipeline.question.figure_ask import asks_a_count

        need = prose.question_kind(core_question(facts.text)) or \
            ("count" if asks_a_count(core_question(facts.text)) else "number")   # "employees": a count, not a share
        tabled = _table_count(state, conn, facts, company, year, cite) if need == "count" else None
        if tabled is not None and tabled[0] is not None:
            return tabled[0]
        mark = cite.mark()
        quoted = prose.answer(state, conn, facts, company, year, passages, cite, need=need, require_year=True)
        if quoted[1] == "not_found" and need == "count":   # a head count still needs a count
            quoted = prose.answer(state, conn, facts, company, year, passages, cite, need="count")
        if tabled is not None and quoted[1] == "quote" and _quotes_a_part(quoted[0], tabled[1]):
            state.claims = [c for c in state.claims if c.text != quoted[0]]
            cite.withdraw(mark)
            quoted = (f"{NOT_FOUND} the whole count in {company}'s FY{year} report: the sentence I found states "
                      f"one sub-category's part of the table's total, and the tables disagree on the total.",
                      "not_found")
        elif quoted[1] == "not_found" and len(prose.question_terms(facts)) <= 2:
            # a sentence covering most of a short question; a line item named in three or more words is a figure,
            # and a sentence that does not state it with its amount is about another measure
            quoted = _quote(state, facts, company, year, passages, cite, conn)
        if quoted[1] != "not_found":
            state.suggestions = [s for s in state.suggestions if s not in suggestions]
        return quoted     # a quote, or the prose path's not-found, which lists the pages read
    return _quote(state, facts, company, year, passages, cite, conn)


def _table_count(state: TurnState, conn, facts: QuestionFacts, company: str, year: int,
                 cite: Cites) -> tuple[tuple[str, str] | None, tuple] | None:
    """A count of the year's events asked about the whole category ("how many airplanes did it deliver?"): the
    Total of the report's table of that event (answer/table_count.py), with what was read for the prose check;
    None when the question asks no event count."""
    from pipeline.answer import table_count
    from pipeline.answer.yesno import as_passage

    ask = table_count.asked(core_question(facts.text))
    if ask is None or conn is None:
        return None
    pages = corpus.report_pages(conn, company, year, pattern="total")
    counts = table_count.read(pages, ask, year)
    return table_count.answer(state, pages, ask, company, year, cite, as_passage), (ask, counts)


def _quotes_a_part(text: str, read: tuple) -> bool:
    """The count the answer gives is one sub-category's cell of the event's table, and the question names none.
    Only the count answered is tested: a sentence's other numbers ("480 airplanes, including 31 787s") are its
    details, and a small number matches some cell of most tables."""
    from pipeline.answer import table_count

    ask, counts = read
    value = count_said(text)
    return value is not None and table_count.part_of_a_total(value, counts, ask)


_COUNT = r"(?<![\d.,$])\d[\d,]*(?![\d.,]*%)"
# how an answer states its count: leading it ("480. The ... says"), as the amount a sentence states ("states
# deliveries of 480 in a sentence"), or else as the first count of the quoted sentence
_COUNT_LEADS = re.compile(rf"^\s*({_COUNT})\.\s|\bstates .{{1,120}}? of ({_COUNT}) in a sentence\b")


def count_said(text: str) -> int | None:
    m = _COUNT_LEADS.search(text)
    if m:
        return int((m.group(1) or m.group(2)).replace(",", ""))
    for quoted in re.findall(r"\u201c(.+?)\u201d", text):
        for n in re.findall(_COUNT, quoted):
            if not re.fullmatch(r"(19|20)\d{2}", n):
                return int(n.replace(",", ""))
    return None


def _quote(state: TurnState, facts: QuestionFacts, company: str, year: int | None, passages: list[Passage],
           cite: Cites, conn=None) -> tuple[str, str]:
    """Questions the statement lookup does not answer: a covering sentence, yes/no, "which ... most"."""
    from pipeline.answer import prose

    return prose.answer(state, conn, facts, company, year, passages, cite)


# --- citations, groundedness, containment ------------------------------------------------------------------------
def resolve_citations(state: TurnState, ctx: TurnContext, work: Work, conn) -> StepRecord:
    refs = [(c.doc, c.page) for c in state.citations]
    real = corpus.pages_exist(conn, refs)
    missing = [r for r in refs if r not in real]
    if missing:
        raise LookupError(f"citation(s) to pages that do not exist: {missing}")
    labels = corpus.document_labels(conn, {c.doc for c in state.citations})
    for c in state.citations:   # "FY2021 (year ended 31 Mar 2022)": answer with the company's label and the end
        fy_label = labels.get(c.doc, ("", 0, "", ""))[3]
        if fy_label and fy_label != f"FY{c.fiscal_year}":
            c.fy_label = fy_label
    return StepRecord(node="citations", decision=f"{len(refs)} resolved")


