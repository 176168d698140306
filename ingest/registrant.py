"""Who files a report, as the report prints it: the registrant line of an SEC cover page ("(Exact name of registrant
as specified in its charter)", the line below the commission file number), an earnings release's heading ("<Name>
(NYSE: TICK) today reported ..."), the trading symbols of a cover or release, and from the legal name the short name
analysts use and its aliases. Rules about how filings print names, never about one company.
"""
from __future__ import annotations

import re
from collections import Counter

from ingest.page_lines import stripped_lines
from pipeline.question.legal_forms import LEADING_FORM

_EXCHANGE = r"(?:The\s+)?(?:New York Stock Exchange|NYSE|Nasdaq|NASDAQ|Chicago Stock Exchange|London Stock Exchange)"
_TICKER_ROW = re.compile(rf"(?:Common|Ordinary|Class [A-C])\s+(?:Stock|Shares)[^\n]{{0,90}}?\s([A-Z]{{1,5}}(?:\.[A-Z])?)"
                         rf"\s+{_EXCHANGE}")
# ("(NYSE: ABC)", any stock exchange's abbreviation, or a ticker said so: "(XSE: ABCD)", "(Ticker: ABCD)"; never a rate,
# a rating or a currency pair in brackets, "(USD: KES)", "(MSCI: AA)")
_TICKER_PAREN = re.compile(r"\((?:NYSE|NASDAQ|Nasdaq|NYSE American|ASX|LSE|AIM|TSX|TSXV|TSE|SGX|HKEX|JSE|NZX|NSE|BSE|USE|ASE|"
                           r"MSE|ZSE|ECSE|DSE|NSX|BSX|GSE|CSE|KLSE|Bursa|SET|IDX|PSE|BVL|BMV|BVC|TASE|QSE|DFM|ADX|BHB|"
                           r"MSX|EGX|BRVM|LuSE|SEM|RSE|TTSE|JSX|Euronext|SIX|OMX|WSE|BIST|KASE|[Tt]icker|[Ss]ymbol|"
                           r"[Ss]tock\s+[Cc]ode|[Nn]emot[ée]cnico)\s*:\s*([A-Z][A-Z0-9.]{1,7})\)")    # (Spanish: "nemotécnico")
# (what a listing line may print after its colon that is no company's code: an exchange's own name, a year, a rate)
_NOT_A_TICKER = re.compile(r"NYSE|NASDAQ|ASX|LSE|TSX|TSE|SGX|HKEX|JSE|NZX|NSE|BSE|KOSPI|KOSDAQ|(?:19|20)\d{2}|\d{1,3}|"
                           r"[\d.]*\.\d+|\d{7,}")
# a cover's listing line of its own: "ASX: WMU", "London Stock Exchange: CLDH", "Korea Exchange (KOSPI): 045120"
_TICKER_LINE = re.compile(r"(?m)^[ \t]*(?:(?:[A-Z][a-z]+[ \t]+){0,3}(?:Stock[ \t]+)?Exchange(?:[ \t]+\([A-Z]+\))?|NYSE|NASDAQ|"
                          r"Nasdaq|ASX|LSE|TSX|TSE|SGX|HKEX|JSE|NZX|NSE|BSE)(?:[ \t]+(?:code|ticker|symbol))?[ \t]*:[ \t]*"
                          # (its share class in brackets and the other lines it lists after it: "TSX: ABC (common
                          # shares), ABC.DB (debentures)")
                          r"([A-Z0-9][A-Z0-9.]{1,6})(?:[ \t]*\((?i:[^)\n]{0,20}\b(?:shares?|common|ordinary|preferred|"
                          r"preference|investment|class\s+\w+|units?|debentures?)\b[^)\n]{0,20})\)(?:[ \t]*,[^\n]*)?)?[ \t\r]*$")
# a listing said in a sentence ending on the code: "Common shares listed on the Bolsa de Valores de Lima: ABCDC1 (common)"
_LISTED_ON = re.compile(r"(?m)\blisted\s+on\s+(?:the\s+)?[^:\n]{0,40}?\b(?:Exchange|Bolsa\s+de\s+Valores(?:\s+de\s+[A-Z]\w+)?|"
                        r"Bourse|B[oö]rse|Borsa|Bursa(?:\s+[A-Z]\w+)?)[ \t]*:[ \t]*([A-Z][A-Z0-9.]{1,8})(?=[ \t]*(?:\(|,|$))")
# (an exchange's own initials after its name: "Colombo Stock Exchange: CSE", never its listed company's code)
_EXCHANGE_INITIALS = frozenset("CSE GSE PSE TASE KLSE NGX SEM SET OSE BVL BVC BMV SGX LSE ASX TSX NSE BSE JSE NZX DSE USE "
                               "MSE ZSE BSX NSX QSE DFM ADX BHB MSX EGX BRVM LUSE RSE TTSE JSX SIX OMX WSE BIST KASE".split())

# a listing said in a sentence: "Listed on the Example Stock Exchange - Symbol: ABCD", "Bourse ticker: ABCD"
_TICKER_SAID = re.compile(r"(?:Exchange|Bourse)[^\n:]{0,30}?\b(?:[Ss]ymbol|[Tt]icker(?:\s+code)?|[Ss]tock\s+code)(?:\s*:\s*|\s+)"
                          r"(?!(?:IN|ON|AT|OF|THE|AND|IS|AS|TSX|ASX|NYSE|NASDAQ|SET|LSE)\b)([A-Z][A-Z0-9.]{1,6})(?![\w.])(?!\s*:)|"
                          # (the ticker named in brackets without a colon: "Baltic Main List (ticker GFN1R)")
                          r"\((?:[Tt]icker|[Ss]ymbol)(?:\s+code)?\s+([A-Z][A-Z0-9.]{1,6})\)")


FILE_NO = re.compile(r"(?i)commission\s+file\s+(?:number|no\.?)\s*:?\s*([0-9]{1,4}-[0-9]{3,7})")


EXACT_NAME = re.compile(r"(?i)\(?\s*exact name of (?:the\s+)?registrant")
_LEGAL_SUFFIX = r"(?:Inc\.?|Incorporated|Corporation|Corp\.?|Company|Co\.|Limited|Ltd\.?|plc|PLC|P\.L\.C\.|N\.V\.|" \
                r"S\.A\.|SE|AG|Holdings|Group)"
_LEGAL_NAME = re.compile(rf"\b((?:[A-Z][\w&.’'-]*\s+){{0,5}}[A-Z][\w&.’'-]*,?\s+{_LEGAL_SUFFIX})(?=[\s,.)]|$)")
_SUFFIX_TAIL = re.compile(r"(?i)(?:,?\s+(?:public\s+company\s+limited|public\s+co\.?,?\s+ltd\.?|inc\.?|incorporated|"
                          r"corporation|corp\.?|company|co\.?|limited|ltd\.?|plc|"
                          r"p\.l\.c\.|n\.v\.|s\.a\.|ag|se|llc|l\.p\.|"
                          # continental, Nordic and Asian legal forms ("Acme Spel AB (publ)", "Acme Havbruk ASA")
                          r"asa|ab|oyj|a/s|s\.p\.a\.|spa|gmbh|kgaa|nv|sa|bhd|berhad|tbk|k\.k\.|pty|s\.a\.b\.\s+de\s+c\.v\.|"
                          # (a Colombian public utility's "E.S.P.", an Egyptian "S.A.E.", the Adriatic "d.d.", a Gulf
                          # or Central Asian joint-stock company's "PJSC" / "JSC")
                          r"e\.s\.p\.|s\.a\.e\.|d\.d\.|p?jsc|"
                          # (the Czech and Slovak "a.s.", "s.r.o.", the Hungarian "Nyrt.", the Icelandic "hf.", the
                          # Peruvian "S.A.A.")
                          r"a\.s\.|s\.r\.o\.|nyrt\.|hf\.|s\.a\.a\.|"
                          r"\(publ\)))+\s*$")


def _clean_name_line(line: str) -> str:
    line = re.sub(r"^[\W_]+|[_\s]+$", "", line.replace("\u00a0", " "))
    line = re.sub(r"\s+", " ", line).strip(" ,:;")
    line = re.sub(r"\s+\.", ".", line)
    return line


def _looks_like_name(line: str) -> bool:
    if not line or len(line) > 90 or len(line) < 2:
        return False
    if re.search(r"(?i)commission|file n|exact name|registrant|securities|pursuant|transition|form\s|\d{3}-\d", line):
        return False
    if re.search(r"(?i)^for\s+the\b|\b(?:year|period|quarter|weeks)\s+ended\b", line):
        return False        # the cover's period line ("For the fiscal year ended December 31, 2030") names no one
    return bool(re.search(r"[A-Za-z]", line)) and line[0].isalnum()


# A combined cover's table of registrants, one row each below its header ("Commission File Number | Exact name of
# registrant ... | IRS Employer Identification No."): "1-12345 ACME ENERGY, INC. (a Missouri corporation) 12-3456789"
_STATES = ("Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|District of Columbia|Florida|Georgia|"
           "Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|"
           "Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|"
           "North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|"
           "Vermont|Virginia|Washington|West Virginia|Wisconsin|Wyoming")
# (a "State of Incorporation" column between the name and the IRS number is no part of the name)
_REGISTRANT_ROW = re.compile(rf"^(?:\d{{1,4}}-\d{{3,7}}\s+)([A-Z][A-Za-z0-9&.,'’ -]{{2,80}}?)\s*(?:\((?:an?\s|incorporated)"
                             rf"[^)]*\)|(?i:\s(?:{_STATES}))?\s*\d{{2}}-\d{{7}}\b|(?i:\s(?:{_STATES}))?\s*$)")


def cover_registrants(text: str) -> list[str]:
    """The registrants a combined cover lists in its table below the "(Exact name of registrant ...)" header, in
    the order printed (the parent first, as combined filings print them); [] for a cover naming one registrant."""
    lines = stripped_lines(text)
    for i, ln in enumerate(lines):
        if EXACT_NAME.search(ln) and not _looks_like_name(_clean_name_line(EXACT_NAME.split(ln)[0])):
            names = [m.group(1).strip(" ,") for m in map(_REGISTRANT_ROW.match, lines[i + 1:i + 8]) if m]
            return names if len(names) >= 2 else []
    return []


def cover_name(text: str) -> tuple[str, str]:
    """The registrant's name on an SEC cover page, and which rule found it."""
    lines = stripped_lines(text)
    listed = cover_registrants(text)
    if listed:
        return listed[0], "cover: first of the registrants listed (a combined filing)"
    for i, ln in enumerate(lines):
        if EXACT_NAME.search(ln):
            before = _clean_name_line(EXACT_NAME.split(ln)[0])
            if _looks_like_name(before):
                return before, "cover: line with (Exact name of registrant)"
            for j in range(i - 1, max(-1, i - 4), -1):
                cand = _clean_name_line(lines[j])
                if _looks_like_name(cand):
                    return cand, "cover: line above (Exact name of registrant)"
    for i, ln in enumerate(lines):
        if FILE_NO.search(ln):
            for j in range(i + 1, min(len(lines), i + 3)):
                cand = _clean_name_line(lines[j])
                if _looks_like_name(cand) and (cand.isupper() or re.search(_LEGAL_SUFFIX + r"\s*$", cand)):
                    return cand, "cover: line below the commission file number"
    return "", ""


def release_name(text: str) -> tuple[str, str, str]:
    """An earnings release's reporting company: '<Name> (NYSE: TICK) today reported ...' or '<Name> reports ...'."""
    m = re.search(r"([A-Z][\w&.,’' -]{1,60}?)\s*\((?:NYSE|NASDAQ|Nasdaq|ASX|LSE|TSX|TSE)\s*:\s*([A-Z][A-Z0-9.]{0,5})\)",
                  text[:4000])
    if m:
        name = re.split(r"\s[-–—]\s|\d{4}\s*[-–—]\s*", m.group(1))[-1].strip(" ,")
        return name, m.group(2), "release: name before (EXCHANGE: TICKER)"
    for ln in stripped_lines(text)[:6]:
        h = re.match(r"([A-Z][\w&.’'-]*(?:\s+[A-Z][\w&.’'-]*){0,4})\s+(?:reports?|announces?|delivers?|posts?)\b", ln)
        if h:
            return h.group(1), "", "release: heading"
    return "", "", ""


def short_name(legal: str, body: str = "") -> str:
    """The name analysts use: legal suffixes, a leading 'The' and a legal form printed first dropped, '.com' dropped, and the shortest leading
    part of the name that the document itself uses on its own at least as often as the whole name
    ('Acme Systems Incorporated' -> 'Acme'; 'Global Express Company' stays 'Global Express')."""
    name = _SUFFIX_TAIL.sub("", legal.strip()).strip(" ,")
    name = LEADING_FORM.sub("", re.sub(r"(?i)^the\s+", "", name))     # ("AS Gaujas Finieris", "PT Acme Tbk")
    name = re.sub(r"(?i)\.com$", "", name).strip()
    words = name.split()
    if body and len(words) > 1:
        full = len(re.findall(rf"(?i)(?<![\w]){re.escape(name)}(?![\w])", body))
        for k in range(1, len(words)):
            prefix = " ".join(words[:k])
            if len(prefix) < 3:
                continue
            nxt = words[k]
            alone = len(re.findall(rf"(?<![\w]){re.escape(prefix)}(?!\w)(?!\s+{re.escape(nxt)})", body, re.IGNORECASE))
            if alone >= 5 and alone >= 2 * max(1, full):
                words = words[:k]
                break
    name = " ".join(words)
    if name.isupper() and re.search(r"[A-Z]{4,}", name):
        variants = Counter(m.group(0) for m in re.finditer(rf"(?<![\w.]){re.escape(name)}(?![\w.])", body, re.IGNORECASE)
                           if not m.group(0).isupper() and m.group(0)[0].isupper())
        name = variants.most_common(1)[0][0] if variants else " ".join(
            w if len(w) <= 3 and not w.isalpha() else w.capitalize() for w in name.split())
    return name


def aliases_for(legal: str, short: str) -> tuple[str, ...]:
    out: list[str] = []
    for n in (legal, _SUFFIX_TAIL.sub("", legal).strip(" ,"), re.sub(r"(?i)^the\s+", "", legal),
              re.sub(r"(?i)\.com$", "", _SUFFIX_TAIL.sub("", legal).strip(" ,"))):
        n = n.strip()
        if n and n.lower() != short.lower() and n.lower() not in {a.lower() for a in out}:
            out.append(n)
    return tuple(out)


def tickers(text: str) -> tuple[str, ...]:
    out: list[str] = []
    lines = [m for m in _TICKER_LINE.finditer(text) if not _NOT_A_TICKER.fullmatch(m.group(1))]
    listed = [m for m in _LISTED_ON.finditer(text) if not _NOT_A_TICKER.fullmatch(m.group(1)) and
              m.group(1) not in _EXCHANGE_INITIALS]
    for m in list(_TICKER_ROW.finditer(text)) + list(_TICKER_PAREN.finditer(text)) + lines + \
            list(_TICKER_SAID.finditer(text)) + listed:
        t = (m.group(1) or m.group(m.re.groups)).rstrip(".")     # (`_TICKER_SAID`'s bracketed form: its second group)
        if t not in out and t not in {"NYSE", "LLC", "NONE", "THE", "USD"}:
            out.append(t)
    return tuple(out)
