"""A product's or programme's code in a question ("VT-502 R&D spend", "MK-3475 sales"): its number is part of the name
a row must print, though the stems of a label drop figures."""
from __future__ import annotations

import re

# a code of letters and a number ("VT-502", "MK-3475", "Model-7"); a period's ("FY-2024", "Q-3") is the period's
_CODE = re.compile(r"(?i)(?<![\w-])(?!(?:fy|q|h|cy)-)([a-z]{1,6})-(\d{1,5}[a-z]?)(?![\w-])")


def codes_asked(text: str) -> tuple[str, ...]:
    """The codes `text` names, flattened: "VT-502" -> "vt502"."""
    return tuple(dict.fromkeys(f"{a}{n}".lower() for a, n in _CODE.findall(text)))


def code_named(codes: tuple[str, ...], label_path: str) -> bool:
    """The row prints every code asked (hyphens and spaces aside: "VT-502 (velafitinib)")."""
    flat = re.sub(r"[^a-z0-9]", "", label_path.lower())
    return all(c in flat for c in codes)
