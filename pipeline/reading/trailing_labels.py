"""Labels printed in two languages around the figures: the local label, its notes, the figures, then the English label
after them, as Indonesian (and OHADA's French) statements print every line ("Beban penjualan 29 (412,318) (386,204) Selling expenses"),
each label wrapping over lines without figures ("Beban umum dan General and administrative" / "administrasi 30
(398,612) (371,418) expenses"), and their headers in both languages ("31 Desember/ 1 Januari/" / "December 31,
January 1," / "Catatan/ 2089 2088*)" / "Notes").

`english(lines)` reads such a page as the English labels before the notes and figures, the local words dropped (a
wrapped line's words are told apart by the language each is more frequent in); a page with fewer than three lines
printing a label after their figures is left as printed.
"""
from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from typing import NamedTuple

from pipeline.core.months import MON

_FIGURE = r"(?:\(?-?\d{1,3}(?:,\d{3})+(?:\.\d+)?\)?|\(?-?\d{1,3}(?:\.\d+)?\)?|[-–—])"
_FIGURE_TOKEN = re.compile(_FIGURE)
_NOTES_TOKEN = re.compile(r"\d{1,2}[a-z]{0,2}(?:,\d{1,2}[a-z]{0,2})*")      # a notes reference: "2q,27", "19d", "29"
_TAIL = re.compile(r"[\d)–—-]\s+[A-Za-z(*][^0-9]*$")     # (words after the last figure: the cheap test first)


class _Row(NamedTuple):
    """A line read as local words, a notes reference, the figures and the English label after them."""
    local: str
    notes: str | None
    figs: str
    en: str


def _row(line: str) -> _Row | None:
    """`line` read from its end: the English label's words, then up to six figures, then a note, then local words."""
    words = line.split()
    n = len(words)
    shape = [bool(_FIGURE_TOKEN.fullmatch(w)) for w in words]
    # (a figure prints a digit; a dash is one only beside another figure: "12 -", "- -", never "(loss) - net")
    fig = [shape[i] and (bool(re.search(r"\d", words[i])) or i > 0 and shape[i - 1] or i + 1 < n and shape[i + 1])
           for i in range(n)]
    k = max((i + 1 for i in range(n) if fig[i]), default=0)
    en = words[k:]
    f = k
    while f and k - f < 6 and fig[f - 1]:
        f -= 1
    if not en or f == k or not re.match(r"[A-Za-z(*]", en[0]):
        return None
    notes = words[f - 1] if f and _NOTES_TOKEN.fullmatch(words[f - 1]) else None
    local = words[:f - 1] if notes else words[:f]
    if not local or not re.search(r"[^\d\s,.()-]", " ".join(local)):
        return None
    return _Row(" ".join(local), notes, " ".join(words[f:k]), " ".join(en))


_YEAR_MARK = re.compile(r"(?<=\b(?:19|20)\d{2})\*+\)?")       # "2088*)": the restated year's footnote mark
_LOCAL_CAPTION = re.compile(r"(?i)\bcatatan\s*/\s*")            # "Catatan/" over or before "Notes"
_LOCAL_DAYS = re.compile(r"(?i)^\s*(?:\d{1,2}\s+(?:januari|februari|maret|april|mei|juni|juli|agustus|september|"
                         r"oktober|november|desember)\s*/\s*)+$")
_EN_DAYS = re.compile(rf"(?i)^\s*(?:{MON}\s+\d{{1,2}},\s*){{2,}}$")
_YEARS = re.compile(r"^\s*(?:notes?\s+)?((?:(?:19|20)\d{2}\s*){2,})$", re.I)


def _uncaptioned(line: str) -> str:
    """`line` without the local caption of the notes column and a restated year's mark ("Catatan/ 2089 2088*)")."""
    return _YEAR_MARK.sub("", _LOCAL_CAPTION.sub("", line)).strip()


# the words a wrapped label ends its first line on, in either language: its rest is on the next line
_OPEN_END = re.compile(r"(?i)\b(?:of|by|and|from|for|to|in|on|the|with|dan|dari|untuk|atas|yang|ke|pada|kepada|"
                       r"sebesar|dalam|oleh)\s*$")


# the languages a statement prints its local labels in beside English ones after the figures: Indonesian and Malay, and
# the French of OHADA's SYSCOHADA statements, Spanish, Portuguese, Vietnamese, Turkish
_LOCAL = ("id", "ms", "fr", "es", "pt", "vi", "tr")


def _parts(word: str) -> list[str]:
    return [p for p in re.split(r"[-–/]", re.sub(r"[^\w/–-]|[\d_]", "", word.lower())) if p]   # ("Long-term": both)


@lru_cache(maxsize=8192)
def _zipf(part: str, lang: str) -> float:
    from wordfreq import zipf_frequency

    return zipf_frequency(part, lang)


@lru_cache(maxsize=8192)
def _english(word: str, local: str = "id") -> bool | None:
    """The word is English rather than the `local` language, by how often each uses it; None: neither uses it."""
    parts = _parts(word)
    lean = sum(_zipf(p, "en") - _zipf(p, local) for p in parts)
    return None if not parts or lean == 0 else lean > 0


def _language(rows: list[_Row]) -> str:
    """The local language of a page's labels: the one of `_LOCAL` its rows' words before the figures use most."""
    words = [p for m in rows for w in m.local.split() for p in _parts(w)]
    return max(_LOCAL, key=lambda lang: sum(_zipf(p, lang) for p in words[:300]))


def _split(text: str, lang: str) -> tuple[str, str]:
    """(local words, English words) of a figure-less line printing both, split where the English words begin."""
    words = text.split()
    langs = [_english(w, lang) for w in words]
    best, at = -1, len(words)
    for k in range(len(words) + 1):
        score = sum(1 for x in langs[:k] if x is False) + sum(1 for x in langs[k:] if x is True)
        if score >= best:       # (a word neither language knows stays with the local words before it)
            best, at = score, k
    return " ".join(words[:at]), " ".join(words[at:])


def _printed_twice(m: _Row, lang: str) -> bool:
    """The row prints its label in both languages: local words (half of them or more the local language's) before
    two figures or more, a short English label after them ("... 2q,27 9,812,406 8,904,118 NET SALES"), never a
    sentence holding figures ("The group had 1,796 employees (2090: 1,702), of whom ...")."""
    local, en = m.local.split(), m.en.split()
    langs = [_english(w, lang) for w in local]
    return len(m.figs.split()) >= 2 and 0 < len(en) <= 8 and en[0][:1].isupper() and \
        langs.count(False) * 2 >= len(local) and False in langs and any(_english(w, lang) for w in en)


_YEAR = re.compile(r"(?<![\d,.])(?:19|20)\d{2}(?![\d,.])")


def _header(line: str) -> str | None:
    """A header line as the reader takes it: its local captions dropped ("Catatan/", "31 Desember/", "NET NET" over
    each column), a line of years in both languages read as its years ("REF LIBELLÉS NOTE EXERCICE 2093 EXERCICE
    2092 ITEMS" as "Notes 2093 2092"); None: nothing left."""
    ln = _uncaptioned(line)
    if not ln or _LOCAL_DAYS.match(ln) or len(set(ln.split())) == 1 and len(ln.split()) >= 2 and not re.search(r"\d", ln):
        return None
    years = _YEAR.findall(ln)
    if len(years) >= 2 and not _EN_DAYS.match(ln) and not re.search(r"\d", _YEAR.sub("", ln)) and \
            not _YEARS.match(ln) and re.search(r"[^\x00-\x7f]|\b[A-Z]{3,}\b", _YEAR.sub("", ln)):
        return "Notes " + " ".join(years)
    return ln if ln != line.strip() else line


def english(lines: list[str]) -> list[str]:
    lines = list(lines)
    # (a row prints a figure, or a dash in two columns or more: "Liabilitas jangka panjang - setelah Long-term ..." is
    # a label's dash)
    rows = [m if _TAIL.search(ln) and (m := _row(ln)) and (re.search(r"\d", m.figs) or
                                                               len(m.figs.split()) >= 2) else None for ln in lines]
    counts = Counter(len(m.figs.split()) for m in rows if m)
    columns = counts.most_common(1)[0][0] if counts else 0
    lang = _language([m for m in rows if m])
    # (three rows or more printing an English label of two words or more: a translation, never a status word after
    # each row's figures, "Bukit Merah 4,812 4,806 Mature")
    if sum(1 for m in rows if m and _printed_twice(m, lang) and len(m.en.split()) >= 2) < 3:
        return lines
    first = next((i for i, ln in enumerate(lines) if _YEARS.match(_uncaptioned(ln))
                  or _EN_DAYS.match(ln) or rows[i] is not None), 0)
    # (the titles above the header as printed, without the local captions of its columns)
    out = [c for ln in lines[:first] if (c := _header(ln)) is not None]
    pending: list[str] = []         # the English words of a label's first lines, its figures still to come
    for i in range(first, len(lines)):
        ln = _uncaptioned(lines[i])
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if not ln or _LOCAL_DAYS.match(ln) or re.fullmatch(r"(?i)notes?", ln) and out and out[-1].startswith("Notes "):
            continue        # (the notes column's caption under a dated line that already names it)
        if _EN_DAYS.match(ln) and (years := _YEARS.match(_uncaptioned(nxt))):
            days = re.findall(rf"(?i){MON}\s+\d{{1,2}}", ln)
            if len(days) == len(years.group(1).split()):    # (each column's day over its year: one dated line)
                out.append("Notes " + " ".join(f"{d}, {y}" for d, y in zip(days, years.group(1).split())))
                lines[i + 1] = ""
                continue
        if rows[i] is None and _header(ln) != ln:
            out.extend([c] if (c := _header(ln)) else [])
            continue
        m = rows[i]
        if m is not None:
            label = " ".join([*pending, m.en.strip()])
            figs = m.figs.strip()
            if (m.notes or "").isdigit() and len(figs.split()) + 1 == columns:
                figs = f"{m.notes} {figs}"     # (a small figure read as a note: "12 (8)" in two columns)
            out.append(f"{label} {figs}")     # (the notes reference dropped: "2q,27" is no figure)
            pending = []
            continue
        if re.search(r"\d[\d,]{3,}", ln) or not re.search(r"[A-Za-z]", ln):
            out.extend([" ".join(pending)] if pending else [])
            out.append(ln)
            pending = []
            continue
        local, en = _split(ln, lang)
        if not en and all(_english(w, lang) is False for w in local.split() if re.search(r"[A-Za-z]", w)):
            continue        # (a line of the local label's words only: "dalam satu tahun:")
        nxt_row = rows[i + 1] if i + 1 < len(rows) else None
        nxt_text = nxt_row.local if nxt_row else nxt
        nxt_en = nxt_row.en if nxt_row else _split(nxt, lang)[1]
        # (a one-word tail in each language under a first line: "Total Non-current" / "Panjang 1,801,842 Liabilities";
        # a heading in capitals wraps only onto capitals: "PROFIT BEFORE INCOME TAX" / "... 785,952 EXPENSE")
        tail = nxt_row is not None and len(nxt_en.split()) == 1 and (
            nxt_en.isupper() and en.isupper() or not en.isupper() and len(nxt_text.split()) == 1)
        if not en.endswith(":") and (_OPEN_END.search(en) or _OPEN_END.search(local) or nxt_text[:1].islower() or
                                     nxt_en[:1].islower() or tail):
            pending.append(en or local)     # (the label's first line: its rest and figures follow)
            continue
        out.append(" ".join([*pending, en or ln]))      # (a heading, its first lines joined)
        pending = []
    out.extend([" ".join(pending)] if pending else [])
    return out
