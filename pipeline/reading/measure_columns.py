"""Tables whose columns are measures and whose rows are segments, one block per year: an IFRS segment note.

    2034 Revenue Operating profit Capital expenditure Average employees
    EURm EURm EURm number
    Ireland 921.4 165.2 61.2 3,118
    United Kingdom 843.6 122.6 59.8 2,864
    Group 2,418.6 348.9 183.4 9,202

The year leads the header line and the measures' names follow it, each starting with a capital letter ("Operating
profit", "Capital expenditure"); a units line may follow with one unit per column. Or the names' line comes first and
each block is headed by its year on a line of its own ("in EUR thousand Net sales revenue EBITDA Operating profit" /
"2091" / rows / "2090" / rows): then measures only, never segments' names split by their capitals. The header is read
only where the names split into exactly as many measures as the units line (or the first row) has columns, and a row yields
cells only with exactly one value per column. Each cell becomes the segment's figure of that measure for the year
("Ireland › Revenue", the segment recorded as its qualifier, as segment_columns does). Where the header's names
close on the group's total ("2034 Retail Wholesale Corporate Group"), they are the segments and the rows the measures.
"""
from __future__ import annotations

import re

from pipeline.reading.cells import split_row
from pipeline.reading.columns import Column
from pipeline.reading.page_table import PageTable
from pipeline.reading.segment_columns import SegmentCell

_HEADER = re.compile(r"^\s*(?:(?:year\s+)?(?:ended\s+)?)?((?:19|20)\d{2})\s+([A-Z][^\d]*)$")
_UNIT_TOKEN = re.compile(r"(?i)^(?:[a-z]{0,3}\$?|[£€¥])?(m|mn|bn|'000|’000|000|k|million|thousand|thousands|millions)$|"
                         r"^(?:number|no\.?|%|ratio|times|x)$")
_SCALE = {"m": "million", "mn": "million", "million": "million", "millions": "million", "bn": "billion",
          "'000": "thousand", "’000": "thousand", "000": "thousand", "k": "thousand", "thousand": "thousand",
          "thousands": "thousand"}


_TOTAL_COLUMN = re.compile(r"(?i)(?:group|total|consolidated|group\s+total)")


def _names(text: str) -> list[str]:
    """The measures' names of a header: a name starts at a capitalised word and runs on over lower-case words
    ("Operating profit", "Revenue from external customers")."""
    out: list[list[str]] = []
    for tok in text.split():
        if tok[:1].isupper() or not out:
            out.append([tok])
        else:
            out[-1].append(tok)
    return [" ".join(n) for n in out]


def _units(line: str, n: int) -> list[str | None] | None:
    """One scale per column from a units line ("EURm EURm EURm number"); None when the line is not one."""
    toks = line.split()
    if len(toks) != n or not all(_UNIT_TOKEN.match(t) for t in toks):
        return None
    out: list[str | None] = []
    for t in toks:
        m = re.match(r"(?i)^(?:[a-z]{0,3}\$?|[£€¥])?(m|mn|bn|'000|’000|000|k|million|thousand|thousands|millions)$", t)
        out.append(_SCALE.get(m.group(1).lower()) if m else None)
    return out


# A block's year on a line of its own under the names ("in EUR thousand Net sales revenue EBITDA Operating profit" /
# "2091" / rows / "2090" / rows), perhaps as the filer names it with a note ("F2097 (restated)", "FY2091")
_YEAR_LINE = re.compile(r"(?i)^\s*((?:fiscal\s+(?:year\s+)?|fy\s?|(?-i:F))?((?:19|20)\d{2}))(?:\s*\([^()]{0,40}\))?\s*$")
_WRAPPED = re.compile(r"\s*[A-Z][\w&'’-]*(?:\s+[\w&'’-]+){0,2}\s*")     # a header's name broken over lines
# a unit caption opening the names' line ("in EUR thousand", "R'000", "(in thousands)", "EURm")
_CAPTION_LEAD = re.compile(r"(?i)^\s*\(?(?:in\s+)?(?:(?:[a-z]{0,3}\$|[£€¥]|eur|gbp|usd|zar|chf|czk|sek|nok|dkk|pln|r)\s?)?"
                           r"(?:'000|’000|000|m|mn|bn|thousands?|millions?|billions?)\)?\s+(?=[A-Z])")


def cells(t: PageTable) -> list[SegmentCell]:
    """Every cell of the page's measure-column blocks."""
    lines, out = t.lines, []
    i = 0
    while i < len(lines):
        m = _HEADER.match(lines[i])
        names = _names(m.group(2)) if m else []
        if len(names) < 2:
            i = max(_year_blocks(lines, i, out), _measure_groups(lines, i, out))
            continue
        year, j = int(m.group(1)), i + 1
        units = _units(lines[j], len(names)) if j < len(lines) else None
        if units is not None:
            j += 1
        elif j < len(lines) and len(split_row(lines[j])[1]) == len(names):
            units = [None] * len(names)
        else:
            i += 1
            continue
        i = _block(lines, j, names, units, Column(year=year, end=None, kind="value", span="year", header=str(year)), out)
    return out


def _year_blocks(lines: list[str], i: int, out: list[SegmentCell]) -> int:
    """The names' line at i over blocks each headed by its year alone; the next line to read."""
    line = lines[i]
    if split_row(line)[1] or i + 1 >= len(lines) or not _YEAR_LINE.match(lines[i + 1]):
        return i + 1
    names = _names(_CAPTION_LEAD.sub("", line))
    # (measures' names only: segments' names split by their capitals are guesswork, "Digital Marketing Print and
    # Publishing Total"; nor a header wrapped from the line above, "Digital" over "Marketing ...")
    if len(names) < 2 or any(re.search(r"\d", n) for n in names) or _TOTAL_COLUMN.fullmatch(names[-1]) or \
            i > 0 and _WRAPPED.fullmatch(lines[i - 1]):
        return i + 1
    j = i + 1
    while j < len(lines) and (m := _YEAR_LINE.match(lines[j])):
        period = Column(year=int(m.group(2)), end=None, kind="value", span="year", header=m.group(1).strip())
        nxt = _block(lines, j + 1, names, [None] * len(names), period, out)
        if nxt == j + 1:
            break           # a year line over no rows of the names' width: no such table
        j = nxt
    return max(j, i + 1)


def _block(lines: list[str], j: int, names: list[str], units: list, period: Column, out: list[SegmentCell]) -> int:
    """The rows from j with one value per name, as cells of `period`; the first line after them."""
    # (the other way round: "2061 Pharmaceuticals Diagnostics Corporate Group" over measure rows, the columns are
    # the segments and the last their total, the company's own figure)
    across = bool(_TOTAL_COLUMN.fullmatch(names[-1]))
    while j < len(lines):
        label, values = split_row(lines[j])
        if not label or len(values) != len(names) or not re.search(r"[A-Za-z]{2}", label):
            break
        label = label.strip()
        for k, (name, value, unit) in enumerate(zip(names, values, units)):
            out.append(SegmentCell(j, None if k == len(names) - 1 else name, label, value, period, unit) if across else
                       # (a segment row named as the whole, "Group", is the company's figure)
                       SegmentCell(j, None if _TOTAL_COLUMN.fullmatch(label) else label, name, value, period, unit))
        j += 1
    return j


# a years line repeating its years once per measure named on the line above, a unit caption perhaps leading it
# ("Net sales Operating profit" / "SEK m 2092 2091 2092 2091"; "Revenue Operating profit" / "2097 2096 2097 2096")
_YEARS_LINE = re.compile(r"(?i)^\s*(?:[a-z]{0,3}\$?\s?(?:m|mn|bn|'000|’000|000|million|thousand)?\s+)?((?:(?:19|20)\d{2}\s*)+)$")


_NOTE_TITLE = re.compile(r"^\s*(?:(?i:note)\s+)?\d{1,2}\.?\s+[A-Z][a-z]+(?:\s+[a-z]+)*\s+(?=[A-Z])")
_NO_MEASURE = re.compile(r"(?i)\s*(?:the\s+)?(?:group|company|consolidated|consolidad[oa]|controladora|parent|separate|stand-?alone|bank|individual|total|"
                         r"(?:continuing|discontinued)(?:\s+operations)?|restated|(?:as\s+)?reported|(?:un)?audited)\b")


def _measure_groups(lines: list[str], i: int, out: list[SegmentCell]) -> int:
    """The measures' names at i over a years line repeating its years per measure, segments as rows ("Heat Pumps
    2,846 2,612 402 348"): each cell the segment's figure of its measure and year. The next line to read."""
    if split_row(lines[i])[1] or i + 1 >= len(lines) or not (m := _YEARS_LINE.match(lines[i + 1])) or \
            i > 0 and _WRAPPED.fullmatch(lines[i - 1]):
        return i + 1        # (nor the last line of names wrapped over several: "Depreciation and" / "Other Amortization")
    years = [int(y) for y in m.group(1).split()]
    k = len(dict.fromkeys(years))
    n = len(years) // k if k >= 1 and len(years) % k == 0 else 0
    # (exactly the measures' names, a note's number and title aside: "3. Segment information Revenue Operating profit";
    # a line naming more words than measures, "Net Revenue Operating Profit/(Loss)", is not split by guesswork)
    names = _names(_NOTE_TITLE.sub("", _CAPTION_LEAD.sub("", lines[i]))) if n >= 2 else []
    if len(names) != n or years != years[:k] * n or any(re.search(r"\d", x) or _NO_MEASURE.match(x) for x in names):
        return i + 1        # (whose columns, "Group Company", or which operations, "Continuing ... Total": no measures)
    j = i + 2
    units = _units(lines[j], n * k) if j < len(lines) else None
    j += units is not None
    units = units or [None] * (n * k)
    while j < len(lines):
        label, values = split_row(lines[j])
        if not label or len(values) != n * k or not re.search(r"[A-Za-z]{2}", label):
            break
        for c, value in enumerate(values):
            period = Column(year=years[c % k], end=None, kind="value", span="year", header=str(years[c % k]))
            whole = _TOTAL_COLUMN.fullmatch(label.strip()) or re.match(r"(?i)(?:group|total)\s+[-–]\s+", label)
            out.append(SegmentCell(j, None if whole else label.strip(), names[c // k], value, period, units[c]))
        j += 1
    return j

