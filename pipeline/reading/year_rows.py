"""Tables whose columns are measures and whose rows are years: the summary page of a Japanese results release
(kessan tanshin) and the multi-year summaries printed one year a row.

    Net sales Operating profit Ordinary profit Profit attributable to owners of parent
    Millions of yen % Millions of yen % Millions of yen % Millions of yen %
    FY2087 418,562 6.4 31,845 12.8 34,910 9.7 22,418 (4.1)
    FY2086 393,415 3.1 28,231 (2.6) 31,822 0.8 23,377 15.2

The header names the measures, each starting with a capitalised word or an ordinal ("1st quarter-end"); the line
under it prints one unit per figure column ("Millions of yen", "Yen", "%", "Rs. crore", "Times"). A block is read only
where the units pair with the names: one column each; or each measure's figure followed by its "%" change from the
previous year (the change columns are not read); or, under a line of sub-column names, the first measure spread over
those ("Annual dividends per share" over "1st quarter-end ... Fiscal year-end Total"). A row is read only where it
starts with a period ("FY2087", "Fiscal 2087", "Year ended March 31, 2088", "As of March 31, 2088", "March 2088",
"2088/3"; never a bare year, a maturity schedule's) and prints exactly one figure per column; a forecast's row or block
is the company's plan, not a result, and is not read. The unit decides each cell's kind (percent, multiple, count, per-share in the currency, money in its
scale), not the measure's name.
"""
from __future__ import annotations

import calendar
import re
from dataclasses import replace
from datetime import date

from pipeline.core import months
from pipeline.core.currencies import currency_of
from pipeline.core.months import MON
from pipeline.question.dated_years import dates_in
from pipeline.reading.cells import split_row
from pipeline.reading.columns import Column, scale_of
from pipeline.reading.page_table import PageTable
from pipeline.reading.segment_columns import SegmentCell

_SCALE = r"(?:millions?|thousands?|billions?|crores?|lakhs?)"
# one unit of a units line: "Millions of yen", "Millions of U.S. dollars", "¥ million", "Rs. crore", "Yen", "%"
_UNIT = re.compile(rf"""(?ix)(?:
    (?:{_SCALE}|hundred\s+millions?)\s+of\s+(?:u\.?s\.?\s+|hk\s+|nt\s+|new\s+taiwan\s+|singapore\s+)?[a-z]+\.?
  | (?:[a-z]{{0,3}}[$¥£€₹]|rs\.?|rmb|jpy|usd|inr|krw|cny|eur|gbp|hkd)\s?(?:in\s+)?(?:{_SCALE}|mn|bn|m|'000|’000)
  | %|yen|won|yuan|rupees?|dollars?|[¥$£€₹]|rs\.?|times|x|persons?|people|employees|number|thousand\s+shares|shares
)(?=\s|$)""")
_COUNT_UNIT = re.compile(r"(?i)persons?|people|employees|number|shares|thousand\s+shares")
_PERIOD_HEADING = re.compile(r"(?i)(?:fiscal\s+)?(?:years?|fy|periods?)(?:\s+ended)?|as\s+of")
# the period a row starts with, and what follows it
_ROW = re.compile(rf"""(?ix)^\s*(?:
    (?:fy|fiscal\s+(?:year\s+)?)\s?(?P<fy>(?:19|20)\d{{2}})(?!/)
  | (?:fy\s?)?(?P<ym>(?:19|20)\d{{2}})/(?P<mm>\d{{1,2}})
  | (?:(?:fiscal\s+)?years?\s+ended|as\s+(?:of|at)|at)?\s*(?P<date>{months.DATE})
  | (?P<mon>{MON})\s+(?P<my>(?:19|20)\d{{2}})
)(?P<plan>\s*\((?:forecasts?|plan|targets?|estimates?|guidance)\))?\s+(?P<rest>.+)$""")
# a measure that is a rate by its name: a "%" column under any other name is its change from the year before
# ("Operating profit to net sales", "Ordinary profit to total assets": one amount over another)
_RATE_NAME = re.compile(r"(?i)\b(?:ratio|margin|rate|return|yield|percent(?:age)?|growth|change)\b|%|"
                        r"\bto\s+(?:\w+\s+){0,2}(?:sales|revenues?|assets|equity|capital)\b")
_FORECAST = re.compile(r"(?i)\b(?:forecasts?|plan|targets?|estimates?|guidance|outlook)\b")


def _names(text: str) -> list[str]:
    """The measures a header names: each starts at a capitalised word or an ordinal and runs on over lower-case words
    and brackets ("Profit attributable to owners of parent", "Payout ratio (consolidated)", "1st quarter-end")."""
    out: list[list[str]] = []
    for tok in text.split():
        if not out or tok[:1].isupper() or re.match(r"\d+(?:st|nd|rd|th)\b|Q[1-4]\b", tok):
            out.append([tok])
        else:
            out[-1].append(tok)
    names = [" ".join(n) for n in out]
    # (the rows' own heading, "Fiscal year Net sales ...", names the period column, not a measure)
    return names[1:] if names and _PERIOD_HEADING.fullmatch(names[0]) else names


def _units(line: str) -> list[str] | None:
    """The units of a units line, one per figure column; None when the line is anything else."""
    out, pos, line = [], 0, line.strip()
    while pos < len(line):
        m = _UNIT.match(line, pos)
        if not m:
            return None
        out.append(m.group(0))
        pos = m.end()
        while pos < len(line) and line[pos] == " ":
            pos += 1
    return out or None


def _layout(names: list[str], subs: list[str], units: list[str]) -> list[tuple[int, tuple[str, ...], str]] | None:
    """(column, label path, unit) of every read column, or None when the units do not pair with the names."""
    k, u = len(names), len(units)
    if subs and u == k - 1 + len(subs):
        first = [(i, (names[0], s), units[i]) for i, s in enumerate(subs)]
        return first + [(len(subs) + i, (n,), units[len(subs) + i]) for i, n in enumerate(names[1:])]
    if u == k and all(_RATE_NAME.search(n) for n, x in zip(names, units) if x == "%"):
        return [(i, (n,), units[i]) for i, n in enumerate(names)]
    if u == 2 * k and all(x == "%" for x in units[1::2]) and not all(x == "%" for x in units[0::2]):
        return [(2 * i, (n,), units[2 * i]) for i, n in enumerate(names)]
    return None


def _period(m: re.Match) -> Column:
    """The column a row's period stands for."""
    label = m.group(0)[:m.start("rest")].strip()
    if m.group("fy"):
        return Column(year=int(m.group("fy")), header=label, span="year")
    if m.group("ym") or m.group("mon"):
        year = int(m.group("ym") or m.group("my"))
        month = int(m.group("mm")) if m.group("ym") else months.number(m.group("mon"))
        if month is None or not 1 <= month <= 12:
            return Column(year=None, header=label)
        end = date(year, month, calendar.monthrange(year, month)[1])
        return Column(year=year, end=end, header=label, span="year")
    if m.group("date"):
        end = _date_of(m.group("date"))
        return Column(year=end.year, end=end, header=label, span="year") if end else Column(year=None, header=label)
    return Column(year=None, header=label)


def _kind(path: tuple[str, ...], unit: str) -> tuple[str | None, str | None, str | None]:
    """(kind, scale, currency) of a column from its unit."""
    if unit == "%":
        return "percent", None, None
    if unit.lower() in ("times", "x"):
        return "multiple", None, None
    if _COUNT_UNIT.fullmatch(unit):
        return "count", scale_of(unit), None
    scale = scale_of(unit)
    if scale is None:       # a bare currency: a figure per share (or per unit) in it; else a price, not read
        per = re.search(r"(?i)\bper\s+(?:share|unit)\b|\beps\b|\bdps\b", " ".join(path))
        return ("per_share" if per else None), None, currency_of(unit)
    return "money", scale, currency_of(unit)


def dated_ends(tables: list[PageTable]) -> list[date]:
    """The period ends the years-as-rows blocks print ("As of March 31, 2072"): a results summary's own dates, which
    date the filing's year where no statement header does."""
    return [c.period.end for t in tables for c in cells(t) if c.period.end is not None]


def cells(t: PageTable) -> list[SegmentCell]:
    """Every cell of the page's years-as-rows blocks: the measure is the cell's label, the row's period its column."""
    lines, out = t.lines, []
    for i in range(len(lines) - 2):
        names = _names(lines[i])
        if len(names) < 2 or split_row(lines[i])[1] or _units(lines[i]) is not None:
            continue
        subs, j = [], i + 1
        units = _units(lines[j])
        if units is None:
            subs, j = _names(lines[j]), j + 1
            units = _units(lines[j]) if j < len(lines) and not split_row(lines[i + 1])[1] else None
        layout = _layout(names, subs if len(subs) >= 2 else [], units) if units else None
        if layout is None or any(_FORECAST.search(ln) for ln in lines[max(0, i - 2):i]):
            continue        # (a block of forecasts, "3. Consolidated Financial Forecasts for ...": plans, not results)
        for n in range(j + 1, len(lines)):
            m = _ROW.match(lines[n])
            if not m:
                break
            label, values = split_row(m.group("rest"))
            if label or len(values) != len(units) or m.group("plan") or _FORECAST.search(lines[n]):
                continue        # (a forecast's row, or one whose cells do not fill the columns: not read)
            period = _period(m)
            if period.year is None:
                continue
            for col, path, unit in layout:
                kind, scale, cur = _kind(path, unit)
                if kind is not None:
                    out.append(SegmentCell(n, None, path[-1], values[col], replace(period, currency=cur), scale,
                                           kind=kind, path=path[:-1], whole=False))
    return _dated_by_the_page(out, lines)


# the fiscal year a results page says it reports ("... for the Fiscal Year Ended March 31, 2072")
_YEAR_ENDED = re.compile(rf"(?i)\b(?:fiscal\s+)?years?\s+ended\s+({months.DATE})")


def _dated_by_the_page(cells: list[SegmentCell], lines: list[str]) -> list[SegmentCell]:
    """Rows named "FY2071" on a page that dates its year ("Fiscal Year Ended March 31, 2072", or rows "As of March 31,
    2072"): the latest named year is the one ending on the latest date, and every named year ends on the same day of its
    own year. Dated so, they take the filing's calendar as its dated rows do (a label naming the year a fiscal year
    starts and one naming the year it ends agree). A page that dates nothing leaves the names as printed."""
    named = [c for c in cells if c.period.end is None]
    ends = [c.period.end for c in cells if c.period.end is not None]
    for ln in lines[:6]:
        ends += [_date_of(m.group(1)) for m in _YEAR_ENDED.finditer(ln)]
    ends = [e for e in ends if e is not None]
    if not named or not ends:
        return cells
    last, latest = max(ends), max(c.period.year for c in named)
    shift = last.year - latest
    if shift not in (0, 1):
        return cells
    out = []
    for c in cells:
        if c.period.end is None:
            y = c.period.year + shift
            day = min(last.day, calendar.monthrange(y, last.month)[1])
            c = replace(c, period=replace(c.period, year=y, end=date(y, last.month, day)))
        out.append(c)
    return out


def _date_of(text: str) -> date | None:
    """The date a row's period or a page's title prints ("March 31, 2088", "31 March 2088")."""
    found = dates_in(text)
    return found[0][0] if found else None
