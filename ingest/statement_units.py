"""Currency and scale per statement page, as each statement prints them, and the document's reading from them.

A statement says its unit in its own header: "(in millions, except per share data)", "(dollars in thousands)",
"£'000" or "$'000" over each column, "A$m", "HK$'000", "¥ million", "US$ thousands", "€m", or a bare "$" / "£"
over each column when amounts are whole units. A bare "$" is the report's own dollar: a report that says which
("presented in Australian dollars", "expressed in Canadian dollars", "functional and presentation currency is
...") is read in that currency; otherwise a report filed under another country's rules (an ABN, an ASX or TSX
listing, the Corporations Act) reads "$" as that country's dollar; otherwise "$" is the US dollar.

`read(pages)` returns one `StatementUnits` per page that prints a statement or a table header with a unit, each
with the line it was read from; `document_units(readings)` is the vote over the primary statements (income,
balance sheet, cash flows) first, any table page otherwise.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import asdict, dataclass
from typing import Sequence

from pipeline.core.currencies import CURRENCIES, DOLLAR_SIGNED, currency_of
from pipeline.core import bilingual

_SYMBOL_CURRENCY = {"A$": "AUD", "AU$": "AUD", "C$": "CAD", "CA$": "CAD", "CDN$": "CAD", "NZ$": "NZD", "HK$": "HKD",
                    "US$": "USD", "S$": "SGD", "SG$": "SGD", "£": "GBP", "€": "EUR", "¥": "JPY", "CHF": "CHF",
                    "RMB": "CNY", "₩": "KRW", "R$": "BRL", "NT$": "TWD", "N$": "NAD", "MX$": "MXN", "₹": "INR", "RS.": "INR", "RS": "INR", "Rs.": "INR", "Rs": "INR",
                    "RM": "MYR", "GH¢": "GHS", "GH₵": "GHS", "J$": "JMD", "TT$": "TTD", "QR": "QAR", "KD": "KWD",
                    "BD": "BHD", "TK": "BDT", "TAKA": "BDT", "RP": "IDR", "N": "NGN", "$": "$", "JD": "JOD", "RO": "OMR",
                    # the East African shillings: "KShs", "UShs", "TShs"; a bare "Shs" is their shared sign (currencies.py)
                    "KSHS": "KES", "KSH": "KES", "USHS": "UGX", "USH": "UGX", "TSHS": "TZS", "TSH": "TZS", "SHS": "Sh"}
_CODE = {code for code, _ in CURRENCIES if code.isalpha() and len(code) == 3}     # the ISO codes currencies.py knows
_SCALE_NORM = {"000": "thousands", "'000": "thousands", "k": "thousands", "thousand": "thousands",
               "thousands": "thousands", "m": "millions", "mn": "millions", "mil": "millions", "million": "millions",
               "millions": "millions", "bn": "billions", "b": "billions", "billion": "billions", "billions": "billions",
               "crore": "crores", "crores": "crores", "lakh": "lakhs", "lakhs": "lakhs"}
_SYM = r"(?:Rs\.?|A\$|AU\$|C\$|CA\$|CDN\$|NZ\$|HK\$|US\$|NT\$|N\$|R\$|MX\$|S\$|SG\$|J\$|TT\$|GH¢|GH₵|£|€|¥|₩|₹|\$|RMB|RM|" \
    r"QR|KD|BD|JD|RO(?=['’])|[KUT]?Shs?|Tk|Taka|Rp|N(?=['’])|" + "|".join(sorted(_CODE)) + ")"
# "A$m", "$'000", "£000", "HK$’000", "¥ million", "US$ thousands", "€m", "(A$ millions)", "AUD 000"
_SYMBOL_SCALE = re.compile(rf"(?<![A-Za-z])({_SYM})\s?(?:['’](?=[a-z]))?[(]?\s?(?:in\s+)?(['’`]?000|m|mn|mil|million|millions|bn|billion|"
                           rf"billions|thousands?|k|crores?|lakhs?)(?![A-Za-z0-9])")
# "(in millions", "(dollars in thousands", "in thousands of Canadian dollars", "(Amounts in thousands"
_SCALE_WORDS = re.compile(r"(?i)(?:\(|^|\b(?:in|amounts|dollars|figures|expressed)\s)\s*(?:[a-z$ .]{0,25}?\s)?(?:in\s+)?"
                          r"(millions|thousands|billions|crores|lakhs)\b|\b(millions|thousands|billions|crores|lakhs)\s+of\s+"
                          r"(?:(?:u\.?s\.?|[a-z]+(?:\s+[a-z]+)?)\s+)?"      # ("of Colombian pesos", "of Hong Kong dollars")
                          r"(?:dollars|yen|euros?|pounds|francs|renminbi|(?:korean\s+)?won|reais|pesos|kronor|kroner|"
                          r"krona|krone|rand|ringgit|baht|rupiah|zloty|rupees|taka|tenge|cedis|naira|dinars|riyals|rials|"
                          r"dirhams|shillings)")
_WORD_CURRENCY = [("AUD", r"australian\s+dollars?"), ("CAD", r"canadian\s+dollars?"), ("NZD", r"new\s+zealand\s+dollars?"),
                  ("HKD", r"hong\s+kong\s+dollars?"), ("SGD", r"singapore\s+dollars?"), ("GBP", r"pounds?\s+sterling|"
                  r"\bsterling\b|\bpounds\b"), ("EUR", r"\beuros?\b"), ("JPY", r"\byen\b"), ("CHF", r"swiss\s+francs?"),
                  ("CNY", r"\brenminbi\b"), ("USD", r"u\.?\s?s\.?\s+dollars?|united\s+states\s+dollars?"),
                  ("KRW", r"korean\s+won"), ("BRL", r"brazilian\s+rea(?:is|l)|\breais\b"),
                  ("TWD", r"new\s+taiwan\s+dollars?"), ("MXN", r"mexican\s+pesos?"), ("SEK", r"swedish\s+kron(?:a|or)|\bkronor\b"),
                  ("NOK", r"norwegian\s+kron(?:e|er)"), ("DKK", r"danish\s+kron(?:e|er)"), ("ZAR", r"south\s+african\s+rand"),
                  ("MYR", r"\bringgit\b"), ("THB", r"\bbaht\b"), ("IDR", r"\brupiah\b"), ("PLN", r"\bzloty\b"),
                  ("MUR", r"mauritian\s+rupees?"), ("LKR", r"sri\s+lankan\s+rupees?"), ("PKR", r"pakistani?\s+rupees?"),
                  ("INR", r"indian\s+rupees?|\brupees\b")]
_PRESENTED = re.compile(r"(?i)(?:presented|expressed)\s+in\s+(?:thousands\s+of\s+|millions\s+of\s+)?(?:the\s+)?"
                        r"((?:[a-z.]+\s+){0,3}?(?:dollars?|sterling|pounds|euros?|yen|francs?|renminbi|rupees|taka|cedis|"
                        r"tenge|riyals|rials|dinars|dirhams|naira|shillings|pesos|soles))|(?:presentation|"
                        r"reporting)\s+currency\s+(?:is|of)\s+(?:the\s+)?((?:[a-z.]+\s+){0,3}?(?:dollars?|sterling|pounds|"
                        r"euros?|yen|francs?|renminbi))|\(\s*(?:in\s+)?(?:thousands|millions|billions)\s+of\s+((?:[a-z.]+\s+)"
                        r"{0,3}?(?:dollars|yen|euros|pounds))")
_PRESENTED_CHEAP = re.compile(r"(?i)presented\s+in|expressed\s+in|presentation\s+currency|reporting\s+currency|"
                              r"(?:thousands|millions|billions)\s+of\s+[a-z]")
# Which country's "$" a report means when it does not say: its registration and listing.
_DOLLAR_COUNTRY = [("AUD", r"\bA\.?B\.?N\.?\s*:?\s*\d|\bA\.?C\.?N\.?\s*:?\s*\d|\bASX\s*(?:code\s*)?:|Corporations\s+Act\s+2001|"
                    r"Australian\s+Accounting\s+Standards"),
                   ("CAD", r"\bTSX(?:-?V)?\s*:|Canada\s+Business\s+Corporations\s+Act|Chartered\s+Professional\s+Accountants"),
                   ("NZD", r"\bNZX\s*:|New\s+Zealand\s+Exchange|Companies\s+Act\s+1993"),
                   ("HKD", r"\bHKEX\s*:|Stock\s+Exchange\s+of\s+Hong\s+Kong|Hong\s+Kong\s+Companies\s+Ordinance"),
                   ("SGD", r"\bSGX\s*:|Singapore\s+Exchange\s+Securities\s+Trading")]
_US = r"Securities\s+and\s+Exchange\s+Commission|\bForm\s+10-K\b|\bNYSE\b|\bNasdaq\b|generally\s+accepted\s+accounting" \
      r"\s+principles\s+in\s+the\s+United\s+States"
_COUNTRY_RE = re.compile("|".join(f"(?P<{c}>{p})" for c, p in _DOLLAR_COUNTRY) + f"|(?P<US>{_US})")
# Which country's rupee a report printing bare "Rupees" / "Rs" means: its regulator, exchange and company law
_RUPEE_COUNTRY = [("PKR", r"Pakistan\s+Stock\s+Exchange|Securities\s+and\s+Exchange\s+Commission\s+of\s+Pakistan|"
                          r"Companies\s+Act,?\s+2017|\bPSX\s*:"),
                  ("LKR", r"Colombo\s+Stock\s+Exchange|Securities\s+and\s+Exchange\s+Commission\s+of\s+Sri\s+Lanka|"
                          r"Sri\s+Lanka\s+Accounting\s+Standards"),
                  ("NPR", r"Nepal\s+Stock\s+Exchange|Securities\s+Board\s+of\s+Nepal|Nepal\s+Financial\s+Reporting"),
                  ("MUR", r"Stock\s+Exchange\s+of\s+Mauritius|Financial\s+Reporting\s+Act\s+2004")]
_INDIA = r"Securities\s+and\s+Exchange\s+Board\s+of\s+India|National\s+Stock\s+Exchange\s+of\s+India|BSE\s+Limited|" \
         r"Companies\s+Act,?\s+2013|Indian\s+Accounting\s+Standards|\bInd\s+AS\b"
_RUPEE_RE = re.compile("|".join(f"(?P<{c}>{p})" for c, p in _RUPEE_COUNTRY) + f"|(?P<IN>{_INDIA})")
_STATEMENT = re.compile(r"(?i)^\s*(?:consolidated\s+|group\s+(?:and\s+(?:parent\s+)?company\s+)?|parent\s+company\s+)?"
                        r"(?:(?:statements?\s+of\s+(?:consolidated\s+)?)(financial\s+position|financial\s+condition|"
                        r"profit\s+or\s+loss|comprehensive\s+(?:income|loss)|income|operations|earnings|cash\s+flows?|"
                        r"changes\s+in\s+(?:\w+[’']?\s+)?equity)|(balance\s+sheets?)|(income\s+statements?)|"
                        r"(cash\s+flow\s+statements?))\b")
_BARE_COLUMNS = re.compile(rf"^\s*(?:notes?\s+)?(?:(?:{_SYM}|(?:19|20)\d{{2}})\s+)*{_SYM}\s*$")
_NUMBER_LINE = re.compile(r"\d[,.]\d\d\d|\d\d\d\d")
_UNIT_HINT = re.compile(r"[$£€¥₹]|illion|housand|crore|lakh|'000|’000|\b(?:CHF|RMB|[A-Z]{3})\b|\b[A-Z]{3}m\b|\b[Tk][A-Z]{3}\b|"
                        r"\bRm\b|\bR\s?['’]000\b|\bTaka\b|\bTk\b|\b[A-Z]{2}\s?['’]?000\b")
# "TEUR" / "kEUR": thousands of the currency (German and Swiss statements); "R million", "Rm", "R'000": rand
_THOUSAND_CODE = re.compile(r"\b[Tk](EUR|CHF|USD|GBP|SEK|NOK|DKK|PLN)\b")
_RAND = re.compile(r"(?<![A-Za-z$])R\s?(['’]000|m|mn|million|millions|bn|billion|billions)(?![A-Za-z0-9])")


@dataclass(frozen=True)
class StatementUnits:
    page: int              # 1-based
    statement: str         # income | balance | cash_flow | equity | comprehensive | table
    currency: str          # ISO code, '' when the page does not say
    scale: str             # thousands | millions | billions | units | ''
    line: str              # the header line the unit was read from

    def as_dict(self) -> dict:
        return asdict(self)


def _statement_kind(line: str) -> str:
    # (a bilingual heading prints the English after a slash: "Estados consolidados de resultados / Consolidated
    # statements of income")
    m = next(filter(None, (_STATEMENT.search(part) for part in bilingual.halves(line))), None)
    if not m:
        return ""
    s = (m.group(1) or m.group(2) or m.group(3) or m.group(4) or "").lower()
    if "position" in s or "condition" in s or "balance" in s:
        return "balance"
    if "cash" in s:
        return "cash_flow"
    if "equity" in s:
        return "equity"
    if "comprehensive" in s:
        return "comprehensive"
    return "income"


def stated_currency(pages: Sequence[str], limit: int = 200) -> tuple[str, int, str]:
    """The presentation currency the report states ('presented in Australian dollars'): (code, page, line)."""
    votes: Counter = Counter()
    where: dict[str, tuple[int, str]] = {}
    for i in range(min(len(pages), limit)):
        text = (pages[i] or "").replace("\r", "")
        windows = [re.sub(r"\s+", " ", text[max(0, c.start() - 20):c.start() + 140])
                   for c in _PRESENTED_CHEAP.finditer(text)]
        for m in (m for w in windows for m in _PRESENTED.finditer(w)):
            phrase = next(g for g in m.groups() if g)
            # (any other currency named in words: "expressed in Jamaican dollars", "in Ghana cedis"; "presented in
            # dollars" alone leaves which dollar to the listing)
            code = next((c for c, pat in _WORD_CURRENCY if re.search(pat, phrase, re.IGNORECASE)), None) or \
                (named if (named := currency_of(phrase)) not in (None, "$") else None)
            if code == "INR" and re.search(r"(?i)\b(?!indian\b|in\b|of\b|the\b)[a-z]+\s+rupees", phrase):
                code = None     # ("presented in Nepalese rupees": a rupee this list does not hold, never India's)
            if code:
                votes[code] += 1
                where.setdefault(code, (i + 1, re.sub(r"\s+", " ", m.group(0))[:120]))
    if not votes:
        return "", 0, ""
    code = votes.most_common(1)[0][0]
    return code, *where[code]


def dollar_country(pages: Sequence[str], limit: int = 40) -> tuple[str, int, str]:
    """Whose '$' a report that does not name its dollars means, from its registration and listing lines."""
    votes: Counter = Counter()
    where: dict[str, tuple[int, str]] = {}
    us = 0
    for i in range(min(len(pages), limit)):
        text = pages[i] or ""
        for m in _COUNTRY_RE.finditer(text):
            code = m.lastgroup
            if code == "US":
                us += 1
                continue
            votes[code] += 1
            where.setdefault(code, (i + 1, m.group(0)))
    if not votes:
        return "", 0, ""
    code, n = votes.most_common(1)[0]
    if n < 2 or us > 2 * n:
        return "", 0, ""
    return code, *where[code]


def rupee_country(pages: Sequence[str], limit: int = 40) -> str:
    """Whose rupee a report printing bare "Rupees" means ("PKR" for a Pakistani report), or "" (India's, or unsaid)."""
    votes: Counter = Counter(m.lastgroup for i in range(min(len(pages), limit)) for m in _RUPEE_RE.finditer(pages[i] or ""))
    india = votes.pop("IN", 0)
    code, n = votes.most_common(1)[0] if votes else ("", 0)
    return code if n >= 2 and not india else ""         # (an Indian report naming a Colombo-listed subsidiary: India's)


# A caption naming a scale and a currency in words ("Millions of yen", "Thousands of U.S. dollars")
_CAPTION = re.compile(r"(?i)\b(millions|thousands|billions)\s+of\s+((?:u\.?\s?s\.?\s+|united\s+states\s+)?dollars|"
                      r"yen|won|euros?|pounds|renminbi|yuan|baht|rupees|francs)\b")


# "2024 2023 2024", or oldest first "2023 2024 2024": a year printed again (its translation)
_REPEATED_YEAR = re.compile(r"^\s*(?:(?:19|20)\d\d\s+)*((?:19|20)\d\d)\s+(?:(?:19|20)\d\d\s+)*\1\s*$")


def _reporting_caption(lines: list[str]) -> tuple[str, str, str] | None:
    """A statement that prints its latest year again translated into US dollars ("Millions of yen" beside
    "Thousands of U.S. dollars (Note 1)", in either order, over "2024 2023 2024"): the reporting currency's caption,
    never the translation's. Only short caption lines count (a sentence's "a loan of 5,000 millions of yen" is no
    caption)."""
    if not any(_REPEATED_YEAR.match(ln) for ln in lines):
        return None
    caps = list(_CAPTION.finditer(" ".join(ln for ln in lines if len(ln) <= 70)))
    usd = [m for m in caps if re.match(r"(?i)u\.?\s?s|united", m.group(2))]
    other = [m for m in caps if m not in usd and not re.fullmatch(r"(?i)dollars", m.group(2))]
    if not usd or not other:
        return None
    code = next((c for c, pat in _WORD_CURRENCY if re.search(pat, other[0].group(2), re.IGNORECASE)), "")
    return (code, other[0].group(1).lower(), other[0].group(0)) if code else None


# the currency in words in thousands, as Pakistani and Bangladeshi statements caption it: "(Rupees in '000)"
_CURRENCY_IN_THOUSANDS = re.compile(r"(?i)\(\s*(rupees|rs\.?|taka|tk\.?|naira)\s+in\s+['’]000s?\s*\)")
# a statement's caption naming its currency and no scale: its figures in whole units ("(Amounts in Philippine Pesos)",
# "(In Philippine Pesos)", "(Expressed in Kenya Shillings)")
_AMOUNTS_IN_UNITS = re.compile(r"(?i)^\s*\(\s*(?:amounts\s+)?(?:expressed\s+)?in\s+((?:[a-z.]+\s+){0,2}(?:pesos|dollars|"
                               r"shillings|rupees|dirhams|riyals|naira|cedis|rand|pounds|euros|francs|baht|ringgit))\s*\)")
# a row's own scale in brackets after its label, its figures after ("Nuts processed (millions) 486 512"): no caption
_ROW_OWN_SCALE = re.compile(r"(?i)[a-z]\s+\(\s*(?:in\s+)?(?:millions|thousands|billions)\s*\)\s+[\d(]")
# a currency's code over its thousands, the Swiss and Nordic way: "CHF 1'000", "EUR 1 000", "SEK 1,000"
_CODE_IN_THOUSANDS = re.compile(r"\b([A-Z]{3})\s?1['’ ,.]?000\b(?![ ,.'’]\d)")


def _page_units(text: str) -> tuple[str, str, str]:
    """(currency symbol or code, scale, line) from a page's header lines."""
    lines = [ln.strip() for ln in (text or "").replace("\r", "").splitlines() if ln.strip()][:16]
    translated = _reporting_caption(lines)
    if translated is not None:
        return translated
    cur = scale = line = ""
    for ln in lines:
        if len(ln) > 160 or not _UNIT_HINT.search(ln):
            continue
        t = _THOUSAND_CODE.search(ln) or _RAND.search(ln)
        if t and not scale:
            cur = cur or (t.group(1) if t.re is _THOUSAND_CODE else "ZAR")
            scale, line = ("thousands" if t.re is _THOUSAND_CODE else _SCALE_NORM[t.group(1).lower().lstrip("'’")]), ln
            continue
        u = _AMOUNTS_IN_UNITS.search(ln)
        if u and not scale and not _SCALE_WORDS.search(ln):    # "(Amounts in Philippine Pesos)": in whole pesos
            cur, scale, line = cur or (currency_of(u.group(1)) or ""), "units", ln
            continue
        c = _CURRENCY_IN_THOUSANDS.search(ln) or _CODE_IN_THOUSANDS.search(ln)
        if c and not scale:     # "(Rupees in '000)", "CHF 1'000": the currency in thousands
            cur, scale, line = cur or (currency_of(c.group(1)) or ""), "thousands", ln
            continue
        m = _SYMBOL_SCALE.search(ln)
        if m and not scale:
            sym = m.group(1).upper() if m.group(1).isalpha() else m.group(1)
            cur = cur or _SYMBOL_CURRENCY.get(sym, sym if sym in _CODE else "")
            scale, line = _SCALE_NORM[m.group(2).lower().lstrip("'’`") if m.group(2).lower().lstrip("'’`") != "000"
                                      else "000"], ln
            continue
        w = _SCALE_WORDS.search(ln)
        if w and _ROW_OWN_SCALE.search(ln):
            w = None        # ("Nuts processed (millions) 486 512": a row's own count, no caption of the page)
        if w and not scale and len(ln) <= 120:
            scale, line = next(g for g in w.groups() if g).lower(), ln
            for code, pat in _WORD_CURRENCY:
                if re.search(pat, ln, re.IGNORECASE):
                    cur = code
                    break
            else:
                named = currency_of(ln)     # any other currency named in words ("Thousands of Colombian pesos")
                if named not in (None, "$"):
                    cur = cur or named
                elif s := re.search(rf"(?<![A-Za-z]){_SYM}(?![A-Za-z])", ln):
                    sym = s.group(0).upper() if s.group(0).isalpha() else s.group(0)
                    cur = cur or _SYMBOL_CURRENCY.get(sym, sym if sym in _CODE else "")
            continue
        if _BARE_COLUMNS.match(ln) and not cur:
            sym = re.findall(rf"(?<![A-Za-z]){_SYM}(?![A-Za-z])", ln)[-1]
            sym = sym.upper() if sym.isalpha() else sym
            cur = _SYMBOL_CURRENCY.get(sym, sym if sym in _CODE else "")
            if not scale:
                line = ln
    if cur and not scale and line:
        scale = "units"      # a bare "$" / "£" over each column and no scale anywhere in the header: whole units
    return cur, scale, line


def read(pages: Sequence[str], start: int = 0, *, limit: int | None = None) -> list[StatementUnits]:
    """One reading per statement page (and per other page whose table header declares a unit)."""
    out: list[StatementUnits] = []
    end = len(pages) if limit is None else min(len(pages), limit)
    for i in range(start, end):
        text = pages[i] or ""
        head = [ln.strip() for ln in text.replace("\r", "").splitlines() if ln.strip()][:10]
        kind = next((k for k in (_statement_kind(ln) for ln in head if len(ln) <= 110) if k), "")
        numbers = len(_NUMBER_LINE.findall(text))
        if numbers < (1 if kind else 8):
            continue      # a contents page names the statements; a statement prints figures
        cur, scale, line = _page_units(text)
        if not kind and not scale:
            continue     # a statement page that prints no unit is still recorded: its amounts are whole units
        out.append(StatementUnits(page=i + 1, statement=kind or "table", currency=cur, scale=scale, line=line[:120]))
    return out


def opening_units(pages: Sequence[str], n: int = 3) -> list[StatementUnits]:
    """For a document without statement pages (an earnings release's one page): the unit its opening pages print
    in a header line ("(in millions of Canadian dollars)")."""
    out = []
    for i in range(min(len(pages), n)):
        cur, scale, line = _page_units(pages[i] or "")
        if scale and scale != "units":
            out.append(StatementUnits(page=i + 1, statement="table", currency=cur, scale=scale, line=line[:120]))
    return out


def resolve(readings: list[StatementUnits], dollar: str, stated: str = "") -> list[StatementUnits]:
    """Each reading's bare '$' as the report's dollar (`dollar`: the stated or listing currency, else USD), and a scale
    read with no currency ("Nuts processed (millions)", "(in millions)") in the stated presentation currency, if any."""
    out = []
    for r in readings:
        cur = r.currency
        if cur in ("$", ""):
            cur = dollar if cur == "$" else (stated or dollar) if r.scale else ""
        out.append(StatementUnits(r.page, r.statement, cur, r.scale, r.line))
    return out


def document_units(readings: list[StatementUnits]) -> tuple[str, str, StatementUnits | None]:
    """The document's currency and scale: the vote over the primary statements, else over every table page;
    and the first reading that carries the winning pair (the evidence)."""
    primary = [r for r in readings if r.statement in ("income", "balance", "cash_flow")]
    pool = primary if any(r.scale for r in primary) else readings
    curs = Counter(r.currency for r in pool if r.currency)
    scales = Counter(r.scale for r in pool if r.scale)
    if not curs:
        curs = Counter(r.currency for r in readings if r.currency)
    cur = curs.most_common(1)[0][0] if curs else ""
    scale = scales.most_common(1)[0][0] if scales else ""
    ev = next((r for r in pool if r.currency == cur and r.scale == scale), None) or \
        next((r for r in pool if r.scale == scale), None)
    return cur, scale, ev
