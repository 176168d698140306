"""The kinds read from the kept pages ("what drove it?", a count stated in prose), answered by a model under checks."""

from __future__ import annotations

import re
from typing import Callable

from pipeline import prompts
from pipeline.question.labels import doc_kind
from pipeline.question.analysis import QuestionFacts
from pipeline.retrieval.passage import Passage
from pipeline.state import Claim, StepRecord, TurnState
from pipeline.stores import corpus
from pipeline.answer.prose_counts import counts_the_asked
from pipeline.answer.kinds_model import (KindCheckFailed, MAX_CANDIDATES, Model, NUMBER, applies, bare_digits,
                                         flat_text, model_layer, not_stated)


# The contract of the whole-report kinds (kinds_model.py): the model picks one numbered sentence of the kept pages
# (and may say it in one short sentence of its own); the checks decide. The quote must be one of the listed
# sentences, printed on its page; every number of the model's own words must be printed on that page; a why
# answer's quote gives a cause and names the measure; a count's value is the count the quote states (an event's,
# for "how many were cut / opened").
def page_kind(facts: QuestionFacts) -> str | None:
    """"why" (what drove the measure) or "count" (a number stated in prose, no statement measure); None for the
    whole-report kinds above and every other question."""
    from pipeline.answer import prose
    from pipeline.question.analysis import core_question

    if applies(facts):
        return None
    if prose.asks_why(facts):
        return "why"
    if facts.metric is None and prose.question_kind(core_question(facts.text)) == "count":
        return "count"
    return None


def page_candidates(kind: str, facts: QuestionFacts, texts: list[tuple[str, Passage]]) -> list[tuple[str, Passage]]:
    """The kept pages' sentences the model chooses from: prose naming the question's words, with a cause (why) or
    a count (count)."""
    from pipeline.answer import prose, prose_counts, sentences
    from pipeline.question.terms import stems

    terms = prose.question_terms(facts)
    if facts.metric is not None:
        terms = terms + list(stems(" ".join(facts.metric.terms + (facts.metric.label,))))
    flow = kind == "count" and prose_counts.asks_a_flow(facts)
    out, seen = [], set()
    for text, p in texts:
        for s in sentences.sentences_of(text):
            if s in seen or not sentences.is_prose(s) or not set(stems(s)) & set(terms):
                continue
            if kind == "why" and not prose.gives_a_cause(s):
                continue
            if kind == "count" and ("count" not in prose.number_kinds(s) or (flow and not prose_counts.states_a_flow(s))):
                continue
            seen.add(s)
            out.append((s, p))
    return out[:MAX_CANDIDATES]


def check_page(kind: str, facts: QuestionFacts, reply: dict, cands: list[tuple[str, Passage]],
               page_text: Callable[[Passage], str]) -> tuple[str, str, str, Passage]:
    """(value, summary, quote, passage) when the reply passes its kind's check; else KindCheckFailed saying why."""
    from pipeline.answer import prose, prose_counts
    from pipeline.question.terms import stems

    try:
        n = int(reply.get("source"))
    except (TypeError, ValueError):
        raise KindCheckFailed("no numbered source cited")
    if not 1 <= n <= len(cands):
        raise KindCheckFailed(f"source [{n}] is not one of the {len(cands)} listed")
    sentence, p = cands[n - 1]
    quote = flat_text(str(reply.get("quote") or ""))
    printed = flat_text(page_text(p))
    if len(quote) < 12 or quote not in printed or quote.rstrip(".") != flat_text(sentence).rstrip("."):
        raise KindCheckFailed(f"the quote is not sentence [{n}] as printed on p. {p.page}")
    summary = flat_text(str(reply.get("summary") or ""))
    # the model's own words are shown before the quote: every number in them is one the quote itself prints (a
    # number elsewhere on the page may be another measure's)
    in_quote = {bare_digits(x) for x in NUMBER.findall(quote)}
    for x in NUMBER.findall(summary):
        if bare_digits(x) not in in_quote:
            raise KindCheckFailed(f"the number {x} in the model's answer is not printed in the quote (p. {p.page})")
    if kind == "why":
        if not prose.gives_a_cause(quote):
            raise KindCheckFailed("the quote gives no cause")
        if facts.metric is not None and not set(stems(quote)) & set(stems(" ".join(facts.metric.terms +
                                                                                  (facts.metric.label,)))):
            raise KindCheckFailed(f"the quote does not name {facts.metric.label}")
        return "", summary, quote, p
    value = flat_text(str(reply.get("value") or ""))
    digits = bare_digits(re.sub(r"[^\d.,]", "", value))
    if not digits or digits not in {bare_digits(x) for x in NUMBER.findall(quote)}:
        raise KindCheckFailed(f"the value {value or '(none)'} is not printed in the quote")
    # a count as printed: not money ("$180"), a rate ("180%"), a year or a date's day
    counts = [m.group(0) for m in NUMBER.finditer(quote) if bare_digits(m.group(0)) == digits
              and not re.search(r"[$£€¥]\s?$", quote[:m.start()])
              and not re.match(r"\s?(%|percent|per\s?cent|million|billion|thousand|bn|m\b|k\b|['’]000)",
                               quote[m.end():], re.I)
              and not re.fullmatch(r"(19|20)\d{2}", digits)]
    if not counts or "count" not in prose.number_kinds(quote):
        raise KindCheckFailed(f"{value} is not a count the quote states")
    if not counts_the_asked(quote, prose.question_terms(facts), digits):
        raise KindCheckFailed(f"{value} is not the count of what was asked (another noun's number)")
    if prose_counts.asks_a_flow(facts) and not prose_counts.states_a_flow(quote):
        raise KindCheckFailed("the quote states a level, not how many joined or left")
    return counts[0], summary, quote, p


def answer_pages(state: TurnState, conn, facts: QuestionFacts, company: str, year: int | None,
                 passages: list[Passage], cite: Callable[[Passage], int], model: Model,
                 offline: Callable[[], tuple[str, str]]) -> tuple[str, str]:
    """A why or prose-count question for one company and year: the model's checked answer, else `offline()`."""
    from pipeline.providers.llm import chat, parse_json_object

    kind = page_kind(facts)
    text_of: dict[tuple[str, int], str] = {}

    def page_text(p: Passage) -> str:
        key = (p.doc, p.page)
        if key not in text_of:
            text_of[key] = (corpus.get_page(conn, p.doc, p.page) if conn is not None else None) or p.text
        return text_of[key]

    kept = list({(p.doc, p.page): p for p in passages[:8]}.values())
    cands = page_candidates(kind, facts, [(page_text(p), p) for p in kept]) if kind else []
    if not cands:
        return offline()
    fy = year or cands[0][1].fiscal_year
    got: dict = {}

    def run(s: TurnState) -> StepRecord:
        task = prompts.PASSAGE_TASKS[kind].format(fy=fy, measure=facts.metric.label if facts.metric else "it")
        listed = "\n".join(f"[{i}] p. {p.page}: {sent}" for i, (sent, p) in enumerate(cands, 1))
        reply = chat(model.llm, [("system", prompts.KIND_SYSTEM),
                                 ("user", prompts.PASSAGE_ANSWER.format(question=facts.text, company=company, fy=fy,
                                                                        task=task, sentences=listed))], "kinds")
        obj = parse_json_object(reply.text, {"answer": str})
        none = not_stated(reply, obj, got, "answering it")
        if none:
            return none
        got.update(zip(("value", "summary", "quote", "passage"), check_page(kind, facts, obj, cands, page_text)))
        return StepRecord(node="kinds_model", decision=f"model answer ({kind})",
                          reason=f"quote is a sentence of p. {got['passage'].page} and it passed the {kind} check",
                          data={"reply": reply.text[:600]})

    if not model_layer(state, model, run, got):
        return offline()
    p = got["passage"]
    m = cite(p)
    where = f"The {company} FY{p.fiscal_year} {doc_kind(p.doc_type)}"
    lead = f"{got['summary'].rstrip('.')}. " if got["summary"] else ""
    if kind == "why":
        text = f"{lead}{where} explains: \u201c{got['quote']}\u201d [{m}]"
    else:
        text = f"{got['value']}. {lead}{where} says: \u201c{got['quote']}\u201d [{m}]"
    state.claims.append(Claim(text=text, label=f"{company} FY{p.fiscal_year} {kind}", company=company))
    state.answered_by = "model"
    return text, "quote"
