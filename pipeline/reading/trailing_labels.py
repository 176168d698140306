"""Labels printed in two languages around the figures: the local label, its notes, the figures, then the English label
after them, as Indonesian statements print every line ("Beban penjualan 29 (412,318) (386,204) Selling expenses"),
each label wrapping over lines without figures ("Beban umum dan General and administrative" / "administrasi 30
(398,612) (371,418) expenses"), and their headers in both languages ("31 Desember/ 1 Januari/" / "December 31,
January 1," / "Catatan/ 2089 2088*)" / "Notes").

`english(lines)` reads such a page as the English labels before the notes and figures, the local words dropped (a
wrapped line's words are told apart by the language each is more frequent in); a page with fewer than three lines
printing a label after their figures is left as printed.
"""
from __future__ import annotations

import re
from functools import lru_cache

from pipeline.core.months import MON

_FIGURE = r"(?:\(?-?\d{1,3}(?:,\d{3})+(?:\.\d+)?\)?|\(?-?\d{1,3}(?:\.\d+)?\)?|[-–—])"
# local words, a notes reference ("2q,27", "19d", "29"), the figures, the English label (no figures of its own)
_ROW = re.compile(rf"^(?P<local>.*?[^\d\s,.()-].*?)(?:\s+(?P<notes>\d{{1,2}}[a-z]{{0,2}}(?:,\d{{1,2}}[a-z]{{0,2}})*))?"
                  rf"(?P<figs>(?:\s+{_FIGURE}){{1,6}})\s+(?P<en>[A-Za-z(*][^0-9]*)$")
_YEAR_MARK = re.compile(r"(?<=\b(?:19|20)\d{2})\*+\)?")       # "2088*)": the restated year's footnote mark
_LOCAL_CAPTION = re.compile(r"(?i)\bcatatan\s*/\s*")            # "Catatan/" over or before "Notes"
_LOCAL_DAYS = re.compile(r"(?i)^\s*(?:\d{1,2}\s+(?:januari|februari|maret|april|mei|juni|juli|agustus|september|"
                         r"oktober|november|desember)\s*/\s*)+$")
_EN_DAYS = re.compile(rf"(?i)^\s*(?:{MON}\s+\d{{1,2}},\s*){{2,}}$")
_YEARS = re.compile(r"^\s*(?:notes?\s+)?((?:(?:19|20)\d{2}\s*){2,})$", re.I)
# the words a wrapped label ends its first line on, in either language: its rest is on the next line
_OPEN_END = re.compile(r"(?i)\b(?:of|by|and|from|for|to|in|on|the|with|dan|dari|untuk|atas|yang|ke|pada|kepada|"
                       r"sebesar|dalam|oleh)\s*$")


@lru_cache(maxsize=4096)
def _english(word: str) -> bool | None:
    """The word is English rather than the local language (Indonesian), by how often each uses it; None: neither."""
    from wordfreq import zipf_frequency

    parts = [p for p in re.split(r"[-–/]", re.sub(r"[^a-z/–-]", "", word.lower())) if p]    # ("Long-term": both parts)
    if not parts:
        return None
    lean = sum(zipf_frequency(p, "en") - zipf_frequency(p, "id") for p in parts)
    return None if lean == 0 else lean > 0


def _split(text: str) -> tuple[str, str]:
    """(local words, English words) of a figure-less line printing both, split where the English words begin."""
    words = text.split()
    langs = [_english(w) for w in words]
    best, at = -1, len(words)
    for k in range(len(words) + 1):
        score = sum(1 for x in langs[:k] if x is False) + sum(1 for x in langs[k:] if x is True)
        if score >= best:       # (a word neither language knows stays with the local words before it)
            best, at = score, k
    return " ".join(words[:at]), " ".join(words[at:])


def _printed_twice(m: re.Match) -> bool:
    """The row prints its label in both languages: local words (more of them the local language's than English's) before
    two figures or more, a short English label after them ("... 2q,27 9,812,406 8,904,118 NET SALES"), never a
    sentence holding figures ("The group had 1,796 employees (2090: 1,702), of whom ...")."""
    local, en = m.group("local").split(), m.group("en").split()
    langs = [_english(w) for w in local]
    return len(m.group("figs").split()) >= 2 and 0 < len(en) <= 8 and en[0][:1].isupper() and \
        langs.count(False) > len(local) / 2 and any(_english(w) for w in en)


def english(lines: list[str]) -> list[str]:
    lines = list(lines)
    rows = [m if (m := _ROW.match(ln)) and re.search(r"\d", m.group("figs")) else None for ln in lines]   # (not a "-")
    if sum(1 for m in rows if m and _printed_twice(m)) < 3:
        return lines
    first = next((i for i, ln in enumerate(lines) if _YEARS.match(_YEAR_MARK.sub("", _LOCAL_CAPTION.sub("", ln)).strip())
                  or _EN_DAYS.match(ln)), 0)
    # (the titles above the header as printed, without the local captions of its columns)
    out = [ln for ln in lines[:first] if not _LOCAL_DAYS.match(ln) and _LOCAL_CAPTION.sub("", ln).strip()]
    pending: list[str] = []         # the English words of a label's first lines, its figures still to come
    for i in range(first, len(lines)):
        ln = _YEAR_MARK.sub("", _LOCAL_CAPTION.sub("", lines[i])).strip()
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if not ln or _LOCAL_DAYS.match(ln) or re.fullmatch(r"(?i)notes?", ln) and out and out[-1].startswith("Notes "):
            continue        # (the notes column's caption under a dated line that already names it)
        if _EN_DAYS.match(ln) and (years := _YEARS.match(_YEAR_MARK.sub("", _LOCAL_CAPTION.sub("", nxt)).strip())):
            days = re.findall(rf"(?i){MON}\s+\d{{1,2}}", ln)
            if len(days) == len(years.group(1).split()):    # (each column's day over its year: one dated line)
                out.append("Notes " + " ".join(f"{d}, {y}" for d, y in zip(days, years.group(1).split())))
                lines[i + 1] = ""
                continue
        m = rows[i]
        if m is not None:
            label = " ".join([*pending, m.group("en").strip()])
            out.append(f"{label} {m.group('figs').strip()}")     # (the notes reference dropped: "2q,27" is no figure)
            pending = []
            continue
        if re.search(r"\d[\d,]{3,}", ln) or not re.search(r"[A-Za-z]", ln):
            out.extend([" ".join(pending)] if pending else [])
            out.append(ln)
            pending = []
            continue
        local, en = _split(ln)
        if not en and all(_english(w) is False for w in local.split() if re.search(r"[A-Za-z]", w)):
            continue        # (a line of the local label's words only: "dalam satu tahun:")
        nxt_row = rows[i + 1] if i + 1 < len(rows) else None
        nxt_text = nxt_row.group("local") if nxt_row else nxt
        nxt_en = nxt_row.group("en") if nxt_row else _split(nxt)[1]
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
