"""Thousands set apart by an ordinary space ("Revenue 3, 4 14 218 12 905", Nordic and French typesetting).

Read as text, "14 218 12 905" is four tokens: two figures or four. On a page that prints its figures this way (no
comma-grouped figure, several lines closing with two or more space-grouped figures) a line's closing run of tokens is
read as the page's years' figures, with or without a note before them: when exactly one grouping fits, its figures are
joined ("14218 12905"); when several fit ("Profit for the year 1 210 554": 1,210 and 554, or note 1 with 210 and 554)
the line's cells are unreadable ("n/a": no figure is read from them, never a guess), unless exactly one of the
groupings gives the row's figures the same number (two or more) of digit groups ("312 408 288 116" is 312,408 and
288,116, not 312 and 408,288,116: a row's years are of one order of magnitude). A negative figure in
brackets spans its tokens: "(1 612 480)"."""
from __future__ import annotations

import re

from pipeline.reading import header_dates
from pipeline.reading.columns import THOUSANDS_CAPTION

_COMMA_GROUPED = re.compile(r"(?<![\d.])\d{1,3},\d{3}(?![\d])")
_SPACED_RUN = re.compile(r"(?:^|\s)\(?-?\d{1,3}(?: \d{3})+(?:\.\d+)?\)?(?:\s+\(?-?\d{1,3}(?: \d{3})+(?:\.\d+)?\)?)+"
                         r"(?:\s+-?\d{1,3}(?:\.\d+)?%?)?\s*$")      # (and a change column's figure after them)
_YEARS = re.compile(r"(?<!\d)(?:19|20)\d{2}(?!\d)")
_HEAD = re.compile(r"\(?-?(?:[1-9]\d{0,2}|0)(?:[.,]\d+)?\)?|[-–—]")
_TAIL = re.compile(r"\d{3}(?:\.\d+)?\)?")      # ("3 806.4": a decimal closes the last group)
# a row noted by section ("Net sales 2.1 3 806.4 ..."): the note before a space-grouped figure ("Finance income 12.8
# 9.6" is two figures, no note)
_SECTION_NOTE = re.compile(r"[A-Za-z)]\s+\d{1,2}\.\d{1,2}\s+-?\d{1,3} \d{3}")
# a note numbered by its statement's letter ("R2", "A1", "CP1", "B1"), as French and IFRS reports print them
_LETTERED_NOTE = re.compile(r"[A-Z]{1,3}\d{1,2}[a-z]?")
_TOKEN = re.compile(r"\(?-?\d+(?:[.,]\d+)?\)?|[-–—]")


def read(lines: list[str]) -> list[str]:
    # (a units caption of thousands, "SEK 1,000", is no figure of the page: no grouping it prints)
    text = THOUSANDS_CAPTION.sub(" ", "\n".join(lines))
    if _COMMA_GROUPED.search(text) or sum(1 for ln in lines if _SPACED_RUN.search(ln)) < 2:
        return lines
    # (a year printed as a range of days, "01.01.2095 - 31.12.2095", is one column)
    head = header_dates.without_range_starts(next((ln for ln in lines if len(set(_YEARS.findall(ln))) >= 2), ""))
    years = len(set(_YEARS.findall(head)))
    # ("Group 2093 Group 2092 Company 2093 Company 2092": four columns of two years; a row prints four, or the
    # group's two alone: "Owners of the parent 156 988 127 722")
    printed = len(_YEARS.findall(head))
    columns = (years, printed) if printed > years and printed % years == 0 else (years,)
    # (a notes column numbered by section, "2.1", where the years' line names it; a change column it prints after them)
    note = r"\d{1,2}(?:\.\d{1,2})?" if re.search(r"(?i)\bnotes?\b", head) else r"\d{1,2}"
    if sum(1 for ln in lines if _SECTION_NOTE.search(ln)) >= 2:
        note = r"\d{1,2}\.\d{1,2}"        # (notes numbered by section throughout: a bare "1" is a figure's head)
    change = bool(re.search(r"(?i)\bchange\b|%", head))
    if not years:
        return lines
    # a row of either width ("Owners of the parent 156 988 127 722": the group's two figures, or four of one group
    # each?) is read only where the page's sure rows say which: no figure longer than theirs ("Gross profit 463 612
    # 446 394 121 218 104 236" is four figures, never two of hundreds of billions); else it is unreadable
    # (a page noting its rows by letter, "Revenus R1 ...", "Stocks A4 ...": three or more such rows; one "Term loan B2"
    # is a label's own letters)
    noted = [_noted_by_letter(ln) for ln in lines]
    lettered = sum(noted) >= 3
    found = [_found(ln, years, note, change, columns, lettered and by_letter) for ln, by_letter in zip(lines, noted)]
    sure = [r for f in found if len(f) == 1 for r in f.values() if r]
    cap = max((fig.count(" ") for r in sure for fig in r), default=None)
    width = max(columns)
    # (a run of more tokens than a note, the years and a change that no grouping reads: never its last tokens)
    found = [f or ({width: []} if _unread(ln, width, change) else f) for ln, f in zip(lines, found)]
    return [_line(ln, f, cap) for ln, f in zip(lines, found)]


def _unread(line: str, width: int, change: bool) -> bool:
    """The line closes on a run of tokens no reading of the page's columns fits, more than its columns hold."""
    run = _run(line)
    # (as many whole figures as a multiple of the columns are columns the header did not say: "Add: Income tax expense
    # 33 61 91 124" under three and six months of two years, read as printed)
    plain = len(run) % width == 0 and all(_HEAD.fullmatch(t) for t in run)
    return len(run) > width + 1 + int(change) and not plain and not any(_YEARS.fullmatch(t) for t in run) and \
        any(_TAIL.fullmatch(t) for t in run[1:])


def _noted_by_letter(line: str) -> bool:
    toks, run = line.split(), _run(line)
    return len(toks) > len(run) > 0 and bool(_LETTERED_NOTE.fullmatch(toks[-len(run) - 1]))


def _found(line: str, years: int, note: str, change: bool, columns: tuple[int, ...], by_letter: bool = False
           ) -> dict[int, list[str]]:
    """The line's readings by width: its figures' one grouping per width that fits ([] when several do); `by_letter`:
    the row's note is printed by letter before its figures, on a page noting its rows so."""
    run = _run(line)
    if any(_YEARS.fullmatch(t) for t in run):
        return {}
    # (the row's note printed before its figures, "R2 1 206 418 986 212": read without a note among them first)
    first = r"(?!)" if by_letter else note
    found = {}
    for c in columns:
        r = _reading(run, c, first, change, c // years) if len(run) > c else None
        if not r and first != note and len(run) > c:
            r = _reading(run, c, note, change, c // years)
        if r is not None:
            found[c] = r
        elif len(columns) > 1 and len(run) == c and all(_HEAD.fullmatch(t) for t in run):
            found[c] = list(run)        # (as many tokens as columns: each its own figure)
    return found


def _line(line: str, found: dict[int, list[str]], cap: int | None) -> str:
    """The line with its run of tokens read as `found` (`_found`), `cap` the most digit groups a sure row's figure has."""
    toks, run = line.split(), _run(line)
    k = len(toks) - len(run)
    if len(found) > 1:
        fits = {c: r for c, r in found.items() if r and cap is not None and max(f.count(" ") for f in r) <= cap}
        found = fits if len(fits) == 1 else {max(found): []}
    if not found or all(" " not in f for r in found.values() for f in r) and len(next(iter(found.values()))) == len(run):
        return line
    width, reading = next(iter(found.items()))
    if not reading:
        return " ".join(toks[:k] + ["n/a"] * width)
    return " ".join(toks[:k] + ["".join(f.split()) for f in reading])


def _reading(run: list[str], years: int, note: str, change: bool, blocks: int = 1) -> list[str] | None:
    """The one grouping of `run` into `years` figures (a note and a change column's figure around them), [] when
    several fit (unreadable), None when none does. `blocks`: the columns print the years that many times (the
    group's and the parent's), each block of one order of magnitude."""
    readings = _groupings(run)
    if change:      # the years' figures and a change column's after them ("3 806.4 3 512.9 8.4", "412 398 3.5")
        with_change = [g for g in readings if len(g) == years + 1 and " " not in g[-1]
                       and (_same_groups(g[:-1]) or _near(g[:-1]))]
        if len(with_change) == 1:
            return with_change[0]
    # (a note before figures of the same size: "8 142 98" is note 8 with 142 and 98; "28 242 26 104" is no note 28
    # before 242 and 26,104)
    # (a section's note, "2.2", is no figure of an integer page: the figures after it need only be near each other,
    # "2.2 1 284 915" is 1,284 and 915)
    fits = [g for g in readings if (len(g) == years or len(g) == years + 1 and re.fullmatch(note, g[0])
            and (_by_block(g[1:], blocks, _same_groups) or "." in g[0] and "." in note and " " not in g[0]
                 and _by_block(g[1:], blocks, _near))) and _by_block(g[-years:], blocks, _one_order)]
    if len(fits) > 1:
        even = [g for g in fits if _by_block(g[-years:], blocks, lambda f: _same_groups(f) and " " in f[-1] and _near(f))]
        near = [g for g in fits if _by_block(g[-years:], blocks, _near)]  # ("6 412.8 380.1": note 6, not 6,412.8 by 380.1)
        fits = even if len(even) == 1 else near if len(near) == 1 else fits
    return fits[0] if len(fits) == 1 else [] if fits else None


def _by_block(figures: list[str], blocks: int, test) -> bool:
    size = len(figures) // blocks
    return all(test(figures[i * size:(i + 1) * size]) for i in range(blocks))


def _run(line: str) -> list[str]:
    """The line's closing tokens that may be figures (a note, digit groups, dashes)."""
    toks = line.split()
    k = len(toks)
    while k > 0 and _TOKEN.fullmatch(toks[k - 1]):
        k -= 1
    return toks[k:]


def _one_order(figures: list[str]) -> bool:
    """No figure of a row's years has two digit groups more than another printed one ("1 612 418" beside "1 498 806
    121 218 104 236" is four columns run together, never one figure)."""
    groups = [f.count(" ") for f in figures if re.search(r"\d", f)]
    return not groups or max(groups) - min(groups) <= 1


def _same_groups(figures: list[str]) -> bool:
    """The figures have as many digit groups each."""
    return len({f.count(" ") for f in figures}) == 1


def _near(figures: list[str]) -> bool:
    """The figures are within a factor of ten of each other (one row's years: "1 204 310 556" is no 1,204 and 310,556)."""
    values = [abs(float(re.sub(r"[^\d.]", "", f) or 0)) for f in figures]
    return min(values) > 0 and max(values) / min(values) <= 10


def _groupings(run: list[str]) -> list[list[str]]:
    """Every reading of the tokens as figures: a head (1-3 digits, a decimal or a dash) and 3-digit groups after it."""
    if not run:
        return [[]]
    if not _HEAD.fullmatch(run[0]):
        return []
    out = []
    j = 1
    opened = run[0].startswith("(")
    while True:
        if opened == run[j - 1].endswith(")"):      # (a bracketed figure closes on its last token, no other)
            out += [[" ".join(run[:j])] + rest for rest in _groupings(run[j:])]
        if j < len(run) and _TAIL.fullmatch(run[j]) and re.fullmatch(r"\(?-?\d+", run[j - 1]):
            j += 1
        else:
            return out
