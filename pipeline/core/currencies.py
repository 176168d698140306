"""The currencies a statement's caption, header or row names, as ISO codes: "(Saudi Riyals in thousands)" is SAR,
"HK$'000" HKD, "(Amounts in Millions of Philippine Pesos)" PHP; a bare "$" or "dollars" stays "$" (which dollar is
the report's own currency)."""
from __future__ import annotations

import re
from functools import lru_cache

from pipeline.core.first_chars import Dispatched


def _units_sign(sign: str) -> str:
    """A dinar's sign as a units row prints it, capitals only: repeated ("Notes JD JD"), over fils ("JD / Fils") or
    before a figure ("JD 0.100 per share"); never a word's letters ("JD Sports", "Sales to BD")."""
    return rf"|(?-i:\b{sign})(?=\s+{sign}\b|\s*/\s*[Ff]ils\b|\s?\d)|(?-i:(?<=\b{sign}\s){sign})\b"


# (code, pattern): "TEUR", "kUSD", "TCHF" are thousands of the currency (the scale is read by `columns.scale_of`);
# the first pattern matching at the leftmost position names the currency ("Pakistani rupees" is
# PKR before "rupees" is INR)
CURRENCIES = [
    ("AUD", r"a\$|\baud\b|australian dollars?"), ("CAD", r"c\$|\bcad\b|canadian dollars?"),
    ("USD", r"us\$|\b[tk]?usd\b|u\.s\.\s*dollars?|us dollars?"), ("GBP", r"£|\bgbp\b|pounds? sterling|sterling"),
    ("EUR", r"€|\b[tk]?eur\b|euros?\b"), ("JPY", r"¥|\bjpy\b|\byen\b"), ("CHF", r"\b[tk]?chf\b|swiss francs?"),
    ("HKD", r"hk\$|\bhkd\b"), ("NZD", r"nz\$|\bnzd\b"), ("TWD", r"nt\$|\btwd\b|new taiwan dollars?"),
    ("BRL", r"r\$|\bbrl\b|brazilian reais|\breais\b"), ("MXN", r"mx\$|\bmxn\b|mexican pesos?|pesos mexicanos"),
    ("SGD", r"s\$|\bsgd\b"), ("INR", r"₹|\binr\b|rupees?|\brs\.?(?![\w])"),
    ("CNY", r"\brmb\b|\bcny\b|renminbi"), ("KRW", r"₩|\bkrw\b|korean won"), ("SEK", r"\bsek\b|swedish kron(?:a|or)"),
    ("NOK", r"\bnok\b|norwegian kron(?:e|er)"), ("DKK", r"\bdkk\b|danish kron(?:e|er)"), ("ZAR", r"\bzar\b|south african rand"),
    ("MYR", r"\bmyr\b|ringgit|\brm(?=\s?['’]?000\b)"), ("THB", r"\bthb\b|\bbaht\b"), ("IDR", r"\bidr\b|rupiah|\brp\b\.?(?=\s?(?:\d|['’]?000\b|million|thousand|billion|juta|miliar))"),
    ("PLN", r"\bpln\b|z[lł]ot(?:y|ych|e)\b|\bz[lł](?=\W|$)"), ("PHP", r"\bphp\b|₱|philippine pesos?"), ("SAR", r"\bsar\b|saudi riyals?|\bsr(?=\s?['’]?000\b)"),
    ("AED", r"\baed\b|dirhams?\b"), ("QAR", r"\bqar\b|qatari riyals?"), ("ILS", r"\bils\b|\bnis\b|₪|new israeli shekels?"),
    ("TRY", r"\btry\b(?=\s?['’]?000|\s+(?:million|thousand))|turkish lira"), ("CZK", r"\bczk\b|czech crowns?"),
    ("HUF", r"\bhuf\b|forints?"), ("EGP", r"\begp\b|egyptian pounds?"), ("NGN", r"\bngn\b|₦|naira|\bn(?=['’](?:000|million|m|bn|billion)\b)"),
    ("KES", r"\bkes\b|\bkshs?\b|kenyan shillings?"), ("PKR", r"\bpkr\b|pakistani rupees?"), ("VND", r"\bvnd\b|\bdong\b"),
    ("ARS", r"\bars\b(?=\s?['’]?000|\s+(?:million|thousand)|m\b)|argentine pesos?|pesos argentinos"),
    ("CLP", r"\bclp\b|chilean pesos?|pesos chilenos|\b(?:th|m{1,2})?ch\$"), ("COP", r"\bcop\b(?=\s?['’]?000|\s+(?:million|thousand))|colombian pesos?"),
    # (a code that is also an English word counts only before its scale: "MAD 000", "PEN million", "RON'000"; a
    # two-letter sign only before its scale: "KD 000's", "QR'000", "KD million")
    ("BDT", r"\bbdt\b|\btaka\b|\btk\b\.?(?=\s?(?:\d|['’]?000\b|million|crore|lakh))"),
    ("GHS", r"gh¢|gh₵|\bghs\b|ghana cedis?|\bcedis\b"), ("JMD", r"j\$|\bjmd\b|jamaican dollars?"),
    ("TTD", r"tt\$|\bttd\b|trinidad and tobago dollars?"), ("MUR", r"\bmur\b|mauritian rupees?"),
    ("LKR", r"\blkr\b|sri lankan rupees?"), ("KZT", r"\bkzt\b|₸|\btenge\b"),
    ("QAR", r"\bqr(?=\s?['’]?000|\s+(?:million|thousand|mn|m)\b)"),
    ("KWD", r"\bkwd\b|kuwaiti dinars?|\bkd(?=\s?['’]?000|\s+(?:million|thousand|mn|m)\b)" + _units_sign("KD")),
    ("BHD", r"\bbhd\b|bahraini dinars?|\bbd(?=\s?['’]?000|\s+(?:million|thousand|mn|m)\b)" + _units_sign("BD")),
    ("OMR", r"\bomr\b|rials? omani|omani rials?|\bro(?=\s?['’]?000)"),
    ("JOD", r"\bjod\b|jordanian dinars?|\bjd(?=\s?['’]?000|\s+(?:million|thousand|mn|m)\b)" + _units_sign("JD")),
    ("TND", r"\btnd\b|tunisian dinars?"),
    ("DZD", r"\bdzd\b|algerian dinars?"),
    ("MAD", r"\bmad\b(?=\s?['’]?000|\s+(?:million|thousand))|moroccan dirhams?"),
    ("RON", r"\bron\b(?=\s?['’]?000|\s+(?:million|thousand))|romanian lei|\blei\b(?=\s?['’]?000|\s+(?:million|thousand))"),
    ("PEN", r"\bpen\b(?=\s?['’]?000|\s+(?:million|thousand))|peruvian soles|nuevos soles|\bs/\s?\(?000"),
    ("UAH", r"\buah\b|hryvnias?"), ("RUB", r"\brub\b(?=\s?['’]?000|\s+(?:million|thousand))|roubles?|russian rubles?"),
    ("ISK", r"\bisk\b|icelandic kron(?:a|ur)"), ("HRK", r"\bhrk\b|\bkuna\b"), ("BGN", r"\bbgn\b|bulgarian lev"),
    ("RSD", r"\brsd\b|serbian dinars?"), ("TZS", r"\btzs\b|tanzanian shillings?"), ("UGX", r"\bugx\b|ugandan shillings?"),
    ("NAD", r"(?<![a-z])n\$|\bnad\b(?=\s?['’]?000|\s+(?:million|thousand))|namibia(?:n)?\s+dollars?"),
    ("ZMW", r"\bzmw\b|zambian kwacha"), ("BWP", r"\bbwp\b|botswana pula"), ("UYU", r"\buyu\b|uruguayan pesos?"),
    ("XOF", r"\bxof\b|cfa francs?|\bfcfa\b"), ("XAF", r"\bxaf\b"), ("RWF", r"\brwf\b|\bfrw\b|rwandan?\s+francs?"),
    # a bare "K" before its scale ("K'000", "K million"): the kwacha's or the kina's sign, which one the report's
    # country says (as a bare "$"); in capitals only, never "k" of thousands
    ("K", r"(?-i:K)(?=\s?['’](?:000|m|mn|bn)\b|\s+(?:millions?|billions?|thousands?)\b)"),
    ("ZWG", r"\bzwg(?=\b|['’]?000)|zimbabwe gold"), ("ZWL", r"\bzwl(?=\b|['’]?000)|zimbabwe dollars?"),
    # a bare "Shs" / "Sh" before its scale or a figure ("Shs million", "Shs'000", "Shs 16.00"): the East African
    # shillings' sign, which one the report's country says (as a bare "$"); "KShs", "UShs", "TShs" name theirs
    ("UGX", r"\bushs?\b"), ("TZS", r"\btshs?(?=\s?['’]000|\s+(?:millions?|billions?|thousands?|m|bn)\b|\s?\d)"),
    ("Sh", r"(?-i:\bShs?)\.?(?=\s?['’](?:000|m|mn|bn)\b|\s+(?:millions?|billions?|thousands?)\b|\s?\d)"),
    ("$", r"\$|dollars?"),
]
# the currencies a report prints as a bare "$" (dollars, and the pesos of Latin America): which one, the stated
# currency or the listing says
DOLLAR_SIGNED = ("AUD", "CAD", "NZD", "HKD", "SGD", "USD", "TWD", "JMD", "TTD", "MXN", "CLP", "COP", "ARS", "UYU")
# the rupees a report may call bare "Rupees" / "Rs" besides India's: the report's country says which (ingest)
OTHER_RUPEES = ("PKR", "LKR", "NPR", "MUR", "SCR")
# India's rupee said as India's: its sign, its code, or its name ("INR '000", "₹ crore", "Indian rupees")
SAYS_INDIAN_RUPEE = re.compile(r"₹|\bINR\b|(?i:\bindian\b)")
# a sign several currencies share, and which they are: a figure printed in it may be any of them
SIGNED = {"$": DOLLAR_SIGNED, "K": ("ZMW", "MWK", "PGK", "MMK"), "Sh": ("KES", "UGX", "TZS", "SOS")}
# Where a currency can start: a word's start, a sign ("£", "₹"), or a sign's letters glued to what comes before
# ("ThUS$", "MMUS$", "MCh$", "GH¢"). Said first, so the regex engine tries its sixty alternatives only there and not
# at every letter of a row label (a names's spelled-out form starting mid-word, "Eurodollars", is not a currency).
_STARTS = r"(?:\b|(?=[^\w\s])|(?=[a-z]{1,4}[$¢₵]))"
# (tried only with the alternatives that can start at a position's character: `first_chars.Dispatched`)
CURRENCY_RE = Dispatched(_STARTS, [(f"c{i}", p) for i, (_, p) in enumerate(CURRENCIES)], re.IGNORECASE)


def currency_of(text: str) -> str | None:
    """The currency `text` names first. A "$" glued to letters before it ("M$", "MM$", "Th$": a peso's thousands or
    millions) is another currency's sign: the next currency the text names in words is it ("(M$ / In thousands of
    Chilean pesos)"); a bare "$" stays the first ("(In thousands of dollars, except ... Mexican pesos per dollar)")."""
    found = list(CURRENCY_RE.finditer(text))
    codes = [_code(m) for m in found]
    if codes and codes[0] == "$" and re.search(r"[A-Za-z]$", text[:found[0].start()]):
        return next((c for c in codes[1:] if c != "$"), "$")
    return codes[0] if codes else next(iter(iso_codes_scaled(text)), None)


def currencies_named(text: str) -> list[str]:
    """Every currency `text` names, in order (a sign read in its place: "K" before "million" is the kwacha's)."""
    at = {m.start(): _code(m) for m in CURRENCY_RE.finditer(text)}
    at |= {m.start(1): m.group(1) for m in _iso_scaled(text) if m.start(1) not in at}
    return [code for _, code in sorted(at.items())]


# any ISO 4217 code in capitals before its scale ("KHR'000", "GEL'000", "MNT million"), of a currency the table
# above does not spell out
_ISO_SCALED = re.compile(r"(?<![A-Za-z])([A-Z]{3})(?=\s?['’]000\b|\s?['’]?(?:m|mn|bn)\b|\s+(?:millions?|thousands?|billions?)\b)")


def without_currencies(text: str) -> str:
    """`text` with every currency it names blanked out (a code of `iso_codes_scaled` too)."""
    text = CURRENCY_RE.sub(" ", text)
    for m in reversed(list(_iso_scaled(text))):
        text = text[:m.start()] + " " + text[m.end():]
    return text


def iso_codes_scaled(text: str) -> list[str]:
    return [m.group(1) for m in _iso_scaled(text)]


def _iso_scaled(text: str):
    """The matches of `_ISO_SCALED` whose code is an ISO 4217 currency's."""
    return (m for m in _ISO_SCALED.finditer(text) if m.group(1) in iso_codes())


@lru_cache(maxsize=1)
def iso_codes() -> frozenset[str]:
    """The ISO 4217 currency codes (pycountry, the well-kept list)."""
    import pycountry

    return frozenset(c.alpha_3 for c in pycountry.currencies)


@lru_cache(maxsize=4)
def iso_codes_unlike_words(zipf: float = 4.0) -> frozenset[str]:
    """The ISO codes a question never uses as an English word (wordfreq's Zipf scale under `zipf`: "ALL", "TOP",
    "PEN" are words at 4, "GEL", "AMD" at 3); the default is the one every caller reads a question with."""
    from wordfreq import zipf_frequency

    return frozenset(c for c in iso_codes() if zipf_frequency(c.lower(), "en") < zipf)


def _code(m: re.Match) -> str:
    return next(CURRENCIES[int(k[1:])][0] for k, v in m.groupdict().items() if v)
