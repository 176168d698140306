"""How a statement of changes in equity is titled, US and IFRS wording (its own module so that the table reader
and the equity reader share it without importing each other)."""
from __future__ import annotations

import re

from pipeline.reading.title_line import END, PROSE

# "Consolidated Statement(s) of Changes in Equity", "Statement of Changes in Stockholders' (Deficit) Equity",
# "Consolidated Statements of Shareholders' Equity", "Statements of Redeemable Convertible Preferred Stock and
# Stockholders' Equity (Deficit)", "Consolidated Statements of Equity", "Statement of Changes in Members' Equity"
TITLE = (r"statements? of (?:consolidated )?(?:changes in )?(?:[\w,'’ -]{0,60}? and (?:changes in )?)?"
         r"(?:(?:total |net )?(?:stockholders|shareholders|shareowners|members|owners|partners)['’]? )?"
         r"(?:\((?:deficit|deficiency)\) )?(?:equity|deficit|deficiency)(?: \((?:deficit|deficiency)\))?")
# the same title with the PDF's text broken inside its words, letters only
SQUASHED = (r"(consolidated|group|company)?statements?of(consolidated)?(changesin)?"
            r"(stockholders|shareholders|shareowners|members)?(deficit)?(equity|deficit)(deficit)?(continued|unaudited)*")
# the title line ends at the title, the company's name, "(continued)" (title_line.END), or the period it covers and
# its unit ("... for the year ended 30 June 2024", "(in thousands, except share data)"); a sentence going on past
# the statement's name ("... sets out the movements in each reserve") cites it, and titles nothing
_TAIL = (r"(?:\s*(?:[,–—-]\s*)?(?:(?:for\s+the\s+|as\s+(?:at|of)\s+)?(?:(?:financial|fiscal)\s+)?(?:years?|periods?)"
         r"\s+ended\b[\w\s,.]*|\((?:in|expressed|amounts)\b[^)]*\)))*")
_TITLE_LINE = re.compile(rf"(?i)^\s*(?:the\s+)?(?:consolidated|group|company|parent)?\s*{TITLE}\b(?:(?:\s*[–—-])?{END}|{_TAIL}\s*"
                         rf"(?:\((?:continued|unaudited)\)\s*)*$)")
_SQUASHED_LINE = re.compile(SQUASHED)


def is_title(line: str) -> bool:
    """A line that titles a statement of changes in equity (also its "(continued)" page)."""
    line = line.replace("\xa0", " ")
    if len(line) > 140:
        return False
    return bool(_TITLE_LINE.search(line)) and not PROSE.search(line) or (len(line) <= 80 and bool(
        _SQUASHED_LINE.fullmatch(re.sub(r"[^a-z]", "", line.lower()))))
