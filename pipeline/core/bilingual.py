"""A label, heading or title printed in two languages on one line ("Ingresos por ventas / Revenue", "Estados de
resultados / Statements of income"): the two are set apart by a slash with spaces around it (a label's own slash,
"provided by/(used in)", has none)."""
from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

_SPACED_SLASH = re.compile(r"\s+/\s+")


def halves(text: str) -> list[str]:
    """The parts of `text` either side of each spaced slash; `[text]` when it has none."""
    return _SPACED_SLASH.split(text)


def english(text: str) -> str:
    """`text` (a row's label or its path, "A › B") with each part printed in two languages reduced to its English
    half ("Prihodi od prodaje / Sales revenue" -> "Sales revenue"); a part whose halves are both English ("Total
    assets / total equity", "Net income / (loss)") or neither is kept whole."""
    if " / " not in text:
        return text
    return " › ".join(_english_half(part) for part in text.split(" › "))


def in_english(fact):
    """A stored fact whose label prints two languages, seen by its English half (the same fact when it has none)."""
    label, path = english(fact.label), english(fact.label_path)
    return fact if (label, path) == (fact.label, fact.label_path) else replace(fact, label=label, label_path=path)


_WORD = re.compile(r"[^\W\d_]{2,}")


@lru_cache(maxsize=8192)
def _english_half(part: str) -> str:
    parts = halves(part)
    if len(parts) != 2:
        return part
    scores = [_englishness(p) for p in parts]
    best = max(range(2), key=lambda k: scores[k])
    # the English half reads as common English (wordfreq's Zipf scale: ~4.5 for "Sales revenue"); the other holds a
    # word English does not use ("Prihodi od prodaje", "Umsatzerlöse"), never only an acronym ("Net debt / EBITDA")
    if scores[best] >= 3.8 and scores[1 - best] <= scores[best] - 1.0 and _foreign(parts[1 - best], part):
        return parts[best].strip()
    return part


def _englishness(text: str) -> float:
    from wordfreq import zipf_frequency

    words = _WORD.findall(text.lower())
    return sum(zipf_frequency(w, "en") for w in words) / len(words) if words else 0.0


def _foreign(half: str, whole: str) -> bool:
    from wordfreq import zipf_frequency

    return any(len(w) >= 4 and zipf_frequency(w.lower(), "en") < 1.5 and
               (sum(c.isupper() for c in w) < 2 or whole.isupper())      # ("EBITDA", "EBITDAaL": an acronym)
               for w in _WORD.findall(half))
