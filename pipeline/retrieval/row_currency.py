"""A row's currency against the one asked: a figure is never answered in another currency than the question names,
nor, where it names none, in another than the report's own statements' (a convenience translation); the name of the
figure's own currency in a question ("operating income in yen") says how it is wanted, it qualifies nothing."""
from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from pipeline.core.currencies import CURRENCIES, SIGNED, iso_codes_unlike_words
from pipeline.question.figure_ask import Ask
from pipeline.stores.facts import StoredFact


# A currency the question names ("in euros", "in yen") that is not the figure's: never answered in another currency
# (dollars and cents name no one currency)
# the currencies a question names: the statements' own currency words (a bare "dollars" may be any dollar: only the
# US dollar said as such) and the words an analyst adds ("pence", "pounds", "yuan")
_ASKED_CURRENCY = [(code, words) for code, words in CURRENCIES if code not in SIGNED] + \
    [("GBP", r"pounds?|pence"), ("CNY", r"yuan"), ("KRW", r"won"), ("ZMW", r"kwacha"), ("PGK", r"kina")]


_SLICE_NAMES = [(c, re.compile(rf"(?i)(?<![a-z])(?:{words}|{c})(?![a-z])")) for c, words in _ASKED_CURRENCY]


def currency_conflict(ask: Ask, f: StoredFact, own: str | None = None) -> bool:
    """The question names a currency the fact is not in (the table's, or the one its row names in brackets:
    "Profit attributable to owners of parent (millions of yen)"); or it names none and the fact is in another
    currency than `own`, the report's statements' (a convenience translation: "US$'000" beside "J$'000" statements)."""
    asked = _own_rupee(asked_currencies(ask.question), ask.question, own)
    if not asked:
        return bool(own and f.currency and f.currency != own) and not any(
            sign in (own, f.currency) and {own, f.currency} - {sign} <= set(codes) for sign, codes in SIGNED.items())
    # the row's own currency before its table's (not a bracket naming two, "(NIS / U.S. dollars)": the columns')
    # ("EPS (Rs.)": the report's own rupee, as a bare Rs. asked is)
    named = _own_rupee(frozenset(c for c, words in _ASKED_CURRENCY
                                 if re.search(rf"(?i)\([^()]*(?<!\w)(?:{words})(?!\w)[^()]*\)", f.label_path)), f.label_path, own)
    cur = next(iter(named)) if len(named) == 1 else f.currency
    if cur in SIGNED:   # a dollar (a kwacha, a kina) the report does not name: any asked that signs so may be it
        return not asked & set(SIGNED[cur])
    return bool(cur) and cur not in asked


def own_currency_word(word: str, currency: str | None, sliced: frozenset[str] = frozenset()) -> bool:
    """The asked word is the name of the currency the figure is printed in ("operating income in yen?" of a yen
    report): how the figure is wanted, not a part of it. Not where a row of the report names that currency ("Euro",
    "Yen-denominated bonds", "Sterling"; `sliced`, from `sliced_currencies`): the report slices the measure by
    currency there. (A word of another currency stays a qualifier.)"""
    codes = {"USD"} if currency == "$" else set(SIGNED.get(currency or "", ())) or {currency} if currency else set()
    return bool(codes) and not codes & sliced and \
        (any(c in codes and re.fullmatch(rf"(?i)(?:{words})", word) for c, words in _ASKED_CURRENCY) or word.upper() in codes)


def currencies_printed(ask: Ask, cands: list[StoredFact]) -> tuple[frozenset[str], str | None]:
    """(the currencies rows name, read only where a currency is asked: `sliced_currencies`; the currency most of the
    primary statements' rows are in, the report's own)."""
    own = Counter(f.currency for f in cands if f.currency and f.statement in ("income", "balance", "cash_flow")
                  and not f.secondary).most_common(1)
    return (sliced_currencies(cands) if asked_currencies(ask.question) else frozenset()), (own[0][0] if own else None)


def sliced_currencies(cands: list[StoredFact]) -> frozenset[str]:
    """The currencies a row of the candidates names ("Euro 400.0", "Yen-denominated bonds", "Sterling")."""
    # ("Earnings per share (NOK)", "Debt, NOK million"); the labels read as one text, each set apart by a NUL
    labels = "\0".join({_UNIT_MENTION.sub(" ", f.label) for f in cands})
    return frozenset(c for c, rx in _SLICE_NAMES if rx.search(labels))


# a currency named as the row's unit, not as a slice of the measure: in brackets, before a scale, or in a par value
# ("ordinary shares of UShs 20 each", "par value EUR 1")
_UNIT_MENTION = re.compile(r"(?i)\([^()]*\)|\b[a-z]{3}\s*(?:millions?|thousands?|billions?|mn|bn|m|'000)(?![a-z])|"
                           r"\bof\s+[a-z]{1,4}\s?\d[\d,.]*\s+each\b|\bpar\s+value\s+(?:of\s+)?[a-z]{1,4}\s?\d[\d,.]*")


@lru_cache(maxsize=1024)        # (read once per question, not once per candidate row)
def asked_currencies(question: str) -> frozenset[str]:
    # (and any ISO 4217 code said in capitals: "in KHR'000", "GEL thousands"; not one an analyst writes as a word)
    return frozenset(code for code, words in _ASKED_CURRENCY if re.search(rf"(?i)(?<!\w)(?:{words})(?!\w)", question)) | \
        {a or b for a, b in _CODE_ASKED.findall(question) if (a or b) in iso_codes_unlike_words()}


def _own_rupee(codes: frozenset[str], text: str, own: str | None) -> frozenset[str]:
    """A bare "Rs." or "rupees" in `text` (the question, or a row's bracket) of a report in another rupee (a Sri Lankan
    report's "Rs.'000") is its own rupee; the Indian one only where said so, or where the report's statements are in it."""
    return codes - {"INR"} | {own} if "INR" in codes and own in _RUPEES and not _INDIAN.search(text) else codes


_RUPEES = frozenset({"INR", "LKR", "PKR", "NPR", "MUR", "SCR"})
_INDIAN = re.compile(r"(?i)\binr\b|₹|\bindian\b")


# a code said as a currency: "in KHR", "KHR'000", "GEL thousands" (never "SCR coverage", "TMT segment", "IRR")
_CODE_ASKED = re.compile(r"\bin\s+([A-Z]{3})(?![A-Za-z])|(?<![A-Za-z])([A-Z]{3})(?=\s?['’]000|\s+(?:thousands?|millions?|"
                         r"billions?|mn|bn|m)\b)")
