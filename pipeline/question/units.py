"""How money is written for a document's reporting currency: "$" only for US dollars, a prefix that names any other
dollar ("A$", "C$") and the currency's own sign or code otherwise, so a non-US figure never reads as US dollars."""
from __future__ import annotations

import re
from decimal import Decimal

_PREFIX = {"USD": "$", "AUD": "A$ ", "CAD": "C$ ", "NZD": "NZ$ ", "HKD": "HK$ ", "SGD": "S$ ", "GBP": "£", "EUR": "€",
           "JPY": "¥", "CNY": "CN¥ ", "INR": "₹", "CHF": "CHF ", "SEK": "SEK ", "NOK": "NOK ", "DKK": "DKK ",
           "KRW": "₩", "BRL": "R$ ", "TWD": "NT$ ", "MXN": "MX$ "}
SCALE_WORDS = {"thousands": "thousand", "millions": "million", "billions": "billion", "crores": "crore", "lakhs": "lakh"}
# a scale as tables print it or a question writes it ("$10m", "2.1 bn") -> its multiplier
SCALE = {"thousand": Decimal(10) ** 3, "million": Decimal(10) ** 6, "mn": Decimal(10) ** 6, "m": Decimal(10) ** 6,
         "billion": Decimal(10) ** 9, "bn": Decimal(10) ** 9,
         # Indian reports: a crore is ten million, a lakh a hundred thousand
         "crore": Decimal(10) ** 7, "lakh": Decimal(10) ** 5}


# A row label that states the rate a movement was paid or declared at ("Dividends ($1.20 per share)", "Common stock
# dividends, $3.52 per share", "Final dividend of 5.2p per ordinary share", one rate per column: "Dividends ($1.20,
# $0.90, and $0.60 per common share, respectively)"): the rate describes the row, whose figures are amounts. A
# per-share row names the rate without a figure ("Dividends declared per share").
# (the prior year's rate may stand in brackets before "per share": "of 12.5p (2029: 11.0p) per share", "HK6.5 cents
# (2029: HK6.0 cents) per ordinary share")
# (a rupee's "Rs 12.00", an ISO code's "CHF 5.20" before the rate too)
RATE = r"(?:(?:[a-z]{1,3}\$|\$|£|€|¥|₹|\brs\.?|\b(?-i:[A-Z]{3}))\s?\d+(?:\.\d+)?|(?:\b[a-z]{2}\s?)?\d+(?:\.\d+)?\s?(?:[a-z]{2}\s)?(?:cents?|pence|p|sen|paise|fils|kobo|centimes?)\b)"
_STATED_RATE = re.compile(
    rf"(?i)\s*[,;]?\s*\(?\s*(?:(?:of|at)\s+)?{RATE}(?:\s*,\s*(?:and\s+)?{RATE}|\s+and\s+{RATE})*"
    rf"(?:\s*\(\s*(?:19|20)\d{{2}}\s*:\s*{RATE}\s*\))?"
    r"\s+(?:per|a)\s+(?:common\s+|ordinary\s+|preferred\s+)?(?:shares?|units?|ads)\b(?:\s*,\s*respectively)?\s*\)?\.?")


def without_stated_rate(label: str) -> str:
    """`label` without the per-share rate it states ("Dividends ($1.20 per share)" -> "Dividends")."""
    if "per" not in label.lower() and " a " not in label.lower():
        return label
    return re.sub(r"\s+", " ", _STATED_RATE.sub(" ", label)).strip(" \u2013\u2014-")


def money_prefix(currency: str | None) -> str:
    """The prefix for an amount in `currency` (ISO code). Unknown currency: '' (no sign beats a wrong one)."""
    code = (currency or "").upper().strip()
    if not code:
        return ""
    return _PREFIX.get(code, f"{code} ")


def scale_word(scale: str | None) -> str:
    """'millions' -> 'million' (as in "A$ 1,234 million"); '' when the scale is unknown."""
    return SCALE_WORDS.get((scale or "").lower(), "")


def format_money(amount: str, currency: str | None, scale: str | None) -> str:
    """'A$ 1,234 million', '£12,345 thousand', '$1,577 million'."""
    word = scale_word(scale)
    return f"{money_prefix(currency)}{amount}" + (f" {word}" if word else "")
