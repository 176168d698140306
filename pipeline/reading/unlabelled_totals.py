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

from pipeline.core import minorities
from pipeline.reading.cells import parse_number, split_row
from pipeline.reading.page_table import Row


def read_line(stack: list[str], rows: list[Row], total: Row, after: list[str], last_kind: str,
              owners_total: tuple[str, tuple] | None) -> tuple[str, tuple[str, tuple] | None]:
    """Read the unlabelled line `total` (its figures, under `stack`) as the total it closes, if any: appended to `rows`
    with its label, the headings it closes popped off `stack`. Returns (the kind of the last line read, the heading
    whose owners' share it is when the minorities' row and the heading's total follow)."""
    if last_kind == "row" and (net := _net_of_deduction(rows, total)) is not None:
        total.label, total.path = net, rows[-1].path
        rows.append(total)        # ("Trade receivables" / "Less: provisions" / the line they make: the net amount)
        return "row", owners_total
    if owners_total is not None and last_kind == "row":
        total.label, total.path = total_label(owners_total[0]), owners_total[1]
        rows.append(total)        # (the owners' share and the minorities' row above it added up)
        return "total", None
    if last_kind == "row" and (closed := heading_total(stack, rows, total, after)):
        total.label = total_label(closed)
        if _EQUITY_HEADING.search(closed) and not _OWNERS_NAMED.search(closed) and \
                owners_before_minorities(total.values, after[:3]):
            total.label, owners_total = f"{closed} attributable to owners of the parent", (closed, total.path)
        rows.append(total)
        stack.pop()
        return "total", owners_total
    if last_kind == "row" and (closed := section_total(stack, rows, total, after)):
        total.label, total.path = total_label(closed), tuple(stack[:-2])
        rows.append(total)
        del stack[-2:]
        return "total", owners_total
    if last_kind in ("row", "total") and (closed := top_total(stack, rows, total, after)):
        total.label = total_label(closed)
        rows.append(total)
        stack.pop()
        return "total", owners_total
    return last_kind, owners_total


_SPLIT = re.compile(r"(?i)\b(?:attributable|available)\s+to:?\s*$")
# a heading that ends on a preposition is a lead-in its sub-headings complete, not a measure with a total
_LEAD_IN = re.compile(r"(?i)\b(?:by|in|to|from|of|for|on)\)?:?\s*$")


# a deduction's row under its item ("Less: provisions", "Moins : amortissements", "Menos: depreciación acumulada")
_DEDUCTION = re.compile(r"(?i)^\s*(?:less|moins|menos|abz[uü]glich|deduct)\s*:?\s+(?P<what>\S.*)$")


def _net_of_deduction(rows: list[Row], line: Row) -> str | None:
    """The label of an unlabelled line that is the row two above less the deduction right above it (in every value
    column): "<item>, net of <deduction>"; else None."""
    if len(rows) < 2 or not (m := _DEDUCTION.match(rows[-1].label)) or rows[-2].path != rows[-1].path or \
            _DEDUCTION.match(rows[-2].label):
        return None
    item, less, net = _values(rows[-2]), _values(rows[-1]), _values(line)
    if not item or not less or not net or set(item) != set(net) or set(less) != set(net):
        return None
    if not all(abs(item[c] - abs(less[c]) - net[c]) <= Decimal(1) for c in net):
        return None
    return f"{rows[-2].label}, net of {m.group('what').strip()}"


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
    owners = len(stack) == 1 and _EQUITY_HEADING.search(stack[0]) and _OWNERS_NAMED.search(stack[0]) and \
        any(minorities.ROW.match(split_row(a)[0]) for a in after[:2] if a.strip())
    if (len(stack) < 2 and not owners) or _SPLIT.search(stack[-1]) or _total_named_after(stack[-1], after):
        return None     # (a top-level heading's unlabelled line may sum its first rows only: "Revenues:" / "Product" /
        #                 "Service" / "1,500" / "Financing revenue" / "Total net revenues"; under "Profit for the year is
        #                 attributable to:" the sum of the holders' shares is the line; a later "Total ... revenues")
    under = []
    for r in reversed(rows):
        if r.path != tuple(stack):
            break
        under.append(r)
    # (or a top-level heading of the owners' equity whose line the minorities' row follows: "EQUITY ATTRIBUTABLE TO
    # EQUITY HOLDERS OF THE COMPANY" / its rows / "706,654 617,096" / "Non-controlling interests ...")
    return stack[-1] if len(under) >= 2 and _sums(under, line) and not _minorities_outside(stack[-1], under) else None


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
                          r"net\s+(?:current\s+)?(?:assets|liabilities)\b|"
                          r"(?:income|profit|earnings|loss)\b[^0-9]*\bbefore\b)")


def top_total(stack: list[str], rows: list[Row], line: Row, after: list[str]) -> str | None:
    """The top-level heading of `stack` when `line` (an unlabelled row) sums every row printed under it that is no
    total itself (its sub-headings' rows included: "ASSETS" / "Current Assets" / ... / "Total current assets" /
    "Property and Equipment, Net" ... / "$ 46,620"), column by column; the next line opens another heading (it prints
    no figures), and no line `after` it is a total naming the heading's words (then the line is a subtotal of its first
    rows: "Revenues:" / "Product" / "Service" / "1,500" / "Financing revenue" / "Total net revenues")."""
    if len(stack) != 1 or _SPLIT.search(stack[0]) or _LEAD_IN.search(stack[0]):
        return None
    under = []
    for r in reversed(rows):
        if r.path[:1] != tuple(stack):
            break
        if not re.match(r"(?i)total\b", r.label):
            under.append(r)
    nxt = next((a for a in after if a.strip()), "")
    # (a capitals line after it is a sibling section only where the section's own rows are not in capitals)
    sibling = _capitals_sibling(stack[0], nxt) and not all(_capitals(r.label) for r in under)
    if nxt and split_row(nxt)[1] and not _RESULT_LINE.match(nxt) and not _next_outline_item(stack[0], nxt) and \
            not sibling or _total_named_after(stack[0], after):
        return None     # (a result line after it, "Total revenue", "Income before income taxes", closes the section too)
    return stack[0] if len(under) >= 2 and _sums(under, line) and not _minorities_outside(stack[0], under) else None


# an equity heading whose total the minorities' row may follow ("Equity", "Capital and reserves"), never one already
# naming the owners' share ("Equity attributable to owners of the parent": its total is theirs)
_EQUITY_HEADING = re.compile(r"(?i)\b(?:equity|capital\s+and\s+reserves|shareholders['’]?\s+funds)\b")
_OWNERS_NAMED = re.compile(r"(?i)\b(?:attributable|owners?|parent|holders)\b")


def owners_before_minorities(values: list[str], after: list[str]) -> bool:
    """An unlabelled line (`values`) followed by the minorities' row and a second unlabelled line that adds them to it
    ("Accumulated loss (19,351)" / "13,869" / "Non controlling interest 118" / "13,987"): the first is the owners'
    share of the heading's total, the second the total (a statement of financial position printing both unlabelled)."""
    rows = [split_row(a) for a in after if a.strip()][:2]
    if len(rows) < 2 or not minorities.ROW.match(rows[0][0]) or not rows[0][1] or rows[1][0] or \
            len(rows[1][1]) != len(values):
        return False
    # (column by column from the left: a minorities' row may print one figure and its dashes run together, "117,754 –––")
    compared = 0
    for first, nci, total in zip(*((parse_number(v) for v in vs) for vs in (values, rows[0][1], rows[1][1]))):
        if first is None or total is None:
            return False
        if nci is None:
            continue
        unit = Decimal(1).scaleb(-max(_places(first), _places(nci), _places(total)))
        if abs(first + nci - total) > unit:
            return False
        compared += 1
    return compared > 0


def total_label(heading: str) -> str:
    """The label an unlabelled total is read under: "Total" and its heading without the heading's outline number or
    letter ("A. Equity" -> "Total Equity", "II. Property, plant and equipment" -> "Total Property, plant and ...")."""
    return "Total " + re.sub(r"^\s*(?:[A-H]|[IVX]{1,4}|\d{1,2})\.\s+", "", heading)


_OUTLINE = re.compile(r"^\s*([A-H]|\d{1,2})\.\s")


def _next_outline_item(heading: str, line: str) -> bool:
    """`line` is the item after `heading` in an outline lettered or numbered "A." / "B." or "6." / "7." (statements in
    the German HGB or Austrian UGB format: "B. Current assets" / ... / "131,888" / "C. Prepaid expenses 1,840";
    "6. Personnel expenses" / "a) ..." / "b) ..." / "-117,655" / "7. Amortisation ... -24,815"): a sibling."""
    h, n = _OUTLINE.match(heading), _OUTLINE.match(line)
    if not (h and n) or h.group(1).isdigit() != n.group(1).isdigit():
        return False
    a, b = (int(h.group(1)), int(n.group(1))) if h.group(1).isdigit() else (ord(h.group(1)), ord(n.group(1)))
    return b == a + 1


def _capitals(text: str) -> bool:
    letters = re.sub(r"\([^)]*\)", "", text)     # (a note reference, "(Note 19)", is set in any case)
    return len(re.findall(r"[A-Z]", letters)) >= 4 and not re.search(r"[a-z]", letters)


def _capitals_sibling(heading: str, line: str) -> bool:
    """`line` prints its label in capitals as `heading` does, a sibling section's line ("REVENUES" / "Passage" /
    "Freight" / "6,449,224" / "COST OF SERVICES 4,706,412": statements setting each section's name in capitals)."""
    return _capitals(heading) and _capitals(split_row(line)[0])


def _minorities_outside(heading: str, under: list[Row]) -> bool:
    """The rows summed hold the minorities' share while the heading is no equity of everyone's ("Equity attributable to
    owners of the parent" / ... / "Non-controlling interests 200" / "4,000"; "Liabilities" / ... / "Minority interests"):
    the sum is wider than the heading, never its total."""
    return any(minorities.ROW.match(r.label) for r in under) and \
        (not _EQUITY_HEADING.search(heading) or bool(_OWNERS_NAMED.search(heading)))


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
            # (what a total deducts is not what it names: "Total assets less current liabilities")
            said = set(words(re.split(r"(?i)\s+less\b", a)[0]))
            # (a total without the current / non-current side of the heading is the wider one: "Total assets" below
            # "Non-current assets")
            if set(own) <= said or own and own[-1] in said and rows and not ({"current", "non"} & set(own) - said):
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
