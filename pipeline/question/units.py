"""How money is written for a document's reporting currency: "$" only for US dollars, a prefix that names any other
dollar ("A$", "C$") and the currency's own sign or code otherwise, so a non-US figure never reads as US dollars."""
from __future__ import annotations

from decimal import Decimal

_PREFIX = {"USD": "$", "AUD": "A$ ", "CAD": "C$ ", "NZD": "NZ$ ", "HKD": "HK$ ", "SGD": "S$ ", "GBP": "£", "EUR": "€",
           "JPY": "¥", "CNY": "CN¥ ", "INR": "₹", "CHF": "CHF ", "SEK": "SEK ", "NOK": "NOK ", "DKK": "DKK "}
SCALE_WORDS = {"thousands": "thousand", "millions": "million", "billions": "billion"}
# a scale as tables print it or a question writes it ("$10m", "2.1 bn") -> its multiplier
SCALE = {"thousand": Decimal(10) ** 3, "million": Decimal(10) ** 6, "mn": Decimal(10) ** 6, "m": Decimal(10) ** 6,
         "billion": Decimal(10) ** 9, "bn": Decimal(10) ** 9}


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
