"""A per-period sub-header repeating "Amount %" under the years ("2031 2030" over "Amount % Amount %"), as Taiwanese
and some other Asian statements print each line's share of total assets or revenue beside its amount: each year's
column is an amount followed by a percentage column, which holds no value of the year. A label printed before the
groups on the same line ("ASSETS Amount % Amount %") stays a heading."""
from __future__ import annotations

import dataclasses
import re

from pipeline.core.currencies import CURRENCY_RE
from pipeline.reading.columns import Column, Header

_TOKEN = re.compile(r"(?i)amount|%|" + CURRENCY_RE.pattern)


def is_groups(line: str) -> bool:
    """The line is nothing but repeated "Amount %" groups."""
    words = line.split()
    return "%" in words and all(_TOKEN.fullmatch(w) for w in words) and words[0] != "%"


def widen(header: Header | None, lines: list[str], at: int) -> Header | None:
    """`header` with a percentage column after each year's amount when line `at` is such a sub-header (the line is
    then cut to the label printed before the groups, or emptied)."""
    if header is None or at >= len(lines) or "%" not in lines[at]:
        return header
    words = lines[at].split()
    k = len(words)
    while k > 0 and _TOKEN.fullmatch(words[k - 1]):
        k -= 1
    groups = [w.lower() for w in words[k:]]
    values = [c for c in header.columns if c.kind == "value"]
    n = len(values)
    if n < 2 or not groups or len(groups) % n or len(groups) // n < 2:
        return header
    size = len(groups) // n
    group = groups[:size]
    if groups != group * n or "%" not in group or group[0] == "%" or any(c.kind == "change" for c in header.columns):
        return header
    columns: list[Column] = []
    for c in header.columns:
        columns.append(c)
        if c.kind == "value":
            columns += [Column(None, kind="change", header="%") for w in group if w == "%"]
    lines[at] = " ".join(words[:k])
    return dataclasses.replace(header, columns=columns)
