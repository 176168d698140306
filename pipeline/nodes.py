"""The turn graph's nodes. Each reads and writes the TurnState and returns its StepRecord; the order they run
in, and the policy each runs under, is in pipeline/graph.py."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from pipeline.answer import NOT_FOUND
from pipeline.answer.formula import find_definition
from pipeline import trace as tr
from pipeline.grader import found_flags, grade
from pipeline.labels import doc_label
from pipeline.lexicon import get_lexicon
from pipeline.question import QuestionFacts
from pipeline.retrieval import Passage, Retriever, Scope, one_per_page
from pipeline.router import RouteDecision, refine_with_llm, route_question
from pipeline.settings import Settings
from pipeline.state import CitationRef, Claim, GradedDoc, StepRecord, TurnState
from pipeline.stores import corpus
from pipeline.verifier import check_claim, split_claims, verdict_of

MAX_QUESTION_CHARS = 2000
MAX_RETRIES = 2


@dataclass
class TurnContext:
    settings: Settings
    connect: Callable[[], Any]
    retriever: Retriever
    reranker: Any
    llm: Any = None
    web_enabled: bool = False
    # writes the answer instead of the extractive answerer: (state, ctx, conn, work) -> StepRecord, or None to
    # fall back to the extractive answer (pipeline/answer/model.py when a model is configured)
    synthesiser: Callable[["TurnState", "TurnContext", Any, "Work"], StepRecord | None] | None = None
    on_token: Callable[[str, str], None] | None = None   # ("text", checked sentence) | ("reset", "") while streaming
    sink: Callable[[str, str, str], None] | None = None
    retrieval_options: dict = field(default_factory=dict)   # mode / statements / pool_k / rerank overrides
    shadow: bool = False     # this context runs a shadow candidate: nothing it does is shown or remembered
    on_step: Callable[["TurnState"], None] | None = None   # live progress (the chat page's st.status)
    saver: Any = None        # CheckpointSaver: durable threads (None: nothing is saved)
    notes: Any = None        # long-term notes
    cache: Any = None        # SemanticCache

    @classmethod
    def from_settings(cls, settings: Settings, connect: Callable | None = None, embedder=None) -> "TurnContext":
        from pipeline.answer.model import ModelSynthesiser
        from pipeline.providers.llm import get_llm
        from pipeline.stores import db
        from pipeline.stores.health import sink_for

        from pipeline.memory.cache import SemanticCache
        from pipeline.memory.notes import Notes
        from pipeline.stores.checkpoints import CheckpointSaver

        connect = connect or (lambda: db.connect(settings))
        with connect() as c:   # the schema this context writes to (idempotent, under an advisory lock)
            db.migrate(c)
            from pipeline.stores.facts import ensure_facts

            ensure_facts(c)    # facts of documents ingested before the facts table, or under older rules
        retriever = Retriever(settings, connect, embedder=embedder)
        cache = SemanticCache(connect, _LazyEmbedder(retriever), settings.cache_return_threshold,
                              settings.cache_seed_threshold) if settings.cache_enabled else None
        llm = get_llm(settings)
        synthesiser = ModelSynthesiser(llm, settings.llm_synth_retries) if llm is not None else None
        return cls(settings=settings, connect=connect, retriever=retriever, reranker=retriever.reranker,
                   llm=llm, synthesiser=synthesiser, sink=sink_for(connect), saver=CheckpointSaver(connect),
                   notes=Notes(connect, settings.notes_ttl_days), cache=cache)


class _LazyEmbedder:
    """The retriever's embedder, loaded on first use (so routing-only turns never load the model)."""

    def __init__(self, retriever: Retriever):
        self._r = retriever

    def __getattr__(self, name):
        return getattr(self._r.embedder, name)


@dataclass
class Work:
    """Per-turn scratch that is not part of the recorded state (live objects)."""
    facts: QuestionFacts
    coverage: dict[str, list[int]]
    annual: dict[str, list[int]] = field(default_factory=dict)   # company -> years with a 10-K
    decision: RouteDecision | None = None
    pool: list[Passage] = field(default_factory=list)
    passages: list[Passage] = field(default_factory=list)
    base_confidence: str = "low"
    pending_summary: Any = None   # (older, recent) messages whose summary the model synthesiser computes
    conversation: list[str] = field(default_factory=list)   # summary + recent turns, or all originals
    degraded: list[str] = field(default_factory=list)       # sub-layers that failed open inside a node


def _doc(p: Passage, kept: bool = True, reason: str = "") -> GradedDoc:
    return GradedDoc(doc=p.doc, company=p.company, fiscal_year=p.fiscal_year, page=p.page, score=p.score, kept=kept,
                     reason=reason, text=p.text, statement=p.statement, doc_type=p.doc_type, chunk_id=p.chunk_id)


# --- 1 + 2: scope and clarity -------------------------------------------------------------------------------
def route(state: TurnState, ctx: TurnContext, work: Work) -> StepRecord:
    d = route_question(work.facts, work.coverage, web_enabled=ctx.web_enabled,
                       carried_companies=state.carried.get("companies"), carried_years=state.carried.get("years"),
                       annual=work.annual)
    _apply_route(state, work, d)
    return StepRecord(node="route", decision=d.route, reason=d.reason,
                      data={"companies": state.companies, "years": state.years, "metric": state.metric})


def route_llm(state: TurnState, ctx: TurnContext, work: Work) -> StepRecord:
    assert work.decision is not None
    d = refine_with_llm(ctx.llm, work.facts, work.coverage, work.decision)
    changed = d is not work.decision
    _apply_route(state, work, d)
    return StepRecord(node="route_llm", decision=d.route, reason=("changed: " if changed else "kept: ") + d.reason)


def _apply_route(state: TurnState, work: Work, d: RouteDecision) -> None:
    work.decision = d
    state.route, state.route_reason = d.route, d.reason  # type: ignore[assignment]
    state.companies, state.years, state.scope_note = d.companies, d.years, d.scope_note
    state.period_note, state.suggestions = d.period_note, d.suggestions
    state.metric = work.facts.metric.key if work.facts.metric else None
    if d.route != "retrieve":
        state.answer = d.reply


def _fail_open(state: TurnState, ctx: TurnContext, layer: str, error: str) -> None:
    """A fail-open inside a node (one side of retrieval): the same visible warning and counter as run_layer."""
    from pipeline.policy import POLICY, _redact

    state.warnings.append(POLICY[layer].warning)
    state.steps.append(StepRecord(node=layer, decision="failed open", reason=POLICY[layer].why, failed_open=True,
                                  error=_redact(error)))
    if ctx.sink is not None:
        try:
            ctx.sink(layer, state.turn_id, _redact(error))
        except Exception:  # noqa: BLE001
            state.warnings.append("The fail-open counter could not be written.")


# --- retrieve, rerank, grade ----------------------------------------------------------------------------------
def retrieve(state: TurnState, ctx: TurnContext, work: Work, conn) -> StepRecord:
    query = state.retry_queries[-1] if state.retry_queries else work.facts.search_query()
    state.query = query
    pool: list[Passage] = []
    notes = []
    seen: dict[str, list[dict]] = {}     # per retriever: its own ranks (for the trace)
    fused: list[dict] = []
    targets = [c for c in state.companies if not state.retry_queries or not state.found.get(c, False)] or state.companies
    for company in targets:
        for year in _years_for(state, work, company):
            scope = ctx.retriever.scope_for(work.facts, company, year, conn)   # a year's report, or the next one's
            if scope.note:
                notes.append(f"{company}: {scope.note}")
            opts = ctx.retrieval_options
            hits: dict = {}
            found, dense_error = ctx.retriever.candidates_checked(
                query, work.facts, scope, conn, pool_k=opts.get("pool_k"), mode=opts.get("mode", "hybrid"),
                statements=opts.get("statements", True), trace=hits)
            pool.extend(found)
            _record_retrieval(seen, fused, company, scope, hits, found)
            if dense_error and "embeddings" not in work.degraded:
                work.degraded.append("embeddings")
                _fail_open(state, ctx, "embeddings", dense_error)
    if state.retry_queries:   # keep what the previous round found for companies not retried
        pool = [p for p in work.pool if p.company not in targets] + pool
    work.pool = pool
    state.scope_note = state.scope_note or "; ".join(notes)
    state.documents = [_doc(p) for p in pool]
    return StepRecord(node="retrieve", decision=f"{len(pool)} candidates", reason=state.scope_note,
                      data={"query": query, "companies": targets, "years": state.years, "retrievers": seen,
                            "fusion": fused})


def _record_retrieval(seen: dict, fused: list, company: str, scope: Scope, hits: dict, found: list[Passage]) -> None:
    """One scope's retrieval, for the trace: each retriever's ranks and the fused order (bounded)."""
    rows = {name: tr.retriever_rows(nodes) for name, nodes in hits.items()}
    for name, rs in rows.items():
        seen.setdefault(name, []).extend({"company": company, "fiscal_year": scope.fiscal_year, **r} for r in rs)
    fused.extend({"company": company, **r} for r in tr.fusion_rows(found, rows))


def rerank(state: TurnState, ctx: TurnContext, work: Work) -> StepRecord:
    from pipeline.rerank import RAN

    k = ctx.settings.final_k
    out: list[Passage] = []
    use = ctx.retrieval_options.get("rerank", True)
    rows: list[dict] = []
    for company in state.companies:
        for year in _years_for(state, work, company):
            mine = [p for p in work.pool if p.company == company and (year is None or p.fiscal_year == year)] or \
                [p for p in work.pool if p.company == company]
            ranked = ctx.reranker.rerank(work.facts, mine, len(mine)) if use else mine
            final = one_per_page(ranked, k)
            out.extend(final)
            rows.extend({"company": company, **r} for r in tr.rerank_rows(mine, ranked, final,
                                                                         _explainer(ctx, work, use)))
    work.passages = out
    state.documents = [_doc(p) for p in out]
    if use:
        RAN[getattr(ctx.reranker, "name", "rules")] += 1
    return StepRecord(node="rerank", decision=f"{len(out)} pages", reason=getattr(ctx.reranker, "name", "rules"),
                      data={"reranker": getattr(ctx.reranker, "name", "rules") if use else "off", "final_k": k,
                            "pages": rows})


def _explainer(ctx: TurnContext, work: Work, used: bool) -> Callable[[Passage], str]:
    from pipeline.rerank import StatementReranker, explain

    if not used:
        return lambda p: "reranking off: fusion order"
    if isinstance(ctx.reranker, StatementReranker):
        return lambda p: explain(work.facts, p)
    return lambda p: f"{getattr(ctx.reranker, 'name', 'model')} relevance"


def _years_for(state: TurnState, work: Work, company: str) -> list[int | None]:
    """The fiscal years one company is asked about and held: the named years, else its latest report."""
    held = work.coverage.get(company, [])
    if state.years:
        from pipeline.router import reported_in

        return [y for y in state.years if not held or reported_in(held, y)] or [None]
    latest = (work.annual.get(company) or held)
    return [latest[-1]] if latest else [None]


def rerank_fallback(state: TurnState, ctx: TurnContext, work: Work) -> None:
    from pipeline.rerank import RAN

    RAN[f"fusion order ({getattr(ctx.reranker, 'name', 'rules')} failed)"] += 1
    work.passages = [p for c in state.companies for p in one_per_page([q for q in work.pool if q.company == c],
                                                                      ctx.settings.final_k)]
    state.documents = [_doc(p) for p in work.passages]


def grade_docs(state: TurnState, ctx: TurnContext, work: Work) -> StepRecord:
    grades = grade(work.facts.text, work.passages, state.companies,
                   sorted({y for c in state.companies for y in _years_for(state, work, c) if y is not None}) or None)
    state.documents = [_doc(g.passage, g.kept, g.reason) for g in grades]
    work.passages = [g.passage for g in grades if g.kept]
    state.found = found_flags(grades, state.companies)
    dropped = sum(1 for g in grades if not g.kept)
    return StepRecord(node="grade", decision=f"kept {len(work.passages)}, dropped {dropped}",
                      reason=", ".join(f"{c}: {'found' if f else 'not found'}" for c, f in state.found.items()),
                      data={"kept": len(work.passages), "dropped": dropped, "found": state.found,
                            "pages": tr.grade_rows(grades)})


def grade_fallback(state: TurnState, ctx: TurnContext, work: Work) -> None:
    state.found = {c: any(p.company == c for p in work.passages) for c in state.companies}


# --- synthesise ------------------------------------------------------------------------------------------------
class _Cites:
    def __init__(self, state: TurnState):
        self.state, self.by_page = state, {}

    def __call__(self, p: Passage) -> int:
        key = (p.doc, p.page)
        if key not in self.by_page:
            self.by_page[key] = len(self.by_page) + 1
            self.state.citations.append(CitationRef(marker=self.by_page[key], doc=p.doc, company=p.company,
                                                    fiscal_year=p.fiscal_year, page=p.page, doc_type=p.doc_type))
        return self.by_page[key]


def synthesise(state: TurnState, ctx: TurnContext, work: Work, conn) -> StepRecord:
    if ctx.synthesiser is not None:   # a model writes the answer; confidence comes from verification alone
        work.base_confidence = "high"
        rec = ctx.synthesiser(state, ctx, conn, work)
        if rec is not None:
            return rec
        # None: the model's answer failed its checks (or the model failed); the extractive answer, labelled
    state.citations, state.figures, state.claims, state.derivation, state.results = [], [], [], "", []
    cite = _Cites(state)
    facts = work.facts
    sentences: list[str] = []
    missing: list[str] = []
    kinds: list[str] = []
    from pipeline.answer.figures import spans_years

    for company in state.companies:          # every company x every year asked: none is dropped silently
        years = _years_for(state, work, company)
        if spans_years(facts) and facts.metric is not None or (len(years) > 1 and find_definition(facts.text)):
            years = [max(y for y in years if y is not None)] if any(years) else years   # one answer over years
        for year in years:
            mine = [p for p in work.passages if p.company == company]
            passages = [p for p in mine if year is None or p.fiscal_year == year] or mine   # or the next report's
            if (not passages or not state.found.get(company, True)) and not (year and facts.metric):   # facts table
                missing.append(f"{NOT_FOUND} a relevant page for {company}{f' FY{year}' if year else ''}: nothing "
                               "retrieved survived the relevance check.")
                kinds.append("not_found")
                continue
            s, kind = _prose_or_figure(state, conn, facts, company, year, passages, cite)
            if s in sentences or s in missing:   # one answer covering both years ("change from FY2022 to FY2023")
                continue
            (missing if kind == "not_found" else sentences).append(s)
            kinds.append(kind)
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


def _synthesis_record(state: TurnState, kinds: list[str]) -> dict:
    """The draft and what it was built from: figures read off statement rows, quoted sentences, derivations."""
    quotes = [{"claim": c.label, "sentence": tr.snippet(q)} for c in state.claims
              for q in re.findall(r"\u201c(.+?)\u201d", c.text)]
    return {"draft": tr.snippet(state.draft, 1000), "kinds": kinds, "figures": tr.figure_rows(state.figures),
            "sentences": quotes[: tr.TOP], "derivation": tr.snippet(state.derivation, 600),
            "citations": [{"marker": c.marker, "where": f"{c.doc} p. {c.page}"} for c in state.citations]}


def _prose_or_figure(state: TurnState, conn, facts: QuestionFacts, company: str, year: int | None,
                     passages: list[Passage], cite: _Cites) -> tuple[str, str]:
    """"Which line grew most" compares a table's rows; a figure the statements do not print may be stated in a
    sentence (a covering one, with a number of the asked kind); everything else is the figure path's."""
    from pipeline.answer import prose

    if facts.metric is not None and prose.is_superlative(facts):   # never one figure for "which ... most"
        return prose.answer(state, conn, facts, company, year, passages, cite)
    if facts.metric is not None and prose.is_yes_no(facts):   # "Did X announce a buyback?": the sentence first
        said, kind = prose.answer(state, conn, facts, company, year, passages, cite)
        if kind != "not_found":
            return said, kind
    s, kind = _answer_company(state, conn, facts, company, year, passages, cite)
    if kind == "not_found" and facts.metric is not None:
        m = facts.metric
        need = "percent" if m.unit == "%" or m.kind == "ratio" or re.search(r"(?i)\bmargin\b", facts.text) else \
            "per_share" if m.kind == "per_share" else "money"
        alt, alt_kind = prose.answer(state, conn, facts, company, year, passages, cite, need=need, require_year=True)
        if alt_kind != "not_found" and alt_kind != "yes_no":
            return alt, alt_kind
    return s, kind


def _answer_company(state: TurnState, conn, facts: QuestionFacts, company: str, year: int | None,
                    passages: list[Passage], cite: _Cites) -> tuple[str, str]:
    """One company and year: a figure from the facts table (pipeline/answer/figures.py), else a quote."""
    from pipeline.answer.figures import answer_figure, is_figure_question

    if year is not None and (facts.metric is not None or is_figure_question(facts)):
        text, kind = answer_figure(state, conn, facts, company, year, cite)
        if kind != "not_found" or facts.metric is not None:
            return text, kind
        suggestions = list(state.suggestions)
        quoted = _quote(state, facts, company, year, passages, cite, conn)
        if quoted[1] != "not_found":
            state.suggestions = [s for s in state.suggestions if s not in suggestions]
        return quoted     # a quote, or the prose path's not-found, which lists the pages read
    return _quote(state, facts, company, year, passages, cite, conn)


def _quote(state: TurnState, facts: QuestionFacts, company: str, year: int | None, passages: list[Passage],
           cite: _Cites, conn=None) -> tuple[str, str]:
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


def verify(state: TurnState, ctx: TurnContext, work: Work, conn) -> StepRecord:
    pages = {c.marker: corpus.get_page(conn, c.doc, c.page) or "" for c in state.citations}
    derived = [d.strip() for d in state.derivation.split(";") if d.strip()]
    # The claims synthesis recorded; a synthesiser that records none (an LLM) is checked sentence by sentence,
    # skipping the explicit not-found parts, which assert nothing about the reports.
    recorded = [Claim(text=c.text, label=c.label) for c in state.claims if c.text]
    if not recorded:
        recorded = [Claim(text=s, label=_label_for(s, state)) for s in split_claims(state.answer)
                    if re.search(r"\[\d+\]", s) and not s.startswith(NOT_FOUND)]
    claims: list[Claim] = []
    for claim in recorded:
        markers = [int(m) for m in re.findall(r"\[(\d+)\]", claim.text)]
        texts = [pages[m] for m in markers if m in pages] or list(pages.values())
        claims.append(check_claim(claim, texts, derived))
    _question_fit(state, work, claims)
    state.claims = claims
    state.verdict = verdict_of(claims)  # type: ignore[assignment]
    bad = [c.label for c in claims if c.verdict == "unsupported"]
    return StepRecord(node="verify", decision=state.verdict, reason="; ".join(bad) or "all figures on cited pages",
                      data={"claims": tr.claim_rows(claims, pages)})


def _question_fit(state: TurnState, work: Work, claims: list[Claim]) -> None:
    """A figure passes only when its row and column cover the asked measure, period and entity; the verdict names
    which of the three failed."""
    from pipeline.answer.facts import fit, read_ask

    for fig in state.figures:
        metric = get_lexicon().get(fig["metric"]) if fig.get("metric") in {m.key for m in get_lexicon().metrics} \
            else None
        failed = fit(read_ask(work.facts.text, work.facts, metric), fig, fig.get("company", ""), fig.get("year"))
        for c in claims:
            if f"[{fig['marker']}]" not in c.text or fig["company"] not in c.text:
                continue
            if failed:
                c.verdict = "unsupported"
                c.reason = f"question fit: the row \"{fig.get('row_path') or fig.get('row_label')}\" does not cover " \
                           f"the asked {' and '.join(failed)}"
            elif c.verdict == "supported":
                c.reason += "; fits the question (measure, period, entity)"


def _label_for(sentence: str, state: TurnState) -> str:
    company = next((c for c in state.companies if c in sentence), state.companies[0] if state.companies else "")
    year = f"FY{state.years[0]}" if state.years else ""
    metric = get_lexicon().get(state.metric).label if state.metric else "statement"
    return " ".join(f"{company} {year} {metric}".split()[:8])


def verify_not_checked(state: TurnState, ctx: TurnContext, work: Work) -> None:
    state.verdict = "not_checked"


def verify_llm(state: TurnState, ctx: TurnContext, work: Work, conn) -> StepRecord:
    from pipeline.verifier import llm_verify

    pages = [corpus.get_page(conn, c.doc, c.page) or "" for c in state.citations]
    verdict, unsupported = llm_verify(ctx.llm, state.answer, pages)
    for u in unsupported:
        state.claims.append(Claim(text="", label=u["label"], verdict="unsupported", reason=f"model: {u['reason']}"))
    if verdict == "fail" and state.verdict == "pass":
        state.verdict = "partial"
    return StepRecord(node="verify_llm", decision=verdict, reason="; ".join(u["label"] for u in unsupported))


def containment(state: TurnState) -> str:
    """clean | caveat | retry | exhausted."""
    if state.verdict in ("pass", "not_checked"):
        return "clean"
    if state.verdict == "partial":
        return "caveat"
    return "retry" if state.retries < MAX_RETRIES else "exhausted"


def prepare_retry(state: TurnState, work: Work) -> StepRecord:
    failed = [c for c in state.claims if c.verdict == "unsupported"]
    for c in state.companies:
        if any(c in f.label for f in failed):
            state.found[c] = False
    query = " ".join(dict.fromkeys(" ".join(f.label for f in failed).split()))
    if work.facts.metric:
        query += " " + work.facts.metric.search_text()
    previous = [work.facts.search_query(), *state.retry_queries]
    if query in previous:
        query += f" {' '.join(work.facts.statements) or 'statement'} retry {state.retries + 1}"
    state.retries += 1
    state.retry_queries.append(query)
    return StepRecord(node="retry", decision=f"retry {state.retries}", reason=f"unsupported: "
                      f"{'; '.join(f.label for f in failed)}", data={"query": query})


# --- memory, in front of the route --------------------------------------------------------------------------
def carry(state: TurnState, ctx: TurnContext, work: Work, history) -> StepRecord:
    from pipeline.memory.carryover import carry_over, facts_for

    co = carry_over(state.question, history, work.annual or work.coverage)   # "last year": the latest 10-K
    if co.added:
        work.facts = facts_for(co)
    state.carried = {"companies": co.companies, "years": co.years, "metric": co.metric, "question": co.question}
    state.memory["carried"] = co.added
    return StepRecord(node="carry_over", decision="carried" if co.added else "nothing to carry",
                      reason="; ".join(co.added) + (f" (from turn {co.from_turn})" if co.added else ""),
                      data={"question_read_as": co.question})


def summarise_history(state: TurnState, ctx: TurnContext, work: Work, history) -> StepRecord:
    """The conversation the model's synthesis prompt reads. Offline nothing reads it, so nothing is computed.
    With a model the summary is amortised (memory/summary.py `due`): reused from the previous turn while its
    block is unchanged, otherwise computed lazily by the synthesiser (so a cache hit or a non-retrieve route
    makes no summary call)."""
    from pipeline.memory.summary import due

    if ctx.synthesiser is None:
        return StepRecord(node="summary", decision="not needed",
                          reason="no model configured: the extractive answerer reads no conversation")
    work.conversation = [f"{m.role}: {m.content}" for m in history]   # the originals, until a summary exists
    b, older = due(history)
    if older is not None:
        work.pending_summary = (older, b.recent)
        return StepRecord(node="summary", decision="due", reason=f"{len(older)} older message(s) to summarise "
                          "when the answer is written")
    state.memory["summary"] = b.summary
    state.memory["summarised_messages"] = b.summarised
    work.conversation = ([f"summary: {b.summary}"] if b.summary else []) + [f"{m.role}: {m.content}" for m in b.recent]
    return StepRecord(node="summary", decision="reused" if b.summary else "history short",
                      reason=f"{b.summarised} older message(s) summarised, {len(b.recent)} kept word for word")


def recall(state: TurnState, ctx: TurnContext, work: Work) -> StepRecord:
    companies = [c.name for c in work.facts.companies] or state.carried.get("companies") or []
    hints = ctx.notes.hints(state.user_id, companies) if ctx.notes is not None else []
    state.memory["hints"] = hints
    return StepRecord(node="notes", decision=f"{len(hints)} hint(s)", reason="labelled remembered, unverified")


def cache_lookup(state: TurnState, ctx: TurnContext, work: Work) -> StepRecord:
    if len(state.companies) != 1 or len(state.years) > 1:
        state.cache = {"hit": False, "similarity": 0.0, "band": "skipped"}
        return StepRecord(node="cache_lookup", decision="skipped", reason="one company and year per cache entry")
    year = state.years[0] if state.years else None
    r = ctx.cache.lookup(work.facts.text, state.companies[0], year, state.metric)
    state.cache = r.to_json()
    if r.band == "return" and r.entry:
        e = r.entry
        state.answer = e["answer"]
        state.citations = [CitationRef(**c) for c in e["citations"]]
        state.figures, state.results = e.get("figures", []), e.get("results", [])
        state.verdict = "pass"
        state.claims = [Claim(**c) for c in e.get("claims", [])]
        work.base_confidence = e.get("confidence", "high")
    elif r.band == "seed" and r.entry:
        state.memory.setdefault("hints", []).insert(
            0, f"(a similar question answered {r.created_at}; remembered, unverified) {r.entry['answer']}")
    return StepRecord(node="cache_lookup", decision=r.band, reason=f"similarity {r.similarity:.3f}"
                      + (f", cached {r.created_at}" if r.created_at else ""),
                      data=tr.cache_payload(r, work.facts.text, state.companies[0], year, state.metric,
                                            ctx.cache.return_threshold, ctx.cache.seed_threshold))


# --- memory, behind shaping --------------------------------------------------------------------------------
def cache_write(state: TurnState, ctx: TurnContext, work: Work, conn) -> StepRecord:
    from pipeline.memory.cache import cacheable

    ok, why = cacheable(state)
    if ok:
        entry = {"answer": state.answer, "citations": [c.model_dump() for c in state.citations],
                 "figures": state.figures, "results": state.results, "confidence": state.confidence,
                 "claims": [c.model_dump() for c in state.claims]}
        ctx.cache.write(work.facts.text, state.companies[0], state.years[0] if state.years else None, state.metric,
                        entry, sorted({c.doc for c in state.citations}), corpus.corpus_version(conn))
    return StepRecord(node="cache_write", decision="written" if ok else "not written", reason=why)


def remember(state: TurnState, ctx: TurnContext, work: Work) -> StepRecord:
    n = 0
    if state.route == "retrieve" and state.verdict == "pass" and not state.cache.get("hit"):
        for r, f in zip(state.results, state.figures or [None] * len(state.results)):
            label = get_lexicon().get(r["metric"]).label if r["metric"] in {m.key for m in get_lexicon().metrics} \
                else r["metric"].replace("_", " ")
            shown = f"{f['value']} ({f['unit'] or 'as printed'})" if f else f"{r['value']} {r['unit'] or ''}".strip()
            ctx.notes.remember(state.user_id, r["company"], f"{r['company']} FY{r['year']} {label}: {shown}",
                               state.thread_id, state.turn)
            n += 1
    return StepRecord(node="notes_write", decision=f"{n} note(s)")


def shadow(state: TurnState, ctx: TurnContext) -> StepRecord:
    """Run the candidate configuration (ARA_SHADOW_CONFIG) on this turn's question and log it next to the live
    answer in `shadow_runs`. Never shown, never cached, never remembered."""
    import dataclasses
    import json

    from psycopg.types.json import Jsonb

    from evals.ab import parse_config
    from pipeline.graph import run_turn

    name, cfg = parse_config(ctx.settings.shadow_config)
    opts = {k: v for k, v in cfg.items() if k in ("mode", "statements", "pool_k", "rerank")}
    cand = dataclasses.replace(ctx, retrieval_options=opts, shadow=True, saver=None, cache=None, notes=None, llm=None,
                               synthesiser=None, on_token=None)
    s = run_turn(state.question, cand, company=None, year=None)
    with ctx.connect() as c:
        c.execute("INSERT INTO shadow_runs (turn_id, config, question, live_answer, answer, state) "
                  "VALUES (%s, %s, %s, %s, %s, %s)", (state.turn_id, Jsonb({"name": name, **cfg}), state.question,
                                                       state.answer, s.answer, Jsonb(json.loads(s.model_dump_json()))))
        c.commit()
    same = s.answer == state.answer
    return StepRecord(node="shadow", decision="same answer" if same else "different answer", reason=name)


_CODE_VERSION: str | None = None


def audit(state: TurnState, ctx: TurnContext) -> StepRecord:
    """Append the turn to the hash-chained audit trail (fail-closed: no record, no answer)."""
    global _CODE_VERSION
    from pipeline.stores import audit as trail

    if _CODE_VERSION is None:
        _CODE_VERSION = trail.code_version()
    with ctx.connect() as c:
        h = trail.append(c, thread_id=state.thread_id, turn_id=state.turn_id, user_id=state.user_id,
                         record=trail.record_of(state, ctx.settings), code_version=_CODE_VERSION)
    return StepRecord(node="audit", decision="recorded", reason=f"hash {h[:12]}…")
