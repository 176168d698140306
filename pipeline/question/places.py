"""Places a question names ("sales to Iraq", "Saudi Arabia revenue", "Europe segment"): a country (ISO 3166, from
pycountry: its name, common name and official name) or a region, never a company's name."""
from __future__ import annotations

import re
from functools import lru_cache

# world regions as segment and market tables print them
_REGION = re.compile(r"(?i)(?:(?:north|south|central|latin|western|eastern|northern|southern)\s+)?(?:america|americas|europe|"
                     r"africa|asia|asia[- ]pacific|middle\s+east|gulf|gcc|emea|apac|latam|oceania|scandinavia|nordics?|"
                     r"caribbean|benelux|dach|mena|sub-saharan\s+africa|rest\s+of\s+(?:the\s+)?world)")


@lru_cache(maxsize=1)
def _countries() -> frozenset[str]:
    import pycountry

    names = {getattr(c, a) for c in pycountry.countries for a in ("name", "common_name", "official_name")
             if getattr(c, a, None)}
    # (as reports write them: "Vietnam", "Korea", "Russia", "Iran", "Turkey", "UK", "UAE", "USA")
    names |= {"Vietnam", "Korea", "South Korea", "Russia", "Iran", "Turkey", "Syria", "Laos", "Taiwan", "Bolivia",
              "Venezuela", "Tanzania", "Moldova", "UK", "U.K.", "UAE", "USA", "U.S.", "US", "Hong Kong", "Macau"}
    return frozenset(n.lower() for n in names)


def is_place(phrase: str) -> bool:
    """`phrase` names a country or a world region."""
    p = " ".join(phrase.split()).strip(" .,")
    return p.lower() in _countries() or bool(_REGION.fullmatch(p))
