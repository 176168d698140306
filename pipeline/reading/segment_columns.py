"""Tables whose columns are segments (or regions, product lines) and whose rows are measures.

    Segment Information (in millions)
    Optical
    Communications
    Display
    Technologies ...                      Total
    For the year ended December 31, 2022
    Segment net sales $ 5,023 $ 3,306 ... $ 14,805

The column names come wrapped over several lines with no year in them; the period comes from a "For the year
ended ..." line above each block (or below the names). Where one name ends and the next begins cannot be read from
the text alone, so the header is split only into names the same filing prints elsewhere as row labels
("Display Technologies $ 3,306 ...") or the page's sentences print ("The reportable segments are Transportation (...),
Real Estate (...)"), ending with a "Total" ("Group", "Consolidated") column, and only when exactly one such split exists.
A row yields cells only when it has exactly one value per column: an empty cell would shift every value after it
into the wrong segment, so such a row yields nothing.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from pipeline.reading.columns import Column, header_block, is_fragment, has_period
from pipeline.reading.unit_caption import detect_unit
from pipeline.reading.cells import split_row
from pipeline.reading.page_table import PageTable

_UNIT_NOTE = re.compile(r"(?i)\((?:[^()]*\b(?:millions|thousands|billions)\b[^()]*)\)|^\(?(?:millions|thousands)\)?\s|"
                        # a unit caption opening the names' line ("R'000 Irrigation ...", "EURm Retail ...")
                        r"^\s*(?:[A-Z]{0,3}\$|[£€¥R]|EUR|GBP|USD|ZAR|CHF)\s?(?:'000|’000|000|m|mn|bn)\s")
_FOOTNOTE = re.compile(r"\(\s*(?:\d{1,2}|[a-z])\s*\)")
_TOTAL_END = re.compile(r"(?i)(?:^|\s)(total(?: company| consolidated| group)?|consolidated|group)$")
_LEADER = re.compile(r"\s*\.{3,}\s*$")          # "Revenue ........ $ 3,095,160": dot leaders
_FOOTNOTE_VALUE = re.compile(r"^\(\d\)$")
_MAX_HEADER_LINES = 12
_MAX_NAME_WORDS = 7
_CAPTION = re.compile(r"(?i)\b(in (millions|thousands|billions)|(millions|thousands|billions) of|information|segments?|results|"
                      r"data|summary)\b")
QUALIFIER = "segment column: "   # a fact's qualifiers: the segment its column is


@dataclass
class SegmentCell:
    line_no: int
    segment: str | None          # None: the total column, the company's
    label: str
    value: str
    period: Column
    unit: str | None             # the scale the header or the caption above it declares
    kind: str | None = None      # the kind the column's own unit states (year_rows), else read from the label
    path: tuple[str, ...] = ()   # headings over the label (a measure over its sub-columns: year_rows)
    whole: bool = True           # the column is the whole company's among segments' (a years-as-rows table has none)


def named_in(qualifiers: str) -> list[str]:
    """The segment a fact's column is, read back from its qualifiers."""
    return [q[len(QUALIFIER):].strip() for q in qualifiers.split(", ") if q.startswith(QUALIFIER)]


def _norm(text: str) -> str:
    text = _FOOTNOTE.sub(" ", _LEADER.sub("", text.replace("\ufffe", "-").replace("\xad", "-")))
    return " ".join(text.lower().strip(" :").split())


def _clean_header_line(line: str) -> str:
    return " ".join(_FOOTNOTE.sub(" ", _UNIT_NOTE.sub(" ", line.replace("\ufffe", "-"))).split())


def vocabulary(tables: list[PageTable]) -> set[str]:
    """Short row labels the filing prints with figures: the names a column header may be split into."""
    out: set[str] = set()
    for t in tables:
        for r in t.rows:
            if r.values and r.label:
                name = _norm(r.label)
                if name and len(name.split()) <= _MAX_NAME_WORDS and not re.search(r"\d", name):
                    out.add(name)
    return out


def _period(line: str) -> Column | None:
    """The one period a line like "For the year ended December 31, 2022" or "Fiscal 2015" names."""
    if not (is_fragment(line) and has_period(line)):
        return None
    h = header_block([line])
    if h is None:
        return None
    cols = [c for c in h.columns if c.kind == "value"]
    return cols[0] if len(cols) == 1 and cols[0].year is not None and len(h.columns) == 1 else None


def _name_line(line: str) -> bool:
    return bool(line) and not split_row(line)[1] and len(line.split()) <= 8 and not line.rstrip().endswith((".", ":")) \
        and _period(line) is None


def _splits(tokens: list[str], n: int, vocab: set[str], limit: int = 2) -> list[list[str]]:
    """Up to `limit` ways to read `tokens` as n-1 vocabulary names followed by a total column."""
    words = " ".join(tokens)
    m = _TOTAL_END.search(words)
    if not m or n < 3:
        return []
    body = words[:m.start(1)].split()
    total = m.group(1)
    found: list[list[str]] = []

    def walk(at: int, names: list[str]) -> None:
        if len(found) >= limit:
            return
        if len(names) == n - 1:
            if at == len(body):
                found.append([*names, total])
            return
        for end in range(at + 1, min(len(body), at + _MAX_NAME_WORDS) + 1):
            if _norm(" ".join(body[at:end])) in vocab:
                walk(end, [*names, " ".join(body[at:end])])

    walk(0, [])
    return found


def _header_at(lines: list[str], i: int, n: int, vocab: set[str]) -> tuple[int, list[str]] | None:
    """(first line, names) of a segment-name header ending at line i, when exactly one reading exists. The header
    takes every name line above it up to the table's caption ("Segment Information (in millions)"): names read from
    the lower lines only would leave a spanning group header ("Goodwill  Indefinite-Lived Tradenames") or the
    first words of a wrapped name ("Device payment plan agreement") unread."""
    top = i
    while top > 0 and i - top < _MAX_HEADER_LINES and _name_line(lines[top - 1]):
        top -= 1
    readings: list[tuple[int, list[str]]] = []
    known = vocab | _prose_names(lines[:top] + lines[i + 1:])
    for k in range(top, i + 1):
        tokens = " ".join(_clean_header_line(ln) for ln in lines[k:i + 1]).split()
        readings += [(k, names) for names in _splits(tokens, n, known)
                     if len(set(map(_norm, names))) == len(names) and all(nm[0].isupper() for nm in names)]
        if not _CAPTION.search(lines[k]):
            break           # only a caption may be left above the names
    if not readings:
        return _stacked_header(lines, i, n)
    return readings[0] if len(readings) == 1 else None


# the rows of a heading's breakdown in a segment table ("Revenue:" over "External customers", "Inter-segment", "Total")
_PART_ROW = re.compile(r"(?i)\s*(?:from\s+|to\s+)?(?:external|third[- ]part|inter-?segments?|intra-?group|customers|"
                       r"other\s+segments|total)\b")
# a name as a sentence prints it: capitalised words, perhaps joined by "&", "-", "and", "of" ("Real Estate", "Leisure &
# Hotels", "Pumps - North America", "Mining and Construction"); a list's "A, B and C" gives each name too
_PROSE_NAME = re.compile(r"(?<![\w&'’-])[A-Z][\w'’]*(?:(?:\s*[&\-–]\s*|\s+(?:and|of)\s+|\s+)[A-Z][\w'’]*)*")


def _prose_names(lines: list[str]) -> set[str]:
    """The names the page's sentences print ("The reportable segments are Transportation (railway and bus), Real
    Estate (sale and leasing) and Retail."): a segment header's names where no row label prints them."""
    found = [m.group(0) for ln in lines if len(ln.split()) > 6 and not split_row(ln)[1] for m in _PROSE_NAME.finditer(ln)]
    return {_norm(n) for name in found for n in [name, *re.split(r"\s+and\s+", name)]}


def _stacked_header(lines: list[str], i: int, n: int) -> tuple[int, list[str]] | None:
    """A two-line header printing each column's name a word per line, the first words over the first columns:

        Water Power All
        (in millions) Utility Generation Other Eliminations Total

    read as "Electric Utility", "Gas Utility", "All Other", "Eliminations", "Total" only when every name so composed
    is printed word for word elsewhere on the page ("reportable segments are Electric Utility and Gas Utility"):
    the text alone cannot say which columns the upper words stand over."""
    if i == 0 or not _name_line(lines[i - 1]) or _CAPTION.search(lines[i - 1]):
        return None
    top, bottom = _clean_header_line(lines[i - 1]).split(), _clean_header_line(lines[i]).split()
    if len(bottom) != n or not 0 < len(top) < n - 1 or not _TOTAL_END.search(bottom[-1]):
        return None
    names = [f"{t} {b}" for t, b in zip(top, bottom)] + bottom[len(top):]
    def words(text: str) -> str:
        return " " + " ".join(re.findall(r"[\w&'’\-]+", _norm(text))) + " "

    elsewhere = words(" ".join(lines[:i - 1] + lines[i + 1:]))
    if len(set(map(_norm, names))) != n or not all(nm[0].isupper() for nm in names) \
            or not all(words(nm) in elsewhere for nm in names[:len(top)]):
        return None
    return i - 1, names


def _column_count(lines: list[str], start: int) -> int | None:
    """The value count most rows after `start` have (one per column), before the block's prose resumes."""
    counts: Counter[int] = Counter()
    for line in lines[start:start + 30]:
        label, values = split_row(line)
        if values and label:
            vals = values[1:] if len(values) > 1 and _FOOTNOTE_VALUE.match(values[0]) else values
            counts[len(vals)] += 1
        elif len(line.split()) > 14:
            break
    if not counts:
        return None
    (top, c), *rest = counts.most_common(2) + [(0, 0)]
    return top if c >= 2 and c > rest[0][1] else None


def cells(t: PageTable, vocab: set[str]) -> list[SegmentCell]:
    """Every cell of the page's segment-column tables."""
    lines = t.lines
    out: list[SegmentCell] = []
    names: list[str] | None = None
    unit: str | None = None
    period: Column | None = None
    heading: str | None = None
    i = 0
    while i < len(lines):
        line = lines[i]
        p = _period(line)
        if p is not None:
            period, heading = p, None       # (a year's block opens under no heading)
            i += 1
            continue
        label, values = split_row(line)
        label = _LEADER.sub("", label)
        if not values and _TOTAL_END.search(_clean_header_line(line)):
            n = _column_count(lines, i + 1)
            hit = _header_at(lines, i, n, vocab) if n else None
            if hit is not None:
                names = hit[1]
                unit = detect_unit(" ".join(lines[max(0, hit[0] - 2):i + 1]))
                i += 1
                continue
        if names is None:
            i += 1
            continue
        if not values:
            if len(line.split()) > 10 or line.rstrip().endswith(".") or _FOOTNOTE.match(line):
                names, period = None, None          # prose or footnotes: the table has ended
            elif line.rstrip().endswith(":") and len(line.split()) <= 6:
                heading = line.strip().rstrip(":").strip()     # ("Operating revenue:" over "External customers")
                above = lines[i - 1].strip()
                if above and not split_row(above)[1] and not above.endswith((".", ":")) and _period(above) is None \
                        and not _TOTAL_END.search(_clean_header_line(above)):
                    heading = f"{above} {heading}"      # (wrapped: "Transactions with owners in their" / "capacity ...:")
            i += 1
            continue
        if values and _FOOTNOTE_VALUE.match(values[0]):
            if len(values) != len(names) + 1:
                i += 1
                continue            # "(4)" may be a footnote or a first cell: the row is not read
            label, values = f"{label} {values[0]}", values[1:]
        if label[:1].islower() and i > 0 and not split_row(lines[i - 1])[1] and _period(lines[i - 1]) is None \
                and not _TOTAL_END.search(lines[i - 1]):
            label = f"{lines[i - 1].strip()} {label}"      # a label wrapped over two lines
        if heading and not _PART_ROW.match(label):
            heading = None      # the heading holds its breakdown's rows only ("External customers", "Inter-segment")
        if label and period is not None and len(values) == len(names) and re.search(r"[A-Za-z]{3}", label):
            for k, (name, value) in enumerate(zip(names, values)):
                out.append(SegmentCell(i, None if k == len(names) - 1 else name, label, value, period, unit,
                                       path=(heading,) if heading else ()))
        if label and re.match(r"(?i)\s*total\b", label):
            heading = None          # the heading's total closes it
        i += 1
    return out
