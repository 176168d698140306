"""How an answer's lead sentence names the measure it gives: the row's own measure where its label says more than
the asked words ("deferred revenues"), a part's row under the measure's heading as that part, otherwise the asked
wording (never a broader measure than the row's)."""
from __future__ import annotations

import re

from pipeline.question import figure_ask
from pipeline.question.lexicon import Metric
from pipeline.retrieval import eps_basis, row_headings
from pipeline.stores.facts import StoredFact


def named_as_printed(fact: StoredFact, measure: str, metric: Metric | None = None) -> str:
    """The lead sentence names the row's own measure when its label says more than the asked words ("deferred
    revenues"), never a broader one; a part's row under the measure's heading ("Net Sales › International") as it."""
    label = re.sub(r"(?i)^total\s+", "", re.sub(r"\s*\([^)]*\)", "", fact.label)).strip(" ,:")
    measure = eps_basis.basis_printed(measure, fact.label_path)     # (diluted asked, only basic printed)
    said, printed = set(figure_ask.stems(measure)), set(figure_ask.stems(label))
    parents = [p.strip() for p in fact.label_path.split("\u203a")[:-1]]
    if metric is not None and parents and label and not said & printed and not metric.matches_row(fact.label) \
            and metric.matches_row(parents[-1]) and len(parents[-1].split()) <= 6:
        heading = parents[-1] if parents[-1].isupper() and len(parents[-1]) <= 5 else parents[-1].lower()
        return f"{label} {heading}"
    if metric is not None and label and fact.kind in ("percent", "multiple") and metric.kind == "amount" and not metric.unit:
        return as_said(label)    # a rate read for an amount's words ("common equity" asked, the CET1 ratio printed)
    if not label or len(label.split()) > 6 or re.search(r"\d", label) or not said <= printed or \
            not printed - said - {"total", "net", "and", "of", "the"}:
        return measure        # a different measure, or only the asked one in other words: the asked wording
    return " ".join([*row_headings.segment_parents(fact)[-1:], as_said(label)])


def as_said(label: str) -> str:
    """A row label inside a sentence: "Deferred revenues" -> "deferred revenues"; "EBIT", a title's capitals kept."""
    keep_case = label.isupper() or len(label) < 2 or re.match(r"[A-Z]{2}", label) or \
        sum(w[:1].isupper() for w in label.split()[1:]) >= 2          # ("Common Equity Tier 1 ... Ratio": a title)
    return label if keep_case else label[0].lower() + label[1:]
