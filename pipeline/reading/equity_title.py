"""How a statement of changes in equity is titled, US and IFRS wording (its own module so that the table reader
and the equity reader share it without importing each other)."""
from __future__ import annotations

import re

# "Consolidated Statement(s) of Changes in Equity", "Statement of Changes in Stockholders' (Deficit) Equity",
# "Consolidated Statements of Shareholders' Equity", "Statements of Redeemable Convertible Preferred Stock and
# Stockholders' Equity (Deficit)", "Consolidated Statements of Equity", "Statement of Changes in Members' Equity"
TITLE = (r"statements? of (?:consolidated )?(?:changes in )?(?:[\w,'’ -]{0,60}? and (?:changes in )?)?"
         r"(?:(?:total |net )?(?:stockholders|shareholders|shareowners|members|owners|partners)['’]? )?"
         r"(?:\((?:deficit|deficiency)\) )?(?:equity|deficit|deficiency)(?: \((?:deficit|deficiency)\))?")
# the same title with the PDF's text broken inside its words, letters only
SQUASHED = (r"(consolidated|group|company)?statements?of(consolidated)?(changesin)?"
            r"(stockholders|shareholders|shareowners|members)?(deficit)?(equity|deficit)(deficit)?(continued|unaudited)*")
_TITLE_LINE = re.compile(rf"(?i)^\s*(?:the\s+)?(?:consolidated|group|company|parent)?\s*{TITLE}\b")
_SQUASHED_LINE = re.compile(SQUASHED)


def is_title(line: str) -> bool:
    """A line that titles a statement of changes in equity (also its "(continued)" page)."""
    line = line.replace("\xa0", " ")
    if len(line) > 140:
        return False
    return bool(_TITLE_LINE.search(line)) or (len(line) <= 80 and bool(
        _SQUASHED_LINE.fullmatch(re.sub(r"[^a-z]", "", line.lower()))))
