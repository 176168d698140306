"""What a company owes is a liability: "How much did it owe the Federal Home Loan Bank?", "amounts owed to related
parties", "what it had borrowed from banks". A row the statements hold as an asset ("Federal Home Loan Bank stock, at
cost" under ASSETS, "Amounts owed by related parties", "Loans receivable") never answers it, however many of the
question's words it prints. What others owe the company ("How much did related parties owe Acme?", "owed to the
company", "owing from customers") is asked the other way, and left to the row's own words."""
from __future__ import annotations

import re
from functools import lru_cache

# a row the report holds as an asset: under an assets heading, or named so
_ASSET_HEADING = re.compile(r"(?i)\b(?:(?:total\s+)?(?:current\s+|non-?\s?current\s+)?assets)\b")
_LIABILITY_HEADING = re.compile(r"(?i)\bliabilit(?:y|ies)\b|\bequity\b")
_ASSET_LABEL = re.compile(r"(?i)\bstock,?\s+at\s+cost\b|\breceivables?\b|\bowed\s+by\b|\bowing\s+from\b|\bdue\s+from\b|"
                          r"\binvestments?\s+in\b")


@lru_cache(maxsize=256)
def company_owes(question: str, company: str) -> bool:
    """The question asks what the company owes: the company (its name's first word, "it", "the company / group") the
    one owing, or the amount said owed or owing to another; never what another owes it. Read once per question and
    company: the facts lookup asks it of every candidate row."""
    own = re.escape(company.split()[0]) if company.split() else "(?!)"
    us = rf"(?:the\s+(?:company|group|bank)|it|{own}\w*(?:\s+(?-i:[A-Z])[\w&.-]*){{0,3}}(?!['’]))"
    return bool(re.search(rf"(?i)\b(?:did|does|do|will|has|had)\s+{us}\s+owe\b|(?<![\w'’])(?-i:{own})\w*(?:\s+[A-Z][\w&.-]*)"
                          rf"{{0,3}}\s+(?:owes|owed)\b(?!\s+by)|\bthe\s+(?:company|group)\s+(?:owes|owed)\b(?!\s+by)|"
                          rf"\b(?:owed|owing)\s+(?:by\s+{us}\b|to\s+(?!{us}\b|us\b)\w)|\b(?:borrowed|borrowings?)\s+from\b",
                          question))


def asset_for_owed(question: str, f) -> bool:
    """The question asks what the company owes and `f` is a row held as an asset."""
    if not company_owes(question, f.company or ""):
        return False
    parents = " ".join(p for p in f.label_path.split("\u203a")[:-1])
    under_assets = bool(_ASSET_HEADING.search(parents)) and not _LIABILITY_HEADING.search(parents)
    return under_assets or bool(_ASSET_LABEL.search(f.label))
