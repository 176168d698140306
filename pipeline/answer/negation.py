"""Whether a sentence found for a yes/no question denies what it asks: a negation word the sentence carries and the
question does not ("no amounts were outstanding"), or an asked word in its negative "un-" form said of the asked thing
("the facility remained undrawn" for "anything drawn?", "the dividend was unpaid" for "was it paid?"). An "un-" word
that names a kind of thing ("unsecured notes", "unrealized losses", "unaudited figures") denies nothing, nor does one
beside the plain word ("secured ... and unsecured")."""
from __future__ import annotations

import re

_NEGATION = re.compile(r"(?i)\b(not|no|none|never|neither|nor|without)\b|n['’]t\b")
_NOT_NEGATION = re.compile(r"(?i)\b(but|including|though|whether or) not( limited to)?\b|not only\b|no later than|"
                           r"\bnot be\b|\bwhether\b")
# the "un-" word as a predicate: after a copula or a verb of state ("was undrawn", "remained unpaid")
_PREDICATE = r"\b(?:is|was|were|are|been|be|remained|remains|remain|stayed|left|went)\s+(?:\w+\s+)?"


# predicates that state each other's opposite: a sentence saying one answers a question asking the other ("in compliance
# with all loan covenants" denies a breach; "was not in compliance", "other than the interest cover covenant" state one)
_BREACH = re.compile(r"(?i)\b(?:breach\w*|default(?:ed|s)?\s+on|violat\w*|non-?complian\w*|fail\w*\s+to\s+(?:comply|meet))\b")
_COMPLIED = re.compile(r"(?i)(?<!non-)(?<!non )\b(?:in\s+compliance|complied|compliant|met\s+all|satisfied\s+all)\b")
# a negation governing the predicate itself: "was not in compliance", "did not breach", "has never defaulted on", "no
# breach" (never one elsewhere in the sentence: "... and no waivers were required")
_NEGATED = r"(?i)\b(?:not|never|no)\s+(?:\w+\s+){0,2}(?=(?:%s))|n['’]t\s+(?:\w+\s+){0,2}(?=(?:%s))"
# an exception carved out of compliance: "in compliance with all covenants other than the interest cover covenant"
_EXCEPT = re.compile(r"(?i)\b(?:other\s+than|except(?:\s+for)?|save\s+for|with\s+the\s+exception\s+of)\b")


_NEGATED_OF = {p: re.compile(_NEGATED % (p.pattern[4:], p.pattern[4:])) for p in (_BREACH, _COMPLIED)}


def _said(predicate: re.Pattern, sentence: str) -> bool | None:
    """Whether the sentence states the predicate (True), states it negated (False), or does not name it (None)."""
    m = predicate.search(sentence)
    if m is None:
        return None
    return not _NEGATED_OF[predicate].search(sentence[:m.end()])


# a facility's use asked ("any borrowings outstanding under the revolver?", "was the facility drawn?") and the facility
# said to be unused as a whole ("The revolving credit facility was undrawn"; never an amount left undrawn under it)
_FACILITY = r"(?:facilit(?:y|ies)|revolver|revolving\s+credit|credit\s+lines?|line\s+of\s+credit|overdraft)"
_USE_ASKED = re.compile(rf"(?i)\b(?:drawn|draw\s*downs?|borrow\w*|outstanding|utili[sz]\w*)\b.*\b{_FACILITY}|"
                        rf"\b{_FACILITY}\b.*\b(?:drawn|drawn\s+down|utili[sz]ed)\b")
# the rest of the sentence saying something was drawn or owed after all ("... but $75 million was drawn on it",
# "borrowings of $200 million were outstanding under its term loan"): no denial
_DRAWN_ELSEWHERE = re.compile(r"(?i)\b(?:drawn|borrow\w*|loans?|advances?)\b.*\b(?:outstanding|drawn|owed)\b|"
                              r"\b(?:outstanding|drawn|owed)\b.*\b(?:borrow\w*|loans?|facilit(?:y|ies)|notes)\b|\bwas\s+drawn\b")
_UNUSED_WORDS = r"\b(?:undrawn|unutili[sz]ed|unused)\b"
_UNUSED = re.compile(rf"(?i)\b{_FACILITY}\b[^.;$\d]{{0,60}}?\b(?:was|were|is|are|remained|remains|stayed)\s+"
                     rf"(?:fully\s+|entirely\s+|completely\s+)?{_UNUSED_WORDS}")


def denies(sentence: str, question: str) -> bool:
    if _USE_ASKED.search(question) and not re.search(rf"(?i){_UNUSED_WORDS}", question) and \
            (unused := _UNUSED.search(sentence)) and \
            not _DRAWN_ELSEWHERE.search(sentence[:unused.start()] + " " + sentence[unused.end():]):
        return True
    breach_q, comply_q = bool(_BREACH.search(question)), bool(_COMPLIED.search(question))
    if breach_q != comply_q:
        breach, comply = _said(_BREACH, sentence), _said(_COMPLIED, sentence)
        if comply is True and _EXCEPT.search(sentence):
            comply, breach = None, True         # compliance but for one covenant: a breach of it
        states_breach = breach if breach is not None else (not comply if comply is not None else None)
        if states_breach is not None:
            return states_breach != breach_q
    if _NEGATION.search(_NOT_NEGATION.sub(" ", sentence)) and not _NEGATION.search(question):
        return True
    for w in {w.lower().rstrip("e") for w in re.findall(r"[A-Za-z]{4,}", question)}:     # ("change": "unchanged")
        if re.search(rf"(?i)\bun-?{w}", question) or re.search(rf"(?i)(?<!un)(?<!un-)\b{w}\w{{0,3}}\b", sentence):
            continue
        if re.search(rf"(?i){_PREDICATE}un-?{w}\w{{0,3}}\b", sentence):
            return True
    return False
