"""The names a report gives its own company, learned at ingest from the report's text (never from a hand list).

Analysts name a company by its ticker, the abbreviation the report defines for itself, its short name, its legal
name with or without the suffix, a former name or a trading name. `learn()` reads those from the report's pages:

- a **defined term** right after the company's own legal name: `X Limited ("Company" or "Xco")`,
  `X Inc. ("XI," together with its subsidiaries, the "Company," "we," ...)`, `X plc (the Company or XCO)`;
  generic terms ("Company", "Group", "Parent Entity", "we") are not names;
- a **listing code** printed beside the company's name or in a listing line: `X plc (AIM: XCO)`,
  `Ticker: XCO (Nasdaq)`, "our common stock ... under the symbol “XCO”";
- a **former name** the report states for the company itself: `X Inc. (formerly known as Y Inc.)`,
  "we changed our name from Y Inc. to X Inc." (a subsidiary's or a manager's rename is not the company's);
- a **trading name**: "X Limited, trading as Y", "doing business as Y", "d/b/a Y";
- a **brand** the wording says is the company's own: "X operates under the Y brand", "we market our products under
  the Y and Z brands", "Y is our brand", "our Y brand". Not a brand the company licenses, franchises or distributes
  for another, nor one a subsidiary, customer, partner or competitor operates under (the sentence says so).

No learned name (other than a listing code) is a common English word ("Gold", "Star", "Premier"): a question's word
must never be taken for the company because the company once used it as a name.

Each name comes with its kind and the page and words it was read from, so the registry can show why it knows it.
Whether a name may be stored (another company already has it) is the registry's decision, not this module's.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from pipeline.question.registry import LEGAL_SUFFIX as SUFFIX
from pipeline.core.common_words import is_common_word
from pipeline.question.registry import bare_name as bare

# Words of defined terms that any company uses for itself ("the Company", "Parent Entity"), never a name of this one.
_GENERIC_WORDS = frozenset("""company companies group parent entity consolidated registrant issuer corporation
partnership trust fund reit bank holdings holding we us our ours manager investment board directors management society
firm business subsidiaries subsidiary combined economic reporting the its and or on a an stand-alone standalone
basis""".split())



@dataclass(frozen=True)
class LearnedName:
    name: str
    kind: str        # abbreviation | ticker | former | trading | brand
    page: int        # 1-based page it was read on
    evidence: str    # the words it was read from

    def source(self, doc: str = "") -> str:
        return f"{self.kind}: '{self.evidence}'" + (f" ({doc} p. {self.page})" if doc else f" (p. {self.page})")


def _name_re(names: Sequence[str]) -> str:
    """A pattern for any of the company's names as printed: case, spaces, hyphens and full stops may differ, and
    a suffix may follow."""
    alts = []
    for n in sorted({bare(n) for n in names if n and len(bare(n)) >= 2}, key=len, reverse=True):
        toks = [re.escape(t) for t in re.split(r"[\s\-‐–.]+", n) if t]
        if toks:
            alts.append(r"[\s\-‐–.]*".join(toks))
    if not alts:
        return r"(?!x)x"
    return rf"(?i:(?<![\w])(?:the\s+)?(?:{'|'.join(alts)}))(?![\w])(?:,?\s+{SUFFIX}(?![\w]))*"


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", (text or "").replace("\u00a0", " "))


def _is_name(term: str) -> bool:
    """A defined term that names a company: capitalised or an acronym, one to four words, not a generic word."""
    t = term.strip(" ,.;:")
    if not t or len(t) > 40 or not re.search(r"[A-Za-z]", t):
        return False
    words = t.split()
    if len(words) > 4 or all(w.lower().strip(",.") in _GENERIC_WORDS for w in words):
        return False
    if re.fullmatch(r"[a-z][a-z\s]*", t):
        return False            # a lower-case phrase ("the company") is prose; "abrdn" style names have capitals elsewhere
    return bool(re.match(r"[A-Z0-9]|[a-z]+[A-Z]", t))


def _terms_in_parens(inner: str) -> list[str]:
    """The defined terms of one parenthesis: quoted terms, else the items of an 'A or B' list."""
    inner = inner.replace("’s", "\x00s")
    quoted = [q.strip(" ,.;").replace("\x00s", "’s") for q in re.findall(r"(?:‘‘|``|[\"“‘])([^\"“”‘’]{1,40}?)(?:’’|''|[\"”’])", inner)]
    quoted += [q.strip(" ,.;") for q in re.findall(r"(?<![\w])'([^'\"“”‘’]{1,40}?)'(?![\w])", inner)]
    if quoted:
        return quoted
    if re.search(r"(?i)\b(?:exact name|formerly|previously|a wholly|owned|subsidiar|incorporated|registered)\b", inner):
        return []
    items = [re.sub(r"(?i)^(?:the|referred to (?:hereafter|hereinafter) as(?: the)?|hereinafter)\s+", "", i).strip()
             for i in re.split(r"\s*(?:,|\bor\b|\band\b)\s*", inner.replace("\x00s", "’s")) if i.strip()]
    # unquoted, a list is a definition only beside a generic term ("the Company or Xco"); a lone "(WA)" or "(Pty)"
    # is part of another entity's name
    return items if any(i.lower() in _GENERIC_WORDS for i in items) else []


_LINK = r"(?:\s*,?\s*(?:and|together with)\s+(?:its|their)\s+(?:\w+\s+){0,3}(?:subsidiaries|entities|controlled entities)|" \
        r"\s*,\s*an?\s+[A-Z][\w ]{0,30}?(?:corporation|company))?"

# the exchanges whose codes listed companies print beside their names ("ASX: ABC", "SET Symbol: ABC", "(NGX: ABC)")
_EXCHANGES = (r"(?:ASX|AIM|LSE|TSX(?:-?V)?|TSXV|NYSE(?:\s+American)?|NASDAQ|Nasdaq|HKEX|SEHK|TSE|JSE|NZX|SGX|OTCQX|OTC|"
              r"NSE|Oslo\s+B[øo]rs|Euronext(?:\s+[A-Z][a-z]+)?|Borsa\s+Italiana|SIX|Xetra|Tadawul|PSE|IDX|"
              r"SET|GPW|WSE|NGX|KRX|KOSPI|KOSDAQ|BMV|Bursa(?:\s+Malaysia)?|TWSE|TPEx|PSX|CSE|DSE|QSE|MSX|ADX|DFM|BIST|TASE|"
              r"HOSE|HNX|ZSE|BVB|BVL|BVC|BSE|EGX|GSE|SEM|ATHEX|Boursa\s+Kuwait)")
_LISTING = re.compile(rf"\(\s*{_EXCHANGES}\s*(?:code)?\s*:\s*([A-Z][A-Z0-9]{{0,5}}(?:\.[A-Z]{{1,2}})?)\s*\)")
_LISTING_LINE = re.compile(rf"(?:\b{_EXCHANGES}\s+(?i:code|ticker|symbol)\s*:?\s*|\b(?:Ticker|ticker|TICKER)\s*(?:symbol)?\s*:\s*)"
                           r"([A-Z][A-Z0-9]{0,11}(?:\.[A-Z]{1,2})?)\b"
                           # a cover's "ASX: ABC", "NSE: ACMESTEEL", "Oslo Børs: ACME" (an exchange's code, never a number)
                           # (a board of the exchange named between: "NZX Main Board: ABC", "SGX Mainboard: ABC")
                           rf"|(?<![\w(])(?!AIM\b){_EXCHANGES}(?:\s+(?:Main\s+Board|Main\s+Market|Mainboard|Catalist|ACE\s+Market|GEM))?"
                           r"\s*:\s*([A-Z][A-Z0-9]{1,10})(?=\s*(?:$|[|,;/]|\s[-–]\s|\n))"
                           # "(ticker ACME)", "under the ticker ACME3", "Trading symbol ACME", "(Stock code: 1234, ACME)"
                           r"|(?i:\b(?:ticker|trading\s+symbol|stock\s+code|share\s+code)\b)\s*(?:symbol\s*)?:?\s*(?:\d{3,6}\s*,\s*)?"
                           r"([A-Z][A-Z0-9]{1,6}(?:\.[A-Z]{1,2})?)\b(?![a-z])"
                           # "National Stock Exchange of India Limited (Symbol: ACME)": the symbol bracketed after the name
                           r"|\((?i:symbol|trading\s+symbol|ticker)\s*:\s*([A-Z][A-Z0-9]{1,11})\)"
                           # "listed on SIX Swiss Exchange (ACME)": the code in brackets after the exchange's name
                           rf"|\b(?:Exchange|Euronext\s+[A-Z][a-z]+|B[øo]rs|B[öo]rse|Bourse)\s*\((?!{_EXCHANGES}\))([A-Z][A-Z0-9]{{1,6}})\)")
# the report's own shares named as its own ("The Company's shares are listed on the Main Market of the London Stock
# Exchange (ticker: ACM)", "Our ordinary shares trade on ... (ticker: ACM)")
_SELF_LISTED = re.compile(r"(?i)\b(?:the\s+(?:company|group)['’]s|our)\s+(?:ordinary\s+|common\s+)?(?:shares|stock)\s+"
                          r"(?:are|is|were)\s+(?:listed|traded|quoted|admitted)\b")
# (the code bracketed straight after the exchange's name, never after another company's: "Petsure (ticker: PTS)")
_AFTER_EXCHANGE = re.compile(r"(?i)(?:exchange|market|aim|nasdaq|nyse|board|bourse|b[oö]rse|borsa|bolsa|bursa)\s*\(?\s*$")
# a company named by its legal form ("Acme Cement Limited", "Beta Holdings plc"); a stock exchange's own name is none
_LEGAL_NAME = re.compile(r"\b[A-Z][\w&.'’-]*(?:\s+(?:of\s+|&\s+)?[A-Z][\w&.'’-]*){0,5}\s+(?:Limited|Ltd\.?|Inc\.?|plc|PLC|"
                         r"Corporation|Corp\.?|AG|S\.A\.|N\.V\.|Berhad|Bhd)(?!\w)")


def _another_company(text: str, own: str, own_end: int) -> bool:
    """`text` (opening on the company's own name, `own_end` characters long) names another company by its legal form,
    not a stock exchange ("B3 S.A. - Brasil, Bolsa, Balcao", "Bursa Malaysia Securities Berhad")."""
    def words(name: str) -> set[str]:
        return set(re.findall(r"[a-z]+", name.lower())) - {"limited", "ltd", "inc", "plc", "corporation", "corp", "ag",
                                                             "s", "a", "n", "v", "berhad", "bhd", "holdings", "group",
                                                             "company", "the", "of", "private", "public"}
    mine = words(text[:own_end])
    return any(not (n.start() < own_end and words(n.group(0)) <= mine)
               and not re.search(r"(?i)exchange|bourse|b[oö]rse|borsa|bolsa|bursa|\bB3\b|\bBSE\b|\bstock\b|securities|"
                                 r"\bmarkets?\b", n.group(0))
               for n in _LEGAL_NAME.finditer(text))


# (the symbol quoted or bare: "Its common shares are listed on the Toronto Stock Exchange under the symbol ACB.")
# (or "The common shares of the Company are listed on the Toronto Stock Exchange under the symbol 'SWP'")
_SYMBOL = re.compile(r"(?i:\b(?:(?:our|its|the (?:company|bank|group|trust)[’']s)\s+(?:class [a-c]\s+)?(?:common stock|"
                     r"ordinary shares|shares|common shares|units)|the (?:common |ordinary )?(?:shares|stock|units) of "
                     r"the (?:company|bank|group|trust))\b[^.]{0,160}?\bunder the (?:ticker |trading |stock )?"
                     r"symbols?\s*)(?:[“\"‘']{1,2}([A-Z][A-Z0-9]{0,5}(?:\.[A-Z])?)[”\"’']{1,2}|"
                     r"([A-Z][A-Z0-9]{1,5}(?:\.[A-Z])?)(?=[\s,;)]|\.(?:\s|$)|$))")

_FORMER_AFTER = r"\(?\s*(?:formerly(?:\s+known\s+as)?|previously\s+known\s+as|prior\s+to\s+\w+\s+\d{4}\s+known\s+as)\s+" \
                r"(?:[“\"‘]{1,2})?(?P<former>(?:[A-Z0-9][\w&.’'\-]*\s+){0,6}(?:[A-Z0-9][\w&’'\-]*))(?P<fsuffix>,?\s+" + SUFFIX + r")?"
_RENAMED = re.compile(r"(?i:\bchanged\s+(?:its|our|the company[’']s)\s+name\s+from\s+)[“\"‘]?"
                      rf"((?:[A-Z0-9][\w&.’'\-]*\s+){{0,6}}?[A-Z0-9][\w&’'\-]*(?:,?\s+{SUFFIX})?)[”\"’]?,?"
                      r"(?i:\s+to\s+)[“\"‘]?([^.;”\"’]{2,80})")
_TRADING = re.compile(r"(?i:\b(?:trading as|trades as|t/a|doing business as|d/b/a|operat(?:es|ing) under the (?:name|brand))\s+)"
                      r"[“\"‘]?((?:[A-Z0-9][\w&.’'\-]*\s+){0,4}[A-Z0-9][\w&’'\-]*)")


# A brand name: one to four capitalised words (a quoted one may hold "&"), one item of "the X, Y and Z brands".
_BRAND_NAME = r"[A-Z0-9][\w’'\-]*(?:\s+(?:&\s+)?[A-Z0-9][\w’'\-]*){0,3}"
_BRAND_ITEM = rf"[“\"‘]?{_BRAND_NAME}[”\"’]?"
_BRAND_LIST = rf"(?P<list>{_BRAND_ITEM}(?:\s*(?:,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+){_BRAND_ITEM}){{0,5}})"
# "... under the X and Y brands" / "... under the brand X" / "our X brand" / "X is our (retail) brand"
_UNDER_BRANDS = re.compile(rf"\bunder\s+the\s+{_BRAND_LIST}\s+(?:brands?|brand\s+names?|trad(?:e|ing)\s+names?|banners?)\b")
_UNDER_BRAND_NAMED = re.compile(rf"\bunder\s+the\s+(?:brand|trading)\s+names?\s+{_BRAND_LIST}")
_OUR_BRANDS = re.compile(rf"\bour\s+(?:own\s+)?{_BRAND_LIST}\s+brands?\b")
_IS_OUR_BRAND = re.compile(rf"(?P<list>{_BRAND_NAME})[”\"’]?\s+(?:is|are)\s+(?:our|the\s+Company[’']s|the\s+Group[’']s)"
                           r"\s+(?:own\s+)?(?:[a-z]+\s+){0,2}?brands?\b")
# The subject that makes a brand the company's own: the company by name, "we", "the Company" / "the Group".
_SELF = r"(?:\bwe\b|\bWe\b|\bthe\s+(?:Company|Group)\b|\bThe\s+(?:Company|Group)\b)"
_BRAND_VERB = re.compile(r"(?i)\b(?:operat|trad|market|sell|sold|offer|do(?:es)?\s+business|retail|carr(?:y|ies)|"
                         r"manufactur|produc|brand|known|present)\w*")
# Words that make the brand someone else's: a licensor's, a franchisor's, a principal's, a subsidiary's, a customer's.
_NOT_OWN_BRAND = re.compile(r"(?i)\b(?:licen[cs]\w*|franchis\w*|on behalf of|distribut\w*\s+(?:for|of)|agent|"
                            r"subsidiar\w*|joint venture|associate|customers?|clients?|partners?|competitors?|rivals?|"
                            r"third[-\s]part\w*|acquir\w*|formerly|previously|sold\s+(?:the|its|our)\b|divest\w*|"
                            r"discontinu\w*|retir\w*|exit\w*)")
_LIST_SPLIT = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+")


def _sentence_before(text: str, start: int) -> str:
    """The words of the sentence before position `start` (back to the previous full stop that ends a sentence)."""
    head = text[max(0, start - 240):start]
    cut = max((m.end() for m in re.finditer(r"[.;!?]\s+(?=[A-Z“\"])|•", head)), default=0)
    return head[cut:]


def _brands(text: str, own: str) -> list[tuple[str, str]]:
    """(brand, the words it was read from) for every brand the wording says is the company's own."""
    out: list[tuple[str, str]] = []

    def items(m: re.Match) -> list[str]:
        got = [i.strip(" “”\"‘’,.") for i in _LIST_SPLIT.split(m.group("list"))]
        return [i for i in got if i and not re.search(r"[’']s$", i)]     # "the Company's brands" names no brand

    def after(m: re.Match) -> str:
        end = re.search(r"[.;]\s|$", text[m.end():m.end() + 120])
        return text[m.end():m.end() + (end.start() if end else 0)]

    for pat in (_UNDER_BRANDS, _UNDER_BRAND_NAMED):
        for m in pat.finditer(text):
            before = _sentence_before(text, m.start())
            clause = before + m.group(0) + after(m)
            subj = re.search(rf"(?:{own}|{_SELF})", before)
            if subj is None or not _BRAND_VERB.search(before[subj.end():]) or _NOT_OWN_BRAND.search(clause):
                continue
            out += [(b, (before[subj.start():] + m.group(0)).strip()) for b in items(m)]
    for pat in (_OUR_BRANDS, _IS_OUR_BRAND):
        for m in pat.finditer(text):
            before = _sentence_before(text, m.start())
            if _NOT_OWN_BRAND.search(before + m.group(0) + after(m)):
                continue
            names = items(m)
            if pat is _IS_OUR_BRAND:   # the capitalised run before "is" may begin with the sentence's first word
                words = names[0].split() if names else []
                while len(words) > 1 and (is_common_word(words[0]) or words[0].isdigit()):
                    words = words[1:]
                names = [" ".join(words)] if words else []
            out += [(b, (before[-60:] + m.group(0)).strip()) for b in names]
    return out


_GLOSSARY = re.compile(r"^([A-Z][A-Z0-9&]{1,7})\s+(\S.*)$")


def _initials_of(abbreviation: str, name: str) -> bool:
    """The abbreviation spells the name's initials in order ("ABCI": Abc Big Cement Industries, Inc.)."""
    initials = "".join(w[0] for w in re.findall(r"[A-Za-z][\w&'’-]*", name)).upper()
    return len(abbreviation) >= 2 and initials.startswith(abbreviation.replace("&", "")) or initials == abbreviation


def _its_own(before: str, own: str) -> bool:
    """"Its" opens a sentence right after one that starts with the company's own name and speaks of no other company
    ("Acme Bank is a Schedule I bank. Its common shares are listed ..."): the shares are the company's."""
    if not re.search(r"[.!?]\s*$", before):
        return False
    last = re.split(r"(?<=[.!?])\s+", before.strip())[-1] if before.strip() else ""
    return bool(re.match(own, last)) and not re.search(r"(?i)\b(subsidiar\w*|owned|owns|parent|affiliate\w*|stake|"
                                                      r"interest\s+in|acquir\w*|joint\s+venture)\b", last)


def learn(pages: Sequence[str], *, names: Sequence[str], head_pages: int = 60) -> list[LearnedName]:
    """The names the report gives the company known by `names` (its short and legal names), read from the
    report's first `head_pages` pages (definitions, the directors' report and the cover are there)."""
    own = _name_re(names)
    if own == r"(?!x)x":
        return []
    out: dict[str, LearnedName] = {}
    known = {bare(n).lower() for n in names if n}

    def keep(name: str, kind: str, page: int, ev: str) -> None:
        name = name.strip(" ,.;:")
        key = name.lower()
        if not name or key in known or bare(name).lower() in known or key in out:
            return
        if kind != "ticker" and is_common_word(bare(name) or name):
            return          # "Gold", "the Group's Premier": a question's ordinary word, never the company
        out[key] = LearnedName(name, kind, page, ev.strip()[:160])

    # "(WA) Pty Ltd": a parenthesis followed by more of a name belongs to another entity's name
    defined = re.compile(rf"({own}){_LINK}\s*\(([^()]{{1,200}})\)(?!\s*(?:[A-Z][\w]*\s+)?{SUFFIX}(?![\w]))")
    after_former = re.compile(rf"({own}){_LINK}(?:\s*\([^()]{{1,200}}\)){{0,2}}\s*{_FORMER_AFTER}")
    listing_near = re.compile(rf"({own})\s*{_LISTING.pattern}")
    for i in range(min(len(pages), head_pages)):
        text = _flat(pages[i])
        if not text:
            continue
        for m in defined.finditer(text):
            for term in _terms_in_parens(m.group(m.lastindex)):
                if _is_name(term) and not _LISTING.fullmatch(f"({term})"):
                    keep(term, "abbreviation", i + 1, m.group(0))
        for m in listing_near.finditer(text):
            keep(m.group(m.lastindex), "ticker", i + 1, m.group(0))
        for m in after_former.finditer(text):
            former = (m.group("former") + (m.group("fsuffix") or "")).strip()
            if _is_name(bare(former)):
                keep(former, "former", i + 1, m.group(0))
                keep(bare(former), "former", i + 1, m.group(0))
        for m in _RENAMED.finditer(text):
            # renamed *to this company's name*, not to a longer one ("... to Xco Community Bank" is a subsidiary)
            if re.match(rf"{own}(?!\s+[A-Z])", m.group(2).strip(" “\"‘")) and _is_name(bare(m.group(1))):
                keep(m.group(1), "former", i + 1, m.group(0))
                keep(bare(m.group(1)), "former", i + 1, m.group(0))
        for m in _TRADING.finditer(text):
            before = text[max(0, m.start() - 120):m.start()]
            if re.search(own, before) and _is_name(m.group(1)):
                keep(m.group(1), "trading", i + 1, text[max(0, m.start() - 60):m.end()])
        for brand, ev in _brands(text, own):
            if _is_name(brand) and len(brand) >= 2:
                keep(brand, "brand", i + 1, ev)
        for ln in (pages[i] or "").splitlines():
            # a glossary's entry: the company's abbreviation, then its own name ("XYZC  Xanadu Yards Zinc Corp., the
            # holding company"), the abbreviation made of the name's initials
            g = _GLOSSARY.match(ln.strip())
            if g and (n := re.match(own, g.group(2))) and _initials_of(g.group(1), n.group(0)):
                keep(g.group(1), "abbreviation", i + 1, ln.strip())
        for m in _SYMBOL.finditer(text):
            if m.group(0)[:3].lower() == "its" and not _its_own(text[:m.start()], own):
                continue        # ("X owns 30% of Y Ltd.; its shares ...": whose "its" is not told)
            keep(m.group(1) or m.group(2), "ticker", i + 1, m.group(0))
        for m in _LISTING_LINE.finditer(text):
            # (a cover's listing line stands below the name, anywhere on the first page; a few lines below it on the
            # second; elsewhere the name is in the same sentence, up to 300 characters before)
            sentence = max(text.rfind(". ", max(0, m.start() - 300), m.start()) + 2, m.start() - 300, 0)
            around = text[0 if i == 0 else max(0, m.start() - 400) if i == 1 else sentence:m.end() + 40]
            # (another company named between the name and the symbol is the listed one: "Holding Company: Acme
            # Paints Limited, listed on NSE (Symbol: ACMEPNT)" on a subsidiary's cover)
            symbol_at = around.find(m.group(0))
            found = list(re.finditer(own, around))
            names = [n for n in found if n.end() <= symbol_at]
            # (or the name just after it: "Ticker: ACM / Website www.acme.co.uk" on a company-information page)
            if names and not _another_company(around[names[-1].start():symbol_at], own,
                                              names[-1].end() - names[-1].start()) or found and not names or \
                    not found and _SELF_LISTED.search(around[:symbol_at]) and not _LEGAL_NAME.search(around[:symbol_at]) \
                    and _AFTER_EXCHANGE.search(around[:symbol_at]):
                keep(next(g for g in m.groups() if g), "ticker", i + 1, around)
    return list(out.values())


def registrable(found: Sequence[LearnedName], registry, key: str, doc: str = "") -> tuple[list[str], list[str], dict[str, str]]:
    """Of the names learned for the company `key`, those the registry may store: (names, tickers, where each was
    read). A name that is another registered company's own name or key, or a ticker another company has, is left
    out; a name another company also goes by is kept (the registry then matches it to neither and asks which)."""
    names, tickers, sources = [], [], {}
    for n in found:
        if n.kind == "ticker":
            if any(n.name in c.tickers for c in registry.companies if c.key != key):
                continue
            tickers.append(n.name)
        else:
            other = registry.by_name(n.name)
            if other is not None and other.key != key and bare(n.name).lower() in (bare(other.name).lower(),
                                                                                    other.key.lower()):
                continue
            names.append(n.name)
        sources[n.name] = n.source(doc)
    return names, tickers, sources
