"""Which of a report's sentences about an asked event are the one asked ("did it ...?", answer/yesno.py): a proposal
put to the meeting is not yet approved or paid; a sentence of another dividend or of another amount than the one
asked is another event; and an event the question names by its own name and no year ("did it complete the <name>
acquisition?") counts when the report states it done after the year end (a subsequent event)."""
from __future__ import annotations

import re
from typing import Protocol

from pipeline.core import months

# a proposal put to a later decision ("The Board recommends the payment of a final dividend", "subject to the approval
# of shareholders"): neither approved nor paid yet
PUT_TO_VOTE = re.compile(r"(?i)\b(recommend\w*|propos\w*|subject\s+to\s+(?:\w+\s+){0,4}approval)\b")
_ASKS_DECIDED = re.compile(r"(?i)\b(approved?|ratified|paid|pay|voted)\b")
_WHICH_ONE = re.compile(r"(?i)\b(final|interim|special)\s+dividends?\b")
# how an item is accounted for is no event of the year: "Is the proposed final dividend recognised as a liability?",
# "Are development costs capitalised?"
TREATMENT = re.compile(r"(?i)\b(?:recogni[sz]ed|capitali[sz]ed|accounted\s+for|classified\s+as|measured\s+at|"
                       r"(?:booked|recorded|carried|shown)\s+as\s+an?\s+(?:liability|asset|expense)|"
                       r"expensed|presented\s+as|included\s+in\s+(?:the\s+)?(?:balance\s+sheet|liabilities|equity))\b")
# a question about now or the coming months, and a report's sentence stating what will be done
_ASKS_AHEAD = re.compile(r"(?i)^\s*(?:is|are)\b(?:\s+\S+){1,4}?\s+(?:paying|proposing|declaring|recommending|planning|"
                         r"going\s+to)\b|^\s*will\b")
_NOT_OR_IF = re.compile(r"(?i)\b(?:not|no|never|unless|if|should|may|might|could)\b|n['’]t\b")
_PLANNED = re.compile(r"(?i)\bwill\s+(?:be\s+)?(?:pay|paid|propose|proposed|declare|declared|recommend|recommended)\b")
# the kind of the event asked ("an anniversary dividend"), which the sentence must name too
_QUALIFIER = re.compile(r"(?i)\b(?!(?:any|the|its|their|cash|paying|pay|proposing|declaring)\b)([a-z]{4,})\s+dividends?\b")
# an amount the question names ("the EUR 1.25 dividend", "the $1,200 million notes"), not a year
_ASKED_AMOUNT = re.compile(r"(?<![\d.,])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,])|(?<![\d.,])\d+\.\d+(?![\d.,])|"
                           r"(?<![\d.,])\d{1,3}(?:\.\d+)?\s?%")       # (and a stake: "the remaining 70%")
_YEAR = re.compile(r"(?<!\d)(?:19|20)\d{2}(?!\d)")
_PROPER = re.compile(r"\b[A-Z][a-z]{3,}\b")
_LEADS = {"did", "does", "has", "have", "had", "was", "were", "will", "what", "when", "which"}


# a degree asked ("fully franked", "wholly owned", "100% owned") and a sentence stating a part of it ("70% franked",
# "partly franked", "a 51%-owned subsidiary"): the sentence says no
_WHOLLY = re.compile(r"(?i)\b(?:fully|wholly|entirely|completely|100\s?%)[\s-]+([a-z]{4,})\b")


def which_dividend(question: str) -> str | None:
    """The dividend a question names by its kind ("final", "interim", "special"), or None."""
    return m.group(1).lower() if (m := _WHICH_ONE.search(question)) else None


def partial_degree(question: str, sentence: str) -> bool:
    """The question asks whether something is wholly so and the sentence states it only in part."""
    m = _WHOLLY.search(question)
    if m is not None and _stake_of_named(question[:m.start()], sentence):
        return True         # "Is Sabine Crossing wholly owned?" / "... and Sabine Crossing, in which it holds a 60% interest"
    if m is None or re.search(rf"(?i)\b(?:fully|wholly|entirely|completely|100\s?%)[\s-]+{_stem(m.group(1))}", sentence):
        return False        # (the sentence says it wholly of one thing and partly of another: which is asked?)
    word = _stem(m.group(1))
    return re.search(rf"(?i)(?:\b(?:partly|partially|part)|(?<![\d.])(?!100\b)\d{{1,2}}(?:\.\d+)?\s?%)[\s-]+{word}\w*|"
                     rf"\b{word}\w*\s+to\s+(?:only\s+)?(?!100\b)\d{{1,2}}(?:\.\d+)?\s?%", sentence) is not None


# the company's part stake stated after an entity's name ("Sabine Crossing Gaming, L.L.C., ... in which the Company
# holds a 60% interest", "Rangi Orchards (a 51%-owned subsidiary)")
_PART_STAKE = re.compile(r"(?i)(?<![\d.])(?!100\b)\d{1,2}(?:\.\d+)?\s?%[\s-]*owned\b|\bin\s+which\s+(?:the\s+|our\s+)?"
                         r"(?:company|group|we|it|parent)\s+(?:holds?|has|owns?)\s+an?\s+(?!100\b)\d{1,2}(?:\.\d+)?\s?%\s+"
                         r"(?:equity\s+)?(?:interest|stake|shareholding|ownership)\b")


def _stake_of_named(asked_before: str, sentence: str) -> bool:
    """The question names an entity in capitals before its degree ("Is Sabine Crossing wholly owned") and the sentence
    states a part stake in it within the same clause after its name."""
    names = [re.sub(r"^(?:Is|Are|Was|Were|Did|Does|Has|Have|Had)\s+", "", n)
             for n in re.findall(r"\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*\b", asked_before)]
    names = [n for n in names if n and n.split()[0].lower() not in _LEADS | {"is", "are"}]
    for name in names:
        at = sentence.find(name)
        window = sentence[at:at + len(name) + 120]
        stake = _PART_STAKE.search(window)
        if at >= 0 and stake and not re.search(r"(?i)\b(?:wholly|fully|100\s?%)[\s-]+owned", window[:stake.start()]):
            return True     # (never its own stake in another: "X, a wholly owned subsidiary, holds a 74% interest in Y")
    return False


def degree_unsaid(question: str, sentence: str) -> bool:
    """The question asks whether something is wholly so ("fully franked") and the sentence does not say it at all."""
    m = _WHOLLY.search(question)
    return m is not None and re.search(rf"(?i)\b{_stem(m.group(1))}", sentence) is None


def _stem(word: str) -> str:
    return re.escape(word[:-2] if len(word) > 6 else word)      # ("franked", "franking": "frank")


class _Reading(Protocol):
    affirmed: list
    denied: list
    named: list


# a count said as a compound adjective, as a yes/no question names what kind of thing it is ("a 53-week year", "a
# 5-year term"); in a sentence, the count with its unit ("each contained 52 weeks")
_ASKED_COUNT_UNIT = re.compile(r"(?i)(?<![\d.,$£€])(\d{1,3})-([a-z]{3,})\b")
_PART_OF_YEAR = re.compile(r"(?i)\b(?:quarters?|half|halves|months?|q[1-4]|h[12])\b")
_COUNT_UNIT = re.compile(r"(?i)(?<![\d.,$£€])(\d{1,3})[\s-]+([a-z]{3,})")


def other_count(question: str, sentence: str) -> bool:
    """The question names a count of a unit ("a 53-week year") and the sentence states another count of that unit and
    never the asked one ("each contained 52 weeks"): what it says is not what is asked."""
    if _PART_OF_YEAR.search(sentence) and not _PART_OF_YEAR.search(question):
        return False        # ("the fourth quarter contained 14 weeks": a part's count, not the year's)
    for n, unit in _ASKED_COUNT_UNIT.findall(question):
        said = [m for m in _COUNT_UNIT.findall(sentence) if m[1].lower().removesuffix("s") == unit.lower().removesuffix("s")]
        if said and all(m[0] != n for m in said):
            return True
    return False


def other_amount(question: str, sentence: str) -> bool:
    """The question names an amount ("the EUR 1.25 dividend") that the sentence does not state."""
    amounts = _ASKED_AMOUNT.findall(question)
    return bool(amounts) and not any(a in sentence for a in amounts)


# a dividend named with the year it is in respect of ("the final dividend for 2095", "in respect of 2095")
_KIND_FOR_YEAR = r"(?i)\b{kind}\s+dividends?\b(?:\s+of\s+(?:[^.;]|\.(?=\d)){{0,30}}?)?\s+(?:for|in\s+respect\s+of)\s+(?:the\s+)?" \
                 r"(?:(?:financial|fiscal)\s+)?(?:year\s+)?(?:ended\s+[^.;]{{0,20}}?)?((?:19|20)\d{{2}})\b"


def another_years_dividend(q: str, sentence: str) -> bool:
    """The question asks a final (interim, special) dividend for a year, and the sentence names that kind of dividend
    only for other years ("Dividends paid in 2096 ... comprising the final dividend for 2095"): another dividend."""
    which = _WHICH_ONE.search(q)
    asked = re.search(r"(?i)\b(?:for|in\s+respect\s+of)\s+(?:the\s+)?(?:(?:financial|fiscal)\s+)?(?:year\s+|fy\s?)?"
                      r"((?:19|20)\d{2})\b", q)
    if which is None or asked is None:
        return False
    named = re.findall(_KIND_FOR_YEAR.format(kind=which.group(1)), sentence)
    return bool(named) and asked.group(1) not in named


def sift(r: _Reading, q: str, company: str, *, dated: bool, affirm: tuple[re.Pattern, ...], fy: int) -> None:
    """Move `r`'s affirming and denying sentences that are not the asked event to its named ones (they still name the
    topic: the answer never says "not mentioned"), and an undated question's own named event, stated done after the
    year `fy` ended (a subsequent event), to the affirmed."""
    which = _WHICH_ONE.search(q)
    for h in [h for h in r.affirmed if partial_degree(q, h[0])]:
        r.affirmed.remove(h)        # ("Was the final dividend fully franked?" / "... 70% franked"): a no
        r.denied.append(h)
    for hits in (r.affirmed, r.denied):
        for h in list(hits):
            proposed = hits is r.affirmed and _ASKS_DECIDED.search(q) and PUT_TO_VOTE.search(h[0])
            if proposed or which and not re.search(rf"(?i)\b{which.group(1)}\b", h[0]) or other_amount(q, h[0]) or \
                    degree_unsaid(q, h[0]) or hits is r.affirmed and another_years_dividend(q, h[0]):
                hits.remove(h)
                r.named.append((h[0], h[1], "a proposal" if proposed else ""))
    if PUT_TO_VOTE.search(q) and not _ASKS_DECIDED.search(q) and not r.affirmed:
        # the proposal itself asked ("is the board recommending a final dividend?"): the sentence proposing it says yes
        r.affirmed += [(h[0], h[1]) for h in r.named if PUT_TO_VOTE.search(h[0]) and not other_amount(q, h[0]) and
                       (not which or re.search(rf"(?i)\b{which.group(1)}\b", h[0])) and
                       (h[2] != "another year" or str(fy) in h[0])]
    if _ASKS_AHEAD.search(q) and not r.affirmed:
        # asked as now or ahead ("is it paying a special dividend for FY2061?"): the report's plan for the asked
        # year says yes ("we will pay a special dividend of 10 yen per share ... for FY2061")
        qual = _QUALIFIER.search(q)
        r.affirmed += [(h[0], h[1]) for h in r.named if h[2] == "a plan or authorisation" and _PLANNED.search(h[0])
                       and not _NOT_OR_IF.search(h[0]) and str(fy) in h[0] and
                       (not qual or re.search(rf"(?i)\b{qual.group(1)}\b", h[0])) and not other_amount(q, h[0])]
    named = [w for w in _PROPER.findall(q) if w.lower() not in company.lower() and w.lower() not in _LEADS
             and months.number(w) is None]
    if named and not dated and not r.affirmed:
        r.affirmed += [(h[0], h[1]) for h in r.named if h[2] == "another year" and all(w in h[0] for w in named)
                       and any(int(y) > fy for y in _YEAR.findall(h[0])) and not other_amount(q, h[0])
                       and any(p.search(h[0]) for p in affirm)]
