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
# with all loan covenants" denies a breach; "not in compliance" states it)
_BREACH = re.compile(r"(?i)\b(?:breach\w*|default(?:ed|s)?\s+on|violat\w*|non-?complian\w*|fail\w*\s+to\s+(?:comply|meet))\b")
_COMPLIED = re.compile(r"(?i)(?<!non-)(?<!non )\b(?:in\s+compliance|complied|compliant|met\s+all|satisfied\s+all)\b")
_OPPOSED = ((_BREACH, _COMPLIED), (_COMPLIED, _BREACH))


def denies(sentence: str, question: str) -> bool:
    for asked, other in _OPPOSED:
        if asked.search(question) and other.search(sentence) and not asked.search(sentence):
            return not _NEGATION.search(_NOT_NEGATION.sub(" ", sentence))
    if _NEGATION.search(_NOT_NEGATION.sub(" ", sentence)) and not _NEGATION.search(question):
        return True
    for w in {w.lower().rstrip("e") for w in re.findall(r"[A-Za-z]{4,}", question)}:     # ("change": "unchanged")
        if re.search(rf"(?i)\bun-?{w}", question) or re.search(rf"(?i)(?<!un)(?<!un-)\b{w}\w{{0,3}}\b", sentence):
            continue
        if re.search(rf"(?i){_PREDICATE}un-?{w}\w{{0,3}}\b", sentence):
            return True
    return False
