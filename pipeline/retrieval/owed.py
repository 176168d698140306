"""What a company owes is a liability: "How much did it owe the Federal Home Loan Bank?", "the amount owed to
related parties", "what it had borrowed from banks". A row the statements hold as an asset ("Federal Home Loan Bank
stock, at cost" under ASSETS, "Amounts owed by related parties", "Loans receivable") never answers it, however many of
the question's words it prints."""
from __future__ import annotations

import re

# the question asks what the company owes (never what is owed to it: "owed by customers", "owed to the company")
_OWES = re.compile(r"(?i)\b(?:owe[sd]?|owing)\b(?!\s+(?:by|to\s+(?:the\s+company|us|it)\b))|\b(?:had\s+)?borrowed\s+from\b")
# a row the report holds as an asset: under an assets heading, or named so
_ASSET_HEADING = re.compile(r"(?i)\b(?:(?:total\s+)?(?:current\s+|non-?\s?current\s+)?assets)\b")
_LIABILITY_HEADING = re.compile(r"(?i)\bliabilit(?:y|ies)\b|\bequity\b")
_ASSET_LABEL = re.compile(r"(?i)\bstock,?\s+at\s+cost\b|\breceivables?\b|\bowed\s+by\b|\bdue\s+from\b|\binvestments?\s+in\b")


def asset_for_owed(question: str, f) -> bool:
    """The question asks what is owed and `f` is a row held as an asset."""
    if not _OWES.search(question):
        return False
    parents = " ".join(p for p in f.label_path.split("\u203a")[:-1])
    under_assets = bool(_ASSET_HEADING.search(parents)) and not _LIABILITY_HEADING.search(parents)
    return under_assets or bool(_ASSET_LABEL.search(f.label))
