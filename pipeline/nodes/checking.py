"""Nodes that check the answer: groundedness (rules and model), question fit, containment, retry."""
from __future__ import annotations

import re

from pipeline.answer import NOT_FOUND
from pipeline.core import trace as tr
from pipeline.question.lexicon import get_lexicon
from pipeline.state import Claim, StepRecord, TurnState
from pipeline.stores import corpus
from pipeline.guardrails.verifier import check_claim, llm_verify, page_unit, split_claims, verdict_of
from pipeline.nodes.context import MAX_RETRIES, TurnContext, Work


def verify(state: TurnState, ctx: TurnContext, work: Work, conn) -> StepRecord:
    held = corpus.get_pages(conn, ((c.doc, c.page) for c in state.citations))   # the cited pages, one query
    pages = {c.marker: held.get((c.doc, int(c.page)), "") for c in state.citations}
    read = _read_with_declared_scale(state, pages, conn)
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
        texts = [read[m] for m in markers if m in read] or list(read.values())
        # (fy_label is set by resolve_citations where the report names its year otherwise than by its end's year)
        start_named = any(c.fy_label for c in state.citations if c.marker in markers)
        claims.append(check_claim(claim, texts, derived, start_named))
    _question_fit(state, work, claims)
    state.claims = claims
    state.verdict = verdict_of(claims)  # type: ignore[assignment]
    bad = [c.label for c in claims if c.verdict == "unsupported"]
    return StepRecord(node="verify", decision=state.verdict, reason="; ".join(bad) or "all figures on cited pages",
                      data={"claims": tr.claim_rows(claims, pages)})


def _read_with_declared_scale(state: TurnState, pages: dict[int, str], conn) -> dict[int, str]:
    """The cited pages as the verifier reads them: a page that declares no unit prints in the document's declared
    one (a note's "Total debt 57,001" in a 10-K "in millions"). The trace keeps the pages as printed."""
    units = corpus.document_units(conn, {c.doc for c in state.citations})
    read = dict(pages)
    for c in state.citations:
        u = units.get(c.doc)
        if u and u.scale and read.get(c.marker) and page_unit(read[c.marker]) is None:
            read[c.marker] = f"(in {u.scale})\n{read[c.marker]}"
    return read


def _question_fit(state: TurnState, work: Work, claims: list[Claim]) -> None:
    """A figure passes only when its row and column cover the asked measure, period and entity; the verdict names
    which of the three failed."""
    from pipeline.guardrails.figure_fit import fit
    from pipeline.question.figure_ask import read_ask

    for fig in state.figures:
        metric = get_lexicon().get(fig["metric"]) if fig.get("metric") in {m.key for m in get_lexicon().metrics} \
            else None
        failed = fit(read_ask(work.facts.text, work.facts, metric), fig, fig.get("company", ""), fig.get("year"))
        for c in claims:
            if f"[{fig['marker']}]" not in c.text or fig["company"] not in c.text:
                continue
            named = {int(y) for y in re.findall(r"\bFY((?:19|20)\d{2})\b", c.text)}
            if fig.get("year") and named and fig["year"] not in named:
                continue        # a claim about another year's cell of the same page (a series table)
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
    held = corpus.get_pages(conn, ((c.doc, c.page) for c in state.citations))
    pages = [held.get((c.doc, int(c.page)), "") for c in state.citations]
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
