"""A count stated in a sentence: does a number count the asked thing; an event's count (joined, left), not a level."""

from __future__ import annotations

import re

from pipeline.question.terms import stems


_REFERENCE = re.compile(r"(?i)\(?(note|notes|item|part|chapter|page|exhibit|section|article|rule|schedule|form)")
# words that say a count is whole, not narrower: "798,000 full-time and part-time employees"
_ALL_OF_THEM = re.compile(r"(?i)(full|part)(-time|-)?|time|and|or|&|-|permanent|temporary|total|worldwide|global")


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


def asks_a_flow(question: str) -> bool:
    return bool(FLOW_Q.search(question))


def count_score(sentence: str, terms: list[str]) -> int:
    """How well a sentence counts the asked thing: a number with one of the question's terms within five
    words after it or four before it (never across a sentence end), no other number between ("approximately
    156,000 employees", "982 stores", "total workforce was approximately 142,000"). 2 when only filler stands
    between number and noun,
    1 when other words narrow the count ("9,800 new employees"), 0 when there is no such number."""
    from pipeline.question.terms import content_terms

    toks = sentence.split()
    months = re.compile(r"(?i)^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?$")
    best = 0
    for i, t in enumerate(toks):
        if not re.fullmatch(r"\d[\d,]*(\.\d+)?[,.]?", t) or re.fullmatch(r"(19|20)\d{2}[,.]?", t) \
                or (i and months.match(toks[i - 1])) or (i and _REFERENCE.fullmatch(toks[i - 1])) \
                or (i + 1 < len(toks) and months.match(toks[i + 1]) and re.fullmatch(r"[0-3]?\d", t)):
            continue        # a year, a date ("June 30", "30 September"), "Note 13", "Item 7", "page 4"
        follows = content_terms(" ".join(toks[i + 1:i + 2]))
        own_noun = bool(follows) and not any(t in stems(toks[i + 1]) for t in terms)   # "13,000 participants"
        for back, window in ((False, toks[i + 1:i + 6]),
                             (True, [] if own_noun else list(reversed(toks[max(0, i - 4):i])))):
            between: list[str] = []
            for w in window:
                if re.search(r"\d", w) or (back and w.endswith((".", ":", ";"))):
                    break       # another number, or "... technical staff. 4": a page number run into the text
                if any(term in stems(w) for term in terms):
                    said = " ".join(x for x in between if not _ALL_OF_THEM.fullmatch(x))
                    narrowing = [x for x in content_terms(said) if x not in terms]
                    # "we hired more than 14,000 employees": how many joined or left, not how many there are
                    moved = HEADCOUNT_FLOW.search(" ".join(toks[max(0, i - 4):i]))
                    best = max(best, 1 if narrowing or moved else 2)
                    break
                if w.endswith((".", ":", ";")):
                    break       # the sentence ended before the noun
                between.append(w)
    return best


def states_a_flow(sentence: str) -> bool:
    """"we hired", "a reduction of", "opened": the sentence counts what joined or left, not a level."""
    return bool(HEADCOUNT_FLOW.search(sentence))
