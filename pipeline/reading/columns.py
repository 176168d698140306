"""Column headers of statement tables: which period, currency and kind each value column holds.

Filings print their column headers in many ways; pdfium turns each into one or more text lines:

    (Millions) 2018 2017 2016                         years on the label line
    2019 / 2018 / 2017                                years on their own lines
    At December 31, 2019 At December 31, 2018         dates
    December 2, / 2016 / November 27, / 2015          dates split over lines
    Note 2022 £000 2021 £000                          a note-reference column, currency and scale per column
    Millions of yen / Thousands of U.S. dollars / 2021 2022 2022     a convenience-translation column
    Three Months Ended ... Six Months Ended ... 2023 2022 2023 2022 quarter spans
    2022 2021 % Change                                a change column

`header_block` decides whether a run of lines is such a header and returns its columns; it never guesses: a header
whose columns cannot be told apart (the same year twice, nothing between) is ambiguous and its years not answered.
"""
from __future__ import annotations

import collections
import itertools
import re
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache

from pipeline.core import bilingual, months
from pipeline.reading import column_groups, header_dates, stacked_years, translation
from pipeline.reading.header_words import BASIS_CAPTION, HEADER_WORDS, LABELS_CAPTION, SECTION_LEAD
from pipeline.core.currencies import CURRENCY_RE, currency_of, without_currencies

MONTHS, MON = months.NUMBERS, months.MON
_YEAR = r"(?:19|20)\d{2}"
# One period expression: "December 31, 2019", "31 December 2022", "Dec. 31, 2019", "fiscal 2019", "FY2019", "2019".
_PERIOD = re.compile(
    rf"(?ix)(?:(?P<mon1>{MON})\s+(?P<day1>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<y1>{_YEAR})"
    rf"|(?P<day2>\d{{1,2}})(?:st|nd|rd|th)?(?:\s+|-)(?P<mon2>{MON})(?:,?\s+|-)(?P<y2>{_YEAR})"     # (or "31-Mar-2097")
    # a fiscal year named by both its calendar years ("2023/24", "2023-24", "FY 2023-24"): the year it ends
    rf"|(?<![\w$£€¥.,/])(?:fy\s?)?(?P<y6>{_YEAR})[/–-](?P<z6>\d{{2}})(?![\w.,/]\d|%)"
    # ("F2098": a fiscal year as South African reports name it)
    rf"|(?:fiscal\s+(?:year\s+)?|fy\s?|(?<![\w$£€¥.,/])(?-i:F)(?={_YEAR}\b))(?P<y3>{_YEAR}|\d{{2}})"
    # a date in figures ("31.12.2024", "30/06/2024", "31-12-2024"), never a range's end ("1/01/2020 - 12/31/2020")
    rf"|(?<![\w.,/])(?<![-–]\s)(?<![-–])(?P<a5>\d{{1,2}})(?P<sep>[./-])(?P<b5>\d{{1,2}})(?P=sep)(?P<y5>{_YEAR})"
    rf"(?![\w.,/]\d)(?!\s?[-–])"
    rf"|(?<![\w$£€¥.,/])(?P<y4>{_YEAR})(?![\w.,/]\d|%))")

_DATES = re.compile(rf"(?i){months.DATE}|(?<![\w.,/])\d{{1,2}}([./-])\d{{1,2}}\1{_YEAR}")
# Currency as statements print it, with its scale when attached ("£000", "A$m", "¥ millions", "US$ thousands").
_SCALE = re.compile(r"(?i)(?:'?000s?\b|\b[tk](?=(?:eur|usd|chf)\b|€)|\bthousands?\b|\bmillions?\b|\bbillions?\b|\bcrores?\b|\blakhs?\b|(?<=[$£€¥])\s?(?:m|bn|k)\b(?![$£€¥])|"
                    r"\b(?:mn|mln|bn)\b|(?<![a-z])(?-i:MM?(?:US)?\$))")
_SPAN = re.compile(r"(?i)\b(three|six|nine|twelve)\s+months\b|\b(\d{2})\s+weeks\b|\bquarter\b|\bq[1-4]\b|"
                   r"\byears?\s+ended\b|\bfiscal\s+years?\b|\b(half[- ]years?|first\s+half|h1)\b|\bfull[- ]years?\b")
_CHANGE = re.compile(r"(?i)%\s*change|\bchange\b|\bvariance\b|\bvar(?:iation|\.)?(?!\w)|\b%\s*(?:inc|dec)\w*|(?<![\d])%(?!\w)")
_NOTE = re.compile(r"(?i)^\s*(?:notes?|notas?)(?:\(s\))?(?!\w)")     # ("Nota": Spanish, Portuguese, Italian)
# Words a header may carry beside its periods; anything else makes the line a row label or prose.

@dataclass(frozen=True)
class Column:
    year: int | None               # calendar year of the period end (or the year printed)
    end: date | None = None        # the period end date, when printed
    kind: str = "value"            # value | note | change
    currency: str | None = None    # ISO code when the header names one for this column
    span: str | None = None        # "year", "three months", "six months", "quarter", "52 weeks", ...
    header: str = ""               # this column's header text as printed
    entity: str | None = None      # "group" | "company" when the header prints both side by side
    per_share: bool = False        # a units row states this column per share beside amount columns (unit_columns)
    scale: str | None = None       # its own scale where a units row states a currency per column ("units": none)

    @property
    def label(self) -> str:
        if self.kind != "value":
            return self.header or self.kind
        bits = [self.end.strftime("%-d %b %Y") if self.end else str(self.year)]
        if self.span and self.span != "year":
            bits.insert(0, self.span)
        if self.currency and self.currency != "$":
            bits.append(self.currency)
        if self.entity:
            bits.append(self.entity)
        return " ".join(bits)


@dataclass
class Header:
    columns: list[Column]
    ambiguous_years: set[int] = field(default_factory=set)
    text: str = ""
    unit: str | None = None        # the value columns' scale when the header names two (a convenience translation)
    caption: str = ""              # the words a heading line printed before its years ("NETBACKS ($/boe) 2059 2058")
    per_share: bool = False        # a units row under the years states every column per share ("Cents per share")
    scale: str | None = None       # its own caption's scale, for its rows alone (unit_caption.caption_scale)

    @property
    def years(self) -> list[int]:
        return [c.year for c in self.columns if c.kind == "value" and c.year is not None]


def scale_of(text: str) -> str | None:
    """'million' | 'thousand' | 'billion' from a header or unit line ("£000", "(in millions)", "A$m"; "MM$" millions,
    "M$" none: Chile's thousands, Quebec's millions; "M$ M$" is never "$ M")."""
    m = _SCALE.search(text)
    if not m:
        return None
    t = m.group(0).lower().strip().lstrip("'")
    if t.endswith("$"):         # ("M$" is Chile's thousands and Quebec's millions: the caption decides)
        return "million" if t.startswith("mm") else None
    if t.startswith("000") or t.startswith("thousand") or t in ("k", "t"):
        return "thousand"
    if t.startswith("b"):
        return "billion"
    if t.startswith(("crore", "lakh")):
        return "crore" if t.startswith("crore") else "lakh"
    return "million"


def _periods(text: str) -> list[tuple[int, int, int, date | None]]:
    """(start, end, year, date) of every period expression in `text`."""
    out = []
    for m in _PERIOD.finditer(text):
        g = m.groupdict()
        y = next(v for v in (g["y1"], g["y2"], g["y3"], g["y5"], g["y6"], g["y4"]) if v)
        year = int(y) if len(y) == 4 else 2000 + int(y)
        if g["y6"]:
            year = header_dates.split_year_end(year, int(g["z6"]))
            if year is None:
                continue        # ("2023-25" is no fiscal year)
        end = None
        mon, day = (g["mon1"], g["day1"]) if g["mon1"] else (g["mon2"], g["day2"])
        if g["y5"]:
            a, b = int(g["a5"]), int(g["b5"])
            day, month = (b, a) if b > 12 >= a else (a, b)    # ("7/1/2023": month or day first? no date)
            try:
                end = date(year, month, day) if (a > 12 or b > 12 or a == b or g["sep"] == ".") else None  # ("01/01")
            except ValueError:
                end = None
        elif mon and day:
            try:
                end = date(year, MONTHS[mon.lower().rstrip(".")[:4].rstrip("t") if mon.lower().startswith("sept")
                                        else mon.lower().rstrip(".")[:3]], int(day))
            except (KeyError, ValueError):
                end = None
        out.append((m.start(), m.end(), year, end))
    return out


@lru_cache(maxsize=16384)     # (a page's reading asks it of each line several times)
def is_fragment(line: str) -> bool:
    """True when a line can be (part of) a column header: periods, currency, scale and header words only (a units
    caption in two languages, "u tisućama EUR / EUR thousand": when either half is one)."""
    if len(line) > 160:
        return False
    if " / " in line and not re.search(r"\d[,.]\d{3}", line):
        halves = bilingual.halves(line)
        if len(halves) == 2 and any(_fragment(h) and re.search(r"(?i)\b(?:notes?|thousands?|millions?|billions?)\b|"
                                                               r"(?:19|20)\d{2}", h) for h in halves):
            return True
    return _fragment(line)


# a header word printed beside its translation in a report in two languages ("Nota / Note 2094 2093", "2093/94
# 2092/93 Reexpresado / Restated"): the pair is the header word when its English half is one
_TRANSLATED_WORD = re.compile(r"(?i)\b[^\W\d_]+\s+/\s+([A-Za-z]+)\b")


def _english_word(m: re.Match) -> str:
    return m.group(1) if m.group(1).lower() in HEADER_WORDS else m.group(0)


# a units caption of thousands of a currency, the Nordic way ("EUR 1 000", "SEK 1,000", "NOK 1000")
THOUSANDS_CAPTION = re.compile(r"(?i)\b(?:[a-z]{3}|[$£€])\s?1[ ,.'’]?000\b(?![ ,.'’]\d)")   # (Swiss: "CHF 1'000")


def _fragment(line: str) -> bool:
    line = header_dates.without_range_starts(line)
    line = SECTION_LEAD.sub("", line) if line.lstrip()[:3].isupper() else LABELS_CAPTION.sub("", line)
    rest = _PERIOD.sub(" ", re.sub(r"(?i)\(\s*(?:refer(?:\s+to)?\s+)?notes?\s+\d{1,2}\s*\)", " ", line))   # "(Note 1)": a reference
    rest = without_currencies(rest)
    rest = _TRANSLATED_WORD.sub(_english_word, rest)     # "Nota / Note", "Reexpresado / Restated": its English half
    rest = BASIS_CAPTION.sub(" ", rest)     # restated ("As Adjusted*"), or an IAS 29 basis ("INFLATION ADJUSTED")
    rest = re.sub(r"(?i)\b(?:previous|prior|current)\s+(?=(?:fiscal\s+|financial\s+)?(?:year|period)\b)", " ", rest)
    rest = re.sub(rf"(?i)\b{MON}\s*\d{{0,2}},?|\b(?:52|53|13|14|16|17)[- ]weeks?\b", " ", rest)   # "May 31,", "(53 weeks)"
    words = re.findall(r"(?i)\b[qh][1-4]\b|[A-Za-z%]+|\d+", rest)     # ("Q1 2094 Q2 2094": a quarter's column)
    for w in words:
        lw = w.lower()
        if lw in HEADER_WORDS or lw == "%":
            continue
        if re.fullmatch(r"0+", lw) or lw in ("s", "a", "c", "hk", "nz", "th", "mm"):     # ("ThUS$", "MMUS$": Chilean)
            continue
        if lw == "r" and re.search(r"\bR\s?['’]?000\b", line):
            continue        # "R'000": the rand in thousands
        if lw in ("t", "k") and re.search(r"(?i)\b[tk]€", line):
            continue        # "T€", "k€": thousands of euros (German "Tausend Euro")
        if lw in ("1", "1000") and THOUSANDS_CAPTION.search(line):
            continue        # "EUR 1 000", "SEK 1,000", "TEUR"'s Nordic caption: thousands of the currency
        if re.fullmatch(r"\d{1,2}", lw) and 1 <= int(lw) <= 31 and _DAY_BEFORE.search(line):
            continue        # "Year ended 30" over "September 2022": the day of a date wrapped over two lines
        return False
    return True


_DAY_BEFORE = re.compile(rf"(?i)\b(ended|ending|at|as at|as of)\s+\d{{1,2}}\s*$|^\s*\d{{1,2}}\s*$|^\s*\d{{1,2}}\s+{MON}|"
                         rf"\b\d{{1,2}}\s+{MON}\s+\d{{1,2}}\s+{MON}|"      # (a line of day-months: "31 December 1 January")
                         rf"\b(ended|ending|at|as at|as of)\s+\d{{1,2}}\s+{MON}\s+notes?\b")
# Who a column is: the consolidated and the parent's figures side by side ("Group Company", "Parent Company Consolidated";
# Brazil's "Individual" or "Controladora" and "Consolidado"); a bank's "Group Bank": the bank's own (India's "Standalone").
_ENTITY = re.compile(r"(?i)\b(group|consolidated|consolidad[oa])\b|\b(parent\s+company|company|parent|individual|separate|stand-?alone|bank|controladora)\b")


def has_period(line: str) -> bool:
    return bool(_PERIOD.search(header_dates.without_range_starts(line)))


def header_block(lines: list[str]) -> Header | None:
    """The columns a run of header lines announces, or None when it is no header."""
    # A caption line above the column line ("for the year ended 31 December 2022" over "Note 2022 £000 2021
    # £000") names the period, not a column: only the lines from the first one with two periods on carry columns.
    # With several such lines ("Fiscal years ended December 31, 2022, December 25, 2021 and December 26, 2020" over
    # "2022 2021 2020"), the last one is the column line; the caption's dates are attached to its years below.
    lines = stacked_years.restack(lines)       # ("2093" over "Notes 2094 Restated*": the columns bottom-aligned)
    lines, ranges = _unrange([header_dates.by_end_dates(ln) for ln in header_dates.paired(lines)])
    multi = [i for i, ln in enumerate(lines) if len(_PERIOD.findall(ln)) >= 2]
    k = multi[-1] if multi else 0
    if not multi:
        k = _caption_lines(lines)
    # "For the Fiscal Years Ended December 31, 2022, 2022 2021 2020" over "December 25, 2021 and December 26, 2020
    # (53 weeks) (52 weeks) (52 weeks)": the line of bare years is the column line; the dates below caption them.
    bare = [i for i in multi if len(re.findall(rf"(?<![\w$£€¥.,]){_YEAR}(?![\w.,]\d|%|,\s*{_YEAR})",
                                               header_dates.without_joined_years(_DATES.sub(" ", lines[i])))) >= 2]
    after = ""
    if bare and bare[-1] != k:
        k = bare[-1]
        after = _PERIOD.sub(lambda m: " " * len(m.group(0)), " ".join(lines[k + 1:]))
    rest = lines[k:] if not after else lines[k:k + 1]
    dated = " ".join(lines[:k] + ([] if not after else lines[k + 1:]))
    caption_dates = {y: d for _, _, y, d in _periods(dated) if d is not None} if dated else {}
    # ("Fiscal 2094 Fiscal 2093" over "February 1, 2095 February 2, 2094": one date under each label, in order, the
    # label naming the year the period starts in; never paired by calendar year)
    in_order = [d for _, _, _, d in _periods(dated) if d is not None] if dated and after else []
    # (a convenience translation repeats the latest label with no date of its own: "Fiscal 2094 Fiscal 2095 Fiscal
    # 2095" over two periods' dates; the repeat takes its year's)
    labels = [y for _, _, y, _ in _periods(lines[k])] if in_order else []
    if 2 <= len(in_order) < len(labels) and set(labels[len(in_order):]) <= set(labels[:len(in_order)]):
        in_order += [in_order[labels.index(y)] for y in labels[len(in_order):]]
    caption = _PERIOD.sub(lambda m: " " * len(m.group(0)), " ".join(lines[:k])) if k else ""
    text = (caption + " " if k else "") + " ".join(rest) + (" " + after if after else "")
    periods = _periods(text)
    if not periods:
        if ranges:      # a table of change columns only: its cells are no period's values
            return Header(columns=[Column(None, kind="change", header="change") for _ in range(ranges)], text=text)
        return None
    text, moved = header_dates.caption_before_notes(text, periods)      # ("As at 31 December 2097 Note 2097 2096")
    periods, caption_dates = (_periods(text), {**moved, **caption_dates}) if moved else (periods, caption_dates)
    # "Years Ended December 31, 2022, 2022 2021 2020": a caption's date run into the years is the first column's end
    bare_years = [p for p in periods if p[3] is None]
    if len(bare_years) >= 2 and len(periods) > len(bare_years):
        for n, (start, end, year, d) in enumerate(periods[:-1]):
            nxt = periods[n + 1]
            if d is not None and nxt[3] is None and nxt[2] == year and re.fullmatch(r"[\s,]*", text[end:nxt[0]]):
                text = text[:start] + " " * (end - start) + text[end:]
                periods = [p if p is not nxt else (p[0], p[1], p[2], d) for p in periods[:n] + periods[n + 1:]]
                break
    years = [p[2] for p in periods]
    if max(years) - min(years) > 6:
        return None
    # Column markers in reading order: periods, change columns, a leading note column.
    marks: list[tuple[int, str]] = [(p[0], "period") for p in periods]
    for m in _CHANGE.finditer(text):
        if m.start() > periods[0][0] and not any(a <= m.start() < b for a, b, *_ in periods):
            marks.append((m.start(), "change"))
    if any(len(_PERIOD.findall(ln)) >= 2 for ln in rest):     # (not a header printing one column per line)
        marks = _one_line_of_changes(marks, [len(caption) + 1 if k else 0] + [len(ln) + 1 for ln in rest], text)
    marks.sort()
    # collapse "% Change" counted twice (the % and the word)
    merged: list[tuple[int, str]] = []
    for pos, kind in marks:
        if kind == "change" and merged and merged[-1][1] == "change" and pos - merged[-1][0] < 12:
            continue
        merged.append((pos, kind))
    # a notes column between label and figures: "Notes" anywhere before the first column ("Note / Year ended 30 /
    # September 2022 ...", "Notes 2022 $'000 2021 $'000", "Note(s) 2022 2021")
    note = bool(_NOTE.match(text)) or any(_NOTE.match(ln) for ln in rest[1:]) or bool(re.search(r"(?i)(?<!\()\b(?:notes?|notas?)(?:\(s\))?(?!\w)(?!\s*\d+\))",
                                                       text[:periods[0][0]]))     # ("(Note 1)": a reference)
    spans = [(m.start(), _span_name(m)) for m in _SPAN.finditer(text)]
    currencies = [(m.start(), currency_of(m.group(0))) for m in CURRENCY_RE.finditer(text)]
    # "December 31, 2015 2016 2017": the bare years after a dated column share its month and day.
    dated = None
    filled = []
    in_order = in_order if len(in_order) == len(periods) and all(0 <= p[3].year - p[2] <= 1 for p in
                                                                  zip(periods, in_order) for p in [(0, 0, p[0][2], p[1])]) else []
    for n, (start, end, year, d) in enumerate(periods):
        d = d or (in_order[n] if in_order else caption_dates.get(year))
        if d is not None:
            dated = d
        elif dated is not None:
            try:
                d = date(year, dated.month, dated.day)
            except ValueError:
                d = date(year, dated.month, 28)
        filled.append((start, end, year, d))
    periods = filled
    columns: list[Column] = [Column(None, kind="note", header="Note")] if note else []
    pidx = 0      # ("Q1 2094 Q2 2094": which quarter each year's column is, where every one says it)
    parts = [_PART_BEFORE.search(text[max(0, start - 6):start]) for start, *_ in periods]
    for pos, kind in merged:
        if kind == "change":
            columns.append(Column(None, kind="change", header="change"))
            continue
        start, end, year, d = periods[pidx]
        pidx += 1
        columns.append(Column(year, d, "value", _nearest_after(currencies, end, start), None,
                              f"{parts[pidx - 1].group(1)} {text[start:end]}" if parts[pidx - 1] else text[start:end]))
    column_groups.assign_spans(columns, currencies, spans, periods, [p.group(1) if p else None for p in parts])
    unit = translation.mark(columns, column_groups.groups([c for c in columns if c.kind == "value"]), currencies,
                            translation.scale_words(text, CURRENCY_RE, currency_of, scale_of))
    column_groups.assign_entities(columns, text, [p[0] for p in periods], _ENTITY)
    return Header(columns=columns, text=text, unit=unit, ambiguous_years=ambiguous_years(columns))


def _one_line_of_changes(marks: list[tuple[int, str]], widths: list[int], text: str) -> list[tuple[int, str]]:
    """A stacked header captioning one change column "%" over "change" ("2097 2096 %" over "Notes Rm Rm change"):
    one column, never two. Any other stack ("Change" over "Rm %", an amount and a rate) keeps each mark. `widths`:
    the caption's and each header line's length in the joined text, in order."""
    bounds = list(itertools.accumulate(widths))
    line_of = [next(i for i, b in enumerate(bounds) if pos < b) if pos < bounds[-1] else len(bounds)
               for pos, _ in marks]
    changes = [(text[pos:pos + 6].lower(), i) for (pos, kind), i in zip(marks, line_of) if kind == "change"]
    lines = sorted({i for _, i in changes})
    if len(lines) != 2 or not all(w.startswith("%") for w, i in changes if i == lines[0]) or \
            not all(w.startswith("change") for w, i in changes if i == lines[1]):
        return marks
    return [m for m, i in zip(marks, line_of) if m[1] != "change" or i == lines[0]]


def ambiguous_years(columns: list[Column]) -> set[int]:
    """The years printed over two value columns or more with nothing to tell them apart."""
    years = {c.year for c in columns if c.kind == "value"}
    return {y for y in years if len(same := [c for c in columns if c.kind == "value" and c.year == y]) > 1 and
            len({(c.currency, c.span, c.end, c.entity, c.per_share, (c.header or "").split(" ")[0].upper())
                 for c in same}) < len(same)}


_PART_BEFORE = re.compile(r"(?i)(?:^|(?<=[ \t]))(q[1-4]|[1-4]q|h[12]|[12]h)[ \t]+$")     # (on the year's own line)


_RANGE = re.compile(rf"{_YEAR}\s*(?:-|–|/|vs\.?|versus)\s*(?:{_YEAR}|\d{{2}})(?!\d)")
_CHANGE_WORD = re.compile(r"(?i)%\s*change|\bchange\b|\bvariance\b|\bincrease\b|\bdecrease\b")


def _unrange(lines: list[str]) -> tuple[list[str], int]:
    """"% Change" over "2016-2015" (or "% Change 2016-2015" on one line): the two years of a change column name what
    it compares, they are no periods. Returns the lines with such ranges written as "change", and how many."""
    out, n = [], 0
    for i, ln in enumerate(lines):
        m = _RANGE.search(ln)
        if m and (_CHANGE_WORD.search(ln[:m.start()]) or (i > 0 and _CHANGE_WORD.search(lines[i - 1])
                                                          and not _PERIOD.search(lines[i - 1]))):
            k = len(_RANGE.findall(ln))
            n += k
            ln = _RANGE.sub(lambda m: "change".ljust(len(m.group(0))), ln)
        out.append(ln)
    return out, n


def _caption_lines(lines: list[str]) -> int:
    """How many leading lines are a caption naming the period ("for the year ended 31 March 2022" over "Notes /
    2022 / $'000 / 2021 / $'000"): one period whose year the column lines below print again, two or more of them."""
    for k, ln in enumerate(lines[:-1]):
        here = _periods(ln)
        if not here:
            continue
        below = [p[2] for p in _periods(" ".join(lines[k + 1:]))]
        bare = not re.sub(r"[\s,]", "", _PERIOD.sub("", ln))         # "30 SEPTEMBER 2022" alone: a date line
        if len(here) == 1 and len(below) >= 2 and here[0][2] in below and \
                (bare or re.search(r"(?i)\b(for|ended|ending|as at|as of|at)\b", ln)):
            return k + 1
        return 0
    return 0


def _span_name(m: re.Match) -> str:
    t = m.group(0).lower()
    if m.group(1):
        return f"{m.group(1).lower()} months"
    if m.group(2):
        return f"{m.group(2)} weeks"
    if m.group(3):
        return "six months"             # a half year beside the full year
    if "quarter" in t or t.startswith("q"):
        return "quarter"
    return "year"


def _nearest_after(currencies: list[tuple[int, str | None]], end: int, start: int) -> str | None:
    """A currency printed right beside a period ("2022 £000", "US$ 2022") belongs to that column."""
    for pos, cur in currencies:
        if end <= pos <= end + 3:
            return cur
    for pos, cur in currencies:
        if start - 5 <= pos < start:
            return cur
    return None
