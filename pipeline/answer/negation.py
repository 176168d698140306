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


def denies(sentence: str, question: str) -> bool:
    if _NEGATION.search(_NOT_NEGATION.sub(" ", sentence)) and not _NEGATION.search(question):
        return True
    for w in {w.lower().rstrip("e") for w in re.findall(r"[A-Za-z]{4,}", question)}:     # ("change": "unchanged")
        if re.search(rf"(?i)\bun-?{w}", question) or re.search(rf"(?i)(?<!un)(?<!un-)\b{w}\w{{0,3}}\b", sentence):
            continue
        if re.search(rf"(?i){_PREDICATE}un-?{w}\w{{0,3}}\b", sentence):
            return True
    return False
