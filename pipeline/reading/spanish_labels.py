"""A statement page printed in Spanish, glossed in English: each title, heading and row label that the IFRS
Taxonomy's Spanish labels (pipeline/data/labels_es.toml) cover word for word is printed as the bilingual line it
would be in a bilingual report ("Ingresos de actividades ordinarias / Revenue 184.512.640 ..."), which the reader and
the lexicon already read by either half. A label with any word the vocabulary does not cover is left as printed (no
half-translated name ever stands for a line), and a page with fewer than three covered labels is not a Spanish page."""
from __future__ import annotations

import re
import tomllib
import unicodedata
from functools import lru_cache
from pathlib import Path

from pipeline.reading.cells import split_row

_DATA = Path(__file__).resolve().parents[1] / "data" / "labels_es.toml"
_MIN_LABELS = 3


@lru_cache(maxsize=1)
def _vocabulary() -> tuple[re.Pattern[str], dict[str, str]]:
    pairs = tomllib.loads(_DATA.read_text(encoding="utf-8"))["phrases"]
    english = {es: en for es, en in pairs}
    alternation = "|".join(re.escape(es) for es in sorted(english, key=len, reverse=True))
    return re.compile(rf"(?<![a-z])(?:{alternation})(?![a-z])"), english


def _plain(text: str) -> str:
    """Lower case without accents ("Ganancia bruta", "PLUSVALÍA" -> "ganancia bruta", "plusvalia")."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))


def english(label: str) -> str | None:
    """The label's English gloss when the vocabulary covers every word of it (note references and figures aside),
    else None. "Total de activos corrientes" -> "Total current assets"."""
    pattern, words = _vocabulary()
    plain = re.sub(r"\s+", " ", _plain(label)).strip()
    parts, pos, spanish = [], 0, False
    for m in pattern.finditer(plain):
        if plain[pos:m.start()].strip(" ,.:;-"):
            return None         # (a word between covered phrases the vocabulary does not know)
        parts.append(words[m.group(0)])
        spanish = spanish or words[m.group(0)] != m.group(0)
        pos = m.end()
    if not parts or plain[pos:].strip(" ,.:;-") or not spanish:
        return None
    text = re.sub(r"\s+,", ",", " ".join(parts)).replace(", ,", ",")
    return text[:1].upper() + text[1:]


def glossed(lines: list[str]) -> list[str]:
    """`lines` with each covered Spanish label followed by " / " and its English gloss, where the page has at least
    three such labels; otherwise `lines` as they are."""
    out, covered = [], 0
    for line in lines:
        label, values = split_row(line)
        gloss = english(label) if label and line.startswith(label) and " / " not in label else None
        if gloss is None:
            out.append(line)
            continue
        covered += 1
        out.append(f"{label} / {gloss}{line[len(label):]}")
    return out if covered >= _MIN_LABELS else lines
