"""A fact's kind: money, a count, a percentage or a per-share figure, read from its row's words and its cell."""
from __future__ import annotations

import re

from pipeline.question.ask_words import DELIVERED_THINGS
from pipeline.question.units import without_stated_rate
from pipeline.reading.cells import parse_number
from pipeline.reading.page_table import Row

# (a partnership's units are its shares: "Net income per common unit", "Distributions per limited partner unit")
_PER_SHARE = re.compile(r"(?i)per (?:common |ordinary |diluted |basic |limited partner(?:ship)? )?(?:share|unit)\b|\beps\b|"
                        r"per ads\b|earnings per|dividends? per|distributions? per")
# an earnings-per-share note's numerator and denominator under its "Basic earnings per share" heading: an amount
# ("Net income attributable to common shareholders 11,030") and a count ("Weighted average number of common shares");
# printed as a figure per share ("Net income attributable to the Company 4.53" under "Diluted Earnings Per Common Share")
# it is the per-share figure
_AMOUNT_IN_EPS_NOTE = re.compile(r"(?i)\s*(?:(?:net\s+)?(?:income|profit|earnings|loss)\b.*\b(?:attributable|available)\b|"
                                 r"(?:weighted\s+)?average\s+number\b|weighted[- ]average\s+(?:common\s+|ordinary\s+)?shares\b)")


def _amount_in_eps_note(label: str, v) -> bool:
    """The row under a per-share heading is the note's numerator or denominator, not a figure per share."""
    return bool(_AMOUNT_IN_EPS_NOTE.match(label)) and not _PER_SHARE.search(label) and (v is None or abs(v) >= 10000)


_PERCENT = re.compile(r"(?i)%|\bpercent|\bmargin\b|\brate\b|\bratio\b|\byield\b|\breturn on\b")
_COUNT = re.compile(r"(?i)\bshares\b|\bnumber of\b|\bemployees\b|\bheadcount\b|\bstores\b|\bcustomers\b|"
                    r"\bsubscribers\b|\bunits\b|\bdeliveries\b|\blocations\b|\bstaff numbers?\b|"
                    r"\bfull[- ]time equivalents?\s*(\(ftes?\))?$|\bpersons employed\b|"
                    # the people counted ("Personnel at end of period", "Number of personnel", "Personnel (FTE)");
                    # a bare "Personnel" is an expense line by nature
                    r"\bpersonnel\s+(?:at|as\s+of)\s+(?:the\s+)?(?:end|year|period|\d)|\bpersonnel\s*\((?:fte|"
                    r"headcount|persons|number)|\baverage\s+(?:number\s+of\s+)?personnel\b|"
                    # (the word order of key-figure tables: "Personnel, average", "Personnel, end of period")
                    r"^personnel,\s*(?:average|at\s+(?:the\s+)?end|end\s+of)\b")

_FLOW = re.compile(r"(?i)^(proceeds|payments?|purchases?|repurchases?|(net )?cash|dividends?|issuance|settlement|"
                   r"contributions?|compensation|costs?|expenses?)\b")

# an amount about the counted ("Revenue from contracts with customers", "Loans to employees") is money
_MONEY_NOUN = re.compile(r"(?i)^(total )?(net )?(trade |other )?(revenues?|income|sales|receivables?|payables?|loans?|"
                         r"deposits?|fees?|amounts? (due|owed)|advances?|receipts?|due (to|from)|provisions?)\b")
# a label naming an amount beside the counted thing ("Stores & Online segment operating income", "Capital
# expenditures - Stores & Online"): the counted thing says whose amount it is (never with "number of")
_MONEY_HEAD = re.compile(r"(?i)^(?!.*\bnumber\s+of\b)(?!.*\b(?:with|generating|contributing|earning|having|above|over|"
                         r"exceeding)\b).*\b(?:revenues?|income|sales|profit|earnings|ebitda|ebit|expenses?|"
                         r"costs?|expenditures?|capex)\s*(?:\([^()]*\)\s*)?(?:$|\s[-–]\s)")     # (its head noun: last, or
#                                                           before a dash and whose: "... - Stores & Online")
# a heading naming revenue over its rows ("Operating revenue:" over "External customers", "Intersegment"): they are money
_REVENUE_HEADING = re.compile(r"(?i)\b(revenues?|sales|turnover)\W*$")
_COUNTED = re.compile(r"(?i)\bnumber\b|\bat\s+(?:the\s+)?(?:end|year)|\bemployees\b|\bheadcount\b|\bstores\b")
# a heading whose rows count people or things delivered ("Average number of employees", "Homes delivered:", "Aircraft
# deliveries")
_COUNTING_HEADING = re.compile(r"(?i)\s*(?:(?:average\s+)?number\s+of\s+(?:employees|staff|persons|personnel|people)\b|"
                               rf"[a-z ]*\b(?:{DELIVERED_THINGS}\s+delivered|deliveries)\s*:?\s*$)")
# (a row naming an amount under such a heading, "Home sales revenue $ 1,184,615", is money)
_MONEY_WORD = re.compile(r"(?i)\b(?:revenues?|sales|income|price|prices|value|amount|margin|profit|costs?)\b")
# a row that says it is a count ("Average number of employees", "Headcount at year end", "Employees (FTE)"), which
# a heading naming an amount ("EMPLOYEE COST" over "Employees 14,200" / "Senior management 92,040") does not make money
_SAYS_COUNTED = re.compile(r"(?i)\bnumber\b|\bheadcount\b|\bftes?\b|\bfull[- ]time\b|\bat\s+(?:the\s+)?(?:end|year)|\bas\s+(?:at|of)\b")
# money owed to or spent on the counted ("Employees and payroll accruals", "Staff costs", "Employee benefit
# liabilities", "Customers' deposits"): an amount, never a count
_MONEY_ABOUT = re.compile(r"(?i)\b(accru\w*|benefits?|compensation|costs?|expenses?|salar(?:y|ies)|wages|liabilit\w*|"
                          r"obligations?|provisions?|payables?|loans?|advances?|bonus\w*|pensions?|remuneration|deposits?|"
                          r"balances?|profit[- ]shar\w*)\b")     # ("Employees' profit share": their share of profit)
# A primary statement's row counts only when it says so ("Receipts from customers", "Due to customers", "Sale of
# stores" are money; a balance sheet's "Ordinary shares" is share capital); an income statement counts shares
_PEOPLE = r"|^([\w-]+ ){0,2}employees\b(?!['’])|\bheadcount\b"      # "Worldwide employees", not "employees' benefits"
_SHARES_COUNTED = r"|\bshares\b.*\b(authori[sz]ed|outstanding|issued|held|at (the )?(year|period)[- ]end)\b|" \
                  r"\b(authori[sz]ed|outstanding|issued)\b.*\bshares\b"   # "Outstanding shares", not "Ordinary shares"
_STATEMENT_COUNT = {"balance": re.compile(r"(?i)\bnumber of\b|\bweighted\b" + _SHARES_COUNTED + _PEOPLE),
                    "income": re.compile(r"(?i)\bnumber of\b|\bweighted\b|\bshares\b" + _PEOPLE)}
_STATEMENT_COUNT["cash_flow"] = _STATEMENT_COUNT["balance"]

# "Effect of exchange rate changes on cash", "Interest rate swap contracts": a rate naming what an amount is about,
# not a rate the row reports ("Weighted average interest rate" ends with it)
_RATE_OF = re.compile(r"(?i)\b(exchange|interest|currency)[- ]rates?\b(?=\s*\S)")
# an equity line that states its share counts ("Treasury stock, at cost; 38,210 and 36,713 shares", "Class B — 1,227
# and 1,266 shares outstanding", "(2 and 2 million shares, respectively)"): the amount is money, the counts are words
# a heading naming a count of shares, whatever it is counted for ("Weighted-average common shares outstanding for
# earnings per share", "Number of shares used in computing per share amounts"): its "Basic" and "Diluted" rows count
_SHARE_COUNT_HEADING = re.compile(r"(?i)^(?:(?:weighted[- ]average|average)\s+(?:number\s+of\s+)?|number\s+of\s+)"
                                  r"(?:(?:common|ordinary|outstanding|equity)\s+)*(?:shares|units)\b|"
                                  r"^(?:common\s+|ordinary\s+)?shares\s+(?:outstanding|used)\b")
# (a heading naming a per-share measure beside the count: "Weighted-average shares outstanding and net income per
# share:" heads both kinds of rows)
_AND_PER_SHARE = re.compile(r"(?i)\b(?:and|&)\s+(?:basic\s+|diluted\s+)?(?:net\s+)?(?:income|earnings|loss|profit)"
                            r"(?:\s*\(loss\))?\s+per\b")
# (a figure printed as a per-share amount is, whatever the heading: "0.69", "(1.25)" under a shares heading)
_CENTS_LIKE = re.compile(r"\(?-?\$?\s?\d{1,2}\.\d{2}\)?")
_BASIS_ROW = re.compile(r"(?i)(?:basic|diluted)\b(?:\s+(?:and\s+diluted|weighted[- ]average))?[^0-9]*")
_STATES_COUNTS = re.compile(r"(?i)\d[\d,.]*\s+(and\s+\d[\d,.]*\s+)?(million\s+|thousand\s+)?shares\b")
# a cash-flow statement's share transactions are cash: "Shares repurchased for tax withholdings (115)"
_SHARE_FLOW = re.compile(r"(?i)^(?!number of).*\bshares?\b.*\b(repurchased|purchased|issued|withheld|withholdings?|"
                         r"redeemed|bought back|sold)\b")
_IN_YEARS = re.compile(r"(?i)\(in years\)|\bin years\b")     # "Weighted-average remaining lease term (in years)"

# "Common shares, par value $1 per share, authorized ...": a par value names the shares, the rows are money
_PAR_VALUE = re.compile(r"(?i)\bpar value\b[^;]*?\bper (?:common |ordinary )?share\b|\$?\d[\d.]*\s+par value per share")


# ("(times)", "(x)", "(times headline earnings)"; never a sum of roman-numbered lines, "(X-XI)", "(IX+XII)")
_TIMES = re.compile(r"(?i)\(\s*(?:times|x)\b(?!\s*[-+–]\s*[ivxlc]+\b)[^)]*\)|\btimes\s*$|\b(?:dividend|interest|fixed[- ]charges?)\s+cover\b")


# the things a row counts, named in brackets after its label ("(homes)", "(units)", "(vessels)"; never "(tonnes)" or
# another physical unit, a quantity)
_COUNTED_IN_BRACKETS = re.compile(rf"(?i)\((?:number\s+of\s+)?(?!tonnes|tons|ounces|barrels){DELIVERED_THINGS}\)\s*$")
# a row that opens with the shares it counts, whatever per-share figure it is used for
_SHARES_FIRST = re.compile(r"(?i)\s*(?:weighted[- ]average\s+(?:number\s+of\s+)?(?:common\s+|ordinary\s+)?shares|"
                           r"(?:common\s+)?shares\s+used\s+in\b)")


def kind_of(row: Row, value: str, title: str, statement: str | None = None) -> str:
    text = " ".join([*row.path, row.label])
    if not re.match(r"(?i)\s*par value", row.label):     # ("Par value per share $0.01" is the per-share figure)
        text = without_stated_rate(_PAR_VALUE.sub(" ", text))
    if value.strip("()").endswith("%"):
        return "percent"    # a figure printed with its % sign, whatever its row ("Underlying EPS CAGR (50%)")
    v = parse_number(value)
    if _TIMES.search(row.label):
        return "multiple"   # "Dividend cover (times headline earnings)", "Interest cover (x)": a ratio, no amount
    if _BASIS_ROW.fullmatch(row.label) and row.path and _SHARE_COUNT_HEADING.search(row.path[-1]) and \
            not _CENTS_LIKE.fullmatch(value.strip()) \
            and not _STATES_COUNTS.search(row.path[-1]) and not _PER_SHARE.search(row.label) \
            and not _AND_PER_SHARE.search(row.path[-1]):
        return "count"      # "Weighted-average common shares outstanding for earnings per share" / "Diluted 577.9"
    if _COUNTED_IN_BRACKETS.search(row.label) and "$" not in value and "." not in value:
        return "count"      # "Backlog at year end (homes) 3,412", "Deliveries (units)": the things counted, said
    if _SHARES_FIRST.match(row.label) and "$" not in value and not _CENTS_LIKE.fullmatch(value.strip()):
        return "count"      # "Weighted-average shares used in computing net loss per share ...": the denominator
    if _PER_SHARE.search(text) and not _amount_in_eps_note(row.label, v) and not _amount_under_heading(row, value, v) \
            or (re.fullmatch(r"(?i)(basic|diluted)\b.*", row.label)
                                   and any(re.search(r"(?i)per share|earnings per", p) for p in row.path)):
        return "per_share"
    if _IN_YEARS.search(" ".join([*row.path[-1:], row.label])) and "$" not in value and v is not None and abs(v) < 100:
        return "count"      # a term or an age in years: neither money nor a percentage
    # "Weighted-average common shares outstanding" over "Basic" / "Diluted" rows: the heading names the count
    if re.fullmatch(r"(?i)(basic|diluted)\b.*", row.label) and row.path and \
            re.search(r"(?i)\b(shares|units)\b", row.path[-1]) and not _STATES_COUNTS.search(row.path[-1]) and "$" not in value:
        return "count"
    if _PERCENT.search(_RATE_OF.sub(" ", row.label)):
        v = parse_number(value)
        if "$" in value or "," in value or (v is not None and abs(v) > 100):
            return "money"     # "Gross margin 3,531": an amount the filer calls a margin, not a percentage
        return "percent"
    # (a label printed in two languages, "Pagos a empleados / Payments to employees": each half says what it is)
    halves = [h.strip() for h in row.label.split(" / ")] if " / " in row.label else [row.label]
    if _COUNT.search(row.label) and not any(_FLOW.search(h) or _MONEY_NOUN.search(h) or _MONEY_HEAD.search(h)
                                            for h in halves) \
            and not (_MONEY_ABOUT.search(row.label) and not re.search(r"(?i)\bnumber of\b", row.label)) \
            and "$" not in value and not _STATES_COUNTS.search(row.label) \
            and not (statement == "cash_flow" and _SHARE_FLOW.search(row.label)) \
            and not (statement in _STATEMENT_COUNT and not _STATEMENT_COUNT[statement].search(row.label)) \
            and not (row.path and _REVENUE_HEADING.search(row.path[-1]) and not _COUNTED.search(row.label)) \
            and not (row.path and _MONEY_ABOUT.search(row.path[-1]) and not _SAYS_COUNTED.search(row.label)):
        return "count"      # "Proceeds from issuance of common stock to employees 105" is money
    if row.path and _COUNTING_HEADING.match(row.path[-1]) and "$" not in value and not _MONEY_ABOUT.search(row.label) \
            and not _MONEY_WORD.search(row.label) \
            and not any(_FLOW.search(h) or _MONEY_NOUN.search(h) for h in halves):
        return "count"      # "Average number of employees" over "Trainees 64", "Homes delivered:" over "West 1,742"
    return "money"


# a quantity a table's figures are stated per ("NETBACKS ($/boe)", "Cash costs (US$ per ounce)", "per tonne"): its rows
# are unit rates, never the amounts of the same names
PHYSICAL_UNIT = r"(?:boe|bbl|barrel|mcf|mmbtu|tonne|ton|oz|ounce|mwh|kwh|gj|lb|pound|litre|liter|gallon)"
_PER_UNIT_HEADER = re.compile(rf"(?i)\(\s*(?:[a-z]{{0,3}}\$|[£€¥]|[a-z]{{3}})?\s*(?:/|per)\s*({PHYSICAL_UNIT})s?\s*\)|"
                              rf"\bper\s+({PHYSICAL_UNIT})s?\b")


def per_unit_of(header_text: str) -> str | None:
    """The physical unit a table header states its figures per ("boe" of "NETBACKS ($/boe) 2059 2058"), or None."""
    m = _PER_UNIT_HEADER.search(header_text or "")
    if not m or re.search(r"(?i)\bexcept\b[^)]*$", (header_text or "")[:m.start()]):
        return None     # "($ thousands, except per boe)": amounts, a per-unit row excepted
    return (m.group(1) or m.group(2)).lower()


# a units row under the years stating the figures per share ("Rand per share Rand per share", "Cents per share",
# "pence per ordinary share", "$ per share"), nothing else
_PER_SHARE_UNIT_TEXT = r"(?:^|\s)(?:[A-Z]{1,3}\$|[$£€¥¢]|[A-Z][A-Za-z]{1,4}\.?|cents?|pence|sen|fils|paise|kobo)\s+per\s+" \
    r"(?:ordinary\s+|common\s+)?share\b"


# a caption over a dividends table's years stating its figures per share in a unit ("Dividends declared for the
# financial year (sen per share)", "Dividend per ordinary share (pence)"): its rows are the dividends' rates
_RATE_UNIT = r"(?:(?:[A-Z]{2}\s+)?(?:cents?|pence|sen|paise|fils|kobo|centimes)|[A-Z]{1,3}\$|[$£€¥]|[A-Z]{3})"
_PER_SHARE_CAPTION = re.compile(rf"(?i)^[^\d]*\b(?:dividends?|distributions?)\b[^\d]*?(?:\(\s*{_RATE_UNIT}\s+per\s+"
                                rf"(?:ordinary\s+|common\s+)?(?:share|unit)\s*\)|\bper\s+(?:ordinary\s+|common\s+)?"
                                rf"(?:share|unit)\s*\(\s*{_RATE_UNIT}\s*\))\s*:?\s*$")


def per_share_caption(line: str) -> str | None:
    """The caption of a line stating that the dividends below it are per share, in which unit, the years it may
    close on left out ("Dividends declared for the financial year (sen per share): FY2061 FY2060"), or None."""
    lead = re.sub(r"(?i)(?:\s+(?:FY\s?'?)?(?:19|20)?\d{2}(?:\d{2})?)+\s*$", "", line).strip()
    return lead.rstrip(":").strip() if _PER_SHARE_CAPTION.match(lead) else None


def _amount_under_heading(row: Row, value: str, v) -> bool:
    """A row that only its heading calls per share ("Per share data:" over "Stockholders' equity 412,118", "Equity
    ratio (%) 54.0", "Number of employees 12,406"): an amount, a rate or a count the heading's block has run into.
    A per-share figure is printed with decimals or under a thousand ("Net assets 3,032.91", "Cash dividends 52")."""
    if _PER_SHARE.search(row.label) or not (row.path and per_share_heading(row.path[-1])):
        return False
    return bool(_PERCENT.search(row.label) or _COUNT.search(row.label)) or \
        (v is not None and abs(v) >= 1000 and "." not in value.split()[-1])


def per_share_heading(line: str) -> bool:
    """A heading over per-share rows ("Per share:", "Per share (yen):", "Per share data"): its rows are per share."""
    return bool(re.fullmatch(r"(?i)\s*(?:amounts\s+)?per\s+(?:common\s+|ordinary\s+)?share(?:\s+(?:data|information|"
                             r"amounts))?\s*(?:\([^()]{1,20}\))?\s*:?\s*", line))


def eps_heading(line: str) -> bool:
    """A long heading naming the earnings per share its rows break down ("Earnings per share for profit attributable
    to the equity holders of the Bank during the year" over "Basic and diluted (Shs) 15 158.99 128.22")."""
    return bool(re.match(r"(?i)\s*(?:basic\s+and\s+diluted\s+)?(?:earnings|\(?loss\)?(?:\s*/\s*earnings)?)\s+per\s+"
                         r"(?:ordinary\s+|common\s+)?share\b(?!.*\d[\d,]*\.\d)", line))


def per_share_units(line: str) -> bool:
    """A units row whose every column states its figures per share."""
    return bool(re.fullmatch(rf"(?i)(?:{_PER_SHARE_UNIT_TEXT}\s*)+", " " + line.strip()))


# a table headed as per-share data ("Per share data: 2074 2073 ...", a fund's or BDC's financial highlights): its
# amounts are per share, unless a row states its own scale ("Net assets, end of period (in thousands)")
_PER_SHARE_HEADER = re.compile(r"(?i)\bper\s+(?:common\s+)?share\s+data\b")
# (a row stating its own unit: "Net assets (in thousands)", "Total dividend paid (£m)", "Dividend cover (times)")
_OWN_SCALE = re.compile(r"(?i)\bin\s+(?:thousands|millions|billions)\b|\((?:[A-Z]{1,3}\$|[$£€¥])?\s?(?:m|bn|k|'000|000|"
                        r"millions?|thousands?)\)|\((?:times|x|%|number|no\.?)\)|\(m\)")


def own_unit(label: str) -> bool:
    """The row states its own unit, other than per share (a per-share heading or column does not make it one)."""
    return bool(_OWN_SCALE.search(label))


def per_share_table(header_text: str, label: str, units_per_share: bool = False) -> bool:
    """`units_per_share`: the header's units row states every column per share (`per_share_units`)."""
    return (units_per_share or bool(_PER_SHARE_HEADER.search(header_text or ""))) and not _OWN_SCALE.search(label) and \
        not re.search(r"(?i)\bexcept\b", header_text or "")
