"""What a filing is, read from the document itself: company, tickers, document type, period, currency and scale.

A 10-K/10-Q/8-K cover page names the registrant exactly ("(Exact name of registrant as specified in its
charter)"), the period ("For the fiscal year ended ...", "For the quarterly period ended ..."), the trading
symbols and the commission file number. An annual report's opening pages say "Annual Report 2022", "for the
year ended 31 December 2022" or "fiscal 2021 (year ended March 31, 2022)"; an earnings release's heading says
who reports which period. Currency and scale come from statement headers ("(in millions, except per share
data)", "£000", "A$m", "¥ millions"). Every rule here is about how filings are written, never about one company.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from typing import Sequence

_MONTHS = {m: i for i, m in enumerate(["january", "february", "march", "april", "may", "june", "july", "august",
                                        "september", "october", "november", "december"], start=1)}
_MON = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|" \
       r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
_DATE = rf"(?:{_MON}\s+\d{{1,2}},?\s+(?:19|20)\d{{2}}|\d{{1,2}}(?:st|nd|rd|th)?\s+{_MON},?\s+(?:19|20)\d{{2}})"
_DATE_RE = re.compile(_DATE, re.IGNORECASE)

_FORM = re.compile(r"(?im)^[\W_]{0,80}form\s+(10-?k|10-?q|8-?k|20-?f|40-?f|6-?k)(?:/a)?[ \t\r]*$")
_FORM_ANY = re.compile(r"(?i)\bform\s+(10-?k|10-?q|8-?k|20-?f|40-?f)\b")
_ANNUAL_PURSUANT = re.compile(r"(?i)\b(annual|quarterly|current) report\s+pursuant to section")
_YEAR_ENDED = re.compile(rf"(?i)\b(?:fiscal\s+)?(?:year|52\s+weeks|53\s+weeks|period)\s+ended\s*:?\s*({_DATE})")
_QUARTER_ENDED = re.compile(rf"(?i)\bquarterly\s+period\s+ended\s*:?\s*({_DATE})")
_REPORT_DATE = re.compile(rf"(?i)date of report[^:]*:\s*({_DATE})")
_MONTHS_ENDED = re.compile(rf"(?i)\b(three|six|nine|twelve|3|6|9|12)\s+months\s+ended\s*:?\s*({_DATE})?")
_FISCAL_LABEL = re.compile(r"(?i)\b(?:fiscal(?:\s+year)?\s+|FY\s?)((?:19|20)\d{2})\b")
_FY_NEXT_TO_END = re.compile(
    rf"(?i)\b(?:fiscal(?:\s+year)?\s+|FY\s?)((?:19|20)\d{{2}})\s*\(\s*(?:the\s+)?(?:fiscal\s+)?(?:year|period)?\s*"
    rf"(?:ended|ending)\s+({_DATE})|(?:year|period)\s+ended\s+({_DATE})\s*\(\s*(?:fiscal(?:\s+year)?\s+|FY\s?)"
    rf"((?:19|20)\d{{2}})\s*\)|(?:fiscal(?:\s+year)?\s+|FY\s?)((?:19|20)\d{{2}}),?\s+(?:which\s+)?ended\s+({_DATE})")
_ANNUAL_REPORT_TITLE = re.compile(r"(?i)\b(annual report(?: and accounts)?|integrated report|annual financial report)"
                                  r"\s*(?:(?:19|20)\d{2}(?:\s*[/–-]\s*\d{2,4})?)?")
_ANNUAL_REPORT_YEAR = re.compile(r"(?i)\b(?:annual report(?: and accounts)?|integrated report)\s+((?:19|20)\d{2})"
                                 r"|((?:19|20)\d{2})\s+annual report")
_EARNINGS_HEAD = re.compile(
    r"(?i)\b(reports?|reported|announces?|announced|delivers?|posts?)\b[^\n]{0,80}?\b(results|earnings)\b")
_QUARTER_WORD = re.compile(r"(?i)\b(first|second|third|fourth|1st|2nd|3rd|4th|Q[1-4])[\s-]*quarter\b|\bQ([1-4])\b")
_FULL_YEAR_RESULTS = re.compile(r"(?i)\b(?:fiscal(?:\s+year)?|full[\s-]year)\s+((?:19|20)\d{2})\s+(?:results|earnings)")
_EXCHANGE = r"(?:The\s+)?(?:New York Stock Exchange|NYSE|Nasdaq|NASDAQ|Chicago Stock Exchange|London Stock Exchange)"
_TICKER_ROW = re.compile(rf"(?:Common|Ordinary|Class [A-C])\s+(?:Stock|Shares)[^\n]{{0,90}}?\s([A-Z]{{1,5}}(?:\.[A-Z])?)"
                         rf"\s+{_EXCHANGE}")
_TICKER_PAREN = re.compile(r"\((?:NYSE|NASDAQ|Nasdaq|ASX|LSE|TSX|TSE|NYSE American)\s*:\s*([A-Z][A-Z0-9.]{0,5})\)")
_FILE_NO = re.compile(r"(?i)commission\s+file\s+(?:number|no\.?)\s*:?\s*([0-9]{1,4}-[0-9]{3,7})")
_EXACT_NAME = re.compile(r"(?i)\(?\s*exact name of (?:the\s+)?registrant")
_LEGAL_SUFFIX = r"(?:Inc\.?|Incorporated|Corporation|Corp\.?|Company|Co\.|Limited|Ltd\.?|plc|PLC|P\.L\.C\.|N\.V\.|" \
                r"S\.A\.|SE|AG|Holdings|Group)"
_LEGAL_NAME = re.compile(rf"\b((?:[A-Z][\w&.’'-]*\s+){{0,5}}[A-Z][\w&.’'-]*,?\s+{_LEGAL_SUFFIX})(?=[\s,.)]|$)")
_SUFFIX_TAIL = re.compile(r"(?i)(?:,?\s+(?:inc\.?|incorporated|corporation|corp\.?|company|co\.?|limited|ltd\.?|plc|"
                          r"p\.l\.c\.|n\.v\.|s\.a\.|ag|se|llc|l\.p\.))+\s*$")

CURRENCIES = ("USD", "AUD", "CAD", "GBP", "EUR", "JPY", "CHF", "HKD", "NZD", "SGD", "CNY", "INR", "SEK", "NOK", "DKK")
# Explicit statements of the presentation currency, strongest evidence first.
_CURRENCY_WORDS = [
    ("AUD", r"australian dollars?|\bA\$|\bAUD\b"), ("CAD", r"canadian dollars?|\bC\$|\bCAD\b|\bCDN\$"),
    ("NZD", r"new zealand dollars?|\bNZ\$|\bNZD\b"), ("HKD", r"hong kong dollars?|\bHK\$|\bHKD\b"),
    ("SGD", r"singapore dollars?|\bS\$|\bSGD\b"), ("GBP", r"pounds? sterling|£|\bGBP\b"),
    ("EUR", r"\beuros?\b|€|\bEUR\b"), ("JPY", r"\byen\b|¥|\bJPY\b"), ("CHF", r"swiss francs?|\bCHF\b"),
    ("CNY", r"\brenminbi\b|\bRMB\b|\bCNY\b"), ("INR", r"\brupees?\b|₹|\bINR\b"),
    ("USD", r"u\.?s\.? dollars?|\bUS\$|\bUSD\b|united states dollars?"),
]
_PRESENTED_IN = re.compile(r"(?i)(?:(?:financial statements|figures|amounts) (?:are )?(?:presented|expressed)|presented|expressed)\s+in\s+(?:thousands\s+of\s+|"
                           r"millions\s+of\s+)?([^.;,\n]{2,40})|(?:presentation|reporting)\s+currency\s+(?:is|of)\s+"
                           r"(?:the\s+)?([^.;,\n]{2,40})|\(\s*(?:in\s+)?(?:thousands|millions|billions)\s+of\s+"
                           r"([^)\n]{2,40})\)")
_SYMBOL_SCALE = re.compile(r"(?i)(A\$|C\$|NZ\$|HK\$|US\$|S\$|£|€|¥|\$|CHF|RMB)\s?'?’?(000|m|mn|million|millions|bn|"
                           r"billion|billions|thousands?)(?![a-z])")
_SCALE_WORDS = re.compile(r"(?i)\(\s*[^()\n]{0,30}?\b(?:in\s+)?(millions|thousands|billions)\b|\bin\s+(millions|thousands|"
                          r"billions)\b|\b(millions|thousands|billions)\s+of\s+(?:u\.?s\.?\s+|australian\s+|canadian\s+)?"
                          r"(?:dollars|yen|euros?|pounds|francs)")
_PROSE = re.compile(r"(?i)\b(our|read|see|refer|conjunction|discussed|included|notes? to|in the|with the)\b")
_SYMBOL_CURRENCY = {"A$": "AUD", "C$": "CAD", "NZ$": "NZD", "HK$": "HKD", "US$": "USD", "S$": "SGD", "£": "GBP",
                    "€": "EUR", "¥": "JPY", "$": "USD", "CHF": "CHF", "RMB": "CNY"}
_SCALE_NORM = {"000": "thousands", "thousand": "thousands", "thousands": "thousands", "m": "millions",
               "mn": "millions", "million": "millions", "millions": "millions", "bn": "billions",
               "billion": "billions", "billions": "billions"}
_STATEMENT_HEAD = re.compile(r"(?i)(consolidated\s+)?(statements?\s+of\s+(consolidated\s+)?(income|operations|earnings|"
                             r"cash\s+flows?|financial\s+position|comprehensive\s+income|profit\s+or\s+loss)|"
                             r"balance\s+sheets?|income\s+statements?|cash\s+flow\s+statements?)")


@dataclass
class Identity:
    """What the document says it is. Empty fields were not found; `evidence` says where each found one came from."""
    company: str = ""                 # the short name analysts use ("Adobe", "Best Buy")
    legal_name: str = ""              # as printed ("ADOBE SYSTEMS INCORPORATED")
    aliases: tuple[str, ...] = ()
    tickers: tuple[str, ...] = ()
    file_number: str = ""             # SEC commission file number: the same registrant under any name
    doc_type: str = ""                # 10K | 10Q | 8K | 20F | 40F | EARNINGS | ANNUAL
    period_end: date | None = None
    fiscal_year: int | None = None    # the company's own label ("fiscal 2021" may end in March 2022)
    quarter: int | None = None
    fiscal_year_end: str = ""         # "MM-DD" of the fiscal year's end, when the period tells it
    currency: str = ""
    scale: str = ""                   # thousands | millions | billions
    evidence: dict[str, str] = field(default_factory=dict)

    @property
    def period(self) -> str:
        if self.fiscal_year is None:
            return ""
        return f"{self.fiscal_year}Q{self.quarter}" if self.quarter and self.doc_type != "10K" else str(self.fiscal_year)

    @property
    def fy_label(self) -> str:
        """'FY2021 (year ended 31 Mar 2022)' when the label is not the end date's year, else 'FY2022'."""
        if self.fiscal_year is None:
            return ""
        if self.period_end and self.period_end.year != self.fiscal_year and self.doc_type in ("10K", "ANNUAL", "20F", "40F"):
            return f"FY{self.fiscal_year} (year ended {self.period_end.day} {self.period_end:%b %Y})"
        return f"FY{self.fiscal_year}"


def parse_date(text: str) -> date | None:
    m = _DATE_RE.search(text or "")
    if not m:
        return None
    s = m.group(0).replace(",", " ").replace(".", " ")
    parts = s.split()
    try:
        if parts[0].isdigit() or parts[0][0].isdigit():
            day, mon, year = int(re.sub(r"\D", "", parts[0])), parts[1], int(parts[2])
        else:
            mon, day, year = parts[0], int(parts[1]), int(parts[2])
        month = next(v for k, v in _MONTHS.items() if k.startswith(mon.lower()[:3]))
        return date(year, month, day)
    except (ValueError, StopIteration, IndexError):
        return None


def _fy_from_end(end: date) -> int:
    """The fiscal year a period ending on `end` is labelled with when the document does not say: its calendar year,
    except a 52/53-week year that ends in the first days of January belongs to the year before."""
    return end.year - 1 if end.month == 1 and end.day <= 7 else end.year


def _month_end(d: date) -> str:
    """A fiscal year end as MM-DD, a 52/53-week end rounded to its nearest month end (Jan 28 -> 01-31)."""
    import calendar

    if d.day <= 7:
        m = d.month - 1 or 12
        return f"{m:02d}-{calendar.monthrange(2001, m)[1]:02d}"
    return f"{d.month:02d}-{calendar.monthrange(2001, d.month)[1]:02d}"


def _lines(text: str) -> list[str]:
    return [ln.strip() for ln in (text or "").splitlines()]


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
    return bool(re.search(r"[A-Za-z]", line)) and line[0].isalnum()


def _cover_name(text: str) -> tuple[str, str]:
    """The registrant's name on an SEC cover page, and which rule found it."""
    lines = _lines(text)
    for i, ln in enumerate(lines):
        if _EXACT_NAME.search(ln):
            before = _clean_name_line(_EXACT_NAME.split(ln)[0])
            if _looks_like_name(before):
                return before, "cover: line with (Exact name of registrant)"
            for j in range(i - 1, max(-1, i - 4), -1):
                cand = _clean_name_line(lines[j])
                if _looks_like_name(cand):
                    return cand, "cover: line above (Exact name of registrant)"
    for i, ln in enumerate(lines):
        if _FILE_NO.search(ln):
            for j in range(i + 1, min(len(lines), i + 3)):
                cand = _clean_name_line(lines[j])
                if _looks_like_name(cand) and (cand.isupper() or re.search(_LEGAL_SUFFIX + r"\s*$", cand)):
                    return cand, "cover: line below the commission file number"
    return "", ""


def _release_name(text: str) -> tuple[str, str, str]:
    """An earnings release's reporting company: '<Name> (NYSE: TICK) today reported ...' or '<Name> reports ...'."""
    m = re.search(r"([A-Z][\w&.,’' -]{1,60}?)\s*\((?:NYSE|NASDAQ|Nasdaq|ASX|LSE|TSX|TSE)\s*:\s*([A-Z][A-Z0-9.]{0,5})\)",
                  text[:4000])
    if m:
        name = re.split(r"\s[-–—]\s|\d{4}\s*[-–—]\s*", m.group(1))[-1].strip(" ,")
        return name, m.group(2), "release: name before (EXCHANGE: TICKER)"
    for ln in _lines(text)[:6]:
        h = re.match(r"([A-Z][\w&.’'-]*(?:\s+[A-Z][\w&.’'-]*){0,4})\s+(?:reports?|announces?|delivers?|posts?)\b", ln)
        if h:
            return h.group(1), "", "release: heading"
    return "", "", ""


def short_name(legal: str, body: str = "") -> str:
    """The name analysts use: legal suffixes and a leading 'The' dropped, '.com' dropped, and the shortest leading
    part of the name that the document itself uses on its own at least as often as the whole name
    ('Adobe Systems Incorporated' -> 'Adobe'; 'American Express Company' stays 'American Express')."""
    name = _SUFFIX_TAIL.sub("", legal.strip()).strip(" ,")
    name = re.sub(r"(?i)^the\s+", "", name)
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


def _doc_type(first: str, head: str) -> tuple[str, str]:
    m = _FORM.search(first[:3000])
    if m:
        return m.group(1).upper().replace("-", ""), f"cover: {m.group(0).strip()[:40]}"
    m = _ANNUAL_PURSUANT.search(first)
    if m:
        return {"annual": "10K", "quarterly": "10Q", "current": "8K"}[m.group(1).lower()], "cover: report pursuant"
    top = "\n".join(_lines(first)[:8])
    if _EARNINGS_HEAD.search(top):
        return "EARNINGS", "heading: reports ... results"
    if _ANNUAL_REPORT_TITLE.search(head):
        return "ANNUAL", "opening pages: annual report"
    m = _FORM_ANY.search(first[:1500])
    if m:
        return m.group(1).upper().replace("-", ""), "first page: form name"
    return "", ""


def _fiscal_label(head: str, end: date) -> tuple[int, str]:
    """The company's own label for the year ending `end`: stated next to the end date, else the most used
    'fiscal YYYY' among the two candidates when clearly dominant, else the end date's year."""
    for m in _FY_NEXT_TO_END.finditer(head):
        fy, d = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3)) if m.group(4) else (m.group(5), m.group(6))
        if parse_date(d) == end:
            return int(fy), f"stated: {m.group(0)[:60]}"
    default = _fy_from_end(end)
    counts = Counter(int(y) for y in _FISCAL_LABEL.findall(head) if int(y) in (end.year, end.year - 1))
    if counts:
        (top, n), *rest = counts.most_common()
        other = rest[0][1] if rest else 0
        if top != default and n >= 3 and n >= 2 * other:
            return top, f"'fiscal {top}' used {n} times"
    return default, "year of the period end"


def _tickers(text: str) -> tuple[str, ...]:
    out: list[str] = []
    for m in list(_TICKER_ROW.finditer(text)) + list(_TICKER_PAREN.finditer(text)):
        t = m.group(1)
        if t not in out and t not in {"NYSE", "LLC", "NONE", "THE", "USD"}:
            out.append(t)
    return tuple(out)


def _currency_scale(pages: Sequence[str], start: int) -> tuple[str, str, str]:
    """Currency and scale by vote over statement pages' headers (other pages only when no statement page says)."""
    stmt_cur, stmt_scale, any_cur, any_scale = Counter(), Counter(), Counter(), Counter()
    explicit = Counter()
    statements_seen = 0
    for i in range(start, len(pages)):
        text = pages[i] or ""
        head = "\n".join(_lines(text)[:14])
        is_stmt = any(len(ln) <= 90 and _STATEMENT_HEAD.search(ln) and not _PROSE.search(ln) for ln in _lines(head))
        cur, scale = Counter(), Counter()
        for m in _SYMBOL_SCALE.finditer(head):
            cur[_SYMBOL_CURRENCY[m.group(1).upper() if m.group(1).isalpha() else m.group(1)]] += 1
            scale[_SCALE_NORM[m.group(2).lower()]] += 1
        for m in _SCALE_WORDS.finditer(head):
            word = next(g for g in m.groups() if g).lower()
            scale[word] += 1
        for m in _PRESENTED_IN.finditer(text):
            phrase = next(g for g in m.groups() if g)
            for code, pat in _CURRENCY_WORDS:
                if re.search(pat, phrase, re.IGNORECASE):
                    explicit[code] += 1
                    break
        if not cur:
            for code, pat in _CURRENCY_WORDS:
                if re.search(pat, head, re.IGNORECASE):
                    cur[code] += 1
                    break
            else:
                if re.search(r"\$\s?\(?\d", text):
                    cur["USD"] += 1
        (stmt_cur if is_stmt else any_cur).update(cur)
        (stmt_scale if is_stmt else any_scale).update(scale)
        if is_stmt and scale:
            statements_seen += 1
            if statements_seen >= 4 and i > start + 20:
                break
    scale_votes = stmt_scale or any_scale
    cur_votes = explicit or stmt_cur or any_cur
    currency = cur_votes.most_common(1)[0][0] if cur_votes else ""
    scale = scale_votes.most_common(1)[0][0] if scale_votes else ""
    how = ("statement headers" if stmt_scale else "page headers") + (", stated presentation currency" if explicit else "")
    return currency, scale, how


def identify(pages: Sequence[str], *, head_pages: int = 30) -> Identity:
    """Read what the document is from its pages (a list, or any sequence that extracts pages lazily)."""
    n = len(pages)
    first = pages[0] if n else ""
    head = "\n".join(pages[i] or "" for i in range(min(n, head_pages)))
    cover = "\n".join(pages[i] or "" for i in range(min(n, 3)))
    idn = Identity()
    idn.doc_type, how = _doc_type(first, "\n".join(pages[i] or "" for i in range(min(n, 4))))
    if idn.doc_type:
        idn.evidence["doc_type"] = how

    # Company.
    legal, how = _cover_name(cover) if idn.doc_type in ("10K", "10Q", "8K", "20F", "40F") else ("", "")
    ticker = ""
    if not legal:
        legal, ticker, how = _release_name(first)
    if not legal:
        names = Counter(m.group(1).strip() for m in _LEGAL_NAME.finditer(head) if len(m.group(1)) <= 60
                        and not re.match(r"(?i)(the|our|this|each|such|a|an)\s", m.group(1)))
        if names:
            legal, how = names.most_common(1)[0][0], "most named legal entity on the opening pages"
    if legal:
        idn.legal_name = legal
        idn.company = short_name(legal, head)
        idn.aliases = aliases_for(legal, idn.company)
        idn.evidence["company"] = how
    idn.tickers = _tickers(cover) or ((ticker,) if ticker else ())
    m = _FILE_NO.search(cover)
    idn.file_number = m.group(1) if m else ""

    # Period.
    end, how = None, ""
    if idn.doc_type == "10Q":
        m = _QUARTER_ENDED.search(cover)
        end, how = (parse_date(m.group(1)), "cover: quarterly period ended") if m else (None, "")
    elif idn.doc_type == "8K":
        m = _REPORT_DATE.search(cover)
        end, how = (parse_date(m.group(1)), "cover: date of report") if m else (None, "")
    elif idn.doc_type != "EARNINGS":
        m = _YEAR_ENDED.search(cover) or _YEAR_ENDED.search(head)
        end, how = (parse_date(m.group(1)), f"'{m.group(0)[:50]}'") if m else (None, "")
    idn.period_end = end
    if idn.doc_type == "10Q" and end:
        months = [int({"three": 3, "six": 6, "nine": 9, "twelve": 12}.get(mm.group(1).lower(), mm.group(1) if
                  mm.group(1).isdigit() else 0)) for mm in _MONTHS_ENDED.finditer(head)
                  if mm.group(2) is None or parse_date(mm.group(2)) == end]
        months = [x for x in months if x in (3, 6, 9)]
        q = max(months) // 3 if months else None
        if q:
            total = end.month + (12 - 3 * q)
            fy_end_month, fy_end_year = (total - 1) % 12 + 1, end.year + (total - 1) // 12
            approx = date(fy_end_year, fy_end_month, min(end.day, 28))
            idn.quarter, idn.fiscal_year = q, _fy_from_end(approx)
            idn.fiscal_year_end = _month_end(approx)
            how += f"; {3 * q} months ended on the statements -> Q{q}"
        else:
            idn.fiscal_year = _fiscal_label(head, end)[0]
    elif idn.doc_type == "8K" and end:
        idn.fiscal_year = end.year
    elif end:
        idn.fiscal_year, fyhow = _fiscal_label(head, end)
        idn.fiscal_year_end = _month_end(end)
        how += f"; label: {fyhow}"
    if idn.fiscal_year is None:
        top = "\n".join(_lines(first)[:12])
        m = _FULL_YEAR_RESULTS.search(top) or _ANNUAL_REPORT_YEAR.search(head[:4000])
        if m:
            idn.fiscal_year = int(next(g for g in m.groups() if g))
            how = f"'{m.group(0)[:50]}'"
            if idn.doc_type == "EARNINGS":
                idn.quarter = 4
        else:
            q = _QUARTER_WORD.search(top)
            y = re.search(r"\b((?:19|20)\d{2})\b", top)
            if q and y:
                word = (q.group(1) or q.group(2) or "").lower()
                idn.quarter = {"first": 1, "1st": 1, "q1": 1, "1": 1, "second": 2, "2nd": 2, "q2": 2, "2": 2,
                               "third": 3, "3rd": 3, "q3": 3, "3": 3, "fourth": 4, "4th": 4, "q4": 4, "4": 4}.get(word)
                idn.fiscal_year, how = int(y.group(1)), f"heading: '{q.group(0)} ... {y.group(1)}'"
    if idn.fiscal_year is not None:
        idn.evidence["period"] = how

    idn.currency, idn.scale, how = _currency_scale(pages, 0)
    if idn.currency or idn.scale:
        idn.evidence["currency"] = how
    return idn
