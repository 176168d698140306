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
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Sequence

from ingest.page_lines import line_with, page_with, stripped_lines
from ingest.registrant import EXACT_NAME, FILE_NO, aliases_for, cover_name, release_name, short_name, tickers
from pipeline.core import months
from pipeline.core.currencies import DOLLAR_SIGNED, SAYS_INDIAN_RUPEE

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
# ("FY 2034-35", "fiscal 2034/35": a year split over two calendar years is named by its end, never by its start)
_FISCAL_LABEL = re.compile(r"(?i)\b(?:fiscal(?:\s+year)?\s+|FY\s?)((?:19|20)\d{2})\b(?!\s*[-–/]\s*\d{2}\b)")
_SPLIT_LABEL = re.compile(r"(?i)\b(?:fiscal(?:\s+year)?\s+|FY\s?)(?:19|20)\d{2}\s*[-–/]\s*((?:19|20)?\d{2})\b")
_FY_NEXT_TO_END = re.compile(
    rf"(?i)\b(?:fiscal(?:\s+year)?\s+|FY\s?)((?:19|20)\d{{2}})\s*\(\s*(?:the\s+)?(?:fiscal\s+)?(?:year|period)?\s*"
    rf"(?:ended|ending)\s+({_DATE})|(?:year|period)\s+ended\s+({_DATE})\s*\(\s*(?:fiscal(?:\s+year)?\s+|FY\s?)"
    rf"((?:19|20)\d{{2}})\s*\)|(?:fiscal(?:\s+year)?\s+|FY\s?)((?:19|20)\d{{2}}),?\s+(?:which\s+)?ended\s+({_DATE})")
_ANNUAL_REPORT_TITLE = re.compile(r"(?i)\b(annual report(?: and accounts)?|integrated report|annual financial report)"
                                  r"\s*(?:(?:19|20)\d{2}(?:\s*[/–-]\s*\d{2,4})?)?")
# ("Annual Report 2096/97": a split year names the year it ends in last)
_ANNUAL_REPORT_YEAR = re.compile(r"(?i)\b(?:annual report(?: and accounts)?|integrated report)\s+((?:19|20)\d{2})"
                                 r"(?:\s?[/-]\s?(?P<end>\d{2}|(?:19|20)\d{2})\b)?|((?:19|20)\d{2})\s+annual report")
_EARNINGS_HEAD = re.compile(
    r"(?i)\b(reports?|reported|announces?|announced|delivers?|posts?)\b[^\n]{0,80}?\b(results|earnings)\b")
_QUARTER_WORD = re.compile(r"(?i)\b(first|second|third|fourth|1st|2nd|3rd|4th|Q[1-4])[\s-]*quarter\b|\bQ([1-4])\b")
_FULL_YEAR_RESULTS = re.compile(r"(?i)\b(?:fiscal(?:\s+year)?|full[\s-]year)\s+((?:19|20)\d{2})\s+(?:results|earnings)")

@dataclass
class Identity:
    """What the document says it is. Empty fields were not found; `evidence` says where each found one came from."""
    company: str = ""                 # the short name analysts use ("Acme", "Global Express")
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
    # per field (company, doc_type, period, currency, scale): {"how", "page" (1-based or None), "line"}
    sources: dict[str, dict] = field(default_factory=dict)
    confidence: dict[str, str] = field(default_factory=dict)     # per field: high | medium | low
    flags: tuple[str, ...] = ()                                  # what the user should check or name
    statement_units: tuple = ()                                  # statement_units.StatementUnits per statement page

    def note(self, field_: str, how: str, confidence: str, page: int | None = None, line: str = "") -> None:
        """Record where a field was read and how sure the reading is."""
        self.evidence[field_] = how + (f" (p. {page}: '{line[:80]}')" if page else "")
        self.sources[field_] = {"how": how, "page": page, "line": line[:160]}
        self.confidence[field_] = confidence

    def record(self) -> dict:
        """What is stored with the document (documents.identity): evidence, confidence, flags, statement units."""
        return {"sources": self.sources, "confidence": self.confidence, "flags": list(self.flags),
                "legal_name": self.legal_name,
                "statement_units": [u.as_dict() for u in self.statement_units]}

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
        month = months.number(mon)
        return date(year, month, day) if month else None
    except (ValueError, IndexError):
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


def _doc_type(first: str, head: str) -> tuple[str, str]:
    m = _FORM.search(first[:3000])
    if m:
        return m.group(1).upper().replace("-", ""), f"cover: {m.group(0).strip()[:40]}"
    m = _ANNUAL_PURSUANT.search(first)
    if m:
        return {"annual": "10K", "quarterly": "10Q", "current": "8K"}[m.group(1).lower()], "cover: report pursuant"
    top = "\n".join(stripped_lines(first)[:8])
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
    named = [int(y) for y in _FISCAL_LABEL.findall(head)] + [2000 + int(y[-2:]) for y in _SPLIT_LABEL.findall(head)]
    counts = Counter(y for y in named if y in (end.year, end.year - 1))
    if counts:
        (top, n), *rest = counts.most_common()
        other = rest[0][1] if rest else 0
        if top != default and n >= 3 and n >= 2 * other:
            return top, f"'fiscal {top}' used {n} times"
    return default, "year of the period end"


def _sec_cover_page(pages: Sequence[str], limit: int = 12) -> int | None:
    """The page of an SEC cover (a 10-K bound inside an annual report starts after the glossy pages)."""
    for i in range(min(len(pages), limit)):
        t = pages[i] or ""
        if EXACT_NAME.search(t) and (_FORM_ANY.search(t) or _ANNUAL_PURSUANT.search(t)):
            return i
    return None


_STATEMENT_PERIOD = re.compile(rf"(?i)\b(?:for\s+the\s+)?(?:(?:financial|fiscal)\s+)?(?:year|52\s+weeks|53\s+weeks|"
                               rf"twelve\s+months|12\s+months|period)s?\s+ended\s*:?\s*({_DATE})")
_AS_AT = re.compile(rf"(?i)\b(?:as\s+(?:at|of)|at)\s+({_DATE})")
_FY_RANGE = re.compile(rf"(?i)\b(?:fiscal(?:\s+year)?\s+|FY\s?)((?:19|20)\d{{2}})\s*\(\s*(?:from\s+)?({_DATE})\s*"
                       rf"(?:[–—-]|to|through)\s*({_DATE})\s*\)")


def _statement_period(pages: Sequence[str], readings) -> tuple[date | None, int | None, str]:
    """The period end the statements' own headings print most ('for the year ended 30 June 2022', '52 weeks ended',
    a balance sheet 'as at 31 March 2022'): (end, page, line)."""
    votes: Counter = Counter()
    where: dict[date, tuple[int, str]] = {}
    for r in readings:
        if r.statement == "table":
            continue
        head = stripped_lines(pages[r.page - 1])[:14]
        for ln in head:
            found = list(_STATEMENT_PERIOD.finditer(ln)) or (list(_AS_AT.finditer(ln)) if r.statement == "balance"
                                                              else [])
            if found:
                dates = []
                for m in found:     # (a heading per column, the prior year's first: "As of March 31, 2035 As of ...")
                    d = parse_date(m.group(1))
                    later = re.match(r"\s*(?:and|&)\s+((?:19|20)\d{2})\b", ln[m.end():])
                    if d and later and int(later.group(1)) > d.year:     # "As of March 31, 2036 and 2037": oldest first
                        d = d.replace(year=int(later.group(1)))
                    if d:
                        dates.append(d)
                # (each column's own date, one year apart: the latest; a different date on the line is a note)
                d = max(dates) if len({(x.month, x.day) for x in dates}) == 1 else (dates[0] if dates else None)
                if d:
                    votes[d] += 1
                    where.setdefault(d, (r.page, ln))
                break
    if not votes:
        return None, None, ""
    # the latest of the dates printed (a comparative year is printed beside the current one)
    top = max(votes, key=lambda d: (votes[d] >= max(votes.values()) / 2, d))
    return top, *where[top]


def identify(pages: Sequence[str], *, head_pages: int = 30) -> Identity:
    """Read what the document is from its pages (a list, or any sequence that extracts pages lazily)."""
    from ingest import entity as entities
    from ingest import statement_units as su

    n = len(pages)
    first = pages[0] if n else ""
    head = "\n".join(pages[i] or "" for i in range(min(n, head_pages)))
    cover_at = _sec_cover_page(pages)
    c0 = cover_at or 0
    cover = "\n".join(pages[i] or "" for i in range(c0, min(n, c0 + 3)))
    idn = Identity()
    flags: list[str] = []
    if cover_at:   # an SEC form bound after other pages: its cover says what it is
        idn.doc_type, how = _doc_type(pages[cover_at] or "", cover)
        if idn.doc_type not in ("10K", "20F", "40F"):
            idn.doc_type, how = _doc_type(first, "\n".join(pages[i] or "" for i in range(min(n, 4))))
    else:
        idn.doc_type, how = _doc_type(first, "\n".join(pages[i] or "" for i in range(min(n, 4))))
    if not idn.doc_type and re.search(r"(?i)\b(?:consolidated\s+)?financial\s+statements\b|\breport\s+and\s+(?:financial\s+"
                                      r"statements|accounts)\b", "\n".join(stripped_lines(first)[:12])):
        idn.doc_type, how = "ANNUAL", "first page: financial statements"
    if idn.doc_type:
        idn.note("doc_type", how, "high" if how.startswith("cover") else "medium", c0 + 1 if how.startswith("cover")
                 else 1)

    # Company: an SEC cover's registrant; else where the report names itself; else an earnings release's heading.
    legal, how, conf, page, line = "", "", "", None, ""
    ticker = ""
    # An SEC form, or any page printing "(Exact name of registrant ...)": the registrant line names the company
    if idn.doc_type in ("10K", "10Q", "8K", "20F", "40F") or cover_at is not None or EXACT_NAME.search(cover):
        legal, how = cover_name(cover)
        if legal and not entities.plausible(legal) and not re.search(r"[A-Za-z]{3}", legal):
            legal = ""
        if legal:
            conf, page = "high", c0 + 1
            page, line = page_with(pages, legal, c0 + 3)
    short_hint = ""
    if not legal and idn.doc_type == "EARNINGS":
        legal, ticker, how = release_name(first)
        conf, page, line = ("medium", 1, line_with(first, legal)) if legal else ("", None, "")
    if not legal:
        ent = entities.reporting_entity(pages)
        if ent:
            legal, how, conf, page, line, short_hint = ent.legal_name, ent.how, ent.confidence, ent.page, ent.line, \
                ent.short
    if not legal and idn.doc_type != "EARNINGS":
        legal, ticker, how = release_name(first)
        conf, page, line = ("low", 1, line_with(first, legal)) if legal else ("", None, "")
    if legal:
        idn.legal_name = legal
        idn.company = short_name(legal, head)
        if short_hint and entities.key(short_hint) and entities.key(legal).startswith(entities.key(short_hint)):
            idn.company = short_hint       # the report's own defined short name ("Jefferies")
        idn.aliases = aliases_for(legal, idn.company)
        idn.note("company", how, conf or "low", page, line)
        if conf == "low":
            flags.append(f"company read with low confidence ({legal}): check it")
    else:
        flags.append("company not detected: name it")
    idn.tickers = tickers(cover) or ((ticker,) if ticker else ())
    m = FILE_NO.search(cover)
    idn.file_number = m.group(1) if m else ""

    # Currency and scale, per statement page.
    readings = su.read(pages) or su.opening_units(pages)
    stated, st_page, st_line = su.stated_currency(pages)
    country, co_page, co_line = su.dollar_country(pages)
    dollar = stated if stated in DOLLAR_SIGNED else (country or "USD")
    readings = su.resolve(readings, dollar, stated)
    currency, scale, ev = su.document_units(readings)
    if stated and currency in ("", *DOLLAR_SIGNED) and (stated in DOLLAR_SIGNED or not currency):
        currency = stated if stated in DOLLAR_SIGNED or not currency else currency
    if not scale and any(r.statement != "table" for r in readings) or (not scale and stated):
        scale = "units" if any(r.statement != "table" for r in readings) else ""
    if not currency and idn.doc_type in ("10K", "10Q", "8K", "EARNINGS") and \
            any(re.search(r"\$\s?\(?\d", pages[i] or "") for i in range(min(n, 5))):
        currency, ev = dollar, None     # an SEC filing without statements (an 8-K): its "$" amounts
    if currency in ("INR", "") and not (ev is not None and SAYS_INDIAN_RUPEE.search(ev.line)) and \
            (rupee := su.rupee_country(pages)) and (currency or any(r.currency == "INR" for r in readings)):
        # a bare "Rupees" in a Pakistani (Sri Lankan, Nepalese, Mauritian) report: its own, on every page saying so
        currency = rupee
        readings = [replace(r, currency=rupee) if r.currency == "INR" and not SAYS_INDIAN_RUPEE.search(r.line) else r
                    for r in readings]
    idn.statement_units = tuple(readings)
    idn.currency, idn.scale = currency, scale
    if currency:
        if stated and currency == stated:
            idn.note("currency", "stated presentation currency", "high", st_page, st_line)
        elif ev is not None:
            bare = ev.line and not re.search(r"[A-Z]{1,3}\$|£|€|¥|[A-Z]{3}", ev.line)
            how_c = "statement header" + (f"; '$' read as {dollar} from the listing ({co_line})" if bare and
                                           country and dollar == country else "")
            idn.note("currency", how_c, "medium" if bare else "high", ev.page, ev.line)
        else:
            idn.note("currency", "page headers", "low")
    if scale:
        agree = [r for r in readings if r.scale == scale and r.statement != "table"]
        idn.note("scale", f"statement headers ({len(agree)} statement pages agree)" if ev else "no scale printed on "
                 "the statements: whole units", "high" if len(agree) >= 2 else "medium" if ev else "low",
                 ev.page if ev else None, ev.line if ev else "")
    mixed = {r.scale for r in readings if r.statement != "table" and r.scale}
    if len(mixed) > 1:
        flags.append("statements print different scales (" + ", ".join(sorted(mixed)) + "): each is read per page")

    # Period.
    end, how, page, line, conf = None, "", None, "", ""
    if idn.doc_type == "10Q":
        m = _QUARTER_ENDED.search(cover)
        end, how = (parse_date(m.group(1)), "cover: quarterly period ended") if m else (None, "")
    elif idn.doc_type == "8K":
        m = _REPORT_DATE.search(cover)
        end, how = (parse_date(m.group(1)), "cover: date of report") if m else (None, "")
    elif idn.doc_type != "EARNINGS":
        m = _YEAR_ENDED.search(cover) if (cover_at is not None or idn.doc_type in ("10K", "20F", "40F")) else None
        if m:
            end, how, conf = parse_date(m.group(1)), f"cover: '{m.group(0)[:50]}'", "high"
        else:
            s_end, s_page, s_line = _statement_period(pages, readings)
            r = _FY_RANGE.search(head)
            m = _YEAR_ENDED.search(cover) or _YEAR_ENDED.search(head)
            if s_end:
                end, how, page, line, conf = s_end, "statement headings", s_page, s_line, "high"
            elif r and parse_date(r.group(3)):
                end, how, conf = parse_date(r.group(3)), f"'{r.group(0)[:60]}'", "medium"
            elif m:
                end, how, conf = parse_date(m.group(1)), f"opening pages: '{m.group(0)[:50]}'", "medium"
    if end and not page:
        page, line = page_with(pages, line or "", 0)
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
        r = _FY_RANGE.search(head)
        if r and parse_date(r.group(3)) == end:
            idn.fiscal_year, fyhow = int(r.group(1)), f"stated: {r.group(0)[:60]}"
        idn.fiscal_year_end = _month_end(end)
        how += f"; label: {fyhow}"
    if idn.fiscal_year is None:
        top = "\n".join(stripped_lines(first)[:12])
        m = _FULL_YEAR_RESULTS.search(top) or _ANNUAL_REPORT_YEAR.search(head[:4000])
        if m:
            idn.fiscal_year = int(next(g for g in m.groups() if g))
            if m.re is _ANNUAL_REPORT_YEAR and m.group("end") and int(m.group("end")[-2:]) == (idn.fiscal_year + 1) % 100:
                idn.fiscal_year += 1
            how, conf = f"'{m.group(0)[:50]}'", "low"
            if idn.doc_type == "EARNINGS":
                idn.quarter, conf = 4, "medium"
        else:
            q = _QUARTER_WORD.search(top)
            y = re.search(r"\b((?:19|20)\d{2})\b", top)
            if q and y:
                word = (q.group(1) or q.group(2) or "").lower()
                idn.quarter = {"first": 1, "1st": 1, "q1": 1, "1": 1, "second": 2, "2nd": 2, "q2": 2, "2": 2,
                               "third": 3, "3rd": 3, "q3": 3, "3": 3, "fourth": 4, "4th": 4, "q4": 4, "4": 4}.get(word)
                idn.fiscal_year, how, conf = int(y.group(1)), f"heading: '{q.group(0)} ... {y.group(1)}'", "medium"
    if idn.fiscal_year is not None:
        idn.note("period", how, conf or "medium", page, line)
    else:
        flags.append("fiscal year not detected: name it")
    if idn.doc_type == "" :
        flags.append("document type not detected: read as an annual report")
    idn.flags = tuple(flags)
    return idn
