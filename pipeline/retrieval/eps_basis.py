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
    if ask.metric is None or ask.metric.key != "eps_diluted" or _BASIS_SAID.search(ask.question):
        return None
    if any(_DILUTED_ROW.search(f.label_path) for f in cands):
        return None     # (a diluted row of any kind: "Diluted 1.21" read under a share count's heading)
    return dataclasses.replace(ask, metric=get_lexicon().get("eps_basic"))
