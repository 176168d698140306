"""How a header's value columns fall into groups (a year or date repeating starts a new one: [2022 2021 | 2022 2021])
and the captions printed before the years that name each group's or each column's span, currency or entity ("Quarter
ended ... Year ended", "Group Company", "Group 2095 | Group 2094 | Company 2095 | Company 2094")."""
from __future__ import annotations

import re
from dataclasses import replace


def assign_entities(columns: list, text: str, starts: list[int], entity: re.Pattern) -> None:
    """"Group Company" (or "Consolidated Parent", each word once per column or once per group) above years that
    repeat: the first group of columns is the group's, the second the parent company's."""
    names = ["group" if m.group(1) else "company" for m in entity.finditer(text[:starts[0]])]
    # ("Group 2095 | Group 2094 | Company 2095 | Company 2094": each year's own word right before it)
    own = [list(entity.finditer(text[max(0, s - 12):s])) for s in starts]
    if len(set(names)) < 2 and all(own):
        names = ["group" if m[-1].group(1) else "company" for m in own]
    if len(set(names)) < 2:
        return
    values = [c for c in columns if c.kind == "value"]
    split = groups(values)
    if len(names) == len(values):
        per = names
    elif len(names) == len(split):
        per = [n for n, g in zip(names, split) for _ in g]
    else:
        return
    it = iter(per)
    for i, c in enumerate(columns):
        if c.kind == "value":
            columns[i] = replace(c, entity=next(it))


def groups(values: list) -> list[list]:
    """Split value columns where a year repeats: [2021, 2022 | 2022] or [2023, 2022 | 2023, 2022]; where every column
    is dated, where a date repeats (quarters ended 31.03.2091, 31.12.2090, 31.03.2090 | years ended 31.03.2091,
    31.03.2090: two quarters of one calendar year are one group)."""
    dated = all(c.end is not None for c in values)
    out: list[list] = [[]]
    for c in values:
        if any((o.end == c.end) if dated else (o.year == c.year) for o in out[-1]):
            out.append([])
        out[-1].append(c)
    return out


def assign_spans(columns: list, currencies, spans, periods, parts: list | None = None) -> None:
    """The span and currency captions printed before the first period: one per group of columns, one per column, or
    one for all. `parts`: the quarter or half each period names on its own ("Q4 2093 Q4 2092 Var. 2093 2092 Var.":
    where only some do, those are that part's columns and the others the year's)."""
    own = [None] * len(periods)
    if parts and any(parts) and not all(parts):
        spans = [(p, s) for p, s in spans if not any(p <= start < p + 6 for start, *_ in periods)]   # ("Q4 " before a year)
        own = [("quarter" if "q" in part.lower() else "half") if part else None for part in parts]
    values = [c for c in columns if c.kind == "value"]
    split = groups(values)
    first_period = periods[0][0]
    lead_cur = [c for p, c in currencies if p < first_period]
    lead_span = [s for p, s in spans if p < first_period]
    # A header line of currency captions above the years: one caption per group, in order.
    distinct_cur = list(dict.fromkeys(c for c in lead_cur if c))
    per_group_cur = distinct_cur if len(split) > 1 and len(distinct_cur) == len(split) else None
    per_group_span = lead_span if len(split) > 1 and len(lead_span) == len(split) else None
    # one span over each column ("Half year Half year Full year" over "2024 2023 2023")
    per_column = lead_span if len(lead_span) == len(values) and len(set(lead_span)) > 1 else None
    single_span = lead_span[0] if len(set(lead_span)) == 1 and lead_span else None
    single_cur = distinct_cur[0] if len(distinct_cur) == 1 else None
    out = []
    for gi, g in enumerate(split):
        for c in g:
            cur = c.currency or (per_group_cur[gi] if per_group_cur else single_cur)
            span = own[len(out)] if len(out) < len(own) and own[len(out)] else per_column[len(out)] if per_column else \
                per_group_span[gi] if per_group_span else single_span
            out.append(replace(c, currency=cur, span=span))
    it = iter(out)
    for i, c in enumerate(columns):
        if c.kind == "value":
            columns[i] = next(it)


# a repeated header's words besides its dates, its notes column and a balance sheet's section caption
_PERIODS = re.compile(r"(?i)\d{1,2}[/.]\d{1,2}[/.]\d{2,4}|\b\d{1,2}\s+[a-z]{3,9}\.?\s+\d{4}|\b[a-z]{3,9}\.?\s+\d{1,2},?\s+\d{4}|"
                      r"\b(?:19|20)\d{2}\b|\bnotes?\b|\b(?:assets|liabilities|equity|shareholders['’]?|stockholders['’]?|and)\b|"
                      r"\b(?:as\s+(?:of|at)|at)\b")
_OWN_CAPTION = re.compile(r"[A-Za-z]{2,}")


def inherit_entities(table) -> None:
    """A header printed again down the page with the same columns ("ASSETS Note 12/31/2088 12/31/2087 12/31/2088
    12/31/2087" and, lower, "LIABILITIES AND EQUITY Note ..." the same) under one entity caption at the top ("Parent
    Company Consolidated"): the repeat's columns are the same entities', in the same order. Its years, printed twice,
    are told apart by them (rows under it no longer hold ambiguous years)."""
    def shape(h) -> list:
        return [(c.kind, c.year, c.end) for c in h.columns]
    for k, h in enumerate(table.headers):
        if any(c.entity for c in h.columns) or not h.ambiguous_years or _OWN_CAPTION.search(_PERIODS.sub(" ", h.text)):
            continue        # (only a repeat that prints its years twice needs the entities to tell them apart; one
            #               captioned its own way, "Current Non-current", is another table's)
        first = next((p for p in table.headers[:k] if any(c.entity for c in p.columns) and shape(p) == shape(h)), None)
        if first is None:
            continue
        for i, (c, p) in enumerate(zip(h.columns, first.columns)):
            h.columns[i] = replace(c, entity=p.entity)
        h.ambiguous_years = set()
        for r in table.rows:
            if r.cols is h.columns:
                r.ambiguous = frozenset()
