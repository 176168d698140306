"""The currency a block of columns is in: a header's units row naming one currency for all its columns ("K million K
million %"), and a later block in another currency than the page's statements ("US$ million US$ million" under the
kwacha block: a convenience translation), whose columns then carry their own."""
from __future__ import annotations

from dataclasses import replace

from pipeline.core.currencies import currencies_named
from pipeline.reading.columns import Header


def block_currency(header: Header, named: str | None, page: str | None) -> None:
    """A later block's units row naming another currency than the page's ("US$ million US$ million" under "2094
    2093" below the statements' "K million" block): its columns' own currency (never a bare "$", whose dollar the
    page's may be)."""
    if named and page and named != page and named != "$" and not any(c.currency for c in header.columns):
        header.columns[:] = [replace(c, currency=named) if c.kind == "value" else c for c in header.columns]


def header_currency(text: str) -> str | None:
    """The one currency a header's units row names for all its columns ("K million K million %"); None when it names
    none or several (a convenience translation's header is read by `translation`)."""
    found = set(currencies_named(text))
    return found.pop() if len(found) == 1 else None
