"""Rows printed once per part: the same label in several tables of one filing (one per segment or business), each
with its own figure, which is never the company's figure (`pipeline/retrieval/fact_match.choose` refuses them
unless the question names the part)."""
from __future__ import annotations

from typing import Callable

from pipeline.stores.facts import StoredFact


def per_part_rows(cands: list[StoredFact], asked: set[str] | None, row_stems: Callable[[StoredFact], set[str]]
                  ) -> set[int]:
    """Rows outside the primary statements whose whole label path is printed in several tables of one filing with
    different figures for the same year ("Backlog at year-end" in each segment's results): each is one part's
    row, never the company's figure unless the question names what tells them apart (a row whose table title
    carries an asked word the others lack, "RMS operating profit", is that part's and stays). Figures equal up to
    the scale or rounding ($150.0 billion and 149,998 million) are the same figure printed twice. `row_stems`: the
    words a row covers (its label path, table title and column, stemmed)."""
    groups: dict[tuple, list[StoredFact]] = {}
    for f in cands:
        if f.statement is None and f.value is not None:
            groups.setdefault((f.doc_id, f.label_path.lower(), f.column_header), []).append(f)
    out: set[int] = set()
    for rows in groups.values():
        tables = {(f.page, f.table_title) for f in rows}
        if len(tables) >= 2 and not all(_same_figure(rows[0].value, f.value) for f in rows[1:]):
            stems_of = {id(f): row_stems(f) for f in rows}
            for f in rows:
                others = set.intersection(*(stems_of[id(g)] for g in rows if g is not f))
                if not (asked or set()) & (stems_of[id(f)] - others):
                    out.add(id(f))
    return out


def _same_figure(a, b) -> bool:
    if a == b:
        return True
    if not a or not b:
        return False
    ratio = abs(float(a) / float(b))
    return any(abs(ratio / k - 1) <= 0.01 for k in (1, 1e3, 1e-3, 1e6, 1e-6))
