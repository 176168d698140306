"""Which basis of earnings per share answers "EPS" asked with none: the diluted figure where the filing prints one
(the convention of US filings and of the figures analysts compare), the basic one where basic is all it prints for
the year ("Basic earnings per share (pence)" with no diluted row: a filer with no dilutive instruments)."""
from __future__ import annotations

import dataclasses
import re

from pipeline.question.figure_ask import Ask
from pipeline.question.lexicon import get_lexicon
from pipeline.stores.facts import StoredFact

_BASIS_SAID = re.compile(r"(?i)\b(?:basic|dilut\w*|deps|beps)\b")
_DILUTED_ROW = re.compile(r"(?i)\bdilut|\bassuming\s+(?:full\s+)?conversion|\bfully\s+diluted")


def basic_instead(ask: Ask, cands: list[StoredFact]) -> Ask | None:
    """The same question asked of basic EPS when it names no basis and no row of the year's candidates names a
    diluted figure; None otherwise (a diluted row printed but not chosen is no reason to give the basic one)."""
    both = bool(re.search(r"(?i)\bbasic\b", ask.question) and re.search(r"(?i)\bdilut", ask.question))
    if ask.metric is None or ask.metric.key != "eps_diluted" or _BASIS_SAID.search(ask.question) and not both:
        return None     # (both asked, "basic and diluted EPS": where only basic is printed, the basic figure is both)
    if any(_DILUTED_ROW.search(f.label_path) for f in cands):
        return None     # (a diluted row of any kind: "Diluted 1.21" read under a share count's heading)
    basic = get_lexicon().get("eps_basic")
    return dataclasses.replace(ask, metric=basic, measure=basic.label if both else ask.measure)


def basis_printed(measure: str, label_path: str) -> str:
    """The asked EPS measure named on the basis of the row that answers it: "diluted EPS" answered by a basic row
    (`basic_instead`) is said as basic."""
    if re.search(r"(?i)\bdilut", measure) and re.search(r"(?i)\bbasic\b", label_path) and \
            not _DILUTED_ROW.search(label_path):
        return re.sub(r"(?i)\bdiluted\b", "basic", measure)
    return measure
