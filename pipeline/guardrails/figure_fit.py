"""Whether a cited figure's row and column cover the asked measure, period and entity (the verifier's question fit)."""

from __future__ import annotations

from pipeline.question import terms
from pipeline.question.figure_ask import Ask, stems
from pipeline.retrieval.fact_match import vocabulary_link
from pipeline.retrieval.row_currency import own_currency_word


def fit(question_ask: Ask, figure: dict, company: str, year: int | None) -> list[str]:
    """Which of measure, period and entity a cited figure's row and column fail to cover (empty: it fits the
    question). `figure` is an answer's recorded figure (row path, table, column, the column's fiscal year)."""
    failed = []
    row = set(stems(" ".join([figure.get("row_path") or figure.get("row_label", ""), figure.get("table", ""),
                              figure.get("column", "")])))
    path = figure.get("row_path") or figure.get("row_label", "")
    # (a count of people asked in one word and printed in another: "headcount" and "Average number of employees")
    missing = [w for w in question_ask.hard if w not in row and w != "%" and not terms.same_people(w, path)
               and not own_currency_word(w, figure.get("currency"))]     # ("in yen?" of a yen figure: its unit)
    if missing:
        link = vocabulary_link(question_ask, figure.get("row_label", ""), figure.get("row_path") or "")
        if link is not None:      # the row is the asked line in the standard group's other words
            missing = [w for w in missing if w not in set(stems(link.asked))]
    if missing:
        failed.append("measure")
    if year is not None and figure.get("column_fy") not in (None, year):
        failed.append("period")
    if figure.get("company") != company:
        failed.append("entity")
    return failed
