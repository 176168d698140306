"""The scale a table's caption states: "(In millions, except per share data)", "(Rs in crore)", "Millions of yen",
"(Miles de pesos colombianos / Thousands of Colombian pesos)", "(En miles de pesos chilenos - M$)", "(w tysiącach
złotych)"."""
from __future__ import annotations

import re

# (a row's own count in brackets after its label, "Nuts processed (millions) 486 512", states no page's scale)
_UNIT = re.compile(r"(?i)(?<![a-z][ \t])\(\s*(?:\$|dollars|u\.?s\.? dollars|rs\.?|₹|inr)?\s*(?:in\s+)?(millions|thousands|billions|crores?|lakhs?)\b|"
                   r"\bin (millions|thousands|billions)\b|^\(?(millions|thousands|billions)\)?|(?m:^)(millions|thousands|"
                   r"billions) of (?:u\.?s\.? )?(?:yen|dollars|euros|pounds|won|rupees|baht|rand|francs|renminbi)\b|"
                   # a caption naming the currency's country, or in Spanish, after a bracket or the other language's
                   # half ("(Miles de pesos colombianos / Thousands of Colombian pesos)", "(Expresados en miles de ...)")
                   r"(?:^|[(/]\s*)(?:(?:expresad[oa]s|presentad[oa]s|cifras)\s+)?(?:en\s+)?(millions|thousands|billions|miles|millones) (?:of|de) (?:[a-z.]+\s+)?(?:yen|dollars|"
                   r"euros|pounds|won|rupees|baht|rand|francs|renminbi|pesos|reais|ringgit|dirhams|riyals)\b|"
                   # a Polish caption: "(w tysiącach złotych)", "(w milionach złotych)"
                   r"\(\s*w\s+(tysi[aą]cach|milionach)\b|"
                   # a Thai statement's "(Unit: Thousand Baht)", "(Unit: Baht million)"
                   r"\bunit\s*:\s*(?:[a-z]+\s+)?(thousands?|millions?|billions?)\b|"
                   # the currency in thousands, as Pakistani and Bangladeshi statements caption it: "(Rupees in '000)"
                   r"\(\s*[^\s()\d]{1,10}\s+in\s+(['’]000)s?\s*\)")


def detect_unit(text: str) -> str | None:
    m = _UNIT.search(text)
    if not m:
        return None
    word = next(g for g in m.groups() if g).lower()
    return {"millions": "million", "thousands": "thousand", "billions": "billion", "crore": "crore", "crores": "crore",
            "lakh": "lakh", "lakhs": "lakh", "miles": "thousand", "millones": "million", "million": "million",
            "thousand": "thousand", "billion": "billion", "tysiącach": "thousand", "tysiacach": "thousand",
            "milionach": "million", "'000": "thousand", "’000": "thousand"}[word]


# a caption's scale in brackets closing the line right above a table ("Operating Expenses (dollars in millions)",
# "... contractual obligations as of November 27, 2015 (in millions):")
_CLOSING = re.compile(r"\(([^()]*\b(?:millions|thousands|billions)\b[^()]*)\)\s*:?\s*$", re.I)


# (a count's scale, "(shares in millions)", "(units in thousands)": no amount's)
_COUNTED_CAPTION = re.compile(r"(?i)\s*(?:shares|units|tonnes|barrels|ounces|employees|customers|subscribers)\b")


def caption_scale(lines: list[str], start: int) -> str | None:
    """The scale a caption within two lines above a table's header (starting at line `start`) states for that table
    alone: a second table on a page whose first is in another scale."""
    for k in range(start - 1, max(start - 3, -1), -1):
        m = _CLOSING.search(lines[k]) if len(lines[k]) <= 200 else None
        if m and not _COUNTED_CAPTION.match(m.group(1)):
            return detect_unit(f"({m.group(1)})")
    return None
