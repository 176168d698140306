"""A printed line as a label and its value cells, and a printed figure as a number."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from functools import lru_cache

# a figure in pence carries its unit: "15.00p", "(81.70p)"; written with decimals, never a note's "3p"
_PENCE_FIGURE = r"\d[\d,]*\.\d+p"
_CENTS_FIGURE = r"\d[\d,]*\.\d+c"       # ("14.0c": a rate in cents; never "3c", a note's reference)
_NUM = rf"(?:[-+]?(?:\$|US\$|A\$|C\$|£|€|¥)?\d[\d,]*(?:\.\d+)?%?|{_PENCE_FIGURE}|{_CENTS_FIGURE})"      # ("+8.7": a change)
# a multiple ("Distribution coverage ratio 1.36x 1.27x", "Net debt / EBITDA 2.1×"): a cell, so its row is a row and not
# a heading over the next ones; no fact yet (its unit is neither money nor a percentage: `facts.extract` skips it)
MULTIPLE = r"\d+(?:\.\d+)?[x×]"
# a fact's scale when its figure is printed in the currency's hundredth (the ringgit's sen, the rupee's paise, the
# dinar's or dirham's fils, the naira's kobo, the franc's centimes)
MINOR_UNITS = ("cents", "pence", "sen", "paise", "fils", "kobo", "centimes")
_VALUE = re.compile(rf"^(?:\({_NUM}\)|{_NUM})%?$|^[—–-]+$|^(?i:n/a|n/p|n\.p\.|n/m|nm|n\.m\.|nil)$|^{MULTIPLE}$")   # "n/a": an empty cell; "nil": zero
YEAR = re.compile(r"^(?:19|20)\d{2}$")
_UNITS_CELL = re.compile(r"(?:US\$|A\$|C\$|\$|£|€|¥)?['’]?000s?")     # "£000 £000" under the years: units, no figures
_YEAR_WORD = re.compile(r"(?i)^(due|maturing|matures|mature|through|thru|until|till|expiring|expires|expire|in|by|"
                        r"from|to|since|before|after|beyond|and|fiscal|fy|year|–|-)$")
# a currency printed as its own token before a figure ("Ps 10,434", "R$ 1,204", "RM 12,000", "Rs. 4,120")
MONEY_SIGNS = {"$", "US$", "€", "£", "¥", "A$", "C$", "NZ$", "HK$", "S$", "₹", "₩", "₱", "R$", "NT$", "Mex$"}
# (a currency written in letters is a sign where the row repeats it or where it follows the label's last word;
# after "of", "for", ... it is the label's: "Consumption of RM 4,213.30" is raw material)
LETTER_SIGNS = {"Ps", "Ps.", "RM", "Rs", "Rs.", "Php", "PHP", "Rp", "Rp.", "SR", "QR", "KD", "Dhs", "Tk"}
# ISO codes printed before each figure ("Revenue USD 1,204 USD 1,118"): a sign only where the row repeats it ("Bank
# loans EUR 1,204 1,118" names the loans' currency)
ISO_SIGNS = {"USD", "EUR", "GBP", "CHF", "NOK", "SEK", "DKK", "PLN", "INR", "CNY", "RMB", "HKD", "SGD", "JPY", "ZAR",
             "MYR", "IDR", "SAR", "AED", "AUD", "CAD", "NZD", "BRL", "MXN", "KRW", "TWD", "THB"}
# a unit word printed after each figure of a row ("Net assets per share 2,625.04 yen 2,850.98 yen", "12.5 cents")
_UNIT_AFTER = {"yen", "won", "yuan", "euro", "euros", "dollars", "rupees", "baht", "rand", "francs", "kronor", "kroner",
               *MINOR_UNITS}
_LABEL_ENDS = {"of", "for", "in", "on", "to", "from", "and", "the", "&", "by", "with"}
# a footnote's marker after a figure printed with decimals: "5.25 1)", "4.50 a)" (a bracketed "(1)" may be a figure:
# `without_marker` tells them apart by the columns)
_MARKER = re.compile(r"^\(?[1-9a-z]\)$")


def split_row(line: str) -> tuple[str, list[str]]:
    """Split a text line into its label and its trailing value tokens (currency signs dropped; a unit word printed
    after each figure, "2,625.04 yen 2,850.98 yen", said once in the label's brackets)."""
    label, values = _split_row(line)
    return label, list(values)


@lru_cache(maxsize=16384)
def _split_row(line: str) -> tuple[str, tuple[str, ...]]:
    # (a page's reading splits each of its lines several times: read once, a copy of the cells handed out)
    toks = re.sub(r"(\d)\s+%", r"\1%", line).split()      # "20 %" is one cell
    values: list[str] = []
    i = len(toks)
    unit = None
    while i > 0:
        t = toks[i - 1]
        if t.lower() in _UNIT_AFTER and i > 1 and _VALUE.match(toks[i - 2]) and sum(x == t for x in toks) > 1 and \
                (unit or not values):     # (after every figure: "5 cents and 3 cents 120 100" is a label's)
            unit, i = t.lower(), i - 1
            continue
        if re.fullmatch(r"\(?\*{1,3}\)?", t) and i > 1 and _VALUE.match(toks[i - 2]):
            i -= 1      # a footnote's asterisk printed apart after the last figure ("0.42 *)": a proposal's)
            continue
        if _MARKER.match(t) and not t.startswith("(") and i > 1 and re.fullmatch(r"\(?-?\d[\d,]*\.\d+\)?", toks[i - 2]):
            i -= 1      # ("2.10 (1)": a figure or a marker, told apart by the columns, `without_marker`)
            continue
        if t in MONEY_SIGNS or t in LETTER_SIGNS and (sum(x == t for x in toks) > 1 or i > 1 and
                                                     toks[i - 2].lower() not in _LABEL_ENDS) or \
                t in ISO_SIGNS and sum(x == t for x in toks) > 1:
            i -= 1
            continue
        if _VALUE.match(t) and not _UNITS_CELL.fullmatch(t):
            values.append(re.sub(r"^(\(?-?)(?:US\$|A\$|C\$|\$|£|€|¥)", r"\1", t))
            i -= 1
            continue
        break
    values.reverse()
    # a signed "+1.75%" first is the label's ("SOFR +1.75%"): a change cell follows figures, never leads them
    while values and values[0].startswith("+"):
        i += 1
        values = values[1:]
    # a maturity or period the label names ("Notes due 2026", "Leases expiring through 2030"): the label's words
    while values and YEAR.match(values[0]) and i > 0 and _YEAR_WORD.search(toks[i - 1]):
        i += 1
        values = values[1:]
    years = values[1:] if values and re.fullmatch(r"\d{1,2}", values[0]) else values     # (after a note's number)
    if unit and len(years) >= 2 and all(YEAR.fullmatch(v) for v in years) and \
            all(abs(int(a) - int(b)) == 1 for a, b in zip(years, years[1:])):       # (the columns' years, in a row)
        # "Earnings per share 6 2093 pence 2092 pence": each column's year and unit, a header inside the table
        return " ".join(toks[:i] + values[:len(values) - len(years)] + [unit] * len(years)), ()
    label = " ".join(toks[:i]).rstrip(" $")
    if unit and values and unit not in label.lower():
        label = f"{label} ({unit})"
    return label, tuple(values)


def without_marker(values: list[str], columns: int) -> list[str] | None:
    """The row's cells without a footnote's bracketed marker ("2.10 (1) 1.85" or "1.65 1.70 (2)" under two columns):
    when the row has one cell too many and exactly one is a bracketed digit among or after figures printed with
    decimals; else None."""
    marks = [i for i, v in enumerate(values) if re.fullmatch(r"\([1-9]\)", v)]
    rest = [v for i, v in enumerate(values) if i not in marks]
    if len(values) != columns + 1 or len(marks) != 1 or marks[0] == 0 or "." not in values[marks[0] - 1] or \
            marks[0] < len(values) - 1 and "." not in values[marks[0] + 1]:
        return None         # (a marker stands among or after the figures it marks: "2.10 (1) 1.85", "1.65 1.70 (2)")
    # (after the figures, every figure has decimals: "Net finance costs 9 1.5 (4)" is note 9, 1.5 and (4))
    tail = marks[0] == len(values) - 1
    return rest if all("." in v or not re.search(r"\d", v) for v in (rest if tail else rest[1:])) else None


# a unit printed once per column after a heading ("Earnings per share 8 pence pence", "Dividends cents cents")
_UNIT_TOKEN = re.compile(r"(?i)pence|cents?|p|c|sen|%|[a-z]{0,3}[£$€¥](?:m|mn|bn|'?000)?|'?000")


# a total row's label ("Total revenues", "Total" alone)
# a total row ("Total current assets", "Total"), also as Indian schedules print it: "Sub-total - Non-current assets",
# "TOTAL - ASSETS"
TOTAL_ROW = re.compile(r"(?i)^(?:sub[- ]?total\s*[-–:]\s*(?=\S)|total(?:\s*[-–:]\s*|\s+|$))")   # (a bare "Sub-total": a part's)


def heading_label(label: str) -> str:
    """A heading's label with its per-column units said once and its note number dropped: "Earnings per share 8 pence
    pence" -> "Earnings per share (pence)" (the unit stays in the label: a per-share figure's minor unit is read from
    it); "" when the line is only a unit per column."""
    toks = re.sub(r"(?i)\s+note\s*$", "", label.rstrip(":")).split()   # ("Earnings per share (cents) Note" + its "9")
    if len(toks) > 1 and {t.lower() for t in toks} <= {"number", "no.", "numbers"}:
        return ""       # "Number Number" under the years: the columns count, no heading ("Cents Cents" stays: a unit)
    if label.count(")") > label.count("(") and label[:1].islower():
        return ""       # the end of a header's note wrapped onto its own line: "(Restated -" / "note 4)"
    j = len(toks)
    while j > 1 and toks[j - 1].lower() == toks[-1].lower():
        j -= 1
    if len(toks) - j < 2 or not _UNIT_TOKEN.fullmatch(toks[-1]):
        return " ".join(toks)
    rest = toks[:j - 1] if j > 1 and re.fullmatch(r"\d{1,2}[a-z]?", toks[j - 1]) else toks[:j]
    return f"{' '.join(rest)} ({toks[-1]})" if rest else label.rstrip(":").strip()


_FIGURE_RUN = re.compile(r"(?:\s+(?:\(?(?:\$|US\$|£|€|¥)?\s?-?\d[\d,]*(?:\.\d+)?\)?%?|[—–]+)){2,}\s*$")


def mis_split(label: str) -> bool:
    """A row label that swallowed figures ("Income tax provision (4) (180) (203) (90)", "As reported - GAAP 14,189
    1,797"): the row's cells were not split from its label, so which value sits under which column is unknown."""
    words = re.sub(r"\([^()]*[A-Za-z][^()]*\)", " ", label)    # a note in brackets is words: "(includes ...: 2022, $12,662)"
    # (a code is a label: "AB-123", a product's or programme's name)
    return bool(_FIGURE_RUN.search(" " + words)) or not re.search(r"[A-Za-z]{3}|(?<![\w-])[A-Za-z]{1,6}-\d", label)


def parse_number(token: str) -> Decimal | None:
    """'(1,577)' -> -1577, '$5,363' -> 5363, '12.5%' -> 12.5, '—' -> 0. None if not a number."""
    t = token.strip().replace("$", "").replace(",", "")
    if re.fullmatch(r"[—–-]+|(?i:nil)", t):
        return Decimal(0)
    neg = t.startswith("(") and t.endswith(")")
    t = t.strip("()").rstrip("%")
    if re.fullmatch(MULTIPLE, t):
        t = t[:-1]          # a multiple, "1.8x": the kind is the fact's
    if re.fullmatch(_PENCE_FIGURE, t) or re.fullmatch(_CENTS_FIGURE, t):
        t = t[:-1]          # pence or cents: the unit is the fact's (`minor_unit`)
    try:
        d = Decimal(t)
    except InvalidOperation:
        return None
    return -d if neg else d


# A per-share figure printed in the currency's hundredth ("Earnings per share (cents)", "Cents Cents" over the
# years, "Loss per share (pence)", "(p)", "15.00p"): "cents" or "pence", said with the figure; else None (currency units)
_CENTS = re.compile(r"(?i)\bcents?\b|¢")
_PENCE = re.compile(r"(?i)\bpence\b|\bshares?\s*\(p\)")
_OTHER_MINOR = re.compile(r"(?i)\b(sen|paise|fils|kobo|centimes)\b")


def minor_unit(path: str, header: str, printed: str) -> str | None:
    text = f"{path} {header}"          # (the row's own words: a page title's "(cents where stated)" says nothing of it)
    if _CENTS.search(text) or minor_figure(printed) == "cents":
        return "cents"
    if _PENCE.search(text) or in_pence(printed):
        return "pence"
    m = _OTHER_MINOR.search(text)
    return m.group(1).lower() if m else None


def in_pence(printed: str) -> bool:
    """The cell prints its figure in pence ("635.00p", "(81.70p)")."""
    return re.fullmatch(rf"\(?{_PENCE_FIGURE}\)?", printed.strip()) is not None


def minor_figure(printed: str) -> str | None:
    """"pence" or "cents" where the cell prints its figure in the currency's hundredth ("635.00p", "14.0c"), else None."""
    return "pence" if in_pence(printed) else "cents" if re.fullmatch(rf"\(?{_CENTS_FIGURE}\)?", printed.strip()) else None
