"""Tables of average balances: the rows under column heads that name an average ("Average Balance", "Average Daily
Balance ... Yield/Rate", the average-balance-sheet analysis of net interest income a bank prints in its MD&A).

Their "Total assets", "Stockholders' equity" or "Total deposits" are means over the year, not the year-end levels the
balance sheet prints under the same labels: a question about total assets must never be answered with one. The reader
stores them as secondary facts qualified `AVERAGE`, so that only a question that asks for an average reads them."""
from __future__ import annotations

import re

from pipeline.reading.columns import has_period, is_fragment
from pipeline.reading.cells import split_row
from pipeline.reading.page_table import PageTable

AVERAGE = "average balance"   # a fact's qualifier: its column is a mean over the period, not a period-end level

# Column heads naming an average amount: "Average Balance", "Average Daily Balance", "Average Outstanding Balance",
# "Average Amount Outstanding" (never a rate or yield alone: "Average Yield/Rate" is a percentage column beside it)
_HEADS = re.compile(r"(?i)\baverage\s+(?:daily\s+|monthly\s+|outstanding\s+)?(?:balances?|amounts?\s+outstanding)\b")


def average_rows(t: PageTable) -> set[int]:
    """Line numbers of the rows standing under column heads that name an average balance, up to the next period
    header (a new table) or the end of the page."""
    out: set[int] = set()
    for k, line in enumerate(t.lines):
        if not _HEADS.search(line) or len(line) > 160 or split_row(line)[1] or _sentence(line):
            continue
        # the next period header starts another table; a row standing on that very line is still under the heads
        stop = next((n for n in range(k + 1, len(t.lines)) if is_fragment(t.lines[n]) and has_period(t.lines[n])),
                    len(t.lines))
        if _section_heading(t.lines, k):
            # a section of a table already headed by its years ("Selected Average Balances" among "Performance
            # Ratios", "Other Data"): its rows up to the next section's heading
            stop = next((n - 1 for n in range(k + 1, stop) if not split_row(t.lines[n])[1]), stop)
        out.update(r.line_no for r in t.rows if k < r.line_no <= stop)
    return out


def _sentence(line: str) -> bool:
    """Prose naming average balances ("The following table sets forth average balance sheets ..."), not heads."""
    return bool(re.search(r"\.\s*$|\b(the|sets forth|following|includes?|are|is|were|was)\b", line, re.I))


def _section_heading(lines: list[str], k: int) -> bool:
    """The average's line heads a section below a header of years, not columns: it names nothing but the averages
    ("Selected Average Balances"; never "Average Balance  Interest  Yield/Rate")."""
    return any(is_fragment(ln) and has_period(ln) for ln in lines[:k]) and \
        not re.search(r"(?i)\b(?:yield|rate|interest|income|expense|cost)\b", lines[k])
