"""A row printed for two things together is neither one's figure: "Number of showrooms (India + GCC)" never answers
how many showrooms are in India, "Revenue (UK & Ireland)" never the UK's revenue."""
from __future__ import annotations

import re

from pipeline.question.figure_ask import Ask
from pipeline.question.terms import stems
from pipeline.stores.facts import StoredFact

# two things joined in a label's brackets: by "+" or "&", or by "and" between two names in capitals
_JOINED = re.compile(r"\(\s*([^()+&]*?[A-Za-z][^()+&]*?)\s*(?:\+|&)\s*([^()+&]*?[A-Za-z][^()+&]*?)\s*\)|"
                     r"\(\s*([A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)?)\s+and\s+([A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)?)\s*\)")


def one_of_two_asked(ask: Ask, f: StoredFact) -> bool:
    """The row's label joins two things and the question names one of them alone."""
    m = _JOINED.search(f.label)
    if m is None:
        return False
    a, b = (set(stems(g)) for g in (m.group(1) or m.group(3), m.group(2) or m.group(4)))
    asked = set(stems(ask.question))
    return bool(a) and bool(b) and (a <= asked) != (b <= asked)
