"""A "Net income" row printed above an income statement's first tax line: a financial firm's net fee and trading
income, its revenue less the fees it pays ("Fee and trading income / Fee and commission expense / Net income /
Interest and other income / Net operating income / ... / Net profit before income tax"), never the bottom line, which
every income statement prints below its tax line. Its facts are marked so (`ABOVE_TAX`): no net-income answer."""
from __future__ import annotations

import re

from pipeline.reading.page_table import PageTable

ABOVE_TAX = "printed above the tax line (a net revenue, not the bottom line)"
_NET = re.compile(r"(?i)^\s*net\s+(?:income|earnings)\s*$")
_TAX_LINE = re.compile(r"(?i)\bbefore\s+(?:income\s+)?tax|^\s*(?:income\s+)?tax(?:es)?\s+(?:expense|benefit|charge|"
                       r"\(expense\)|on\s+profit)|^\s*provision\s+for\s+income\s+tax")


def above_the_tax_line(t: PageTable) -> set[int]:
    """Lines of the page's "Net income" rows that stand between income rows above them and expense rows below them,
    above the statement's first tax line."""
    rows = [r for r in t.rows if (r.statement or t.statement) == "income" and r.cells()]
    tax = next((k for k, r in enumerate(rows) if _TAX_LINE.search(r.label)), None)
    if tax is None:
        return set()
    # (rows above it and at least two below it before the tax line: a subtotal inside the statement, not the tail of
    # the previous statement over another that prints a tax line on other comprehensive income)
    return {r.line_no for k, r in enumerate(rows[:tax]) if _NET.match(r.label) and k >= 1 and tax - k >= 3}
