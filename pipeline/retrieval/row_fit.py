"""Whether a candidate row's kind and form fit the figure asked: a per-share figure for a per-share question, a count
for "how many", never a cost answered with a count, a percentage only where one is asked, a row whose label
swallowed its figures never, and an asked word that stands inside another measure's name ("income" in "income tax")
not counted as the row naming it."""
from __future__ import annotations

import re
from functools import lru_cache

from pipeline.core.months import MON
from pipeline.question.figure_ask import BEFORE_ITEMS, Ask, asks_a_count, own_words, says, stems
from pipeline.reading import hyperinflation
from pipeline.reading.fact_kinds import PHYSICAL_UNIT
from pipeline.reading.tax_line import ABOVE_TAX
from pipeline.retrieval import attribution, dividend_timing, row_headings, statutory_rows
from pipeline.retrieval.balance_dates import AT_A_DATE
from pipeline.question.lexicon import DEDUCTED
from pipeline.question.terms import PLAN_SHARES
from pipeline.stores.facts import StoredFact

COUNT_ASKED = re.compile(r"(?i)\bhow many\b|\bnumber of\b|(?<=\w\s)counts?\b(?!\s+(?:as|towards?|on)\b)")   # ("restaurant count")
_PEOPLE_ASKED = re.compile(r"(?i)\b(?:employees?|staff|headcount|workforce|people|personnel|ftes?|full[- ]time)\b")
# an amount asked ("how much did ... earn"), not a change in a count ("how much did headcount grow")
_HOW_MUCH = re.compile(r"(?i)\bhow much\b(?!.*\b(grow|grew|grown|increase|decrease|decline|rise|rose|fall|fell|change)\w*\b)")


# a per-unit figure asked: a partnership's or trust's ("distributions per common unit", "net income per limited
# partner unit") or a share called a stock unit ("dividend per ordinary stock unit")
_PER_UNIT = re.compile(r"(?i)\bper\s+(?:(?:common|ordinary|stock|trust|limited\s+partner(?:ship)?|lp)\s+){0,2}units?\b")


def kind_conflict(ask: Ask, f: StoredFact) -> bool:
    """A per-share question is never answered with an amount, nor an amount with a per-share figure."""
    per_share_asked = ask.metric is not None and ask.metric.kind == "per_share" or \
        {"share"} <= set(ask.hard) and "per" in f"{ask.question} {ask.measure}".lower() or \
        bool(_PER_UNIT.search(ask.question) or _PER_UNIT.search(ask.measure))     # ("DPU": distribution per unit)
    if per_share_asked != (f.kind == "per_share"):
        return True
    rate = re.search(rf"\bper ({PHYSICAL_UNIT})\b", f.qualifiers or "")
    price = r"\bprices?\b(?!\s+risk)"
    if rate and not re.search(rf"(?i)(?:\bper\s+|/\s*){rate.group(1)}s?\b", ask.question) and not (
            re.search(price, ask.question, re.I) and re.search(price, f.label_path, re.I)
            and not re.search(r"(?i)\b(?:gains?|loss(?:es)?)\b", f.label)):
        return True         # a unit rate ("Funds flow from operations ($/boe) 73.02") is not the amount asked (a price
        #                     asked is one: "realized natural gas price", "Natural gas ($/Mcf)")
    if _PEOPLE_ASKED.search(ask.question) and PLAN_SHARES.search(f.label) and not PLAN_SHARES.search(ask.question):
        return True         # people counted: an employees' plan's shares ("Shares issuable under employee stock purchase plan")
    if (COUNT_ASKED.search(ask.question) or asks_a_count(ask.measure)) \
            and (f.kind != "count" or f.value is not None and abs(f.value) < 100 and f.value % 1 != 0 and not f.scale):
        return True         # a count is never answered with an amount of money, nor with a rate ("Total recordable
        #                     injury frequency (employees) 0.31": a count of people is whole, unless in millions)
    # nor a cost or an amount ("how much did its employees earn", a money metric: "net income") with a count
    money_metric = ask.metric is not None and ask.metric.kind == "amount" and (ask.metric.unit or "money") == "money"
    return f.kind == "count" and (money_metric or bool(set(ask.hard) & _cost_stems()) or bool(_HOW_MUCH.search(ask.question))
                                  or bool(_VALUE_ASKED.search(ask.question)))


# the money a count is worth asked ("backlog value", "the value of orders"): never the count of homes or units
_VALUE_ASKED = re.compile(r"(?i)\b(?:dollar|sales|contract|order|backlog)?\s*value\b(?!\s+(?:per|of\s+(?:the\s+)?shares?))"
                          r"(?<!\bbook value)(?<!\bfair value)")


@lru_cache(maxsize=1)
def _cost_stems() -> frozenset[str]:
    return frozenset(stems("costs expenses wages salaries pay"))


# a word followed by one of these is part of another measure's name: "income tax", "revenue recognition"; or it
# modifies another noun, the line's head: "core deposit intangibles", "deposit accounts", "goodwill impairment",
# "revenue growth", "deposit insurance", "premiums receivable", "interest payable" (stems; not "charge": an
# "Impairment charge" is the impairment)
_COMPOUND_NEXT = {"tax", "recognit", "recognition", "statement", "per", "intang", "account", "impair", "ratio",
                  "margin", "growth", "insur", "receiv", "payabl", "charg", "fee"}
# ... except a charge or fee that is the asked measure's own amount: "Impairment charge", "Finance charges"
_CHARGED = {"impair", "depreci", "amort", "amortis", "restructur", "financ", "interest", "tax", "manag", "servic", "perform"}


# what a row is stated net of, after its own name, up to a bracket or comma ("Interest, net of amounts capitalized")
_DEDUCTED = re.compile(r"(?i)(?<=\w)[,\s]+(?:net\s+of|less)\s+([^(),]+)")


def only_in_compound(ask: Ask, f: StoredFact) -> bool:
    """Every asked word the row label carries stands inside another measure's name ("income" in "income tax")."""
    toks = stems(f.label)
    asked = set(ask.hard) - {"%"}
    hits = [i for i, t in enumerate(toks) if t in asked]
    if not hits:
        return False
    said = set(stems(ask.question))
    if toks[-1] in ("payabl", "receiv") and not said & {"payabl", "receiv", "owe", "owed", "outstand", "accru", "due"}:
        return True     # "Royalties and licence fees payable": the amount unpaid, not the year's amount
    cut = _qualifier_start(toks)
    if cut and all(i > cut for i in hits):
        return True     # "Accounts receivable, net of allowance for credit losses of $6.8": the allowance is deducted
    deducted = _DEDUCTED.search(f.label)
    if deducted and not re.search(r"(?i)\b(?:less|net\s+of)\b", ask.question):     # (unless asked as printed)
        rest = stems(f.label[:deducted.start()] + " " + f.label[deducted.end():])
        if any(t in asked and t not in rest for t in stems(deducted.group(1))):
            return True     # "capitalized interest" asked, "Interest, net of amounts capitalized" printed: what it
            #                 is net of ("Disposal proceeds, net of costs (Engineering division)": a bracket is no part)
    # "A and other intangibles" are intangibles ("Core deposit and other intangibles", "Goodwill and other
    # intangible assets"): a word asked only in A is not this row's measure ("Deposits and other customer accounts"
    # are deposits: only intangibles are read so)
    other = next((i for i in range(len(toks) - 2) if toks[i] == "and" and toks[i + 1] == "other"), None)
    if other is not None and all(i < other for i in hits) and toks[other + 2] == "intang" and "intang" not in said:
        return True
    # ("Dividend income" is what the company received, never the dividend it pays)
    return all(i + 1 < len(toks) and (toks[i + 1] in _COMPOUND_NEXT or toks[i].startswith("dividend") and
                                      toks[i + 1] == "incom") and toks[i + 1] not in said and
               not (toks[i + 1] in ("charg", "fee") and toks[i] in _CHARGED) for i in hits)


# a measure on another basis than the reported one: it answers only a question asking for one
NON_GAAP_ROW = re.compile(rf"(?i)\b(adjusted|non-gaap|pro forma|normali[sz]ed|underlying)\b|\b{BEFORE_ITEMS}\b")


def non_gaap(f: StoredFact) -> bool:
    """The row is an adjusted / underlying measure by its own words or its column's; a reconciliation's "Adjusted for:"
    heading over the rows after it ("Adjusted for: › Basic earnings per share") makes none."""
    path = re.sub(r"(?i)(?:^|(?<=\u203a))\s*adjusted\s+for:?\s*\u203a", "", f.label_path)
    # (never an IAS 29 statement's inflation-adjusted columns: the audited figures of a hyperinflationary economy)
    return bool(NON_GAAP_ROW.search(f"{path} {f.column_header.replace(hyperinflation.ADJUSTED_BASIS, '')}"))


def _qualifier_start(toks: list[str]) -> int | None:
    """Where a label's "net of ..." / "less ..." qualifier, its measurement basis ("Financial assets at fair value
    through other comprehensive income") or what it is struck before ("Profit before finance costs and tax") starts
    after its own name ("Accounts receivable, net of allowance ..."); None for none, or for a row that is the
    deduction itself ("Less: allowance ...")."""
    return next((i for i in range(1, len(toks) - 1) if toks[i] == "net" and toks[i + 1] == "of" or
                 toks[i] in ("less", "through", "befor")), None)


# a cash flow statement's movement of an item, not its balance
_CASH_MOVEMENT = re.compile(r"(?i)\W*(?:proceeds|repayments?|payments?|purchases?|acquisitions?|issu(?:ance|es?)|receipts?|"
                            r"disposals?|sales?\s+of|net\s+(?:cash(?!(?:\s+position|\s+balance)?\s*(?:/\s*\(?debt|\(debt|$))|increase|decrease|proceeds|"
                            r"repayments?)|cash\s+(?:paid|received))\b")     # ("Net cash" alone, "Net cash/(debt)": a position)


# a heading over what the company earned or received ("Revenue", "Investment income", "Net gain/(loss) from investment
# portfolio", "Receipts"): a dividend under it is one received, never one paid
_INCOME_HEADING = re.compile(r"(?i)\b(?:revenues?|income|gains?|receipts?|received)\b")


def other_measure(ask: Ask, f: StoredFact, cands: list[StoredFact]) -> bool:
    """The row is another measure than the asked metric's although its words cover it: the asset a contra account
    is deducted from, asked for the contra account ("allowance for credit losses" of "Premiums receivable, net of
    allowance for expected credit losses of $22.8"); a bare "Equity" row that is an asset class ("Investments ›
    Equity") or the owners' share printed above the minorities (a bare "Equity" closing the section is the total)."""
    toks = stems(f.label)
    if f.statement == "cash_flow" and _CASH_MOVEMENT.match(f.label) and AT_A_DATE.search(ask.question) and \
            not (ask.metric and ask.metric.statement == "cash_flow"):
        return True     # a balance at a date is never a cash flow ("Proceeds from short-term borrowings")
    if dividend_timing.another_dividend(ask, f, cands):
        return True     # a dividend row of another year's or another timing's (paid, declared) than asked
    heads = [h.strip() for h in f.label_path.split("\u203a")[:-1]]
    if ask.metric is not None and ask.metric.key in ("dividends_paid", "dividends_declared") and \
            any(_INCOME_HEADING.search(h) for h in heads):
        return True     # "Net gain/(loss) from investment portfolio › Unfranked dividends": dividends received
    if re.match(r"(?i)\s*total\b", f.label) and heads and re.search(r"(?i)\band\b|&", heads[-1]) and \
            any(w not in toks and w in stems(heads[-1]) for w in ask.hard):
        return True     # "LIABILITIES AND EQUITY › Total liabilities" is one part of the compound heading asked
    if ask.metric is None and ask.hard and ask.hard[-1] in _LINE_NOUNS and ask.hard[-1] not in stems(f.label_path):
        return True     # "financial income" asked: "Financial result" on the income statement is not income (the
        #               statement's title names every row's statement, never a row's measure)
    if ask.metric is None and _D_AND_A.search(f.label) and (bool(re.search(r"(?i)depreciat", ask.question)) !=
                                                              bool(re.search(r"(?i)amorti", ask.question))):
        return True     # "amortization" asked: "Depreciation and amortization" is both, not the part asked
    if f.statement == "balance" and says(_PAID_ASKED, ask.question):
        return True     # "dividends paid": a payment of the year, never a balance still owed ("Unclaimed dividend")
    if _PARTS_OF_NET_ASSETS.fullmatch(f.label) and not says(_SHAREHOLDERS_EQUITY_SAID, ask.question) and \
            any(c.doc_id == f.doc_id and c.page == f.page and c.line_no > f.line_no and _AOCI_TOTAL.match(c.label)
                for c in cands) and any(c.doc_id == f.doc_id and c.page == f.page and _NET_ASSETS_TOTAL.match(c.label)
                                        for c in cands):
        return True     # Japanese GAAP's net assets: "Total shareholders' equity" (capital, surplus, retained earnings,
        #               treasury shares) and the accumulated other comprehensive income after it make the owners' equity
    if says(_CURRENT_ASKED, ask.question) and not says(_NON_CURRENT, ask.question) and \
            _NON_CURRENT.search(f.label_path) and not _CURRENT_ASKED.search(_NON_CURRENT.sub(" ", f.label_path)):
        return True     # "current financial liabilities" asked: a non-current row's "current" is not it
    if says(_CONTINUING_ASKED, ask.question) and _DISCONTINUED.search(" ".join([*heads[-1:], f.label])):
        return True     # "from continuing operations" asked: the row of all operations (or the discontinued) is not it
    if ask.statement_hint and f.statement and not f.secondary and \
            (ask.statement_hint == "balance") != (f.statement == "balance"):
        return True     # "inventories on the balance sheet": the cash flow's change in inventories is not it (a balance
        #               named, a flow printed, or the other way round; one flow statement's line for another's is)
    if ask.metric is None and AT_A_DATE.search(ask.question) and (f.statement == "income" or f.statement == "cash_flow"
                                                                  and _CASH_FLOW_SECTION.search(f.label_path)):
        return True     # a balance asked at a date ("total investments at December 31"): no flow of the year (a note
        #               printed below the cash flow statement, or its closing cash, is no flow)
    if _NET.search(ask.question) and _GROSS_ROW.search(f.label) and not _NET.search(f.label):
        return True     # "net property" asked: "Property, at original cost" is the gross amount
    if any(c.search(ask.question) and not c.search(f.label_path) for c in _COMPREHENSIVE) or \
            _COMPREHENSIVE[0].search(f.label) and not _COMPREHENSIVE[0].search(ask.question):
        return True     # a statement of (other) comprehensive income prints the profit-or-loss lines too: its title
        #               makes no row comprehensive income, nor is a comprehensive line the "total income" asked
    if ask.metric is None and _BALANCE_OF.search(f.label) and not _BALANCE_OF.search(ask.question):
        return True     # "Accumulated other comprehensive income", "Deferred revenue": a flow's balance, not the flow
    basis = {w.lower() for w in _BASIS.findall(own_words(ask.question))}     # (not what it sets aside)
    if basis and not basis & {w.lower() for w in _BASIS.findall(f"{f.label_path} {f.column_header}")}:
        return True     # "headline EPS", "underlying profit": a row on the reported basis is another measure
    if basis and not basis & {w.lower() for w in _BASIS.findall(f.label)} and \
            any(basis & {w.lower() for w in _BASIS.findall(c.label)} and (not set(toks) <= set(ask.hard) or
                set(toks) <= set(stems(c.label))) for c in cands if c.kind == f.kind):
        return True     # ("Earnings and headline earnings per share › Diluted earnings per share": the heading names both
        #               bases, the row of the asked one says it; not "Adjusted EBITDA › Retail", a segment's)
    cut = _qualifier_start(toks)
    if cut and _CONTRA.search(ask.question) and not _SET_ASIDE_CONTRA.search(ask.question) and \
            _CONTRA.search(" ".join(toks[cut:])) and \
            not _CONTRA.search(" ".join(toks[:cut])):
        return True
    if ask.metric is None or ask.metric.key != "total_equity" or not re.fullmatch(r"(?i)\s*equity\s*", f.label):
        return False
    return any(not re.search(r"(?i)equity|liabilit|capital|balance|financial position", h) for h in heads) or \
        any(c.page == f.page and c.doc_id == f.doc_id and c.line_no > f.line_no and
            re.search(r"(?i)non-?controlling|minorit", c.label) for c in cands)


_BASIS = re.compile(r"(?i)\b(headline|underlying|adjusted)\b")
_COMPREHENSIVE = (re.compile(r"(?i)\bcomprehensive\b"), re.compile(r"(?i)\bother\s+comprehensive\b"))
_NET = re.compile(r"(?i)\bnet\b")
_CASH_FLOW_SECTION = re.compile(r"(?i)\bactivities\b.*\u203a|\badjustments?\b.*\u203a|\bchanges?\s+in\b.*\u203a")
_D_AND_A = re.compile(r"(?i)depreciation\W+(?:and|&)\W+(?:\w+\W+)?amorti")
_PAID_ASKED = re.compile(r"(?i)\bpaid\b(?![- ](?:in|up)\b)|\bpayments?\s+(?:of|to|for)\b")
_LINE_NOUNS = frozenset(stems("income expenses costs result profit loss revenue gains charges"))
_GROSS_ROW = re.compile(r"(?i)\bat\s+(?:original\s+|historical\s+)?cost\b|\bgross\b")
_BALANCE_OF = re.compile(r"(?i)\b(?:accumulated|deferred|unearned|accrued|prepaid)\b")
_CONTINUING_ASKED = re.compile(r"(?i)\bcontinuing\s+operations\b")
_DISCONTINUED = re.compile(r"(?i)\bdiscontinued\b")
_NON_CURRENT = re.compile(r"(?i)\bnon[- ]?current\b")
_CURRENT_ASKED = re.compile(r"(?i)(?<![\w-])current\b")
_PARTS_OF_NET_ASSETS = re.compile(r"(?i)\s*total\s+(?:shareholders|stockholders)['’]?\s+equity\s*")
_SHAREHOLDERS_EQUITY_SAID = re.compile(r"(?i)\b(?:shareholders|stockholders)['’]?\s+equity\b")
_NET_ASSETS_TOTAL = re.compile(r"(?i)\s*total\s+net\s+assets\s*$")
_AOCI_TOTAL = re.compile(r"(?i)\s*total\s+accumulated\s+other\s+comprehensive\s+income\b")
_CONTRA = re.compile(r"(?i)" + DEDUCTED)
_SET_ASIDE_CONTRA = re.compile(r"(?i)\b(?:net\s+of|less|after|excluding)\b[^?]{0,20}?" + DEDUCTED)


def misread_row(f: StoredFact) -> bool:
    """A row whose label carries a run of figures ("EBITDA 2,117 2,018 (5)") was mis-split: its columns cannot be
    trusted, so it never answers (a wrong figure is worse than none); nor does a "Net income" that is a financial
    firm's net revenue, printed above the tax line (`tax_line`); nor a per-share dash (diluted EPS "—": not presented)."""
    return bool(re.search(r"(?<![\d,])\d{1,3}(,\d{3})+(\.\d+)?\)?\s+\(?\$?\s?\d", f.label_path)) or \
        ABOVE_TAX in (f.qualifiers or "") or f.kind == "per_share" and not re.search(r"\d", f.value_printed)


def required_words(ask: Ask, cands: list[StoredFact], covers) -> list[str]:
    """The asked words a row must cover: the hard ones, and a soft one where a candidate prints it apart. "Statutory"
    is the default reading of a UK figure, but a row of that name is another measure (a US insurer's statutory net
    income); "common" shareholders' income is another line than all shareholders' (preferred included) where a row
    of the asked measure prints it; a year's figure "for the 52 weeks" is the row of that basis where one prints it.
    `covers(metric, fact, ask)`: the row is the metric's line."""
    def printed_apart(w: str) -> bool:
        if w in ask.deducted:       # "revenues net of excise taxes": the block printed net of them, where there is one
            return any(set(ask.hard) <= set(stems(f.label_path)) and not re.match(r"(?i)\W*less\b", f.label) and
                       (m := re.search(r"(?i)\b(?:net\s+of|less|after|excluding)\b(.*)", f.label_path)) and
                       w in stems(m.group(1)) for f in cands)
        if w == "statutori":
            return statutory_rows.printed_apart(ask, cands, covers)
        if w == "week":
            return any(w in stems(f.label) for f in cands)
        return w == "common" and ask.metric is not None and any(      # (the row's own label: an EPS note prints
            w in stems(f.label) and (f.kind == "per_share") == (ask.metric.kind == "per_share") and   # its numerator
            (covers(ask.metric, f, ask) or ask.metric.matches_row(f.label) and          # under the per-share heading)
             not ask.metric.excludes(f.label, ask.question)) for f in cands)
    return list(ask.hard) + [w for w in ask.soft if printed_apart(w)]


# IFRS's "Cash generated from operations / operating activities" is the subtotal before interest and tax paid; the
# operating total follows it ("Net cash from operating activities", "Cash flow from operating activities"). A filer
# that prints only it (a US "Cash generated by operating activities") still answers: this only ranks it below.
_BEFORE_INTEREST_AND_TAX = re.compile(r"(?i)^cash generated (from|by) operat")


def before_interest_and_tax(ask: Ask, f: StoredFact, cands: list[StoredFact] = ()) -> bool:
    """The row is the operating cash subtotal before interest and tax, when the operating cash flow is asked: named
    so, or a "Cash flows from operating activities" row with a "Net cash flows from operating activities" printed
    just below it in the same table (the net one is the total, after the tax and interest lines between them)."""
    if ask.metric is None or ask.metric.key != "operating_cash_flow":
        return False
    def between(c: StoredFact) -> list[StoredFact]:
        return [g for g in cands if g.doc_id == f.doc_id and g.page == f.page and f.line_no < g.line_no < c.line_no]
    # (another section between the two, "Net cash used in investing activities", makes the later one another table's)
    return bool(_BEFORE_INTEREST_AND_TAX.match(f.label)) or not re.match(r"(?i)net\b", f.label) and any(
        c.doc_id == f.doc_id and c.page == f.page and 0 < c.line_no - f.line_no <= 4 and c.table_title == f.table_title
        and c.statement == f.statement and c.secondary == f.secondary and _NET_OPERATING.match(c.label) and
        not any(re.search(r"(?i)investing|financing", g.label) for g in between(c)) for c in cands)


# ("Net cash from ...", "Net cash provided by (used in) ...", "Net cash provided by/(used in) ...", "Net cash (used in)/from
# ... operating activities")
_NET_OPERATING = re.compile(r"(?i)^net\s+cash\b[\w\s()/]{0,30}?\b(?:from|by|in)\b[\w\s()/]{0,20}?operating\s+activities")


def printed_in_parts(ask: Ask, cands: list[StoredFact]) -> bool:
    """A primary statement prints the asked measure only in parts: the same row label with two values in one year
    ("Non-current › Loans and borrowings", "Current › Loans and borrowings"), so neither is its total."""
    seen: dict[tuple, set] = {}
    for f in cands:
        if f.statement is not None and not f.secondary and set(ask.hard) <= set(stems(f.label)):
            seen.setdefault((f.doc_id, f.page, f.label.lower(), f.fiscal_year), set()).add(f.value)
    return any(len(values) > 1 for values in seen.values())


def one_of_parts(f: StoredFact, cands: list[StoredFact]) -> bool:
    """`f` is one of a measure's parts on its page: the same label printed with another value for the year
    ("Non-current › Loans and borrowings 204,118", "Current › Loans and borrowings 61,204")."""
    return _another_printed(f, cands, lambda c: c.label.lower() == f.label.lower() and not c.secondary) is not None


def _another_printed(f: StoredFact, rows: list[StoredFact], which) -> StoredFact | None:
    """The first of `rows` on `f`'s page printing another figure for `f`'s year where `which(row)` holds."""
    return next((c for c in rows if c is not f and c.doc_id == f.doc_id and c.page == f.page and
                 c.fiscal_year == f.fiscal_year and c.value != f.value and which(c)), None)


def another_part(ask: Ask, f: StoredFact, rows: list[StoredFact]) -> StoredFact | None:
    """Another covering row of `f`'s page and year under another label ("Short-term borrowings" beside "Current
    portion of long-term debt"), or None; none where the question names `f`'s own line ("current portion of
    long-term debt" asked is that line, not the sum)."""
    if set(stems(f.label)) <= set(stems(ask.question)):
        return None
    return _another_printed(f, rows, lambda c: c.label.lower() != f.label.lower())


_SIDE_ASKED = re.compile(r"(?i)\b(?:current|non-?\s?current|long|short|total|due|within|after)\b")
_SIDE = re.compile(r"(?i)\b(non-?\s?)?current\b")


def on_one_side(ask: Ask, cands: list[StoredFact]) -> bool:
    """A balance sheet prints the asked words only under a current or non-current heading (its other side named
    otherwise, "Current portion of ..."), no total row of them."""
    rows = [f for f in cands if f.statement == "balance" and set(ask.hard) <= set(stems(f.label))]
    return bool(rows) and all(_SIDE.search(" ".join(f.label_path.split("\u203a")[:-1]) + " " + f.label) and
                              not re.match(r"(?i)\s*total\b", f.label) for f in rows)


def other_side(ask: Ask, f: StoredFact, rows: list[StoredFact]) -> StoredFact | None:
    """`f`'s line printed again on its page for its year on the other side of the balance sheet (current and
    non-current "Borrowings" under their headings, "Deferred revenue, current" beside "Deferred revenue, non-current")
    where the question names neither side nor the total: the other row, or None."""
    side = _side_of(f)
    if side is None or _SIDE_ASKED.search(ask.question):
        return None
    return _another_printed(f, rows, lambda c: (other := _side_of(c)) is not None and other[1] == side[1] and
                            other[0] != side[0])


# a side the label prints itself: "Current lease liabilities", "Deferred revenue, non-current", "Bank loans - current"
_LABEL_SIDE = re.compile(r"(?i)^(non-?\s?)?current\s+(?!portion\b)|(?:,|\s[-–])\s*(non-?\s?)?current(?:\s+portion)?\s*$")


def _side_of(f: StoredFact) -> tuple[bool, str] | None:
    """(non-current?, the line's label without its side) of a row on one side of the balance sheet, or None."""
    if m := _LABEL_SIDE.search(f.label):
        return bool(m.group(1) or m.group(2)), (f.label[:m.start()] + f.label[m.end():]).strip().lower()
    side = _SIDE.search(f.label_path.rsplit("\u203a", 1)[0]) if "\u203a" in f.label_path else None
    return (bool(side.group(1)), f.label.lower()) if side else None


def parts_said(measure: str, f: StoredFact, part: StoredFact) -> str:
    return f"'{f.label}' and '{part.label}' are both printed on p. {f.page}, with no total: the {measure} is their sum"


def printed_twice(f: StoredFact, rows: list[StoredFact]) -> bool:
    """Another covering row of the same page prints `f`'s label under the same headings with another figure for the
    year ("Inventories 1,271,888" for the net line and "Inventories 1,284,306" for its gross part, their numbering
    gone): which one is asked cannot be told."""
    return f.kind == "money" and \
        _another_printed(f, rows, lambda c: c.label_path == f.label_path and c.span == f.span) is not None




def part_of_total(ask: Ask, f: StoredFact) -> bool:
    """A total asked ("total non-current liabilities") and a row that is a part under its heading: the asked words are
    printed only in the heading, none in the row's own label ("Non-current liabilities › Lease liabilities"), and the
    row is no total (a holder's share, "Total comprehensive income attributable to › Non-controlling interests", names
    the asked holder itself)."""
    if not re.search(r"(?i)\btotal\s+[a-z]", ask.question) or re.match(r"(?i)\s*total\b", f.label) or "\u203a" not in f.label_path:
        return False
    heads = set(stems(" ".join(f.label_path.split("\u203a")[:-1])))
    said = set(ask.hard) | (set(ask.soft) if attribution.names_a_holder(f.label_path) else set())   # (the holder asked)
    return bool(ask.hard) and not set(stems(f.label)) & said and any(w in heads for w in ask.hard)


# the rest of a line after its current part: printed net of it ("Long-term debt, excluding current maturities"), or a
# long-term line where no current part is deducted on its page ("Long-term debt" beside "Current portion of long-term
# debt"; never the note's "Long-term debt" over "Less: current portion", the whole, nor one under the current side)
NET_OF_CURRENT = re.compile(r"(?i)\b(?:net of|less|excluding)\s+(?:the\s+)?current\s+(?:portion|maturities)\b")
_LONG_TERM_LINE, _CURRENT_DEDUCTED = re.compile(r"(?i)^\s*long[- ]term\b(?!.*\bcurrent\b)"), re.compile(r"(?i)^\s*less\b.*\bcurrent\b")


def current_deducted(cands: list[StoredFact]) -> set[tuple[str, int]]:
    """The (document, page)s whose rows deduct or net out a current part: read once per lookup."""
    return {(c.doc_id, c.page) for c in cands if _CURRENT_DEDUCTED.search(c.label) or NET_OF_CURRENT.search(c.label)}


def rest_of_current(f: StoredFact, deducted: set[tuple[str, int]]) -> bool:     # (`deducted`: `current_deducted`)
    return bool(NET_OF_CURRENT.search(f.label)) or bool(_LONG_TERM_LINE.match(f.label)) and (f.doc_id, f.page) not in deducted and not row_headings.under_current(f)
