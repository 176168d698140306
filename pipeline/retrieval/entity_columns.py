"""Whose figure a row is: the group's, or the parent company's own (its column beside the group's in a "Group |
Company" layout, or its own statement), and which one a question asks."""
from __future__ import annotations

import re
from dataclasses import replace

from pipeline.question.figure_ask import Ask
from pipeline.question.whose_figure import UNCONSOLIDATED
from pipeline.reading.facts import PARENT_ONLY
from pipeline.stores.facts import StoredFact

PARENT_TITLE = re.compile(r"(?i)\bparent\b|\bstand[- ]?alone\b|\bcompany (balance sheet|statements? of)|\bregistrant\b")
# a statement titled as the parent's own ("Unconsolidated Statement of Profit or Loss", "Separate statement of
# financial position", "Standalone Balance Sheet"), whether or not the report also prints the group's; the same words
# before an investee are no entity ("Equity in earnings of unconsolidated affiliates")
_OWN_TITLE = re.compile(rf"(?i){UNCONSOLIDATED}|"
                        r"\bseparate\s+(?:financial\s+)?statements?\b|\bstand[- ]?alone\b")
_STATEMENT_TITLE = re.compile(r"(?i)\bstatements?\s+of\b|\bbalance\s+sheets?\b|\bincome\s+statements?\b")
# the group's figure said outright ("consolidated", "group": never "unconsolidated")
_GROUP_ASKED = re.compile(r"(?i)\bconsolidated\b|\bgroup\b")


def parent_own(f: StoredFact) -> bool:
    """The parent company's own figure: its column beside the group's, or its own statement (a title naming both,
    "Consolidated and separate statements of ...", is the group's in its group columns)."""
    if PARENT_ONLY in f.qualifiers or f.secondary and PARENT_TITLE.search(f"{f.table_title} {f.label_path}"):
        return True
    return bool(_OWN_TITLE.search(f.table_title)) and not _GROUP_ASKED.search(f.table_title)


def asked(ask: Ask, cands: list[StoredFact]) -> tuple[list[StoredFact], bool]:
    """The rows whose entity the question asks, and whether the parent's own were asked. The parent's when said
    outright ("standalone", "unconsolidated", "parent company only"), or said as "the Company" where the report prints
    Group and Company columns side by side (there "the Company" is the parent; elsewhere it is the reporting group);
    never the parent's own statement when the group's ("consolidated", "group") is asked."""
    if ask.parent_only or ask.company_named and any(PARENT_ONLY in f.qualifiers for f in cands):
        return [f for f in cands if parent_own(f)], True
    if _GROUP_ASKED.search(ask.question):
        return [f for f in cands if not parent_own(f)], False
    return _parents_own_lines(cands), False


# a line about the parent's own holdings in its subsidiaries ("Equity in earnings of subsidiaries", "Investments in
# subsidiaries", "Dividends from group companies"): no group figure exists for it
_ABOUT_SUBSIDIARIES = re.compile(r"(?i)\bsubsidiar|\bgroup\s+(?:companies|undertakings|entities)\b")


def _parents_own_lines(cands: list[StoredFact]) -> list[StoredFact]:
    """A row about the parent's subsidiaries printed only in the parent's column, the group's a dash ("Equity in
    earnings of subsidiaries 13 184,612 162,418 - -"): the parent's own line, which the group eliminates. Its parent
    figure answers the row (still qualified as the parent's); the group's dash is no figure of it. Any other line the
    group prints as a dash ("Dividend income 30,000 25,000 - -") is the group's nil."""
    group = {(f.doc_id, f.page, f.line_no, f.fiscal_year): f for f in cands if not parent_own(f) and not f.secondary}
    own = {key: f for f in cands if PARENT_ONLY in f.qualifiers and f.value and _ABOUT_SUBSIDIARIES.search(f.label)
           and (key := (f.doc_id, f.page, f.line_no, f.fiscal_year)) in group
           and group[key].value == 0 and not re.search(r"\d", group[key].value_printed)}
    if not own:
        return cands
    parents, nil = {id(f) for f in own.values()}, {id(group[k]) for k in own}
    return [replace(f, secondary=False) if id(f) in parents else f for f in cands if id(f) not in nil]


def own_statement(f: StoredFact) -> bool:
    """A row of the parent's own primary statement ("Unconsolidated Statement of Profit or Loss"): where the parent's
    figure is asked it ranks as a statement's row, over its cash flow's or a note's."""
    return parent_own(f) and bool(_STATEMENT_TITLE.search(f.table_title))


def undecided(ask: Ask, best: StoredFact, cands: list[StoredFact]) -> bool:
    """"The company" said in lower case ("profit for the company") where the row is printed in a Group column and a
    Company column with different figures: either may be meant, so neither is answered."""
    return ask.company_unclear and not parent_own(best) and any(      # (never when the group is said: whose_figure)
        PARENT_ONLY in f.qualifiers and f.label_path == best.label_path and f.doc_id == best.doc_id and
        f.value is not None and f.value != best.value for f in cands)
