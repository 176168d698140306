"""A count stated in a sentence: does a number count the asked thing; an event's count (joined, left), not a level;
a total asked over a plural that a sentence gives for one of them only (`one_of_many`)."""

from __future__ import annotations

import re

from pipeline.question.analysis import QuestionFacts, core_question
from pipeline.question.terms import stems
from pipeline.answer.sentences import spaced_thousands_joined


_REFERENCE = re.compile(r"(?i)\(?(note|notes|item|part|chapter|page|exhibit|section|article|rule|schedule|form)")
# words that say a count is whole, not narrower: "798,000 full-time and part-time employees"
_REACHED = re.compile(r"(?i)\b(?:fell|rose|increased|decreased|grew|declined|dropped|climbed|reached|totall?ed)(?:\s+to)?\b")
_PART_OF_COUNT = re.compile(r"(?i)(?:in|ex)clud(?:e|es|ed|ing)")     # ("comprised 5,400 employees" is all of them)
_ALL_OF_THEM = re.compile(r"(?i)(full|part)(-time|-)?|time|and|or|&|-|permanent|regular|temporary|equivalents?|fte|total|worldwide|global")


# the noun used as a modifier of another ("Employee Stock Purchase Plan 1,517,411", "Personnel expenses 12,230",
# "Customer deposits"): the number is that other thing's, never a count of the noun
_MODIFIES = re.compile(r"(?i)(stock|shares?|plans?|benefits?|compensation|costs?|expenses?|deposits?|loans?|receivables?|"
                       r"contracts?|relationships?|liabilit\w*|obligations?)\b")


# people counted by a word that says nothing of work ("people", "persons", "individuals") are a workforce only where the
# sentence speaks of one ("we employ 5,700 people", "our people"); never a market's, a disease's or customers' number
# ("an estimated prevalence of 94,000 people")
_ANY_PEOPLE = re.compile(r"(?i)people|persons|individuals")
_WORKFORCE = re.compile(r"(?i)\b(?:employ\w*|workforce|staff\w*|team|colleagues|personnel|headcount|full[- ]time|part[- ]time|"
                        r"ftes?|our\s+people|work(?:s|ed|ing)?|we\s+(?:have|had)\s+(?:approximately\s+|about\s+|around\s+|over\s+)?\d)\b")


HEADCOUNT_FLOW = re.compile(r"(?i)\b(hired|hire|hiring|added|adding|additions?|recruited|welcomed|onboarded|laid off|reduced|"
                            r"reductions?|redundanc\w*|eliminated|elimination|terminated|cut|cuts|separated|departures?|lost|"
                            r"promoted|trained|let go|opened|closed|repurchased|bought back|exited)\b")
# "How many employees were let go?", "how many positions were cut?", "how many stores did it open?": a number that
# joined or left in the year (an event), never the level at the year end (a head count)
FLOW_Q = re.compile(r"(?i)\b(let go|laid off|lay-?offs?|cut|cuts|eliminated|reduc\w*|made redundant|redundanc\w*|"
                    r"terminated|lost|hired|added|opened|closed|repurchased|bought back|bought|exited)\b")
# the nouns an event over people is counted in ("a reduction of almost 1,000 positions")
PEOPLE_NOUNS = ("employees", "positions", "jobs", "roles", "staff", "people", "workers", "headcount")


PEOPLE_STEMS = frozenset(stems(" ".join(PEOPLE_NOUNS))) | {"~employe"}


def asks_a_flow(facts: QuestionFacts) -> bool:
    """Whether the question asks how many joined or left (an event), read on its asking part (`core_question`:
    an instruction sentence's words never make it one) - the one reading the candidates and the check share."""
    return bool(FLOW_Q.search(core_question(facts.text)))


# a count at the height of a season ("Employment peaks in July, when we employed ...", "at our peak", "peak season
# staffing"): no count at the year's end nor its average (never "a peak of 14,000" beside the year-end count, nor a
# place's or a company's name)
PEAK = re.compile(r"(?i)\bpeak(?:s|ed)\s+(?:in|during|at)\b|\bat\s+(?:the\s+|its\s+|our\s+)?(?:seasonal\s+)?peak\b|"
                  r"\bpeak\s+(?:season|employment|headcount|staffing)\b|\bheight\s+of\s+the\s+season\b")


def count_score(sentence: str, terms: list[str]) -> int:
    """How well a sentence counts the asked thing: a number with one of the question's terms within five
    words after it or four before it (never across a sentence end), no other number between ("approximately
    156,000 employees", "982 stores", "total workforce was approximately 142,000"). 2 when only filler stands
    between number and noun,
    1 when other words narrow the count ("9,800 new employees"), 0 when there is no such number."""
    from pipeline.question.terms import content_terms

    toks = spaced_thousands_joined(sentence.split())
    months = re.compile(r"(?i)^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?$")
    best = 0
    for i, t in enumerate(toks):
        if not re.fullmatch(r"\d[\d, ]*(\.\d+)?[,.]?", t) or re.fullmatch(r"(19|20)\d{2}[,.]?", t) \
                or (i and months.match(toks[i - 1])) or (i and _REFERENCE.fullmatch(toks[i - 1])) \
                or (i + 1 < len(toks) and months.match(toks[i + 1]) and re.fullmatch(r"[0-3]?\d", t)):
            continue        # a year, a date ("June 30", "30 September"), "Note 13", "Item 7", "page 4"
        if (i + 1 < len(toks) and re.fullmatch(r"(?i)%|percent|per cent", toks[i + 1])) or (i and toks[i - 1] in ("$", "£", "€")):
            continue        # "96 % Personnel expenses", "$ 12,230": a share or an amount counts nothing
        follows = content_terms(" ".join(toks[i + 1:i + 2]))
        own_noun = bool(follows) and not any(t in stems(toks[i + 1]) for t in terms)   # "13,000 participants"
        # (after it, up to seven words when the words between only say the count is whole: "3,722 regular full and
        # part time employees")
        for back, at in ((False, range(i + 1, min(len(toks), i + 8))),
                         (True, [] if own_noun else range(i - 1, max(-1, i - 5), -1))):
            between: list[str] = []
            for k in at:
                w = toks[k]
                if re.search(r"\d", w) or (back and w.endswith((".", ":", ";"))):
                    break       # another number, or "... technical staff. 4": a page number run into the text
                if any(term in stems(w) for term in terms) and not (w[-1:].isalpha() and _MODIFIES.match(toks[k + 1] if k + 1 < len(toks) else "")) \
                        and not (_ANY_PEOPLE.fullmatch(w.strip(".,;:")) and not _WORKFORCE.search(sentence)):
                    if not back and _elided_noun_unasked(toks, i, terms):
                        break
                    # ("unit sales fell to 8,412": the level the change reached, no narrower count)
                    said = _REACHED.sub(" ", " ".join(x for x in between if not _ALL_OF_THEM.fullmatch(x)))
                    narrowing = [x for x in content_terms(said) if x not in terms]
                    # "we hired more than 14,000 employees": how many joined or left, not how many there are
                    moved = HEADCOUNT_FLOW.search(" ".join(toks[max(0, i - 4):i]))
                    # "Of the full-time employees, 68 were engaged in research": the number after the noun and its
                    # comma counts a part of them
                    # ("Deliveries include 1,204 leased units and exclude 4 units sold": parts of the count)
                    part = back and w.endswith(",") or bool(i and _PART_OF_COUNT.fullmatch(toks[i - 1]))
                    best = max(best, 1 if narrowing or moved or part else 2)
                    break
                if w.endswith((".", ":", ";")):
                    break       # the sentence ended before the noun
                between.append(w)
                if not back and len(between) >= 5 and not _ALL_OF_THEM.fullmatch(w):
                    break       # (five words away, only whole-count words go on)
    return best


# a number whose noun is left out, a place after it ("86 clubs: 58 in Ireland and 19 in Great Britain"): it counts
# the noun stated before it, which the question must ask too ("how many members in Great Britain?" is no count of clubs)
_PLACE_LEAD = re.compile(r"(?i)^(?:in|at|across|outside|within|throughout)$")


def _elided_noun_unasked(toks: list[str], i: int, terms: list[str]) -> bool:
    if i + 1 >= len(toks) or not _PLACE_LEAD.match(toks[i + 1]):
        return False
    place = {t for t in terms for x in toks[i + 2:i + 6] if t in stems(x)}
    # (the noun stated before, or a word made from it: "Membership grew to 46,000, 12,000 in Scotland")
    return not any(s.startswith(t) for x in toks[:i] for s in stems(x) for t in terms if t not in place)


def states_a_flow(sentence: str) -> bool:
    """"we hired", "a reduction of", "opened": the sentence counts what joined or left, not a level."""
    return bool(HEADCOUNT_FLOW.search(sentence))


_TOTAL_Q = re.compile(r"(?i)\b(total|combined|aggregate|altogether|in all|all of)\b")
_WORD = re.compile(r"[A-Za-z]+")


def one_of_many(question: str, sentence: str) -> bool:
    """The question asks for a total over a plural ("the total ... under its credit agreements") and the sentence
    names only one of them ("a new $4.2 billion credit agreement"): the sentence gives a part, not the total."""
    if not _TOTAL_Q.search(question):
        return False
    said = {w.lower() for w in _WORD.findall(sentence)}
    for w in {w.lower() for w in _WORD.findall(question)}:
        if len(w) < 5 or not w.endswith("s") or w.endswith("ss"):
            continue
        one = w[:-3] + "y" if w.endswith("ies") else w[:-1]
        if one in said and w not in said:
            return True
    return False


def counts_the_asked(sentence: str, terms: list[str], digits: str) -> bool:
    """The number `digits` is the count of the thing the question asks about (its content `terms`): the asked noun
    follows it ("closed 3 offices" for "how many offices"), not another noun ("eliminated 180 positions and closed 3
    offices")."""
    nouns = [t for t in terms if not _EVENT_STEM.match(t.lstrip("~"))]
    toks = sentence.split()
    for i, t in enumerate(toks):
        if re.sub(r"[^\d]", "", t) == re.sub(r"[^\d]", "", digits) and \
                any(term in stems(w) for w in toks[i + 1:i + 4] for term in nouns):
            return True
    return False


# the stems of the event verbs a count question asks with: what happened, not what is counted
_EVENT_STEM = re.compile(r"(?i)^(clos|open|cut|deliv|sell|sold|ship|produc|complet|hire|hir|add|lost|lose|reduc|elimin|"
                         r"termin|repurchas|buy|bought|exit|let|laid|lay)")
