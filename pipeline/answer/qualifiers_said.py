"""Qualifiers a question puts on a figure that a sentence must say too, or it states another figure: the place a count
is asked within ("tons harvested in Georgia": a sentence giving the whole harvest is no answer) and the unit a figure
is asked per ("price per vessel": a sentence giving an order's total value is no answer)."""
from __future__ import annotations

import re

from pipeline.core import months
from pipeline.core.currencies import CURRENCY_RE

# a place named after "in", "from", "across", "within": capitalised words ("in Georgia", "from New South Wales"), never
# a period, a statement or a document ("in Fiscal 2094", "in December", "in the Annual Report", "in Q4")
_PLACE = re.compile(r"\b(?:in|from|across|within)\s+(?:the\s+)?(?P<place>[A-Z][a-z]{2,}(?:\s+[A-Z][a-z]{2,}){0,2})\b"
                    r"(?!['’]s?\b)")       # (an owner's name is no place: "learners in Tshwane's schools")
_NOT_A_PLACE = re.compile(r"(?i)^(?:fiscal|financial|year|fy|annual|report|statements?|notes?|total|aggregate|"
                          r"consolidated|group|company|its|our|their|each|all|respect|addition|connection|line|"
                          r"accordance|relation|terms?|item|part|section|constant|reported|organic|strategic|"
                          r"directors|chair\w*|management|ceo|cfo)\b|\b(?:report|review|statement|currency|basis)$")
# a unit a figure is asked per ("per vessel", "per ton", "per room"): never a share's, a period's or a percentage's
# after the figure it divides ("price per vessel", "revenue per room"; never "Per management, why ...")
_PER = re.compile(r"(?i)\b(?:price|cost|revenue|sales|income|profit|earnings|rate|amount|value|spend\w*|fees?|margin|"
                  r"output|production|volume|yield|capex|ebitda|consumption)s?\s+per\s+(?!(?:share|unit|cent|annum|year|"
                  r"month|week|day|quarter|hour|capita|basic|diluted|ordinary|common|the|its|our|their|management|"
                  r"note)\b)(?P<unit>[a-z]{3,})\b")


def places_asked(question: str, company_words: set[str]) -> list[str]:
    out = []
    for m in _PLACE.finditer(question):
        place = m.group("place")
        if _NOT_A_PLACE.match(place) or months.number(place.split()[0]) is not None or \
                {w.lower() for w in place.split()} & company_words or CURRENCY_RE.match(question, m.start("place")):
            continue        # (the company's own words; a currency: "in Canadian dollars")
        out.append(place)
    return out


def unsaid(question: str, sentence: str, company_words: set[str], counting: bool) -> bool:
    """The sentence leaves out a place a count is asked within ("tons harvested in Georgia"), or a unit a figure is
    asked per (said "per ton", "a ton", "each", or by a unit's sign after a figure, "US$72/bbl")."""
    if counting and any(not re.search(rf"(?i)\b{re.escape(p)}\b", sentence)
                        for p in places_asked(question, company_words)):
        return True
    return any(not re.search(rf"(?i)\b(?:per|an?|each)\s+{u[:4]}|{u[:4]}\w*\s+each\b|\d\s?/\s?[a-z]{{1,5}}\b", sentence)
               for u in (m.group("unit") for m in _PER.finditer(question)))
