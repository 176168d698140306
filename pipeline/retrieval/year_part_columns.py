"""Which part of its fiscal year a column holds, for a question asking a quarter or a half ("Q4FY91 revenue", "3Q
FY2087 net sales", "H1 operating profit"): a quarter's column (span "quarter" / "three months") or a half's ("six
months") answers only the very part asked, named by its header ("Q4 2095", "4Q92", "First half") or, where the header
is a date ("Quarter ended 31.12.2090"), by how many months before the fiscal year's end it ends. The year-end date is
the one of the same table's full-year column of that fiscal year; with none, the part cannot be told and the column
answers nothing. A year's column never answers a part (`fact_match.choose`)."""
from __future__ import annotations

from pipeline.question.year_parts import names_part, part_key
from pipeline.stores.facts import StoredFact

_SPANS = {"quarter": ("quarter", "three months"), "half": ("six months",)}


def part_of(f: StoredFact, cands: list[StoredFact]) -> str | None:
    """"1".."4" for a quarter's column, "h1"/"h2" for a half's, None when its span is neither or its part cannot be
    told."""
    kind = next((k for k, spans in _SPANS.items() if f.span in spans), None)
    if kind is None:
        return None
    named = [k for k in (("1", "2", "3", "4") if kind == "quarter" else ("h1", "h2"))
             if names_part(k if k.startswith("h") else f"q{k}", f.column_header)]
    if len(named) == 1:
        return named[0]
    if f.period_end is None:
        return None
    ends = {c.period_end for c in cands if c.doc_id == f.doc_id and c.page == f.page and c.fiscal_year == f.fiscal_year
            and c.span in (None, "year") and c.period_end is not None}
    if len(ends) != 1:
        return None
    end = ends.pop()
    months = (end.year * 12 + end.month) - (f.period_end.year * 12 + f.period_end.month)
    if kind == "quarter" and months in (0, 3, 6, 9):
        return str(4 - months // 3)
    if kind == "half" and months in (0, 6):
        return "h2" if months == 0 else "h1"
    return None


def fits(part: str, f: StoredFact, cands: list[StoredFact]) -> bool:
    """The column of `f` holds the part of the year `part` (as `year_parts.part_of_year` reads it) asks."""
    key = part_key(part)
    return key is not None and part_of(f, cands) == key
