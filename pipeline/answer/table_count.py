"""A count of the year's events read off a table that prints a Total: "how many airplanes did it deliver?", "how
many stores did it open?", "how many units did it sell?".

Reports break such counts down by sub-category (programmes, segments, regions, brands) in a table with a Total
column or a Total row, and each sub-category's own paragraph states its part ("During the year we delivered 31
aircraft" under one programme's heading). A question about the whole category is answered by the Total; a
sub-category's cell answers only a question that names it, and then says which cell it is and what the Total is.
A prose count that equals a sub-category's cell of such a table is a part, never the answer to the whole
(`part_of_a_total`).

Two layouts, as page text prints them:
    columns   a header of sub-category names ending in "Total", rows labelled by the event ("Deliveries 387 (13)
              5 33 ... 480"), the year a line of its own above its rows ("2022") or in the row's label
    rows      a header of years, rows of sub-categories, and a "Total ..." row; the event named in the Total row's
              label or in the table's caption above ("Stores opened during the year")

    asked(question)                   the event and the words a count question asks about, or None
    read(pages, ask, year)            every table count of the event for the year found on the pages
    answer(state, pages, ...)         (answer, "table_count") or None
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from pipeline.question.labels import doc_kind
from pipeline.state import Claim, TurnState
from pipeline.stores import corpus

# The event verbs a count question asks with, and the words a table's row or caption names that event by.
EVENTS: dict[str, str] = {
    "deliver": r"deliver(?:ies|ed|y)",
    "open": r"open(?:ed|ings?)|new\s+(?:stores|restaurants|branches|locations|outlets)",
    "sell": r"sold|unit\s+sales|sales\s+volumes?",
    "ship": r"shipments?|shipped",
    "close": r"clos(?:ed|ures?|ings?)",
    "produce": r"produc(?:ed|tion)",
    "complete": r"complet(?:ed|ions?)",
}
_VERB = re.compile(r"(?i)\b(deliver|open|sell|sold|ship|clos|produc|complet)\w*")
_ASK = re.compile(r"(?i)\bhow\s+many\s+(?P<what>.*)")
# rows that count something else than the year's events: a running total, orders, what is still to come
_NOT_THE_YEAR = re.compile(r"(?i)\b(cumulative|to\s+date|since|backlog|orders?|unfilled|remaining|expected|planned)\b")
_NUM = re.compile(r"^\(?\d{1,3}(?:,\d{3})*\)?$|^\(?\d+\)?$")
_YEAR_LINE = re.compile(r"^\s*((?:FY\s?)?(?:19|20)\d{2}\s*)+$")
_TOTAL = re.compile(r"(?i)^total\b")
# a table of amounts, not of counts: a currency, a scale ("in millions", "£000"), a balance
_MONEY = re.compile(r"(?i)[$£€¥]|\b(US|A|C|NZ|HK)\$|\b(USD|GBP|EUR|AUD|CAD|JPY)\b|\bin\s+(millions|thousands|billions)\b|"
                    r"['’]?000s?\b|\bdollars\b|\bbalances?\b|\bconsideration\b|\bcosts?\b|\bexpenditure\b")


@dataclass
class Ask:
    event: str              # a key of EVENTS
    words: tuple[str, ...]  # the question's own words ("787s", "commercial", "airplanes"), lower case


@dataclass
class TableCount:
    page: corpus.ReportPage
    year: int
    row: str                # the row's label as printed
    total: int
    cells: dict[str, int]   # sub-category -> its count, when the cells line up with the header
    caption: str            # what the table is of: the event's words as printed
    column: str = ""        # the Total's column header, in the columns layout


def asked(question: str) -> Ask | None:
    """A count question asked with an event verb ("how many ... did X deliver", "how many ... were opened") or
    an event noun ("how many deliveries ..."); None for a level ("how many employees does it have?")."""
    m = _ASK.search(question)
    if not m:
        return None
    what = m.group("what")
    v = _VERB.search(what)
    if not v:
        return None
    stem = v.group(1).lower()
    event = {"sold": "sell", "clos": "close", "produc": "produce", "complet": "complete"}.get(stem, stem)
    words = tuple(w.lower() for w in re.findall(r"[A-Za-z0-9][\w-]*", what[:v.start()]))
    return Ask(event, words)


def _split_row(line: str) -> tuple[str, list[str]] | None:
    """("Deliveries", ["387", "(13)", ...]): a label then only numbers; None for other lines."""
    toks = line.split()
    i = next((k for k, t in enumerate(toks) if _NUM.match(t)), None)
    if i is None or i == 0 or not all(_NUM.match(t) for t in toks[i:]):
        return None
    return " ".join(toks[:i]), toks[i:]


def _value(tok: str) -> int:
    return int(tok.strip("()").replace(",", ""))


def _years(line: str) -> list[int]:
    return [int(y) for y in re.findall(r"(?:19|20)\d{2}", line)]


def _columns_layout(pg: corpus.ReportPage, lines: list[str], event: re.Pattern, year: int) -> list[TableCount]:
    out = []
    for h, head in enumerate(lines):
        toks = [t for t in head.split() if t not in ("*", "†")]
        if len(toks) < 3 or toks[-1].lower() != "total" or len(head) > 160:
            continue
        names = [t.rstrip("*†") for t in toks[:-1]]
        caption = " ".join(lines[max(0, h - 3):h])
        if _MONEY.search(caption + " " + head):
            continue
        at = next(iter(_years(caption)), None) if len(set(_years(caption))) == 1 else None
        for line in lines[h + 1:h + 30]:
            if _YEAR_LINE.match(line):
                at = _years(line)[0]
                continue
            if (len(line.split()) > 3 and line[-1:] in ".:") or _TOTAL.match(line):
                break       # the table ended (a sentence, or another table's header)
            row = _split_row(line)
            if row is None:
                continue
            label, nums = row
            named_year = _years(label)
            y = named_year[0] if named_year else at
            if y != year or not (event.search(label) or event.search(caption)) or _NOT_THE_YEAR.search(label):
                continue
            plain = [t for t in nums if not t.startswith("(")]    # "(13)": a part of the cell before it
            cells = dict(zip(names, map(_value, plain[:-1]))) if len(plain) == len(names) + 1 else {}
            out.append(TableCount(pg, year, label, _value(plain[-1]), cells,
                                  event.search(label + " " + caption).group(0), toks[-1]))
    return out


def _rows_layout(pg: corpus.ReportPage, lines: list[str], event: re.Pattern, year: int) -> list[TableCount]:
    out = []
    for t, line in enumerate(lines):
        row = _split_row(line) if _TOTAL.match(line) else None
        if row is None:
            continue
        label, nums = row
        head = next((k for k in range(t - 1, max(-1, t - 25), -1) if _YEAR_LINE.match(lines[k])), None)
        if head is None:
            continue
        years = _years(lines[head])
        if year not in years or len(years) != len(nums):
            continue
        caption = " ".join(lines[max(0, head - 3):head + 1])
        if _MONEY.search(caption + " " + label):
            continue
        said = event.search(label) or event.search(caption)
        if not said or _NOT_THE_YEAR.search(label):
            continue
        col = years.index(year)
        cells = {}
        for sub in lines[head + 1:t]:
            r = _split_row(sub)
            if r and len(r[1]) == len(years):
                cells[r[0]] = _value(r[1][col])
        out.append(TableCount(pg, year, label, _value(nums[col]), cells, said.group(0)))
    return out


def read(pages: list[corpus.ReportPage], ask: Ask, year: int) -> list[TableCount]:
    event = re.compile(rf"(?i)\b({EVENTS[ask.event]})\b")
    out: list[TableCount] = []
    for pg in pages:
        text = pg.text.replace("\u00a0", " ")
        if not re.search(r"(?im)^\s*total\b|\btotal\s*$", text) or not event.search(text):
            continue
        lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
        out += _columns_layout(pg, lines, event, year) + _rows_layout(pg, lines, event, year)
    return out


def _named_cell(tc: TableCount, ask: Ask) -> str | None:
    """The sub-category the question names ("how many 787s ...", "in the Americas"), if it is one of the cells."""
    words = {w.lower().removesuffix("'s").removesuffix("s") for w in ask.words} | {w.lower() for w in ask.words}
    hits = [c for c in tc.cells if c.lower() in words or c.lower().removesuffix("s") in words]
    return hits[0] if len(hits) == 1 else None


def part_of_a_total(value: int, counts: list[TableCount], ask: Ask) -> bool:
    """A count that equals a sub-category's cell of the event's table, where the question names no sub-category:
    one programme's or region's part, not the whole asked about."""
    return any(value != tc.total and value in tc.cells.values() and _named_cell(tc, ask) is None for tc in counts)


def answer(state: TurnState, pages: list[corpus.ReportPage], ask: Ask, company: str, year: int,
           cite: Callable, as_passage: Callable) -> tuple[str, str] | None:
    counts = read(pages, ask, year)
    if not counts:
        return None
    totals = {tc.total for tc in counts if _named_cell(tc, ask) is None}
    if len(totals) > 1:
        return None     # two tables of the event disagree (e.g. units and another grouping): not one answer
    tc = counts[0]
    m = cite(as_passage(tc.page))
    where = f"The {company} FY{tc.page.fiscal_year} {doc_kind(tc.page.doc_type)}"
    sub = _named_cell(tc, ask)
    if sub is not None:
        text = (f"{tc.cells[sub]:,}. {where} prints {tc.cells[sub]:,} for {sub} in its table of {tc.caption.lower()} "
                f"for {year} (row \u201c{tc.row}\u201d, column \u201c{sub}\u201d); the table's Total is {tc.total:,} [{m}].")
    else:
        col = f", column \u201c{tc.column}\u201d" if tc.column else ""
        text = (f"{tc.total:,}. {where} prints a Total of {tc.total:,} in its table of {tc.caption.lower()} for "
                f"{year} (row \u201c{tc.row}\u201d{col}), the whole category rather than one sub-category's "
                f"count [{m}].")
    state.claims.append(Claim(text=text, label=f"{company} FY{tc.page.fiscal_year} table"))
    return text, "table_count"
