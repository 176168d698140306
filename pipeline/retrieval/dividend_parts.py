"""Which of a year's dividends a row is, and which one a question asks: the interim, final, special or a quarter's
dividend is one of the year's; the year's total is none of them. A row that is one part never answers a question
asking the year's dividend, nor the year's total one asking a part."""
from __future__ import annotations

import re

from pipeline.question.figure_ask import DIVIDEND, Ask
from pipeline.question.year_parts import parts_named
from pipeline.stores.facts import StoredFact

# a row that is a part alone under a dividend heading ("Dividends per share › Interim / Final / Total")
PART_ALONE = re.compile(r"(?i)\s*(?:(?:(?:first|second|third)\s+)?(?:interim|final|special|total)|"
                        # (or named by when it is paid: "Fiscal year-end", "2nd quarter-end", "Q3")
                        r"(?:fiscal\s+)?year[- ]end|(?:[1-4](?:st|nd|rd|th)|first|second|third|fourth)\s+quarter(?:[- ]end)?|"
                        r"q[1-4](?:[- ]end)?)(?:\s+dividends?)?\s*")
_PART = re.compile(r"(?i)\b(interim|final|special|supplementary|quarterly|first|second|third|fourth|q[1-4]|"
                   r"[12]h|h[12]|[1-4](?:st|nd|rd|th)\s+quarter|year-end(?=\s+(?:dividend|dps)))\b|"
                   # a dividend's sub-column named by when it is paid ("Fiscal year-end", "2nd quarter-end")
                   r"^(?:fiscal\s+)?year[- ]end$")
_WHOLE_YEAR = re.compile(r"(?i)\btotal\b(?!(?:\s+[\w-]+){0,3}?\s+(?:interim|final|year-end|special|quarterly)\b)|\bfull[- ]year\b|\bannual\b(?!\s+report)|\b(?:interim|first)\b.{0,12}\b(?:plus|and|\+)\b")


# a question asking the dividend put forward after the year ("proposed", "recommended")
PROPOSAL_ASKED = re.compile(r"(?i)\b(?:propos|recommend)\w*")
# which part a wording names, to tell one part from another ("Q4" is the "Fourth quarter", never the "First quarter"):
# the quarters and halves as `year_parts` names them, and the dividends named by when they are paid
_PAID = [(re.compile(r"(?i)\binterim\b"), "interim"), (re.compile(r"(?i)\bfinal\b|\byear[- ]end\b"), "final"),
         (re.compile(r"(?i)\bspecial\b"), "special")]


def _part_keys(text: str) -> set[str]:
    keys = parts_named(text) | {k for pat, k in _PAID if pat.search(text)}
    return keys | {"interim"} if "h1" in keys else keys       # (the first half's dividend is the interim one)


# a dividend the company received ("Dividends from subsidiaries", "Dividend income", "Dividends received"), or a
# measure of a dividend ("Tax on dividends paid by ...", "withholding tax on dividends")
_RECEIVED = re.compile(r"(?i)\bdividends?\s+(?:received\s+)?from\s+(?:associates?|joint\s+ventures?|subsidiar\w+|investments?|"
                       r"investees?)\b|\bdividends?\s+(?:income|received|receivable)\b|\breceived\b|\bincome\s+from\b|"
                       r"\btax(?:es)?\s+on\b")


def another_part(ask: Ask, f: StoredFact) -> bool:
    """The row is one of the year's dividends where the year's is asked, or the year's where one part is: "Interim
    dividend per share" (or "Dividends › Final") for the year's dividend per share; the year's dividends paid for "the
    year-end (final) dividend"."""
    if DIVIDEND.search(ask.question) and _RECEIVED.search(f.label_path) and not _RECEIVED.search(ask.question):
        return True     # the company's dividend asked: what it received from its investments, or a tax on a dividend,
        #                 is no part of it
    if PROPOSAL_ASKED.search(ask.question) and f.kind == "money" and DIVIDEND.search(f.label_path) and \
            not PROPOSAL_ASKED.search(f.label_path):
        return True     # the dividend proposed after the year is recognised in no statement: a row paid or declared
        #                 ("Dividend for 2096 (3,360)") is another year's
    part_asked = bool(_PART.search(ask.question)) and not _WHOLE_YEAR.search(ask.question)
    if not _PART.search(ask.question) and PROPOSAL_ASKED.search(ask.question) and f.kind == "per_share" and \
            DIVIDEND.search(f.label_path):
        return bool(_part_keys(f.label) - {"final"})    # the dividend proposed (recommended) after the year is its
        #                                                 final one: never the interim already paid
    if f.kind == "per_share" and DIVIDEND.search(f.label_path) and bool(_PART.search(f.label)) != part_asked:
        return True
    if part_asked and f.kind == "per_share" and DIVIDEND.search(f.label_path) and \
            (asked := _part_keys(ask.question)) and (printed := _part_keys(f.label)) and not asked & printed:
        return True     # one part asked, another printed
    return f.kind == "money" and bool(DIVIDEND.search(ask.question)) and part_asked and not _PART.search(f.label_path)
