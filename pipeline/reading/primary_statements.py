"""Which of a report's statements are its primary ones: a filing titling its primary statements "Consolidated ..."
prints the parent company's own under the bare title (statements of part of the group); a report printing no
consolidated statement at all, a company with no subsidiaries (an Indian "Standalone Statement of Profit and Loss"
alone), has its own statements as its primary ones."""
from __future__ import annotations

import re

from pipeline.reading.page_table import PageTable
from pipeline.reading.statement_titles import detect_title

_GROUP_TITLE = re.compile(r"(?i)\b(consolidated|group|combined)\b")


def mark_part_statements(tables: list[PageTable]) -> None:
    """A filing whose primary statements are titled "Consolidated ..." (or "Group ...") prints the parent company's
    own statements under the bare title ("STATEMENTS OF CASH FLOWS" in a note on the registrant): those are
    statements of part of the group."""
    consolidated = {t.statement for t in tables if t.statement and _GROUP_TITLE.search(t.title)}
    for t in tables:
        if t.statement in consolidated and not _GROUP_TITLE.search(t.title):
            t.secondary, t.statement = True, None
            for r in t.rows:
                r.secondary, r.statement = True, None


_OWN_WORD = re.compile(r"(?i)\b(?:stand[- ]?alone|separate)\s+")
_RESULTS = re.compile(r"(?i)\bfinancial\s+results\b")
_CONSOLIDATED_TITLE = re.compile(r"(?i)\b(?:consolidated|group)\s+(?:statements?|balance|income|cash|profit)")


def own_statements_only(tables: list[PageTable]) -> None:
    """A report whose statements are all titled as the company's own ("Standalone Balance Sheet", "Separate
    Statement of Profit or Loss") and that titles none as consolidated: those are its primary statements."""
    if any(t.statement in ("income", "balance", "cash_flow") for t in tables) or \
            any(_CONSOLIDATED_TITLE.search(t.title) or any(_CONSOLIDATED_TITLE.search(ln) for ln in t.lines[:8])
                for t in tables):
        return
    # (a listed company's results statement, "Statement of Standalone Audited Financial Results", is filed beside the
    # consolidated one as its own document: never the only statements of a report)
    own = [(t, kind) for t in tables if t.parent_own and _OWN_WORD.search(t.title) and not _RESULTS.search(t.title)
           and (kind := detect_title([_OWN_WORD.sub("", t.title)])[1]) in ("income", "balance", "cash_flow", "equity")]
    if not any(kind in ("income", "balance") for _, kind in own):
        return
    for t, kind in own:
        t.statement, t.secondary, t.parent_own = kind, False, False
        for r in t.rows:
            r.statement, r.secondary, r.parent_own = kind, False, False
