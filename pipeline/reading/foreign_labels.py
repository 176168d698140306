"""A statement page printed in another language than English, glossed in English: each title, heading and row label
that one language's vocabulary of statement wording (pipeline/data/labels_<language>.toml: the IFRS Taxonomy's labels
in that language and the wording its filers print) covers word for word is printed as the bilingual line it would be
in a bilingual report ("Ingresos de actividades ordinarias / Revenue 184.512.640 ..."), which the reader and the
lexicon already read by either half. A label with any word the vocabulary does not cover is left as printed (no
half-translated name ever stands for a line); a page is read in the one language that covers three or more of its
labels, the most of them, or in none."""
from __future__ import annotations

import re
import tomllib
import unicodedata
from functools import lru_cache
from pathlib import Path

from pipeline.reading.cells import YEAR, split_row

_DATA = Path(__file__).resolve().parents[1] / "data"
_MIN_LABELS = 3


def _plain(text: str) -> str:
    """Lower case without accents ("Ganancia bruta", "PLUSVALÍA", "Zysk z działalności" -> "... dzialalnosci")."""
    text = text.lower().replace("ł", "l").replace("ø", "o").replace("æ", "ae").replace("ß", "ss")
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


@lru_cache(maxsize=1)
def _languages() -> dict[str, tuple[re.Pattern[str], dict[str, str]]]:
    """Each language's phrases (as compared: `_plain`) and their English, longest first."""
    out = {}
    for path in sorted(_DATA.glob("labels_*.toml")):
        pairs = tomllib.loads(path.read_text(encoding="utf-8"))["phrases"]
        english = {_plain(phrase): en for phrase, en in pairs}
        alternation = "|".join(re.escape(p) for p in sorted(english, key=len, reverse=True))
        out[path.stem.removeprefix("labels_")] = (re.compile(rf"(?<![a-z])(?:{alternation})(?![a-z])"), english)
    return out


# a day after a title, in French, Spanish or Portuguese ("au 31 décembre 2091", "al 31 de diciembre de 2091")
_MONTHS = (r"janvier|fevrier|mars|avril|mai|juin|juillet|aout|septembre|octobre|novembre|decembre|enero|febrero|marzo|"
           r"abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre|janeiro|fevereiro|marco|maio|"
           r"junho|julho|setembro|outubro|novembro|dezembro")
_DATE_AFTER = re.compile(rf"\s+(?:(?:au|le|al|el|em|a|du|del|de)\s+)?\d{{1,2}}(?:er)?\s+(?:de\s+)?(?:{_MONTHS})(?:\s+(?:de\s+)?"
                         rf"(?:19|20)\d{{2}})?\s*$")


def english(label: str, language: str = "es") -> str | None:
    """The label's English gloss when `language`'s vocabulary covers every word of it (note references and figures
    aside), else None. "Total de activos corrientes" -> "Total current assets"."""
    pattern, words = _languages()[language]
    # (a note numbered by its statement's letter after the label, "Revenus R1", "Stocks A4": no word of it)
    # (nor its unit in brackets: "Résultat de base par action (en euros)", "(en milliers de dinars)")
    plain = re.sub(r"\s+[a-z]{1,3}\d{1,2}[a-z]?$", "", re.sub(r"\s+", " ", _plain(label)).strip())
    plain = re.sub(r"\s*\((?:en|in|em)\s+(?:(?:milliers|millions|milliards|thousands|millions)\s+(?:d'|de\s+|of\s+)?)?"
                   r"(?:euros?|dollars?|dinars?|dirhams?|francs?|[a-z]{3})\)\s*$", "", plain)
    plain = _DATE_AFTER.sub("", plain)      # (nor the day a title is dated at: "Bilan arrêté au 31 décembre 2091")
    parts, pos, foreign = [], 0, False
    for m in pattern.finditer(plain):
        if plain[pos:m.start()].strip(" ,.:;-"):
            return None         # (a word between covered phrases the vocabulary does not know)
        parts.append(words[m.group(0)])
        foreign = foreign or words[m.group(0)] != m.group(0)
        pos = m.end()
    if not parts or plain[pos:].strip(" ,.:;-") or not foreign:
        return None
    text = re.sub(r"\s+,", ",", " ".join(parts)).replace(", ,", ",")
    return text[:1].upper() + text[1:]


def glossed(lines: list[str]) -> list[str]:
    """`lines` with each covered label followed by " / " and its English gloss, in the language that covers the
    most of the page's labels (three or more); otherwise `lines` as they are."""
    # (a title dated with its year, "BILAN ARRETE AU 31 DECEMBRE 2091", is glossed whole: its year is no figure)
    labels = [(line, line if values and all(YEAR.match(v) for v in values) and _DATE_AFTER.search(_plain(line))
               else label)
              for line in lines for label, values in [split_row(line)]]
    best, best_glosses = None, {}
    for language in _languages():
        glosses = {i: g for i, (line, label) in enumerate(labels)
                   if label and line.startswith(label) and " / " not in label and (g := english(label, language))}
        if len(glosses) >= _MIN_LABELS and len(glosses) > len(best_glosses):
            best, best_glosses = language, glosses
    if best is None:
        return lines
    return [f"{label} / {best_glosses[i]}{line[len(label):]}" if i in best_glosses else line
            for i, (line, label) in enumerate(labels)]
