"""What a question says it does not ask: "Gross profit 2087, not realized gross profit", "EBIT margin (not adjusted)",
"operating cash flow, rather than free cash flow". The words after "not", "rather than", "instead of", "as opposed
to" name another line: they are no words of the measure, and a row printing them all is never the answer where
another row prints what is asked without them.

Whose figure ("not the group", "not consolidated") is read by `whose_figure`, and "not including X" is an exclusion
("excluding X"), so neither is set aside here.
"""
from __future__ import annotations

import re

from pipeline.question.terms import spell_out

# the phrase set aside: after a comma, a dash or an opening bracket, to the next punctuation
_SET_ASIDE = re.compile(r"(?i)(?:,|;|\()\s*(?:but\s+)?(?:not|rather\s+than|instead\s+of|as\s+opposed\s+to)\s+"
                        r"(?!includ|incl\b|counting|only|just|even|yet|more|less|later|earlier|before|after|"
                        # (a state a line is named by: "Trade receivables (not past due)", "(not recognised)")
                        r"past\b|due\b|impaired|recogni[sz]ed|designated|quoted|listed|traded|restated|audited|"
                        r"reviewed|annuali[sz]ed|yet\b)(?:the\s+)?(?P<phrase>[^,;.?()]+)")
# whose figure, and the words any line may hold: never a reason to set a row aside
_NOT_A_LINE = re.compile(r"(?i)\b(?:group|consolidated|company|parent|standalone|stand-alone|separate|entity|"
                         r"the|a|an|of|for|line|figure|number|one|measure|basis|amount|in|fy\d*|\d+)\b")


def phrases(text: str) -> list[str]:
    """The phrases `text` sets aside, their acronyms spelled out as `terms.spell_out` spells them."""
    return [spell_out(m.group("phrase")).strip() for m in _SET_ASIDE.finditer(text)]


def without(text: str) -> str:
    """`text` without what it sets aside (its words are not the measure's)."""
    return _SET_ASIDE.sub(" ", text)


def words(text: str) -> list[str]:
    """The words of the set-aside phrases that name a line, not whose figure nor filler."""
    return [w for p in phrases(text) for w in re.findall(r"[a-z][a-z&'-]*", _NOT_A_LINE.sub(" ", p).lower())]


def rows_set_aside(aside: set[str], asked: set[str], cands: list, stems_of) -> set[int]:
    """The ids of the candidate rows that are the line set aside: they print every word of it (`stems_of` a row's
    stems) and no "not" of their own ("Deferred tax assets not recognised" names its state), where another row prints
    the words asked without it ("GROSS PROFIT" beside "REALIZED GROSS PROFIT"; "Basic and diluted earnings per share"
    alone stays)."""
    if not aside:
        return set()
    rows = {id(f): (stems_of(f), f.label) for f in cands}
    out = {k for k, (row, label) in rows.items() if aside <= row and not re.search(r"(?i)\bnot\b", label)}
    return out if any(k not in out and asked <= row for k, (row, _) in rows.items()) else set()
