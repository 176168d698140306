"""Whether a name is made of common English words (wordfreq's Zipf scale), so that it would take a question's ordinary
words for a company: "Gold", "Premier Foods" no, "Gold Star" yes; a place's "Hong Kong", "New Zealand" too."""
from __future__ import annotations

import re


def common_zipf() -> float:
    return 4.0   # wordfreq's Zipf scale: 4 = once per 100,000 words ("lane", "gold", "premier"), a name is rarer


def is_common_word(name: str) -> bool:
    """Whether `name` is made of common English words only ("Gold", "Premier Foods" no, "Gold Star" yes): such a
    name, learned for a company, would take a question's ordinary words for the company. In capitals too ("CHART")."""
    from wordfreq import zipf_frequency

    words = [w for w in re.split(r"[\s\-&’']+", name.strip(" “”\"‘’")) if w]
    if not words:
        return True
    return all(zipf_frequency(w.lower(), "en") >= common_zipf() for w in words)


def is_rare_word(word: str) -> bool:
    """Whether `word` is one English text almost never uses (a coined or foreign name: "Ñandubay", "Kuiseb"), unlike
    a word a business or a segment is described by ("Linen", "Maple", "Plantations"): under 2 on the Zipf scale."""
    from wordfreq import zipf_frequency

    return zipf_frequency(word.lower(), "en") < 2.0


def is_seldom_word(word: str) -> bool:
    """Whether `word` is one English text seldom uses (a short coined or foreign name: "Vask", "Ongi"), unlike a short
    word with a meaning of its own ("Rand", "Zinc", "Mesa", "Tata"): under 3 on the Zipf scale."""
    from wordfreq import zipf_frequency

    return zipf_frequency(word.lower(), "en") < 3.0
