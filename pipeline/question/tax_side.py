"""Which side of income tax a profit names ("profit after tax", "pre-tax income"): the question's and a row's must
agree, since profit before tax is not profit after tax."""
from __future__ import annotations

import re

_TAX_SIDE = re.compile(r"(?i)\b(before|after|pre|post)[\s-]+(income\s+)?tax")


def tax_side(text: str) -> str | None:
    """'before' | 'after' when the text says which side of tax a profit is ("profit after tax", "pre-tax")."""
    m = _TAX_SIDE.search(text)
    return None if m is None else ("before" if m.group(1).lower() in ("before", "pre") else "after")
