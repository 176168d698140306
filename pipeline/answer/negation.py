"""Whether a sentence found for a yes/no question denies what it asks: a negation word the sentence carries and the
question does not ("no amounts were outstanding"), or an asked word in its negative "un-" form ("was undrawn" for
"anything drawn?", "remained unpaid" for "was it paid?")."""
from __future__ import annotations

import re

_NEGATION = re.compile(r"(?i)\b(not|no|none|never|neither|nor|without)\b|n['’]t\b")
_NOT_NEGATION = re.compile(r"(?i)\b(but|including|though|whether or) not( limited to)?\b|not only\b|no later than|"
                           r"\bnot be\b|\bwhether\b")


def denies(sentence: str, question: str) -> bool:
    if _NEGATION.search(_NOT_NEGATION.sub(" ", sentence)) and not _NEGATION.search(question):
        return True
    asked = {w.lower().rstrip("e") for w in re.findall(r"[A-Za-z]{4,}", question)}     # ("change": "unchanged")
    return any(re.search(rf"(?i)\bun-?{w}\w{{0,3}}\b", sentence) and not re.search(rf"(?i)\bun-?{w}", question)
               for w in asked)
