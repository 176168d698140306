"""Counts asked in prose: "How many employees ...?", "number of stores". What a question counts (with the general
vocabulary's synonyms: employees, workforce, headcount ...) and whether a text states such a count ("approximately
156,000 employees", "total workforce was approximately 156,000"). The count locator (a retrieval side) finds the
chunks that state one; the rules reranker puts them first; the prose answerer then checks the sentence."""
from __future__ import annotations

import re

_HOW_MANY = re.compile(r"(?i)\b(?:how many|number of|count of)\s+(?:\w+\s+){0,2}?"
                       r"(employees|people|staff|workers|workforce|headcount|stores|locations|outlets|restaurants|"
                       r"customers|subscribers|members|aircraft|airplanes|deliveries|patents|facilities|"
                       r"plants|countries|franchises|branches)\b")


def counted_nouns(question: str) -> tuple[str, ...]:
    """What a "how many ...?" question counts, with its synonyms ("employees" -> "workforce", "headcount"); ()
    when it asks no count."""
    # ("Acme employees 2022": a bare head-count noun is a count too, unless it qualifies an amount)
    m = _HOW_MANY.search(question) or (re.search(r"(?i)\b(employees|headcount|workforce)\s*(\d{4}|fy|\?|$)", question)
                                       if not re.search(r"(?i)\$|compensation|cost|expense|benefit|pay", question)
                                       else None)
    if not m:
        return ()
    from pipeline.question.terms import synonyms_of

    return synonyms_of(m.group(1).lower())


def count_pattern(nouns: tuple[str, ...], *, postgres: bool = False) -> str:
    """A regular expression for a stated count of one of `nouns`: a number of three or more digits (never a year
    or a date's day) followed within four words by the noun, or the noun followed within 60 characters by the
    number. `postgres`: in Postgres' syntax (word boundaries \\m / \\M)."""
    words = [re.escape(w) for w in nouns if re.fullmatch(r"[A-Za-z][A-Za-z -]*", w)]
    alt = "(" + "|".join(w.replace("\\ ", " ") for w in words) + ")"
    start, end = (r"\m", r"\M") if postgres else (r"\b", r"\b")
    # (page text keeps the PDF's no-break spaces: "61,200\xa0full-\xa0and\xa0part-time\xa0employees")
    sp, word = (r"[\s\u00a0]", r"[^\s\u00a0]") if postgres else (r"\s", r"\S")
    number = r"\d{1,3}(,\d{3})+|\d{3,}"
    return rf"({number}){sp}+({word}+{sp}+){{0,4}}{alt}{end}|{start}{alt}{end}[^.]{{0,60}}?({number})"


def states_count(text: str, nouns: tuple[str, ...]) -> bool:
    if not nouns:
        return False
    for m in re.finditer(count_pattern(nouns), text, re.I):
        number = next(g for g in (m.group(1), m.group(m.lastindex)) if g and re.match(r"\d", g))
        if not re.fullmatch(r"(19|20)\d{2}", number):
            return True
    return False
