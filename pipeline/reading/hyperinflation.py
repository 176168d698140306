"""Statements of a hyperinflationary economy (IAS 29) print each year twice: inflation-adjusted, the audited
figures, and at historical cost, supplementary and unaudited:

    INFLATION ADJUSTED (audited) 2096 ZWG000 | 2095 ZWG000 || HISTORICAL COST (unaudited) 2096 ZWG000 | 2095 ZWG000
    Revenue 3,918,406 3,442,718 3,206,114 2,148,406

The inflation-adjusted columns are the year's figures; the historical-cost ones are not read (no question answers
them as the year's, and told apart from the audited ones only by their caption). A page printing the two bases in
blocks of their own ("Inflation adjusted (audited) 2096 | 2095" ... "Historical cost (unaudited) 2096 | 2095") leaves
the historical-cost block unread the same way."""
from __future__ import annotations

import dataclasses
import re

from pipeline.reading.page_table import PageTable

_ADJUSTED = re.compile(r"(?i)\binflation[- ]adjusted\b")
_HISTORICAL = re.compile(r"(?i)\bhistorical[- ]cost\b")
ADJUSTED_BASIS = "(inflation adjusted, audited basis)"


def read(table: PageTable) -> None:
    """Leave the historical-cost columns of a page that also prints the inflation-adjusted ones unread."""
    if not any(_ADJUSTED.search(ln) for ln in table.lines) or not any(_HISTORICAL.search(ln) for ln in table.lines):
        return
    for h in table.headers:
        text = f"{h.caption} {h.text}"
        values = [i for i, c in enumerate(h.columns) if c.kind == "value"]
        hist, adj = _HISTORICAL.search(text), _ADJUSTED.search(text)
        if hist and not adj:
            drop = values           # a block of the historical-cost figures alone
        elif adj and not hist:
            drop = []               # a block of the inflation-adjusted figures alone
        elif hist and adj and len(values) % 2 == 0 and \
                [h.columns[i].year for i in values[:len(values) // 2]] == [h.columns[i].year for i in values[len(values) // 2:]]:
            half = len(values) // 2     # both bases side by side, each year once in each: the half captioned second
            drop = values[half:] if adj.start() < hist.start() else values[:half]
        else:
            continue
        for i in drop:
            h.columns[i] = dataclasses.replace(h.columns[i], kind="items", header=f"{h.columns[i].header} historical cost")
        for i in (i for i in values if i not in drop):      # (the basis they are asked by: the audited one)
            h.columns[i] = dataclasses.replace(h.columns[i], header=f"{h.columns[i].header} {ADJUSTED_BASIS}")
        dropped = {h.columns[i].year for i in drop}
        h.ambiguous_years -= dropped
        for r in table.rows:
            if r.cols is h.columns:
                r.ambiguous = r.ambiguous - dropped
