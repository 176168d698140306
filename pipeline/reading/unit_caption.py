"""The scale a table's caption states: "(In millions, except per share data)", "(Rs in crore)", "Millions of yen",
"(Miles de pesos colombianos / Thousands of Colombian pesos)", "(En miles de pesos chilenos - M$)", "(w tysiącach
złotych)"."""
from __future__ import annotations

import re

_UNIT = re.compile(r"(?i)\(\s*(?:\$|dollars|u\.?s\.? dollars|rs\.?|₹|inr)?\s*(?:in\s+)?(millions|thousands|billions|crores?|lakhs?)\b|"
                   r"\bin (millions|thousands|billions)\b|^\(?(millions|thousands|billions)\)?|(?m:^)(millions|thousands|"
                   r"billions) of (?:u\.?s\.? )?(?:yen|dollars|euros|pounds|won|rupees|baht|rand|francs|renminbi)\b|"
                   # a caption naming the currency's country, or in Spanish, after a bracket or the other language's
                   # half ("(Miles de pesos colombianos / Thousands of Colombian pesos)")
                   r"(?:^|[(/]\s*)(?:en\s+)?(millions|thousands|billions|miles|millones) (?:of|de) (?:[a-z.]+\s+)?(?:yen|dollars|"
                   r"euros|pounds|won|rupees|baht|rand|francs|renminbi|pesos|reais|ringgit|dirhams|riyals)\b|"
                   # a Polish caption: "(w tysiącach złotych)", "(w milionach złotych)"
                   r"\(\s*w\s+(tysi[aą]cach|milionach)\b|"
                   # a Thai statement's "(Unit: Thousand Baht)", "(Unit: Baht million)"
                   r"\bunit\s*:\s*(?:[a-z]+\s+)?(thousands?|millions?|billions?)\b")


def detect_unit(text: str) -> str | None:
    m = _UNIT.search(text)
    if not m:
        return None
    word = next(g for g in m.groups() if g).lower()
    return {"millions": "million", "thousands": "thousand", "billions": "billion", "crore": "crore", "crores": "crore",
            "lakh": "lakh", "lakhs": "lakh", "miles": "thousand", "millones": "million", "million": "million",
            "thousand": "thousand", "billion": "billion", "tysiącach": "thousand", "tysiacach": "thousand",
            "milionach": "million"}[word]
