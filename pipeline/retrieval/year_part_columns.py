"""Which part of its fiscal year a column holds, for a question asking a quarter or a half ("Q4FY91 revenue", "3Q
FY2087 net sales", "H1 operating profit"): a quarter's column (span "quarter" / "three months") or a half's ("six
months") answers only the very part asked, named by its header ("Q4 2095", "4Q92", "First half") or, where the header
is a date ("Quarter ended 31.12.2090"), by how many months before the fiscal year's end it ends. The year-end date is
the one of the same table's full-year column of that fiscal year; with none, the part cannot be told and the column
answers nothing. A year's column never answers a part (`fact_match.choose`)."""
from __future__ import annotations

from pipeline.question.year_parts import names_part, part_end, part_key
from pipeline.stores.facts import StoredFact

_SPANS = {"quarter": ("quarter", "three months"), "half": ("six months",)}


def part_of(f: StoredFact, cands: list[StoredFact]) -> str | None:
    """"1".."4" for a quarter's column, "h1"/"h2" for a half's, None when its span is neither or its part cannot be
    told."""
    kind = next((k for k, spans in _SPANS.items() if f.span in spans), None)
    if kind is None:
        return None         # (a year's, a nine months' or a cumulative column is no quarter, whatever its date)
    named = [k for k in (("1", "2", "3", "4") if kind == "quarter" else ("h1", "h2"))
             if names_part(k if k.startswith("h") else f"q{k}", f.column_header)]
    if len(named) == 1:
        return named[0]
    if f.period_end is None:
        return None
    ends = {c.period_end for c in cands if c.doc_id == f.doc_id and c.page == f.page and c.fiscal_year == f.fiscal_year
            and c.span in (None, "year") and c.period_end is not None}
    if len(ends) != 1:
        return _one_of_four(f, cands) if kind == "quarter" else None
    end = ends.pop()
    months = (end.year * 12 + end.month) - (f.period_end.year * 12 + f.period_end.month)
    if kind == "quarter" and months in (0, 3, 6, 9):
        return str(4 - months // 3)
    if kind == "half" and months in (0, 6):
        return "h2" if months == 0 else "h1"
    return None


def fits(part: str, f: StoredFact, cands: list[StoredFact]) -> bool:
    """The column of `f` holds the part of the year `part` (as `year_parts.part_of_year` reads it) asks: the quarter
    or half it names, or the quarter ending in the month it names ("the quarter ended March 31, 2089") where the
    column is a quarter's."""
    key = part_key(part)
    if key is not None:
        return part_of(f, cands) == key
    end = part_end(part)
    if end is None or f.period_end is None or (f.period_end.year, f.period_end.month) != end:
        return False
    return f.span in _SPANS["quarter"]


def _one_of_four(f: StoredFact, cands: list[StoredFact]) -> str | None:
    """A row printing four quarters' columns of one fiscal year dated three months apart, and no other column (a
    quarterly table with no year's column to count back from): the quarter is the column's place among them."""
    row = [c for c in cands if c.doc_id == f.doc_id and c.page == f.page and c.line_no == f.line_no]
    ends = sorted({c.period_end for c in row if c.fiscal_year == f.fiscal_year and c.period_end is not None})
    if len(ends) != 4 or f.period_end not in ends or any(c.span not in _SPANS["quarter"] for c in row):
        return None
    steps = {(b.year * 12 + b.month) - (a.year * 12 + a.month) for a, b in zip(ends, ends[1:])}
    return str(ends.index(f.period_end) + 1) if steps == {3} else None
