"""Every table row of a filing as facts: label path x column -> period, fiscal year, value, scale, kind, currency.

Facts are derived from the page texts alone (pipeline/reading/tables.py parses them), so they are rebuilt from the stored
pages whenever the parser changes (`FACTS_VERSION`), without the PDF.

The fiscal year of a column comes from the filing's own calendar: its fiscal-year end (the latest period-end date
its primary statements print) and its naming (the document's FY label against that date's calendar year). A Best
Buy column "February 2, 2019" is FY2019; a company whose "fiscal 2021" ends in March 2022 gets FY2021 for that
column; a 10-Q's "July 29, 2023" belongs to the fiscal year that ends next.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from pipeline.reading import (equity, equity_check, measure_columns, not_facts, primary_statements, segment_columns,
                              year_rows)
from pipeline.reading.averages import AVERAGE, average_rows
from pipeline.reading.tax_line import ABOVE_TAX, above_the_tax_line
from pipeline.reading.fact_kinds import kind_of, own_unit, per_share_table, per_unit_of
from pipeline.reading.stated_rates import stated_rates
from pipeline.question.units import SCALE_WORDS
from pipeline.reading.tables import parse_page
from pipeline.reading.cells import MULTIPLE, minor_figure, minor_unit, mis_split, parse_number
from pipeline.reading.columns import scale_of
from pipeline.core.currencies import CURRENCY_RE, OTHER_RUPEES, SAYS_INDIAN_RUPEE, currency_of
from pipeline.reading.page_table import PageTable, Row
from pipeline.core.filing_types import ANNUAL_TYPES

FACTS_VERSION = "161"      # bump when parsing or fact rules change: stored facts are rebuilt from the page texts

@dataclass
class Fact:
    page: int
    line_no: int
    table_title: str
    statement: str | None
    secondary: bool
    label: str
    label_path: str
    column_header: str
    period_end: date | None
    period_year: int | None
    fiscal_year: int | None
    span: str | None
    qualifiers: str
    value_printed: str
    value: Decimal | None
    scale: str | None
    kind: str
    currency: str | None


@dataclass(frozen=True)
class Calendar:
    """How a filer names its fiscal years: FY-end month/day (None: unknown) and the label offset."""
    fy_end: tuple[int, int] | None
    offset: int = 0

    def fiscal_year(self, year: int | None, end: date | None) -> int | None:
        if end is not None and self.fy_end is not None:
            day_before = end - timedelta(days=1)        # (an opening balance, "01.01.2070", closes the year before)
            end = day_before if (day_before.month, day_before.day) == self.fy_end else end
            for y in (end.year, end.year + 1):
                try:
                    fy_end = date(y, *self.fy_end)
                except ValueError:          # 29 February
                    fy_end = date(y, self.fy_end[0], 28)
                if fy_end >= end - timedelta(days=10):
                    return y + self.offset
        if year is None:
            return None
        return year + self.offset

    def of_column(self, col) -> int | None:
        """The fiscal year of a value column: a header that names the fiscal year ("Fiscal 2036", "FY2036") is that
        year as the filer names it, whatever the offset between its statements' period ends and its year names (a
        retailer's "fiscal 2036" ends in January 2037); else the year of the column's period end."""
        if col.end is None and col.year is not None and _NAMES_FISCAL_YEAR.match(col.header or ""):
            return col.year
        return self.fiscal_year(col.year, col.end)


_NAMES_FISCAL_YEAR = re.compile(r"(?i)^\s*(?:fiscal\s+(?:year\s+)?|fy\s?'?|(?-i:F)(?=(?:19|20)\d{2}\b))\d{2,4}\b")


def calendar_for(tables: list[PageTable], fiscal_year: int, annual: bool,
                 fy_end: tuple[int, int] | None = None) -> Calendar:
    """The filing's calendar from its primary statements' headers (or `fy_end` known from the company's annual
    reports, for a quarterly filing)."""
    # (a header of two periods or more: a lone date is a signature's or a caption's, never the statements' year)
    heads = [h for t in tables if t.statement in _CALENDAR and not t.secondary for h in t.headers if len(h.years) >= 2]
    dates = [c.end for h in heads for c in h.columns if c.end is not None] or (year_rows.dated_ends(tables) if annual else [])
    years = [y for h in heads for y in h.years]
    if annual and dates:
        end = max(dates)
        return Calendar((end.month, end.day), _clamp(fiscal_year - max(end.year, max(years, default=end.year))))
    if fy_end is not None:
        return Calendar(fy_end, 0)
    if years:
        return Calendar(None, _clamp(fiscal_year - max(years)))
    return Calendar(None, 0)


# the statements whose column headers date the filing's year (a statement of changes in equity dates its rows)
_CALENDAR = ("income", "balance", "cash_flow")


def _clamp(offset: int) -> int:
    return offset if -1 <= offset <= 1 else 0


def _count_scale(path: str, table_unit: str | None, t: PageTable | None = None, printed: str = "") -> str | None:
    """A table's "(in thousands)" is its amounts' scale; a count takes it only when the row says so ("Shares
    outstanding", "Customers (thousands)"): 17,973 worldwide employees are not 18 million. A table "(in thousands,
    except share and per share amounts)" prints its share counts whole: a count of seven digits or more there
    ("Weighted-average shares outstanding 34,163,437") is a number of shares, not thousands of them."""
    if not re.search(r"(?i)\bshares\b|thousands|millions|\(000", path):
        return None
    if t is not None and re.search(r"(?i)\bshares\b", path) and not re.search(r"(?i)thousands|millions|\(000", path) \
            and len(re.sub(r"\D", "", printed.split(".")[0])) >= 7 and _EXCEPT_SHARES.search(" ".join(t.lines[:12])):
        return None
    return table_unit


# "(in thousands, except share and per share amounts)", "(..., except per share and share data)": never "except per
# share data" alone
_EXCEPT_SHARES = re.compile(r"(?i)\bexcept\b(?:(?!\)).){0,40}?(?<!per )\bshares?\b(?!\s+prices?)")


# a price of one share or option, whatever the table's scale ("Exercise price $ 157.24", "Closing stock price")
# ("market prices" or "closing prices" alone name a driver of an amount in the table's scale, not one share's price)
_UNIT_PRICE = re.compile(r"(?i)\b(exercise|strike|share|stock) prices?\b|\b(closing|market) (share |stock )prices?\b|"
                         r"\bprices? per (share|option|unit)\b")


def unit_amount(row: Row, value: str) -> bool:
    """An amount in currency units, not in the table's thousands or millions: a per-share or per-option price."""
    return bool(_UNIT_PRICE.search(row.label)) and not value.endswith("%") and "," not in value


def _index_rows(t: PageTable) -> set[int]:
    """A stock-performance table: every row under its header starts at 100 in the earliest column ("$100 invested
    in 2026 ... $ 100.00 $ 93.03 $ 118.77"); its values are index points, not amounts in the table's scale."""
    out: set[int] = set()
    groups: dict[int, list[Row]] = {}
    for r in t.rows:
        if r.cells():
            groups.setdefault(id(r.cols), []).append(r)
    for rows in groups.values():
        def base(r: Row) -> Decimal | None:
            vals = [(c.end or date(c.year, 12, 31), v) for c, v in r.cells() if c.kind == "value" and c.year]
            return parse_number(min(vals)[1]) if len(vals) >= 2 else None
        if len(rows) >= 2 and all(base(r) == 100 for r in rows):
            out |= {r.line_no for r in rows}
    return out


def _bare(values: list[str]) -> bool:
    """Figures without a currency sign or thousands separator, each small enough to be a percentage."""
    nums = [parse_number(v) for v in values]
    return bool(values) and all(n is not None and abs(n) <= 100 and "," not in v and "$" not in v
                                for n, v in zip(nums, values))


_PERCENT_TABLE = re.compile(r"(?i)%|\bper ?cent|\bpercentage|\bgrowth\b|\bchange\b|\bmix\b|\bof (total|net) "
                            r"(revenue|sales)|\bshare of\b|\bmargins?\b")


def _percent_between(t: PageTable) -> set[int]:
    """A percent table that prints "%" on its first row of a block only ("North America 25% 25% 33%" /
    "International 6 24 23" / ... / "Consolidated 100% 100% 100%"): rows of bare small figures between two rows of
    percentages under the same header are percentages too."""
    out: set[int] = set()
    run: list[Row] = []
    for r in [*t.rows, None]:
        if r is not None and r.cells() and (not run or r.cols is run[0].cols):
            run.append(r)
            continue
        pct = [k for k, x in enumerate(run) if all(v.endswith("%") for v in x.values)]
        # only in a table of shares or rates: a block that closes on the whole ("100%") or a table titled or headed
        # as percentages; a key-figures table mixes counts ("Stores 87 90") between its margins
        whole = any(all(parse_number(v) == 100 for v in run[k].values) for k in pct)
        if not (whole or _PERCENT_TABLE.search(" ".join([t.title, *(h.text for h in t.headers)]))):
            pct = []
        for a, b in zip(pct, pct[1:]):
            between = run[a + 1:b]
            if between and all(_bare(x.values) for x in between):
                out |= {x.line_no for x in between}
        run = [r] if r is not None and r.cells() else []
    return out


def extract(pages: list[str], fiscal_year: int, doc_type: str, fy_end: tuple[int, int] | None = None,
            currency: str | None = None, scale: str | None = None,
            page_units: dict[int, tuple[str, str]] | None = None) -> list[Fact]:
    """All facts of a filing's pages (1-based page numbers). `currency`: the document's reporting currency,
    which a bare "$" column takes; `scale`: the one its statements declare, which an amount in a table that
    declares none takes (a note's "Total debt 57,001" in a 10-K "in millions"). `page_units`: page -> (currency,
    scale) as that statement page prints them (ingest/statement_units.py); a page's own unit comes before the
    document's ("units": whole amounts, no multiplier)."""
    tables: list[PageTable] = []
    carry = None
    for text in pages:
        t = parse_page(text, carry)
        tables.append(t)
        carry = _carry_from(t, carry)
    primary_statements.mark_part_statements(tables)
    primary_statements.own_statements_only(tables)
    cal = calendar_for(tables, fiscal_year, doc_type.upper() in ANNUAL_TYPES, fy_end)
    out: list[Fact] = []
    vocab = segment_columns.vocabulary(tables)
    doc_currency, doc_scale = currency, scale
    equity_pages: list[tuple[int, PageTable, str | None, str | None]] = []
    for page, t in enumerate(tables, start=1):
        if not_facts.not_a_table_page(t):
            continue
        currency, scale = _page_unit(page_units, page, doc_currency, doc_scale)
        by_segment = segment_columns.cells(t, vocab) + measure_columns.cells(t) + year_rows.cells(t)
        out += _segment_facts(page, t, by_segment, cal, currency, scale)
        taken = {c.line_no for c in by_segment}
        index_rows, percent_rows = _index_rows(t), _percent_between(t)
        equity_pages.append((page, t, currency, scale))
        averages, net_revenue = average_rows(t), above_the_tax_line(t)
        for row in t.rows:
            if row.line_no in taken or _equity_matrix_row(row):
                continue
            cells = row.cells()
            if not cells or not row.label or len(row.label) > 300 or mis_split(row.label) or not_facts.prose(row.label):
                continue
            path = " \u203a ".join([*row.path, row.label])
            if not_facts.running_footer(row.label, cells) or not_facts.split_date(row.label, cells) or \
                    not_facts.postal_address(row.label, cells) or not_facts.numbered_header(row.label, cells):
                continue
            own_cur, own_scale = _row_unit(row.label)
            h = next((h for h in t.headers if h.columns is row.cols), None)
            head = f"{h.caption} {h.text}" if h is not None else ""
            per = per_unit_of(head) or per_unit_of(row.label)       # ("Cost ($/boe)", "AISC (A$/oz)": a unit rate)
            per_share = per_share_table(head, row.label, h is not None and h.per_share)
            own_table = h.scale if h is not None and h.scale else t.unit    # (a second table's own caption)
            for col, printed in cells + row.before_items:      # (a columnar year's adjusted figures: columnar.py)
                if col.kind not in ("value", "before items") or col.year in row.ambiguous or printed.endswith(","):
                    continue        # ("February 3, 2018" split into a label and "3,": a date, not a figure)
                kind = "multiple" if re.fullmatch(MULTIPLE, printed) else "percent" if row.line_no in percent_rows \
                    else kind_of(row, printed, t.title, row.statement or t.statement)    # ("Net debt / EBITDA 1.8x")
                kind = "per_share" if per_share and kind == "money" and "." in printed else kind   # (cents printed)
                kind = "per_share" if col.per_share and kind in ("money", "count") and not own_unit(row.label) else kind
                cur = col.currency if col.currency not in (None, "$") else (currency or col.currency or t.currency)
                unit = minor_unit(path, col.header or "", printed) if kind == "per_share" else None \
                    if kind == "percent" else \
                    _count_scale(path, t.unit, t, printed) if kind == "count" else own_table or (scale if kind == "money" else None)
                if kind == "money" and (row.line_no in index_rows or unit_amount(row, printed)):
                    unit = None         # index points or a unit price: in currency units, whatever the table's scale
                if kind == "money" and minor_figure(printed):
                    unit = minor_figure(printed)    # "Share price 635.00p", "14.0c": in the currency's hundredth
                if kind == "money":
                    cur, unit = own_cur or cur, own_scale or unit
                    if col.scale is not None:      # ("US$ KHR'000 US$ KHR'000": each column's own scale)
                        unit = None if col.scale == "units" else col.scale
                if kind == "multiple":
                    cur, unit = None, None      # a ratio of two amounts: neither a currency nor a scale
                if cur == "INR" and currency in OTHER_RUPEES and not SAYS_INDIAN_RUPEE.search(f"{head} {row.label}"):
                    cur = currency      # (a bare "Rupees" in a Pakistani or Sri Lankan report: the report's own)
                quals = []
                if col.currency and t.currency and col.currency != t.currency:
                    quals.append(f"currency {col.currency}")
                if col.entity == "company" or t.parent_own or row.parent_own:
                    quals.append(PARENT_ONLY)     # the parent company's column beside the group's, or its own pages
                if per and kind == "money":
                    quals.append(f"per {per}")    # a unit rate ("$/boe"): no amount, no scale
                    unit = None
                if row.line_no in averages:
                    quals.append(AVERAGE)         # a mean over the year under an average-balance head, no level
                quals += [ABOVE_TAX] if row.line_no in net_revenue else []
                out.append(Fact(page=page, line_no=row.line_no, table_title=t.title[:200],
                                statement=row.statement if row.statement is not None or row.secondary else t.statement,
                                secondary=t.secondary or row.secondary or col.entity == "company"
                                or row.line_no in averages, label=row.label[:300],
                                label_path=path[:500],
                                column_header=col.header or str(col.year), period_end=col.end, period_year=col.year,
                                fiscal_year=cal.of_column(col), span=col.span or "year",
                                qualifiers=", ".join(quals), value_printed=printed, value=parse_number(printed),
                                scale=unit, kind=kind, currency=cur if kind not in ("percent", "count") else None))
            out += _rate_facts(page, row, path, t, cal, currency)
    totals = equity_check.balance_totals(out)      # (a second pass: the balance sheet checks each equity page)
    for page, t, currency, scale in equity_pages:
        out += _equity_facts(page, t, cal, currency, scale, totals)
    return out


def _equity_matrix_row(row: Row) -> bool:
    """A row of a statement of changes in equity printed with components as columns: its period is not a column's
    (pipeline/reading/equity.py reads it). One printed with years as columns is read as any other table."""
    return row.statement == "equity" and len({c.year for c in row.cols or [] if c.kind == "value" and c.year}) < 2


def _equity_facts(page: int, t: PageTable, cal: Calendar, currency: str | None, scale: str | None,
                  totals: dict) -> list[Fact]:
    """The certain figures of a statement of changes in equity: each movement's total over the year to its closing
    balance, and closing balances as levels at their dates; none when the column read as the total is not total
    equity (its closing balances disagree with the balance sheet's, or, unchecked, its header names no equity)."""
    out = []
    found, header = equity.cells(t, cal.fy_end)
    # (the filer's year end not read: the closing balances are the balance rows the movements' years end at)
    probe = found if cal.fy_end or not found else equity.cells(t, (found[-1].end.month, found[-1].end.day))[0]
    if not equity_check.kept([(cal.fiscal_year(c.end.year, c.end), c.value, t.unit or scale) for c in probe if c.level],
                             header, totals):
        return []
    for c in found:
        when = f"{c.end.day} {c.end.strftime('%B %Y')}"
        out.append(Fact(page=page, line_no=c.line_no, table_title=t.title[:200],
                        statement=None if t.secondary else "equity", secondary=t.secondary, label=c.label[:300],
                        label_path=" \u203a ".join([*c.path, c.label])[:500],
                        column_header=f"{c.column} at {when}" if c.level else f"{c.column}, year ended {when}",
                        period_end=c.end, period_year=c.end.year, fiscal_year=cal.fiscal_year(c.end.year, c.end),
                        span="year", qualifiers="", value_printed=c.printed, value=c.value, scale=t.unit or scale,
                        kind="money", currency=currency or t.currency))
    return out


def _rate_facts(page: int, row, path: str, t: PageTable, cal: Calendar, currency: str | None) -> list[Fact]:
    """The dividend rates a row's label states for the year it names, as per-share facts (`stated_rates`)."""
    return [Fact(page=page, line_no=row.line_no, table_title=t.title[:200], statement=None,
                 secondary=t.secondary or row.secondary, label=r.label, label_path=" \u203a ".join([*row.path, r.label]),
                 column_header=f"stated in the row: {r.year}", period_end=None, period_year=r.year,
                 fiscal_year=cal.fiscal_year(r.year, None), span="year", qualifiers="rate stated in the row label",
                 value_printed=r.printed, value=r.value, scale=r.minor, kind="per_share", currency=currency)
            for r in stated_rates(row.label, path)]


def _row_unit(label: str) -> tuple[str | None, str | None]:
    """The currency and scale a row's own closing bracket names, before its table's: a convenience translation
    printed as a row ("Net sales (thousands of U.S. dollars)" under a yen table), "Revenue (US$m)" in a
    highlights table of rupee figures."""
    m = re.search(r"\(([^()]{1,40})\)\s*$", label)
    if not m or not _UNIT_ONLY.fullmatch(CURRENCY_RE.sub(" ", m.group(1))):
        return None, None       # ("(120 million shares of EUR 1 each)", "(US$300 million)": words of the row, no unit)
    return currency_of(m.group(1)), scale_of(m.group(1))


# what is left of a unit bracket once its currency is taken out: a scale and its connecting words only
_UNIT_ONLY = re.compile(r"(?i)[\s'’.,-]*(?:in\s+|of\s+|amounts?\s+in\s+)*(?:millions?|thousands?|billions?|crores?|lakhs?|"
                        r"'?000s?|mn|bn|m|k)?(?:\s+of)?[\s'’.,-]*")


def _page_unit(page_units: dict[int, tuple[str, str]] | None, page: int, currency: str | None,
               scale: str | None) -> tuple[str | None, str | None]:
    """The currency and scale a page's own statement header prints, else the document's."""
    cur, sc = (page_units or {}).get(page, ("", ""))
    if sc == "units":
        sc_out = None
    else:
        sc_out = SCALE_WORDS.get(sc, sc) or scale
    return cur or currency, sc_out if sc else scale


PARENT_ONLY = "parent company only"
def _segment_facts(page: int, t: PageTable, cells: list[segment_columns.SegmentCell], cal: Calendar,
                   currency: str | None, scale: str | None) -> list[Fact]:
    """Facts of a segment-column table: the segment leads the row's path ("Display Technologies › Segment net
    sales") and is recorded as a qualifier; the total column is the company's row."""
    out: list[Fact] = []
    for c in cells:
        if mis_split(c.label) or len(c.label) > 300:
            continue
        row = Row(label=c.label, values=[c.value], line_no=c.line_no, path=c.path)
        path = " \u203a ".join([c.segment, *c.path, c.label] if c.segment else [*c.path, c.label])
        kind = c.kind or kind_of(row, c.value, t.title)
        unit = None if kind in ("per_share", "percent") else \
            _count_scale(path, t.unit, t, c.value) if kind == "count" else c.unit or t.unit or \
            (scale if kind == "money" else None)
        col = c.period
        cur = col.currency if col.currency not in (None, "$") else (currency or col.currency or t.currency)
        out.append(Fact(page=page, line_no=c.line_no, table_title=t.title[:200], statement=None, secondary=t.secondary,
                        label=c.label[:300], label_path=path[:500],
                        column_header=(f"{c.segment or 'Total'}, " if c.whole else "") + f"{col.header or col.year}"[:200], period_end=col.end,
                        period_year=col.year, fiscal_year=cal.of_column(col), span=col.span or "year",
                        qualifiers=f"{segment_columns.QUALIFIER}{c.segment}" if c.segment else "",
                        value_printed=c.value, value=parse_number(c.value), scale=unit, kind=kind,
                        currency=cur if kind not in ("percent", "count") else None))
    return out


def _carry_from(t: PageTable, previous):
    """The header a next page without one of its own continues with: this page's last header, when the table
    ran to the bottom of the page (its last rows are aligned)."""
    header = t.headers[-1] if t.headers else (previous if t.continued else None)
    if header is None or not t.rows:
        return None
    tail = t.rows[-3:]
    return header if sum(r.aligned for r in tail) >= 2 and t.rows[-1].line_no >= len(t.lines) - 4 else None
