"""A row printed for two things together is neither one's figure: "Number of showrooms (India + GCC)" never answers
how many showrooms are in India, "Revenue (UK & Ireland)" never the UK's revenue."""
from __future__ import annotations

import re

from pipeline.question.figure_ask import Ask
from pipeline.question.terms import stems
from pipeline.stores.facts import StoredFact

# two names joined in a label's brackets, each in capitals, by "+", "&" or "and" ("(India + GCC)", "(UK & Ireland)");
# never a measure's two bases or parts ("(Basic and Diluted)", "(excluding depreciation & amortisation)")
_NAME = r"[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)?"
_JOINED = re.compile(rf"\(\s*({_NAME})\s*(?:\+|&|\band\b)\s*({_NAME})\s*\)")
_NOT_NAMES = re.compile(r"(?i)\b(?:basic|diluted|continuing|discontinued|current|non-current|net|gross|interim|final|"
                        r"depreciation|amorti[sz]ation|interest|tax)\b")


def one_of_two_asked(ask: Ask, f: StoredFact) -> bool:
    """The row's label joins two things and the question names one of them alone."""
    m = _JOINED.search(f.label)
    if m is None or _NOT_NAMES.search(m.group(0)):
        return False
    a, b = (set(stems(g)) for g in (m.group(1), m.group(2)))
    asked = set(stems(ask.question))
    return bool(a) and bool(b) and (a <= asked) != (b <= asked)
