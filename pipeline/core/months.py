"""The months as reports and questions write them: one list, one pattern, one lookup (dates in statement headers,
fiscal years named by their closing month, "between June and November 2036" in a sentence)."""
from __future__ import annotations

import re

NAMES = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
         "november", "december"]
# a month written in full or abbreviated, with or without its full stop ("Dec.", "Sept", "March")
MON = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
# a date written with its month's name: "March 31, 2094", "31 March 2094" (no group captured)
DATE = rf"(?:{MON}\s+\d{{1,2}},?\s+(?:19|20)\d{{2}}|\d{{1,2}}\s+{MON},?\s+(?:19|20)\d{{2}})"
# the same with the month's first three letters captured (for `number`)
MON_CAPTURED = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
# name or abbreviation -> month number ("january", "jan", "sept")
NUMBERS = {**{m: i for i, m in enumerate(NAMES, start=1)}, **{m[:3]: i for i, m in enumerate(NAMES, start=1)},
           "sept": 9}


def number(word: str) -> int | None:
    """The month `word` names ("Dec.", "December", "sept") as 1-12, or None."""
    w = re.sub(r"[^a-z]", "", word.lower())
    return NUMBERS.get(w) or (NUMBERS.get(w[:3]) if len(w) >= 3 and NAMES[NUMBERS.get(w[:3], 1) - 1].startswith(w)
                              else None)
