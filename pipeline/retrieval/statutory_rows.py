"""Whether "statutory" asked must be a word of the answering row: a UK report's statutory figure is its reported one
(the statement's own line), named so beside an underlying / adjusted line in a highlights table; a US filer's
"statutory" figures are an insurer's regulatory accounts, another measure."""
from __future__ import annotations

import dataclasses
import re
from decimal import Decimal

from pipeline.question.figure_ask import Ask, stems
from pipeline.question.units import SCALE
from pipeline.stores.facts import StoredFact


def printed_apart(ask: Ask, cands: list[StoredFact], covers) -> bool:
    """"Statutory" asked is required of the row where a candidate prints it apart: a US filer's statutory figures (an
    insurer's regulatory accounts), or a row so named beside no underlying line of the same measure and with another
    figure than the statement's own line of it (a five-year record's "Statutory profit before tax 44.3" in £m is the
    income statement's 44,294 in £000: the statement's line answers). `covers(metric, fact, ask)`: the metric's line."""
    if any(f.doc_type.upper().replace("-", "") == "10K" for f in cands):
        return True         # a US filer's "statutory" figures are an insurer's regulatory accounts, never GAAP's
    own = [f for f in cands if ask.metric is not None and f.statement and not f.secondary and covers(ask.metric, f, ask)]
    # (beside an underlying / adjusted line, "statutory" is the reported figure's name; a statutory row of another
    # measure, "Statutory basic EPS" where diluted is asked, says nothing)
    return any("statutori" in stems(f.label) and not _beside_adjusted(f, cands) and
               (ask.metric is None or covers(ask.metric, _without_statutory(f), ask)) and
               not any(_same_amount(f, g) for g in own) for f in cands)


def _same_amount(a: StoredFact, b: StoredFact) -> bool:
    """The two rows print one amount, each in its own scale and rounding ("44.3" £m and "44,294" £000)."""
    if a.value is None or b.value is None or a.fiscal_year != b.fiscal_year:
        return False
    va, vb = a.value * SCALE.get(a.scale or "", Decimal(1)), b.value * SCALE.get(b.scale or "", Decimal(1))
    places = max(0, -a.value.as_tuple().exponent) if isinstance(a.value.as_tuple().exponent, int) else 0
    return abs(va - vb) <= Decimal(5).scaleb(-places - 1) * SCALE.get(a.scale or "", Decimal(1))


def _without_statutory(f: StoredFact) -> StoredFact:
    """The row as its measure reads without the basis word ("Statutory net income" -> "net income")."""
    def cut(text: str) -> str:
        return re.sub(r"(?i)\bstatutory\s+", "", text)
    return dataclasses.replace(f, label=cut(f.label), label_path=cut(f.label_path))


_ADJUSTED = frozenset(stems("underlying adjusted headline core"))


def _beside_adjusted(f: StoredFact, cands: list[StoredFact]) -> bool:
    """The page printing `f` also prints the same measure underlying / adjusted: a UK-style highlights table
    ("Underlying profit before tax 61,650 | Statutory profit before tax 50,850"), where the statutory line is the
    reported one (an insurer's "Adjusted operating income" beside its "Statutory net income" is another measure)."""
    def words(label: str) -> set[str]:     # (a footnote marker run into the label: "Underlying profit before tax1")
        return set(stems(re.sub(r"(?<=[a-z])\d{1,2}\b", "", label)))
    rest = words(f.label) - {"statutori"}
    return any(g.page == f.page and g.doc_id == f.doc_id and words(g.label) & _ADJUSTED and
               words(g.label) - _ADJUSTED == rest for g in cands)
