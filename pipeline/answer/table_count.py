"""A count of the year's events read off a table that prints a Total: "how many airplanes did it deliver?", "how
many stores did it open?", "how many units did it sell?".

Reports break such counts down by sub-category (programmes, segments, regions, brands) in a table with a Total
column or a Total row, and each sub-category's own paragraph states its part ("During the year we delivered 22
aircraft" under one programme's heading). A question about the whole category is answered by the Total; a
sub-category's cell answers only a question that names it, and then says which cell it is and what the Total is.
A prose count that equals a sub-category's cell of such a table is a part, never the answer to the whole
(`part_of_a_total`).

Two layouts, as page text prints them:
    columns   a header of sub-category names ending in "Total", rows labelled by the event ("Deliveries 61 (4)
              17 22 (3) 100"), the year a line of its own above its rows ("2022") or in the row's label
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
    "open": r"opened|openings|new\s+(?:stores|restaurants|branches|locations|outlets)",
    "sell": r"sold|unit\s+sales|sales\s+volumes?",
    "ship": r"shipments?|shipped",
    "close": r"closed|closures?|closings",
    "produce": r"produc(?:ed|tion)",
    "complete": r"complet(?:ed|ions?)",
}
# The event verb of the question, as a verb: after an auxiliary ("did it deliver", "were opened"), whole word forms
# only ("products", "production facilities" and "open positions" name no event)
_VERB = re.compile(r"(?i)\b(?:did|does|do|has|have|had|was|were|will|is|are)\b.*?\b(?P<verb>deliver(?:ed|s)?|"
                   r"open(?:ed|s)?|sell|sells|sold|ship(?:ped|s)?|close(?:d|s)?|produce(?:d|s)?|complete(?:d|s)?)\b")
_EVENT_OF = {"deliver": "deliver", "open": "open", "sell": "sell", "sold": "sell", "ship": "ship", "clos": "close",
             "produc": "produce", "complet": "complete"}
# words of a question that qualify nothing: the asking words, the period, articles and prepositions
_PLAIN = {"how", "many", "the", "a", "an", "in", "during", "of", "its", "it", "their", "they", "year", "fiscal", "fy",
          "financial", "total", "overall", "all", "in", "for", "by", "company", "group", "did", "does", "do", "was",
          "were", "has", "have", "had", "will", "is", "are", "altogether", "number", "at", "on", "to", "end",
          "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"}
_ASK = re.compile(r"(?i)\bhow\s+many\s+(?P<what>.*)")
# rows that count something else than the year's events: a running total, orders, what is still to come
_NOT_THE_YEAR = re.compile(r"(?i)\b(cumulative|to\s+date|since|backlog|orders?|unfilled|remaining|expected|planned|"
                          r"opening|closing|year[- ]end|end\s+of\s+(the\s+)?(year|period)|in\s+(service|operation))\b")
# a table of quantities in a physical unit: "how many" of them is not a count of events
_MEASURED = re.compile(r"(?i)\b(tonnes?|tons?|kt|mt|mtpa|barrels?|bbls?|boe|mwh|gwh|kwh|twh|ounces?|oz|koz|litres?|"
                       r"liters?|gallons?|kg|lbs?|pounds|cubic|m3|hectares?|acres?|sq\.?\s?ft|square\s+(feet|met(re|er)s)|"
                       r"km|miles|carats?)\b")
_NUM = re.compile(r"^\(?\d{1,3}(?:,\d{3})*\)?$|^\(?\d+\)?$")
_YEAR_LINE = re.compile(r"^\s*((?:FY\s?)?(?:19|20)\d{2}\s*)+$")
_TOTAL = re.compile(r"(?i)^total\b")
# a table of amounts, not of counts: a currency, a scale ("in millions", "£000"), a balance
_MONEY = re.compile(r"(?i)[$£€¥]|\b(US|A|C|NZ|HK)\$|\b(USD|GBP|EUR|AUD|CAD|JPY)\b|\bin\s+(millions|thousands|billions)\b|"
                    r"['’]?000s?\b|\bdollars\b|\bbalances?\b|\bconsideration\b|\bcosts?\b|\bexpenditure\b")


@dataclass
class Ask:
    event: str              # a key of EVENTS
    words: tuple[str, ...]  # the question's own words ("herons", "commercial", "aircraft"), lower case
    after: tuple[str, ...] = ()  # its words after the verb that may qualify the count ("americas" of "in the
    #                              Americas"; the period and filler left out)


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
    verb = v.group("verb").lower()
    event = next(e for k, e in _EVENT_OF.items() if verb.startswith(k))
    words = tuple(w.lower() for w in re.findall(r"[A-Za-z0-9][\w-]*", what[:v.start()]))
    after = tuple(w.lower() for w in re.findall(r"[A-Za-z][\w-]*", what[v.end():])
                  if w.lower() not in _PLAIN and not re.fullmatch(r"(?i)fy\d*", w))
    return Ask(event, words, after)


def _split_row(line: str) -> tuple[str, list[str]] | None:
    """("Deliveries", ["61", "(4)", ...]): a label then only numbers; None for other lines."""
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
        if _MONEY.search(caption + " " + head) or _MEASURED.search(caption + " " + head):
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
            # "(13)" beside a cell is a part of it only where the plain cells add up to the Total; anywhere else a
            # bracket may be a negative or a net figure, and the row is not read
            plain = [t for t in nums if not t.startswith("(")]
            if not plain or len(plain) != len(names) + 1:
                continue
            cells = dict(zip(names, map(_value, plain[:-1])))
            if sum(cells.values()) != _value(plain[-1]):
                continue        # the cells are not the Total's parts: not a table of one count broken down
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
        if _MONEY.search(caption + " " + label) or _MEASURED.search(caption + " " + label):
            continue
        if any(t.startswith("(") for t in nums):
            continue        # a bracketed Total is a negative or net figure, not a count
        said = event.search(label) or event.search(caption)
        if not said or _NOT_THE_YEAR.search(label):
            continue
        col = years.index(year)
        cells = {}
        for sub in lines[head + 1:t]:
            r = _split_row(sub)
            if r and len(r[1]) == len(years):
                if r[1][col].startswith("("):
                    cells = {}
                    break
                cells[r[0]] = _value(r[1][col])
        if not cells or sum(cells.values()) != _value(nums[col]):
            continue        # the rows above are not the Total's parts: not a table of one count broken down
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
    """The sub-category the question names ("how many Herons ...", "in the Northern region"), if it is one of the cells."""
    asked = ask.words + ask.after
    words = {w.lower().removesuffix("'s").removesuffix("s") for w in asked} | {w.lower() for w in asked}

    def names(cell: str) -> bool:       # every word of the cell's name ("North America") is in the question
        parts = [w.lower() for w in re.findall(r"[A-Za-z0-9][\w-]*", cell)]
        return bool(parts) and all(p in words or p.removesuffix("s") in words for p in parts)
    hits = [c for c in tc.cells if names(c)]
    return hits[0] if len(hits) == 1 else None


def _unmatched(tc: TableCount, ask: Ask, company: str = "") -> bool:
    """The question qualifies the count after its verb ("in the Americas", "through franchisees") with words that
    name no cell, nor the table's row or caption (nor the company): the table does not answer that narrower
    question."""
    said = {w.lower() for w in re.findall(r"[A-Za-z][\w-]*", " ".join([tc.row, tc.caption, company, *tc.cells]))}
    return any(w not in said and w.removesuffix("s") not in said for w in ask.after) and _named_cell(tc, ask) is None


def part_of_a_total(value: int, counts: list[TableCount], ask: Ask) -> bool:
    """A count that equals a sub-category's cell of the event's table, where the question names no sub-category:
    one programme's or region's part, not the whole asked about."""
    return any(value != tc.total and value in tc.cells.values() and _named_cell(tc, ask) is None for tc in counts)


def answer(state: TurnState, pages: list[corpus.ReportPage], ask: Ask, company: str, year: int,
           cite: Callable, as_passage: Callable) -> tuple[str, str] | None:
    counts = read(pages, ask, year)
    if not counts or any(_unmatched(tc, ask, company) for tc in counts):
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
