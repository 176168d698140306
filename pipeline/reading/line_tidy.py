"""A page's lines with the layout's noise taken out before they are read as rows: dotted leaders, brackets printed
apart from their figure, footnote markers run into a column's year, minus signs printed as other characters, a
row's bullet or item number, thousands set apart by a thin space or an apostrophe, pence spelled in a cell, and
numbers printed the continental way. The reader and the verifier read a page's figures through it alike."""
from __future__ import annotations

import re

from pipeline.reading import (line_codes, ordinal_periods, other_script, quarter_names, relative_periods,
                              spaced_thousands)
from pipeline.reading.columns import is_fragment


def tidy_lines(lines: list[str]) -> list[str]:
    lines = _heading_notes([_COLUMN_NOTES.sub("", _PAGE_NUMBER.sub("", _tidy(ln))) for ln in other_script.read(lines)])
    lines = _dinars_and_fils(lines) if any(_DINAR_FILS.search(ln) for ln in lines) else lines
    lines = quarter_names.read(relative_periods.read(ordinal_periods.read(_dash_wrapped(lines))))
    lines = _unmark_years(line_codes.read(lines))
    return spaced_thousands.read(_european_numbers([_APOSTROPHE_THOUSANDS.sub(_with_commas, ln) for ln in lines]))


# thousands set apart by an apostrophe, the Swiss way ("61'406", "-9'806", "1'206'418.50"): commas, as elsewhere
_APOSTROPHE_THOUSANDS = re.compile(r"(?<![\w'’.,])\d{1,3}(?:['’]\d{3})+(?:[.,]\d+)?(?![\w'’])")


def _with_commas(m: re.Match) -> str:
    """"61'406" -> "61,406"; its decimals after a point or a comma ("1'234.50", "1'234,50") after a point."""
    whole, decimals = re.match(r"(.*?)(?:[.,](\d+))?$", m.group(0)).groups()
    return re.sub(r"['’]", ",", whole) + (f".{decimals}" if decimals else "")


# a page number printed between dashes ("- 5 -", "– 12 –"): no row's figure
_PAGE_NUMBER = re.compile(r"^\s*[-–—]\s*\d{1,4}\s*[-–—]\s*$")
# a line of the notes the columns refer to, under their header ("(Note 2.4) (Note 2.4)" over translated columns): no
# heading of the rows below
_COLUMN_NOTES = re.compile(r"(?i)^\s*(?:\(\s*notes?\s+\d{1,2}(?:\.\d{1,2})?[a-z]?\s*\)\s*)+$")
def _heading_notes(lines: list[str]) -> list[str]:
    """A heading's note number printed on a line of its own under it ("EQUITY ATTRIBUTABLE TO EQUITY HOLDERS OF THE
    COMPANY" / "15"): a reference, no row (left empty, so line numbers stay the page's)."""
    return [("" if i and re.fullmatch(r"\d{1,2}", ln.strip()) and re.search(r"[A-Za-z]{3}:?\s*$", lines[i - 1]) and
             not re.search(r"\d", lines[i - 1]) else ln) for i, ln in enumerate(lines)]


# a per-share amount printed in dinars and fils under a "JD / Fils" caption ("0/239": 0 dinars and 239 fils, JD 0.239)
_DINAR_FILS = re.compile(r"(?i)\b(?:JD|JOD|dinars?|BD|KD)\s*/\s*fils\b")
_DINAR_FILS_CELL = re.compile(r"(?<![\d/.,])(\(?)(\d{1,3})/(\d{3})(\)?)(?![\d/.,])")


def _dinars_and_fils(lines: list[str]) -> list[str]:
    return [_DINAR_FILS_CELL.sub(r"\1\2.\3\4", ln) for ln in lines]


# A label wrapped at the hyphen of its qualifier ("Financial assets at fair value through profit or loss -" over
# "current (Notes 4 and 7) 1,204,558 988,730"): the dash is the label's, not a nil cell; the label is read whole on
# the figures' line (the first line left empty, so line numbers stay the page's)
_DASH_END = re.compile(r"[A-Za-z)]\s+[-–]$")
_FIGURE = re.compile(r"\d[\d,]{2,}")


def _dash_wrapped(lines: list[str]) -> list[str]:
    out = list(lines)
    for i in range(len(out) - 1):
        ln, nxt = out[i], out[i + 1]
        if _DASH_END.search(ln) and not _FIGURE.search(ln) and re.match(r"[a-z]", nxt) and _FIGURE.search(nxt) or \
                _DASH_START.match(nxt) and _FIGURE.search(nxt) and re.match(r"[A-Z][a-z]", ln) and \
                not re.search(r"\d|:\s*$", ln) and not (i + 2 < len(out) and _DASH_START.match(out[i + 2])):
            out[i], out[i + 1] = "", f"{ln} {nxt}"
    return out


# the dash starting the label's second line with the qualifier of the first ("Actuarial loss on defined benefit plans"
# / "- net of income tax (4,812,406)"), a lone one; an item's name after a dash is an item under its heading ("Other
# income" / "- government grants 1,206"), and a run of such lines is a list of items
_DASH_START = re.compile(r"\s*[-–]\s+(?:net\s+of|after|before|excluding|including|less)\b")


# Numbers printed the continental way. "2,41" (a comma before one or two digits) is a decimal comma wherever it
# stands: no thousands separator leaves two digits. "1.234.567" and "1.234,5" are thousands dots: on a page that
# prints them and no number only the English way can print ("1,234,567", "1,234.5"), every dotted figure is read
# so ("61.204" is 61204 there), and its decimal comma is a point.
_DEC_COMMA = re.compile(r"(?<![\d.,])(\d+),(\d{1,2})(?![\d.,]*\d)")
_EU_SURE = re.compile(r"(?<![\d.,])\d{1,3}(?:\.\d{3}){2,}(?:,\d+)?(?![\d.,]*\d)|(?<![\d.,])\d{1,3}(?:\.\d{3})+,\d+(?![\d.,]*\d)")
_EU_ANY = re.compile(r"(?<![\d.,])\d{1,3}(?:\.\d{3})+(?:,\d+)?(?![\d.,]*\d)")
_EN_SURE = re.compile(r"(?<![\d.,])\d{1,3}(?:,\d{3})+\.\d+|(?<![\d.,])\d{1,3}(?:,\d{3}){2,}")


def _european_numbers(lines: list[str]) -> list[str]:
    text = "\n".join(lines)
    # (a decimal comma, "4,12", is printed only the continental way: the page's "318.406" is then 318,406 too)
    if (_EU_SURE.search(text) or _DEC_COMMA.search(text) and _EU_ANY.search(text)) and not _EN_SURE.search(text):
        lines = [_EU_ANY.sub(lambda m: m.group(0).replace(".", "").replace(",", "."), ln) for ln in lines]
    return [_DEC_COMMA.sub(r"\1.\2", ln) if "," in ln else ln for ln in lines]


# A figure's minus printed as the typographic minus (U+2212) or the triangles Japanese reports print ("△ 1,234",
# "▲1,234"; a spaced "▲ 12" is an up-arrow), or an en dash run into the digits ("–210.5"; "– 120" is a nil cell and a
# figure), after a space or at the line's start ("2022–23" is a range): an ASCII minus
_MINUS = re.compile(r"(?:(?<=\s)|^)(?:[\u2212\u25b3] ?|[\u2013\u25b2])(?=\d)")
# a vertical rule printed between a table's cells ("Revenue (£m) | 274.2 | 255.2", "| Note | 2093 £000 | 2092 £000")
_RULE = re.compile(r"\s*\|\s*")
_RULED = re.compile(r"[\d%p)]\s*\|\s*[\d(£$€-]")
# Nil cells printed with no space between them ("117,754 –––" in four columns): one en dash a cell
_DASH_RUN = re.compile(r"(?<=\s)\u2013{3,4}(?=\s|$)")     # (a double dash is one nil cell as often as two)


# Per-share figures closing a line with their unit spelled in each cell ("Basic 8 (10.09 pence) (6.11 pence)"): one
# cell each, "(10.09p)" (a label's "options at a price of 1.3 pence per option" is words)
_PENCE_CELL = re.compile(r"(?<![\w.])(\(?\d[\d,]*\.\d+)\s+pence(\)?)(?!\w)")
# Per-share cells in a currency's cents with its prefix ("HK17.90 cents", "RMB 8.20 cents", "(US2.10 cents)", Hong
# Kong and Singapore reports): the figures, the unit said once after the label ("(HK cents)")
_CENT_CELL = re.compile(r"(\(?)(?:[A-Z]{1,3}\$?)?\s?(\d[\d,]*\.\d+)\s*cents?(\)?)")
_CENT_CELLS = re.compile(r"(?:\s+\(?([A-Z]{1,3})?\$?\s?\d[\d,]*\.\d+\s*cents?\)?)+\s*$")
_PENCE_CELLS = re.compile(r"(?:\s+\(?\d[\d,]*\.\d+\s+pence\)?)+\s*$")
# A row's bullet or item number before its label ("- Basic", "• Diluted", "I Revenue from operations", "(ii) Deferred
# tax"): layout, not words of the line
# (and a cash flow statement's arithmetic signs before its lines, "+/- Increase/decrease in provisions", "= Cash flows
# from operating activities", as German statements print them)
_ITEM_MARK = re.compile(r"^\s*(?:[-–—•·]\s+|(?:[+=]|[-+]/[-+])\s+|(?:[IVX]{1,4}|\((?:[ivx]{1,4}|[a-h])\))\s+)(?=[A-Z(])")
# Thousands set apart by a non-breaking, narrow or thin space ("84\u202f512", French and Nordic typesetting): one
# figure (an ordinary space is left alone: "84 512" may be two cells)
# The sum of the numbered lines a row totals, after its label ("Total income (I+II)", "Profit for the year (IX+XII)",
# "(X-XI)", Schedule III statements): layout, not words of the line
_LINE_SUM = re.compile(r"\s*\((?:[IVX]{1,5}\s*[-+]\s*)+[IVX]{1,5}\)")
_THIN_GROUPS = re.compile(r"(?<=\d)[\u00a0\u202f\u2009](?=\d{3}(?!\d))")
# A footnote marker printed as a superscript run into a figure or a word ("1.70¹", "Revenue²"): no part of either (a
# unit's power after a short unit, "m²", "ft²", is kept)
_SUPERSCRIPT = re.compile(r"(?:(?<=[\d)%])|(?<=[A-Za-z]{3}))[\u00b9\u00b2\u00b3\u2070\u2074-\u2079]+")
# ... or as asterisks ("0.85**", a proposal's footnote; "(12.4)*")
_STARRED = re.compile(r"(?<=[\d)])\*{1,3}(?=\s|$)")
_LEADER = re.compile(r"(?:\s*\.){2,}\s*(?=[\s$(\d—–-]|$)|\s*…+\s*")
_SPLIT_PAREN = re.compile(r"\(\s*(\$?\s*\d[\d,]*(?:\.\d+)?)\s+\)")


def _tidy(line: str) -> str:
    """Dotted leaders between label and figures ("Net cash provided by operating activities ....... 19,970"), a
    bracket printed apart from its figure ("(33,475 )") and a cell's spelled unit are layout, not text."""
    line = _MINUS.sub("-", _SPLIT_PAREN.sub(r"(\1)", _ITEM_MARK.sub("", _LINE_SUM.sub("", _THIN_GROUPS.sub("", line)))))
    line = _STARRED.sub("", _SUPERSCRIPT.sub("", line))
    if "|" in line and (line.count("|") >= 2 or _RULED.search(line)):
        line = _RULE.sub(" ", line).strip()     # "| Note | 2093 £000 | 2092 £000": cells set apart by printed rules
    if "\u2013\u2013\u2013" in line:
        line = _DASH_RUN.sub(lambda m: " ".join(m.group(0)), line)
    cells = _PENCE_CELLS.search(line) if "pence" in line else None
    if cells:
        line = line[:cells.start()] + _PENCE_CELL.sub(r"\1p\2", cells.group(0))
    cents = _CENT_CELLS.search(line) if "cent" in line else None
    if cents and re.search(r"[A-Za-z]{3}", line[:cents.start()]) and \
            not re.search(r"(?i)(?:\b(?:of|at|by|to|from|was|is|were|and|per)|:)\s*$", line[:cents.start()]):
        # (prose, or a rate the label states: "Final dividend for 2030: 1.50 cents")
        unit = f"({cents.group(1)} cents)" if cents.group(1) else "(cents)"
        line = f"{line[:cents.start()]} {unit} " + " ".join("".join(c) for c in _CENT_CELL.findall(cents.group(0)))
    if ".." in line or ". ." in line or "…" in line:
        line = _LEADER.sub(" ", line).strip()
    return _PESO_SIGN.sub(r"\1", line) if "P" in line or "₱" in line else line


# the peso's sign run into a figure, as Philippine statements print a column's first and total rows ("P992,030",
# "(P12,806)", "₱2,118,412"): layout, the currency said in the caption
_PESO_SIGN = re.compile(r"(?<![\w])(?:P|₱|Php\s?)(\d{1,3}(?:,\d{3})+(?:\.\d+)?)(?![\w,])")

_MARKED_YEAR = re.compile(r"^((?:19|20)\d{2})[1-9*†]$")


def _unmark_years(lines: list[str]) -> list[str]:
    """A column year with a footnote marker run into it ("2021" + "1" printed "20211", "2021*") on a header line of
    its own, between header lines ("$'000", "Notes", "2022"): the year."""
    out = list(lines)
    for i, ln in enumerate(lines):
        m = _MARKED_YEAR.match(ln)
        if m and any(0 <= k < len(lines) and is_fragment(lines[k]) and not _MARKED_YEAR.match(lines[k])
                     for k in (i - 1, i + 1)):
            out[i] = m.group(1)
    return out
