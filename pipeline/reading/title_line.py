"""What may follow a statement's name on its title line, and a line that is a sentence naming a statement rather
than titling one (shared by the page-title reader and the equity statement's title, which import each other not)."""
from __future__ import annotations

import re

# after the title: "(continued)", "(unaudited)", or the company's name on the same line ("Consolidated Statements
# of Income Acme Incorporated and Subsidiary Companies"), never a sentence going on ("... for capital spending") nor a
# page reference ("F-5": a table of contents' entry)
# or the statement's unit in brackets ("(Millions of yen)", "(Unit: millions of yen)", "(in thousands, except per share
# data)", "(€ million)", "(HK$'000)")
_UNITS = (r"\((?=[^()]{0,80}(?:\b(?:millions?|thousands?|billions?|crores?|lakhs?)\b|'000\b|\b000s?\b|"
          r"[$£€¥]\s?(?:m|mn|bn|k)\b))[^()]{1,80}\)")
END = (r"(?-i:\s+(?!F-\d|Page\b)[A-Z][\w&.,'’-]*(?:\s+(?:and|of|&|(?!F-\d)[A-Z][\w&.,'’-]*))*)?"
       r"\s*(?:(?:\((?:continued|unaudited)\)|" + _UNITS + r")\s*)*$")
# a sentence: a full stop after a word (not an abbreviation of a company's form), or a verb of prose
PROSE = re.compile(r"[\w,)”\"](?<!\bInc)(?<!\bCo)(?<!\bCorp)(?<!\bLtd)\.(\s|$)|\b(we|our|is|are|was|were)\b")
# the period on the title line itself ("Consolidated Statements of Income for the Years Ended", "... of Financial
# Position as at 31 December 2022", "... for the years ended December 31, 2022 and 2021"), its date optional (printed
# over the columns instead); a page number after it (a table of contents' entry) is no part of a title
_DATE = (r"(?:\s+(?:[A-Z][a-z]{2,8}\.?\s+\d{1,2},?|\d{1,2}\s+[A-Z][a-z]{2,8})\s+(?:19|20)\d{2}"
         r"(?:,?\s+(?:and\s+)?(?:19|20)\d{2})*|\s+\d{1,2}[./]\d{1,2}[./](?:19|20)\d{2})?")    # (or "31.12.2088")
PERIOD = (r"(?:\s*[,–—-]?\s*(?:for\s+the\s+(?:(?:financial|fiscal)\s+)?(?:years?|periods?|(?:three|six|nine|twelve|\d+)"
          r"\s+months|(?:fifty-two|fifty-three|52|53)\s+weeks)\s+ended|as\s+(?:at|of)|at(?=\s+\d{1,2}\s+[A-Za-z]))" + _DATE +
          # (Nordic and German titles name the year itself: "Consolidated Income Statement for the year 2093")
          r"|\s+for\s+the\s+(?:(?:financial|fiscal)\s+)?year\s+(?:19|20)\d{2})?")
