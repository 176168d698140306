"""Analysts' shorthand in a question, spelled out before it is read: "PBT prior yr", "adj EBITDA", "freight rev ex
fuel surcharge", "total investments YE2033", "DEPS", "NPW", "divs", "consol". Each form is general financial
shorthand (a reviewer finds it in any analyst's notes), never a company's or a filing's own word; a word that is part
of a company the question names ("REV Group") is left as it is.
"""
from __future__ import annotations

import re
from pipeline.core import months

_FORMS = [
    (r"\byrs\b", "years"), (r"\byr\b", "year"),
    (r"\badj\b\.?", "adjusted"), (r"\bconsol\b\.?", "consolidated"),
    (r"\brev\b\.?", "revenue"), (r"\brevs\b", "revenues"), (r"\btop[- ]?line\b", "revenue"),
    (r"\bavg\b\.?", "average"), (r"\bprev\b\.?", "previous"),
    # "FX" for foreign exchange ("net FX loss", "FX result"; never "ex-FX", what a growth rate leaves out)
    (r"(?<!ex-)(?<![\w&])(?-i:FX)(?![\w&])", "foreign exchange"),
    (r"\bdivs\b", "dividends"), (r"\bdiv\b(?!-)", "dividend"), (r"\bopex\b", "operating expenses"),
    (r"\battrib\b\.?", "attributable"), (r"\bop\.?\s?cf\b|(?<![\w&])(?-i:OCF)(?![\w&])", "operating cash flow"),
    (r"\bexcl\b\.?", "excluding"), (r"\bex\b(?![-.])", "excluding"), (r"\bincl\b\.?", "including"),
    # "net debt ex-leases", "EBITDA ex-IFRS 16", "growth ex-FX": what a measure leaves out (never "ex-dividend",
    # "ex-factory", "ex-CEO": a share's date, a price's terms, a former holder)
    (r"\bex-(?=(?:leases?|ifrs|fuel|items|one-?offs?|exceptionals?|special|acquisitions?|disposals?|fx|currency|"
     r"restructuring|impairments?|goodwill|amorti[sz]ation|depreciation|nci|minorit(?:y|ies)|non-?controlling)\b)",
     "excluding "),
    (r"(?:(?<=\bfrom )|(?<=\bcontinuing )|(?<=\bdiscontinued ))ops\b", "operations"),   # "cash from ops", "continuing ops"
    (r"\bcont\.?\s+ops\b\.?", "continuing operations"), (r"\bdisc\.?\s+ops\b\.?", "discontinued operations"),
    # per-share and insurers' measures said by their initials
    (r"(?:(?<=\beps )|(?<=\beps, ))dil\b\.?|\bdil\b\.?(?=\s+eps\b)", "diluted"),     # "EPS dil", "dil. EPS"
    (r"\bdeps\b", "diluted EPS"), (r"\bbeps\b", "basic EPS"), (r"\bdps\b", "dividend per share"),
    (r"\bbvps\b", "book value per share"),
    # "GP" in capitals for gross profit (never a partnership's general partner: "GP interest", "GP units")
    (r"(?<![\w&])(?-i:GP)(?![\w&])(?!\s+(?:interests?|units?|distributions?|incentive|stake|partner))", "gross profit"),
    # "BPS" in capitals for book value per share, as Japanese and Korean reports print it (never "50 bps", basis points)
    (r"(?<![\d.\-])(?<![\d.]\s)\b(?-i:BPS)\b", "book value per share"),
    # "workers' comp" (never "comp sales", comparable sales)
    (r"(?:(?<=\bworkers' )|(?<=\bworkers’ )|(?<=\bworkers ))comp\b", "compensation"),
    # "NI" in capitals for net income where it opens the measure asked ("NI attributable to ...", "what was NI",
    # "X's NI", "adjusted NI"); never a place or a payroll tax ("revenue in NI", "(NI)", "employer NI", "NI Water")
    ("(?:^|" + "|".join(rf"(?<=\b{w} )" for w in ("was", "is", "were", "the", "of", "adjusted", "reported", "gaap",
                                                   "consolidated", "group", "total", "statutory", "'s", "’s")) +
     r")(?-i:NI)(?![\w)])(?!\s+(?-i:[A-Z][a-z])|['’]?\s*(?:contributions?|costs?|insurance)\b)", "net income"),
    # comprehensive income by its initials, in capitals as IFRS statements' readers write it ("TCI attributable to owners",
    # "FX loss in OCI")
    (r"(?<![\w&])(?-i:TCI)(?![\w&])", "total comprehensive income"), (r"(?<![\w&])(?-i:OCI)(?![\w&])", "other comprehensive income"),
    # "OP" in capitals for operating profit, as Korean and Japanese reports' readers write it (never a REIT's "OP units")
    (r"(?<![\w&/])(?-i:OP)(?![\w&/])(?!\s+(?:units?|unitholders?|partnership))", "operating profit"),
    # selling and administrative expenses; Malaysian profit after tax and minority interests (the owners' share)
    (r"(?<![\w&])s&a(?![\w&])", "selling and administrative"),
    (r"(?<![\w&])(?-i:PATAMI)(?![\w&])", "profit attributable to owners of the company"),
    # "interest pd", "divs pd", "tax pd": paid (never "PD", a bank's probability of default, in capitals)
    (r"(?:(?<=\binterest )|(?<=\bdividends )|(?<=\bdividend )|(?<=\btax )|(?<=\btaxes ))(?-i:pd)\b\.?", "paid"),
    # "LT debt", "ST borrowings": long- and short-term (only before what has a term: never "LT" alone)
    (r"\b(?-i:LT)(?=\s+(?:debt|borrowings?|loans?|liabilit(?:y|ies)|investments?|assets|provisions?|notes|leases?)\b)",
     "long-term"),
    (r"\b(?-i:ST)(?=\s+(?:debt|borrowings?|loans?|liabilit(?:y|ies)|investments?|provisions?|notes|leases?)\b)",
     "short-term"),
    (r"\bnpw\b", "net premiums written"), (r"\bgwp\b", "gross written premiums"), (r"\bnpe\b", "net premiums earned"),
    # a bank's measures by their initials, in capitals ("FHLB advances", "loans HFI", "NII", "NIM")
    (r"(?<![\w&])(?-i:FHLB)(?![\w&])", "Federal Home Loan Bank"), (r"(?<![\w&])(?-i:HFI)(?![\w&])", "held for investment"),
    (r"(?<![\w&])(?-i:HFS)(?![\w&])", "held for sale"), (r"(?<![\w&])(?-i:NII)(?![\w&])", "net interest income"),
    (r"(?<![\w&])(?-i:NIM)(?![\w&])", "net interest margin"),
    # headcount in full-time equivalents ("FTEs at year end", "FTE")
    (r"(?<![\w&(])(?-i:FTEs?)(?![\w&])(?!\s+(?:employees|staff|headcount|basis)\b)", "full-time equivalent employees")]
_COMPILED = [(re.compile(p, re.I), w) for p, w in _FORMS]
# the fiscal year by the month it ends, as Japanese reports write it: "FY3/37", "FY3/2037" (the year to March 2037)
_MONTH_FY = re.compile(r"(?i)\bFY\s?(0?[1-9]|1[0-2])/((?:19|20)\d{2}|\d{2})\b(?![/.\-]\d)")


def _year_ended(m: re.Match) -> str:
    """"FY3/37" -> "the year ended March 31, 2037": a balance date the company's own calendar names (`dated_years`)."""
    import calendar

    month, year = int(m.group(1)), int(m.group(2)) if len(m.group(2)) == 4 else 2000 + int(m.group(2))
    return f"the year ended {months.NAMES[month - 1].capitalize()} {calendar.monthrange(year, month)[1]}, {year}"
# a balance date written in numbers with a two-digit year ("12/31/96", "3/31/88", "31/12/96"): the day is the part over
# twelve, a month-end's (28 to 31); any other date ("6/15/29", a note's maturity) is left as written
_NUMERIC_DATE = re.compile(r"(?<![\d/.])(\d{1,2})/(\d{1,2})/(\d{2})(?![\d/])")


def _numeric_date(m: re.Match) -> str:
    a, b, yy = int(m.group(1)), int(m.group(2)), int(m.group(3))
    month, day = (a, b) if a <= 12 < b else (b, a) if b <= 12 < a else (None, None)
    if month is None or not 28 <= day <= 31:
        return m.group(0)
    return f"{months.NAMES[month - 1].capitalize()} {day}, {2000 + yy}"
# "F2098": a fiscal year as South African reports and analysts name it (a capital F before a four-digit year alone;
# never two digits, an aircraft's or a product's name: "F35", "F50")
_F_YEAR = re.compile(r"(?<![\w$£€¥.,/-])F((?:19|20)\d{2})(?![\w%.,/-])")
# "YE2033", "YE33", "YE 2033", "FYE33", "end-33": the year-end of that fiscal year
_YEAR_END = re.compile(r"(?i)\b(?:FYE|YE|end-)(?:((?:19|20)\d{2}|\d{2})|\s+((?:19|20)\d{2}))\b(?![/.\-]\d)")


# "Mar-22", "Dec-2021": a month and its year as analysts' spreadsheets write them (a hyphen between; never "March 22")
_MONTH_YEAR = re.compile(rf"(?i)(?<!ended )(?<!ending )(?<!through )(?<![\w-])({months.MON})-((?:19|20)\d{{2}}|\d{{2}})"
                         r"(?![\w-])(?!,?\s*(?:19|20)\d{2})")    # (never a day: "ended Sep-24", "Sep-24, 2022")


# "YE Mar-22", "YE March 2022": the year-end of that month
_YE_MONTH = re.compile(rf"(?i)\bYE\s+(?={months.MON}\s+(?:19|20)\d{{2}}\b)")


def _month_year(m: re.Match) -> str:
    y = m.group(2)
    month = months.number(m.group(1))
    return f"{months.NAMES[month - 1].capitalize()} {y if len(y) == 4 else '20' + y}" if month else m.group(0)


# "LTD" in capitals for long-term debt where a measure is asked: at the question's start or after a word that leads a
# measure ("current portion of LTD", "LTD FY93", "Acme's LTD", "total LTD", "FY2094 LTD"); anywhere else it is a
# company's legal form ("Taiwan Semiconductor Manufacturing Co., LTD", "infosys LTD")
_LTD = re.compile(r"(?<![\w&.])(?-i:LTD)(?![\w&.])")
_BEFORE_A_MEASURE = re.compile(r"(?i)(?:^|\b(?:of|the|its|their|our|total|net|current|gross|what|was|is|were|and|vs|"
                               r"FY\s?\d{2,4}|\d{4})|['’]s?)\s*$")


def _long_term_debt(text: str, keep: set[str]) -> str:
    def one(m: re.Match) -> str:
        measure = "ltd" not in keep and _BEFORE_A_MEASURE.search(text[:m.start()])
        return "long-term debt" if measure else m.group(0)
    return _LTD.sub(one, text)


def spell(text: str, keep: set[str] | None = None) -> str:
    """`text` with the shorthand spelled out; `keep`: lower-cased words of the companies it names."""
    keep = keep or set()
    def year_end(m: re.Match) -> str:
        y = m.group(1) or m.group(2)
        return f"year-end {y if len(y) == 4 else 'FY' + y}"
    out = _F_YEAR.sub(lambda m: m.group(0) if m.group(0).lower() in keep else f"FY{m.group(1)}", text)
    out = _YEAR_END.sub(year_end, _MONTH_FY.sub(_year_ended, _NUMERIC_DATE.sub(_numeric_date, out)))
    out = _YE_MONTH.sub("year-end ", _MONTH_YEAR.sub(_month_year, out))
    out = _long_term_debt(out, keep)
    for pattern, word in _COMPILED:
        out = pattern.sub(lambda m: m.group(0) if m.group(0).lower().rstrip(".") in keep else word, out)
    return out
