"""A row label wrapped over the next line(s): the label is left open ("Impairment losses on trade receivables and" /
"contract assets (2,184)"), or the next line starts mid-phrase ("net of tax", "respectively", "90,334,082 and
72,922,277 shares held in treasury"). The table reader joins such lines into one row."""
from __future__ import annotations

import re

# (a line starting with the share counts, "90,334,082 and 72,922,277 shares held in treasury", goes on with an equity
# line's terms)
_CONTINUES = re.compile(r"^(and|or|of|for|in|to|the|net|less|including|excluding|at|on|by|with|from|"
                        r"respectively|related|attributable)\b|^[a-z$(]|^\d[\d,.]*\s+and\s+\d[\d,.]*\s+(million\s+)?shares\b")
# (";": an equity line listing its terms clause by clause, "...; 601 shares issued;" over "462 and 475 shares outstanding")
_OPEN_END = re.compile(r"(?i)([,;]|\b(and|or|of|for|in|to|the|net|less|including|excluding|at|on|by|with|from|per))$")


def continues(label: str, nxt: str) -> bool:
    """The next line goes on with this label: the label is left open, or the next line starts mid-phrase."""
    return bool(_OPEN_END.search(label) or _CONTINUES.match(nxt))


# an amount the label states, ending its first line ("Accounts receivable, net of allowance for doubtful accounts of
# $1,806" / "and $1,612, respectively 66,806 64,218"): the label's own, the row's figures on the next line
_STATED_IN_LABEL = re.compile(r"\b(?:of|at)\s+\$\s?\d[\d,]*(?:\.\d+)?\s*$")


def states_then_wraps(line: str, nxt: str) -> bool:
    """`line` ends with an amount its label states and `nxt` goes on with the label, then the figures."""
    from pipeline.reading.cells import split_row

    nxt_label, nxt_values = split_row(nxt) if nxt else ("", [])
    return bool(_STATED_IN_LABEL.search(line)) and bool(nxt_values) and nxt_label[:1].islower()
