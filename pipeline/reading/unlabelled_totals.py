"""An unlabelled line of figures closing a heading's rows: the heading's total.

US statements often print a subtotal with no label under the rows of a heading ("Residential:" / "Internet 7,812" /
"Video 3,904" / "Voice 402" / "12,118"), and the rows after it stand beside the heading, not under it ("Small and
medium business 1,388"). The line is read as "Total <heading>" only where it is the sum of the heading's rows above
it in every value column (within the rounding of the printed figures); otherwise it stays unread and closes nothing.
Under a top-level heading ("Revenues", "ASSETS") the line is its total only where it sums every row under it that is no
total itself and the next heading follows at once.
"""
from __future__ import annotations

import re
from decimal import Decimal

from pipeline.reading.cells import parse_number, split_row
from pipeline.reading.page_table import Row


_SPLIT = re.compile(r"(?i)\b(?:attributable|available)\s+to:?\s*$")
# a heading that ends on a preposition is a lead-in its sub-headings complete, not a measure with a total
_LEAD_IN = re.compile(r"(?i)\b(?:by|in|to|from|of|for|on)\)?:?\s*$")


def _values(row: Row) -> dict[int, Decimal] | None:
    cells = row.cells()
    if cells is None:
        return None
    out = {}
    for col, v in cells:     # (by the column itself: a row printing its note and a row without one line up alike)
        if col.kind == "value":
            n = parse_number(v)
            if n is None:
                return None
            out[id(col)] = n
    return out or None


def _places(v: Decimal) -> int:
    return max(0, -v.as_tuple().exponent)


def heading_total(stack: list[str], rows: list[Row], line: Row, after: list[str]) -> str | None:
    """The innermost heading of `stack` when it is a sub-heading (a group inside a section: "REVENUES" › "Residential:"),
    `line` (an unlabelled row) sums the rows printed under it just above (at least two), column by column, and no line
    `after` it is a total naming the heading's words ("Assets" / "Cash and due from banks 612" / "Interest-bearing
    deposits 1,204" / "1,816" ... "Total assets 63,801": a subtotal of the heading's first rows, not its total)."""
    outer = set(re.findall(r"[a-z]{3,}", stack[-2].lower())) if len(stack) >= 2 else set()
    after = [a for a in after if not outer or not outer <= set(re.findall(r"[a-z]{3,}", a.lower()))]    # (the
    #         outer heading's own total, "Total costs and expenses" below "Costs and expenses:" › "Company
    #         restaurant expenses:", is not the sub-heading's)
    if len(stack) < 2 or _SPLIT.search(stack[-1]) or _total_named_after(stack[-1], after):
        return None     # (a top-level heading's unlabelled line may sum its first rows only: "Revenues:" / "Product" /
        #                 "Service" / "1,500" / "Financing revenue" / "Total net revenues"; under "Profit for the year is
        #                 attributable to:" the sum of the holders' shares is the line; a later "Total ... revenues")
    under = []
    for r in reversed(rows):
        if r.path != tuple(stack):
            break
        under.append(r)
    return stack[-1] if len(under) >= 2 and _sums(under, line) else None


def section_total(stack: list[str], rows: list[Row], line: Row, after: list[str]) -> str | None:
    """The heading one level out, when `line` (an unlabelled row) sums every row printed under it in two or more
    sub-headings ("Other comprehensive income" › "Items that will not be reclassified ..." / "Items that may be
    reclassified ..." / "35,570"), column by column, and no line `after` it is a total naming all the heading's
    words ("Total comprehensive income" is another line than "Other comprehensive income")."""
    if len(stack) < 2 or _LEAD_IN.search(stack[-2]):
        return None     # ("Cash provided by (used in):" › "Operating activities" ...: a lead-in the sections complete)
    outer = stack[:-1]
    words = set(re.findall(r"[a-z]{3,}", outer[-1].lower())) - {"loss", "losses"}
    if any(re.match(r"(?i)total\b", a.strip()) and words <= set(re.findall(r"[a-z]{3,}", a.lower())) for a in after):
        return None
    under = []
    for r in reversed(rows):
        if r.path[:len(outer)] != tuple(outer) or len(r.path) == len(outer) or re.match(r"(?i)total\b", r.label):
            break
        under.append(r)
    return outer[-1] if len({r.path for r in under}) >= 2 and _sums(under, line) else None


_RESULT_LINE = re.compile(r"(?i)\s*(?:total\b|net\s+(?:interest\s+)?(?:income|revenues?|earnings|profit|loss)\b|"
                          r"(?:income|profit|earnings|loss)\b[^0-9]*\bbefore\b)")


def top_total(stack: list[str], rows: list[Row], line: Row, after: list[str]) -> str | None:
    """The top-level heading of `stack` when `line` (an unlabelled row) sums every row printed under it that is no
    total itself (its sub-headings' rows included: "ASSETS" / "Current Assets" / ... / "Total current assets" /
    "Property and Equipment, Net" ... / "$ 46,620"), column by column; the next line opens another heading (it prints
    no figures), and no line `after` it is a total naming the heading's words (then the line is a subtotal of its first
    rows: "Revenues:" / "Product" / "Service" / "1,500" / "Financing revenue" / "Total net revenues")."""
    if len(stack) != 1 or _SPLIT.search(stack[0]) or _LEAD_IN.search(stack[0]):
        return None
    nxt = next((a for a in after if a.strip()), "")
    if nxt and split_row(nxt)[1] and not _RESULT_LINE.match(nxt) or _total_named_after(stack[0], after):
        return None     # (a result line after it, "Total revenue", "Income before income taxes", closes the section too)
    under = []
    for r in reversed(rows):
        if r.path[:1] != tuple(stack):
            break
        if not re.match(r"(?i)total\b", r.label):
            under.append(r)
    return stack[0] if len(under) >= 2 and _sums(under, line) else None


def _total_named_after(heading: str, after: list[str]) -> bool:
    """A line `after` is the heading's own total, printed further down: a total naming every word of `heading` ("Total
    net revenues" below "Revenues:"), or its last word once more rows have followed ("Operating revenues:" / ... /
    "1,500" / "Wholesale 200" / "Total revenues 1,700": the line summed the heading's first rows). A total naming only
    some of its words right after the line is a wider one ("Total liabilities" below "Current liabilities")."""
    def words(text: str) -> list[str]:
        return [w.rstrip("s") for w in re.findall(r"[a-z]{3,}", text.lower())]     # ("Revenues:" / "Total revenue")
    own, rows = words(heading), 0
    for a in after:
        if re.match(r"(?i)total\b", a.strip()):
            said = set(words(a))
            if set(own) <= said or own and own[-1] in said and rows:
                return True
        elif split_row(a)[1]:
            rows += 1
    return False


def _sums(under: list[Row], line: Row) -> bool:
    """`line`'s figures are the sums of the rows `under`, column by column (within the rounding of the printed
    figures)."""
    total = _values(line)
    parts = [_values(r) for r in under]
    if total is None or any(p is None or p.keys() != total.keys() for p in parts):
        return False
    for k, want in total.items():
        got = sum(p[k] for p in parts)
        unit = Decimal(1).scaleb(-max(_places(want), *(_places(p[k]) for p in parts)))
        if abs(got - want) > unit * len(parts) / 2:
            return False
    return True
