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


# (a company's name broken before its legal form: "... attributable to the shareholders of Sargasso" / "Bulk Carriers
# Ltd. 41,230 38,911")
_LEGAL_TAIL = re.compile(r"^(?:[A-Z][\w&.'’-]*\s+){0,4}(?:Ltd|Limited|Inc|Incorporated|plc|PLC|AG|SE|S\.A|N\.V|Corp|"
                         r"Corporation|Co|Holdings)\.?,?$")


def continues(label: str, nxt: str) -> bool:
    """The next line goes on with this label: the label is left open, the next line starts mid-phrase, or it ends a
    company's name the label began."""
    return bool(_OPEN_END.search(label) or _CONTINUES.match(nxt) or
                re.search(r"\b(?:[Oo]f|[Tt]o)\s+(?:the\s+)?[A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*){0,3}$", label) and
                _LEGAL_TAIL.match(nxt))
