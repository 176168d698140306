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


def _flat(text: str) -> str:
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
    quote = _flat(str(reply.get("quote") or ""))
    if len(quote) < 12 or quote not in _flat(page.text):
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
        value = _flat(str(reply.get("value") or ""))
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
            if name not in _flat(page.text) or name not in quote:
                raise KindCheckFailed(f"{name} is not printed in the quote on p. {page.page}")
            if not (people.is_firm(name) if a.kind == "auditor" else people.is_person(name)):
                raise KindCheckFailed(f"{name} is not a {'firm' if a.kind == 'auditor' else 'person'}'s name")
        if a.kind == "role" and not re.search(rf"(?i){dict(people.ROLES)[a.role]}", quote):
            raise KindCheckFailed(f"the quote does not name the role {a.role}")
        return ", ".join(names), quote, page
    if not people.is_change(quote, fy) or not any(quote in _flat(s) for s, _ in cands):
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
    from pipeline.guardrails.policy import run_layer
    from pipeline.providers.llm import calls_made, chat, parse_json_object

    a = asked(facts)
    pages = corpus.report_pages(conn, company, year) if a else []
    if a is None or not pages:
        return offline()
    fy = pages[0].fiscal_year
    cands = candidates(a, pages, fy)
    if not cands:
        return offline()        # nothing to choose from: the offline finding names what was searched
    if model.calls_per_turn - calls_made() < 2:    # one call stays for the model verifier
        state.steps.append(StepRecord(node="kinds_model", decision="skipped: call budget spent",
                                      reason=f"{calls_made()} of {model.calls_per_turn} model calls made"))
        return offline()
    got: dict = {}

    def run(s: TurnState) -> StepRecord:
        reply = chat(model.llm, [("system", prompts.KIND_SYSTEM),
                                 ("user", _prompt(a, facts.text, company, fy, cands))], "kinds")
        obj = parse_json_object(reply.text, {"answer": str})
        none = _not_stated(reply, obj, got, "stating it")
        if none:
            return none
        said, quote, page = check(a, obj, cands, fy)
        got.update(said=said, quote=quote, page=page)
        return StepRecord(node="kinds_model", decision=f"model answer ({a.kind})",
                          reason=f"quote found on p. {page.page} and it passed the {a.kind} check",
                          data={"reply": reply.text[:600]})

    run_layer(state, "kinds_model", run, sink=model.sink, node="kinds_model")
    if "quote" not in got:
        if "none" not in got:
            state.answered_by = "extractive (model answer rejected)"
        return offline()
    page = got["page"]
    m = cite(yesno.as_passage(page))
    text = render(a, company, fy, got["said"], got["quote"], page, m)
    state.claims.append(Claim(text=text, label=f"{company} FY{fy} {a.kind}", company=company))
    state.answered_by = "model"
    return text, ("yes_no" if a.kind in ("event", "mention") else "quote" if a.kind == "amount" else "name")


# --- kinds read from the pages retrieval kept: "what drove it?", a count stated in prose ------------------------
# Same contract as above: the model picks one numbered sentence of the kept pages (and may say it in one short
# sentence of its own); the checks decide. The quote must be one of the listed sentences, printed on its page;
# every number of the model's own words must be printed on that page; a why answer's quote gives a cause and names
# the measure; a count's value is the count the quote states (an event's, for "how many were cut / opened").
_NUMBER = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?")


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
    from pipeline.answer import prose
    from pipeline.question.analysis import core_question
    from pipeline.question.terms import stems

    terms = prose.question_terms(facts)
    if facts.metric is not None:
        terms = terms + list(stems(" ".join(facts.metric.terms + (facts.metric.label,))))
    flow = kind == "count" and prose.asks_a_flow(core_question(facts.text))
    out, seen = [], set()
    for text, p in texts:
        for s in prose.sentences_of(text):
            if s in seen or not prose.is_prose(s) or not set(stems(s)) & set(terms):
                continue
            if kind == "why" and not prose.gives_a_cause(s):
                continue
            if kind == "count" and ("count" not in prose.number_kinds(s) or (flow and not prose.states_a_flow(s))):
                continue
            seen.add(s)
            out.append((s, p))
    return out[:MAX_CANDIDATES]


def _digits(n: str) -> str:
    return n.replace(",", "").rstrip(".")


def _not_stated(reply, obj: dict, got: dict, what: str) -> StepRecord | None:
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


def check_page(kind: str, facts: QuestionFacts, reply: dict, cands: list[tuple[str, Passage]],
               page_text: Callable[[Passage], str]) -> tuple[str, str, str, Passage]:
    """(value, summary, quote, passage) when the reply passes its kind's check; else KindCheckFailed saying why."""
    from pipeline.answer import prose
    from pipeline.question.terms import stems

    try:
        n = int(reply.get("source"))
    except (TypeError, ValueError):
        raise KindCheckFailed("no numbered source cited")
    if not 1 <= n <= len(cands):
        raise KindCheckFailed(f"source [{n}] is not one of the {len(cands)} listed")
    sentence, p = cands[n - 1]
    quote = _flat(str(reply.get("quote") or ""))
    printed = _flat(page_text(p))
    if len(quote) < 12 or quote not in printed or quote.rstrip(".") != _flat(sentence).rstrip("."):
        raise KindCheckFailed(f"the quote is not sentence [{n}] as printed on p. {p.page}")
    summary = _flat(str(reply.get("summary") or ""))
    # the model's own words are shown before the quote: every number in them is one the quote itself prints (a
    # number elsewhere on the page may be another measure's)
    in_quote = {_digits(x) for x in _NUMBER.findall(quote)}
    for x in _NUMBER.findall(summary):
        if _digits(x) not in in_quote:
            raise KindCheckFailed(f"the number {x} in the model's answer is not printed in the quote (p. {p.page})")
    if kind == "why":
        if not prose.gives_a_cause(quote):
            raise KindCheckFailed("the quote gives no cause")
        if facts.metric is not None and not set(stems(quote)) & set(stems(" ".join(facts.metric.terms +
                                                                                  (facts.metric.label,)))):
            raise KindCheckFailed(f"the quote does not name {facts.metric.label}")
        return "", summary, quote, p
    value = _flat(str(reply.get("value") or ""))
    digits = _digits(re.sub(r"[^\d.,]", "", value))
    if not digits or digits not in {_digits(x) for x in _NUMBER.findall(quote)}:
        raise KindCheckFailed(f"the value {value or '(none)'} is not printed in the quote")
    # a count as printed: not money ("$180"), a rate ("180%"), a year or a date's day
    counts = [m.group(0) for m in _NUMBER.finditer(quote) if _digits(m.group(0)) == digits
              and not re.search(r"[$£€¥]\s?$", quote[:m.start()])
              and not re.match(r"\s?(%|percent|per\s?cent|million|billion|thousand|bn|m\b|k\b|['’]000)",
                               quote[m.end():], re.I)
              and not re.fullmatch(r"(19|20)\d{2}", digits)]
    if not counts or "count" not in prose.number_kinds(quote):
        raise KindCheckFailed(f"{value} is not a count the quote states")
    if not prose.counts_the_asked(quote, facts, digits):
        raise KindCheckFailed(f"{value} is not the count of what was asked (another noun's number)")
    if prose.asks_a_flow(facts.text) and not prose.states_a_flow(quote):
        raise KindCheckFailed("the quote states a level, not how many joined or left")
    return counts[0], summary, quote, p


def answer_pages(state: TurnState, conn, facts: QuestionFacts, company: str, year: int | None,
                 passages: list[Passage], cite: Callable[[Passage], int], model: Model,
                 offline: Callable[[], tuple[str, str]]) -> tuple[str, str]:
    """A why or prose-count question for one company and year: the model's checked answer, else `offline()`."""
    from pipeline.guardrails.policy import run_layer
    from pipeline.providers.llm import calls_made, chat, parse_json_object

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
    if model.calls_per_turn - calls_made() < 2:    # one call stays for the model verifier
        state.steps.append(StepRecord(node="kinds_model", decision="skipped: call budget spent",
                                      reason=f"{calls_made()} of {model.calls_per_turn} model calls made"))
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
        none = _not_stated(reply, obj, got, "answering it")
        if none:
            return none
        got.update(zip(("value", "summary", "quote", "passage"), check_page(kind, facts, obj, cands, page_text)))
        return StepRecord(node="kinds_model", decision=f"model answer ({kind})",
                          reason=f"quote is a sentence of p. {got['passage'].page} and it passed the {kind} check",
                          data={"reply": reply.text[:600]})

    run_layer(state, "kinds_model", run, sink=model.sink, node="kinds_model")
    if "quote" not in got:
        if "none" not in got:
            state.answered_by = "extractive (model answer rejected)"
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


# --- the verdict over several companies' figures ("which of A, B and C had the highest ...?") ---------------------
# Each company's figure is read and checked by the offline figure path; the model is asked only for the verdict,
# and the verdict must agree with the figures: where they are one measure, year and currency, the company the
# figures rank first; where they are not, no verdict (the offline text says why). Its reason may only use the
# listed figures.
def cross_verdict(state: TurnState, question: str, results: list[dict], currencies: dict[str, str],
                  offline: str, model: Model) -> str:
    """The verdict sentence: the offline one (`offline`, from the figures) unless the model's passes its check,
    then the model's reason before it."""
    from pipeline.guardrails.policy import run_layer
    from pipeline.providers.llm import calls_made, chat, parse_json_object

    if not offline or len(results) < 2 or (" are equal " in offline):
        return offline
    comparable = not offline.startswith("No verdict")
    top = offline.split("'s ", 1)[0] if comparable else None
    if comparable and top not in {r["company"] for r in results}:
        return offline
    if model.calls_per_turn - calls_made() < 2:
        state.steps.append(StepRecord(node="kinds_model", decision="skipped: call budget spent",
                                      reason=f"{calls_made()} of {model.calls_per_turn} model calls made"))
        return offline
    listed = "\n".join(f"[{i}] {r['company']} · FY{r['year']}: {r['value']} {r['unit']} "
                       f"{currencies.get(r['company']) or 'currency not stated'} ({r['metric']})"
                       for i, r in enumerate(results, 1))
    years = {str(r["year"]) for r in results}
    figures = {_digits(str(r["value"])) for r in results} | years
    owners: dict[str, set[str]] = {}
    for r in results:
        owners.setdefault(_digits(str(r["value"])), set()).add(r["company"])
    got: dict = {}

    def run(s: TurnState) -> StepRecord:
        reply = chat(model.llm, [("system", prompts.CROSS_SYSTEM),
                                 ("user", prompts.CROSS_ANSWER.format(question=question, figures=listed))], "kinds")
        obj = parse_json_object(reply.text, {"answer": str})
        if not reply.finished:
            raise KindCheckFailed("the reply was cut off")
        said = obj["answer"].strip()
        reason = _flat(str(obj.get("reason") or ""))
        if not comparable and said.lower() != "no_verdict":
            raise KindCheckFailed(f"a verdict ({said}) over figures that are not comparable")
        if comparable and said != top:
            raise KindCheckFailed(f"the verdict {said or '(none)'} disagrees with the figures ({top} ranks first)")
        for m in _NUMBER.finditer(reason):
            x = m.group(0)
            if _digits(x) not in figures:
                raise KindCheckFailed(f"the number {x} in the model's reason is not one of the figures")
            if _digits(x) in years:
                continue
            # each figure is said of its own company: the company named last before it is the one it belongs to
            before = [(reason.lower().rfind(c.lower(), 0, m.start()), c) for c in owners.get(_digits(x), set()) |
                      {r["company"] for r in results}]
            nearest = max(((at, c) for at, c in before if at >= 0), default=(-1, None))[1]
            if nearest not in owners.get(_digits(x), set()):
                raise KindCheckFailed(f"the figure {x} is said of {nearest or 'no company'}, not its own company")
        got["reason"] = reason
        return StepRecord(node="kinds_model", decision="model verdict (cross)",
                          reason=f"{said} agrees with the figures", data={"reply": reply.text[:600]})

    run_layer(state, "kinds_model", run, sink=model.sink, node="kinds_model")
    if "reason" not in got:
        state.answered_by = "extractive (model answer rejected)"
        return offline
    state.answered_by = "model"
    return f"{got['reason'].rstrip('.')}. {offline}" if got["reason"] else offline
