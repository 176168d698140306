"""A product's or programme's code in a question ("AB-123 R&D spend", "MK-3475 sales"): its number is part of the name
a row must print, though the stems of a label drop figures."""
from __future__ import annotations

import re

# a code of letters and a number ("AB-123", "MK-3475", "Model-7"); a period's ("FY-2024", "Q-3") is the period's
# (nor a standard's or an identifier's: "IFRS-16", "ASC-842", "COVID-19", "Tier-1", "CET-1", "Level-3")
_CODE = re.compile(r"(?i)(?<![\w-])(?!(?:fy|q|h|cy|ifrs|ias|asc|covid|sars|tier|cet|level|phase|class|series|form|note|"
                   r"item|stage)-)([a-z]{1,6})-(\d{1,5}[a-z]?)(?![\w-])")


def codes_asked(text: str) -> tuple[str, ...]:
    """The codes `text` names, flattened: "AB-123" -> "vt502"."""
    return tuple(dict.fromkeys(f"{a}{n}".lower() for a, n in _CODE.findall(text)))


def code_named(codes: tuple[str, ...], label_path: str) -> bool:
    """The row prints every code asked (hyphens and spaces aside: "AB-123 (its drug name)")."""
    flat = re.sub(r"[^a-z0-9]", "", label_path.lower())
    return all(c in flat for c in codes)
