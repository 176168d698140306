"""Measures an analyst names with a verb phrase instead of the measure's name: "how much cash did Acme generate from
its operations" asks the operating cash flow, never the cash balance. Read over folded text (`lexicon.fold`), where
the phrase becomes the measure's own term, so the lexicon finds the measure and its words are no qualifiers."""
from __future__ import annotations

import re

# "cash ... generated / produced / provided / brought in from (its) operations / operating activities / the business"
_OPERATING_CASH = re.compile(
    r"\bcash\b(?:\s+[\w'&.-]+){0,6}?\s+(?:generat\w*|produc\w*|provid\w*|brought in|bring in|brings in|throw\w* off)"
    r"\s+(?:from|by|in|through)\s+(?:its\s+|their\s+|the\s+|(?:[\w&.-]+\s+){0,2}[\w&.-]+'s\s+)?(?:core\s+)?"
    r"(?:operations|operating activities|business)\b")


def name_measures(folded: str) -> str:
    """`folded` with a measure worded as a verb phrase replaced by the measure's term."""
    return _OPERATING_CASH.sub(" operating cash flow ", folded)
