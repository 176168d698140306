"""The question kinds read from the whole report (yes/no about an event, "does it mention X?", the amount or
count of an event, a role's name, the auditor, the year's leadership changes) answered by the model when one is
configured, under the same deterministic checks as the offline answer:

    candidate sentences of the whole report (answer/yesno.py, answer/people.py) -> prompts.KIND_ANSWER
    -> the model's JSON {answer, value, names, source, quote} -> checks:
        the quote is printed on the cited page (whitespace aside);
        a yes/no verdict: the quote names the event, of the asked year, and states it (yes) or denies it (no);
            a policy, a hypothetical, a plan, a risk or a biography decides nothing;
        a name: printed on the cited page and in the quote;
        an amount or count: printed in the quote, money for "how much", a count for "how many"
    pass -> the model's verdict with its quote, cited; fail -> the offline answer of the same kind.

A failed check or an unavailable model goes through the `kinds_model` layer of `pipeline/guardrails/policy.py` (fail open
to the offline answer, recorded in the turn's steps and warnings): an unchecked verdict never reaches the user.
The model adds what the rules cannot: choosing among the report's factual sentences one the wording lexicon does
not know. With no candidate sentence there is nothing to check against, and the offline finding is the answer.
The kinds read from the kept pages are answered in `page_kinds_model.py`, the cross-company verdict in
`cross_verdict.py`, with the model, checks and helpers defined here.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from pipeline import prompts
from pipeline.answer import people, yesno
from pipeline.question.labels import doc_kind
from pipeline.question.analysis import QuestionFacts
from pipeline.retrieval.passage import Passage
from pipeline.state import Claim, StepRecord, TurnState
from pipeline.stores import corpus

MAX_CANDIDATES = 14
_NEGATION = re.compile(r"(?i)\b(no|not|never|nil|none|neither|nor|did\s+not|has\s+not|have\s+not|without)\b")
_STATED = re.compile(r"(?i)\b(was|were|has\s+been|have\s+been|had\s+been|\w+ed|paid|bought|made|spent|sold|took|"
                     r"completed|declared)\b")


class KindCheckFailed(RuntimeError):
    """The model's answer failed the deterministic check of its kind: it is not shown."""


@dataclass
class Asked:
    kind: str                 # event | mention | amount | role | auditor | changes
    event: yesno.Event | None = None
    terms: tuple[str, ...] = ()
    role: str = ""
    want: str = ""            # money | count (amount)


def asked(facts: QuestionFacts) -> Asked | None:
    """The whole-report kind the question asks, or None (the same dispatch as the offline answer)."""
    if (e := yesno.event_asked(facts)) is not None:
        return Asked("event", event=e)
    if (e := yesno.amount_asked(facts)) is not None:
        return Asked("amount", event=e, want=yesno.amount_kind(facts))
    if terms := yesno.mention_asked(facts):
        return Asked("mention", terms=tuple(terms))
    if not people.applies(facts):
        return None
    role = people.asked(facts)
    if role == "changes":
        return Asked("changes")
    return Asked("auditor" if role == "auditor" else "role", role=role or "")


def applies(facts: QuestionFacts) -> bool:
    return asked(facts) is not None


def candidates(a: Asked, pages: list[corpus.ReportPage], fy: int) -> list[tuple[str, corpus.ReportPage]]:
    """The report's sentences the model chooses from: the ones the offline reader would weigh."""
    out: list[tuple[str, corpus.ReportPage]] = []
    if a.kind in ("event", "amount"):
        r = yesno.read_report(pages, a.event, fy)
        out = r.affirmed + r.denied + [(s, pg) for s, pg, _ in r.named]
        if a.kind == "amount":
            out = [h for h in out if re.search(r"\d", h[0])]
    elif a.kind == "mention":
        from pipeline.question.terms import stems

        out = [(s, pg) for pg in pages for s in yesno.sentences(pg.text) if all(t in stems(s) for t in a.terms)]
    elif a.kind == "role":
        out = [(s, pg) for _, s, pg in people.role_mentions(pages, a.role)]
    elif a.kind == "auditor":
        out = people.auditor_sentences(pages)
    elif a.kind == "changes":
        out = people.change_sentences(pages, fy)
    seen, unique = set(), []
    for s, pg in out:
        if s not in seen:
            seen.add(s)
            unique.append((s, pg))
    return unique[:MAX_CANDIDATES]


def flat_text(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").replace("\u2019", "'").split())


def check(a: Asked, reply: dict, cands: list[tuple[str, corpus.ReportPage]], fy: int) -> tuple[str, str,
                                                                                                 corpus.ReportPage]:
    """(verdict or value or names, quote, page) when the reply passes its kind's check; else KindCheckFailed
    saying why."""
    try:
        n = int(reply.get("source"))
    except (TypeError, ValueError):
        raise KindCheckFailed("no numbered source cited")
    if not 1 <= n <= len(cands):
        raise KindCheckFailed(f"source [{n}] is not one of the {len(cands)} listed")
    page = cands[n - 1][1]
    quote = flat_text(str(reply.get("quote") or ""))
    if len(quote) < 12 or quote not in flat_text(page.text):
        raise KindCheckFailed(f"the quote is not printed on p. {page.page}")
    ans = str(reply.get("answer") or "").strip().lower()
    if a.kind == "event":
        if not a.event.topic.search(quote):
            raise KindCheckFailed(f"the quote does not name {a.event.name}")
        if not yesno.of_year(quote, fy):
            raise KindCheckFailed(f"the quote is about another year than FY{fy}")
        if ans == "yes":
            why = yesno.topic_only(quote)
            if why or _NEGATION.search(quote) or not (any(p.search(quote) for p in a.event.affirm)
                                                     or _STATED.search(quote)):
                raise KindCheckFailed(f"a Yes backed by a sentence that does not state it ({why or 'no statement'})")
            return "Yes", quote, page
        if ans == "no":
            if not (any(p.search(quote) for p in a.event.deny) or _NEGATION.search(quote)) or \
                    re.search(r"(?i)\b(if|unless|whether)\b", quote):
                raise KindCheckFailed("a No backed by a sentence that does not deny it")
            return "No", quote, page
        raise KindCheckFailed(f"no yes or no verdict ({ans or 'empty'})")
    if a.kind == "mention":
        from pipeline.question.terms import stems

        if ans != "yes" or not all(t in stems(quote) for t in a.terms):
            raise KindCheckFailed("the quote does not name what was asked")
        return "Yes", quote, page
    if a.kind == "amount":
        value = flat_text(str(reply.get("value") or ""))
        digits = re.sub(r"[^\d.]", "", value).strip(".")
        if not digits or not re.search(rf"(?<![\d.]){re.escape(digits)}(?![\d])", re.sub(r"(?<=\d),(?=\d)", "", quote)):
            raise KindCheckFailed(f"the value {value or '(none)'} is not printed in the quote")
        stated = yesno.stated_value(quote, a.want)
        if not stated or re.sub(r"[^\d.]", "", stated).strip(".") != digits:
            raise KindCheckFailed(f"{value} is not the {'amount of money' if a.want == 'money' else 'count'} the "
                                  "quote states")
        if not (any(p.search(quote) for p in a.event.affirm) or _STATED.search(quote)) or yesno.topic_only(quote):
            raise KindCheckFailed("the quote does not state the event")
        return stated, quote, page
    names = [str(x).strip() for x in (reply.get("names") or []) if str(x).strip()]
    if a.kind in ("role", "auditor"):
        if not names:
            raise KindCheckFailed("no name given")
        for name in names:
            if name not in flat_text(page.text) or name not in quote:
                raise KindCheckFailed(f"{name} is not printed in the quote on p. {page.page}")
            if not (people.is_firm(name) if a.kind == "auditor" else people.is_person(name)):
                raise KindCheckFailed(f"{name} is not a {'firm' if a.kind == 'auditor' else 'person'}'s name")
        if a.kind == "role" and not re.search(rf"(?i){dict(people.ROLES)[a.role]}", quote):
            raise KindCheckFailed(f"the quote does not name the role {a.role}")
        return ", ".join(names), quote, page
    if not people.is_change(quote, fy) or not any(quote in flat_text(s) for s, _ in cands):
        raise KindCheckFailed("the quote states no appointment, resignation or retirement of the year")
    return "", quote, page


def render(a: Asked, company: str, fy: int, said: str, quote: str, page: corpus.ReportPage, m: int) -> str:
    kind = doc_kind(page.doc_type)
    if a.kind == "event":
        return f"{said}. The {company} FY{fy} {kind} says: \u201c{quote}\u201d [{m}]"
    if a.kind == "mention":
        return f"Yes. The {company} FY{fy} {kind} mentions it: \u201c{quote}\u201d [{m}]"
    if a.kind == "amount":
        return f"{said}. The {company} FY{fy} {kind} says: \u201c{quote}\u201d [{m}]"
    if a.kind == "auditor":
        return f"{company}'s auditor for FY{fy} is {said} (\u201c{quote}\u201d [{m}])."
    if a.kind == "role":
        return f"{company}'s {a.role} in the FY{fy} {kind}: {said} (\u201c{quote}\u201d [{m}])."
    return f"Leadership changes the {company} FY{fy} {kind} states: \u201c{quote}\u201d [{m}]"


_INSTRUCTIONS = {
    "event": 'Decide whether the report states that {event} happened in FY{fy}. "answer": "yes" with the sentence '
             'that states it, "no" with the sentence that denies it, or "not_stated" when no sentence does (a '
             'policy, a risk, a plan, an authorisation or a biography states nothing).',
    "mention": 'Say whether the report mentions what the question asks. "answer": "yes" with the sentence that '
               'names it, or "not_stated".',
    "amount": 'Give the {want} of {event} in FY{fy} as the sentence prints it in "value" (e.g. "$87.9 million" '
              'or "1,498,000"), never an authorisation\'s or a plan\'s number. "answer": "yes", or "not_stated".',
    "role": 'Give the name of the company\'s {role} as the report prints it in "names" (one person, or two if the '
            'role changed hands in the year). "answer": "yes", or "not_stated".',
    "auditor": 'Give the audit firm that signs the audit report in "names", as printed (e.g. "Hartley Fenn LLP"). '
               '"answer": "yes", or "not_stated".',
    "changes": 'Pick the sentence that states an appointment, resignation or retirement of an officer or director '
               'in FY{fy}. "answer": "yes", or "not_stated".',
}


def _prompt(a: Asked, question: str, company: str, fy: int, cands: list[tuple[str, corpus.ReportPage]]) -> str:
    task = _INSTRUCTIONS[a.kind].format(event=a.event.name if a.event else "", fy=fy, role=a.role,
                                        want="amount of money" if a.want == "money" else "number")
    listed = "\n".join(f"[{i}] p. {pg.page}: {s}" for i, (s, pg) in enumerate(cands, 1))
    return prompts.KIND_ANSWER.format(question=question, company=company, fy=fy, task=task, sentences=listed)


@dataclass
class Model:
    llm: object
    calls_per_turn: int
    sink: Callable | None = None


def answer(state: TurnState, conn, facts: QuestionFacts, company: str, year: int | None,
           cite: Callable[[Passage], int], model: Model,
           offline: Callable[[], tuple[str, str] | None]) -> tuple[str, str] | None:
    """The model's checked answer of the question's kind, else `offline()` (the deterministic one)."""
    from pipeline.providers.llm import chat, parse_json_object

    a = asked(facts)
    pages = corpus.report_pages(conn, company, year) if a else []
    if a is None or not pages:
        return offline()
    fy = pages[0].fiscal_year
    cands = candidates(a, pages, fy)
    if not cands:
        return offline()        # nothing to choose from: the offline finding names what was searched
    got: dict = {}

    def run(s: TurnState) -> StepRecord:
        reply = chat(model.llm, [("system", prompts.KIND_SYSTEM),
                                 ("user", _prompt(a, facts.text, company, fy, cands))], "kinds")
        obj = parse_json_object(reply.text, {"answer": str})
        none = not_stated(reply, obj, got, "stating it")
        if none:
            return none
        said, quote, page = check(a, obj, cands, fy)
        got.update(said=said, quote=quote, page=page)
        return StepRecord(node="kinds_model", decision=f"model answer ({a.kind})",
                          reason=f"quote found on p. {page.page} and it passed the {a.kind} check",
                          data={"reply": reply.text[:600]})

    if not model_layer(state, model, run, got):
        return offline()
    page = got["page"]
    m = cite(yesno.as_passage(page))
    text = render(a, company, fy, got["said"], got["quote"], page, m)
    state.claims.append(Claim(text=text, label=f"{company} FY{fy} {a.kind}", company=company))
    state.answered_by = "model"
    return text, ("yes_no" if a.kind in ("event", "mention") else "quote" if a.kind == "amount" else "name")


# A number as printed, and its digits: what the page-kind and cross-verdict checks compare (page_kinds_model.py,
# cross_verdict.py); with flat_text, not_stated, model_layer, Model and KindCheckFailed, what they share with the
# kinds above.
NUMBER = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?")


def bare_digits(n: str) -> str:
    return n.replace(",", "").rstrip(".")


def not_stated(reply, obj: dict, got: dict, what: str) -> StepRecord | None:
    """A cut-off reply fails the layer; a reply that states nothing ("not_stated") is recorded as such (`got["none"]`,
    so the offline answer stands without counting as a rejection)."""
    if not reply.finished:
        raise KindCheckFailed("the reply was cut off")
    if obj["answer"].strip().lower() in ("not_stated", "not stated", "unknown", ""):
        got["none"] = True
        return StepRecord(node="kinds_model", decision="model: not stated",
                          reason=f"the model found no sentence {what}; the offline answer stands",
                          data={"reply": reply.text[:600]})
    return None


def model_layer(state: TurnState, model: Model, run: Callable[[TurnState], StepRecord], got: dict) -> bool:
    """Run a kinds model call (`run`, which fills `got` with a checked answer) as the kinds_model layer, and say
    whether its answer stands. Skipped when fewer than two model calls are left this turn (one stays for the model
    verifier); a failure falls back through the layer policy. When it does not stand the caller's offline answer
    does, recorded as a rejected model answer unless the model said the page states nothing."""
    from pipeline.guardrails.policy import run_layer
    from pipeline.providers.llm import calls_made

    if model.calls_per_turn - calls_made() < 2:    # one call stays for the model verifier
        state.steps.append(StepRecord(node="kinds_model", decision="skipped: call budget spent",
                                      reason=f"{calls_made()} of {model.calls_per_turn} model calls made"))
        return False
    run_layer(state, "kinds_model", run, sink=model.sink, node="kinds_model")
    if "quote" not in got:
        if "none" not in got:
            state.answered_by = "extractive (model answer rejected)"
        return False
    return True
