"""How a figure is written: the amount in the document's currency and scale ("$1,577 million", "A$ 1,234 million",
"£12,400 thousand"), its sign said in words when it is a genuine negative (a loss, a decrease, cash used), and the
row x column it was read from."""
from __future__ import annotations

import re
from decimal import Decimal

from pipeline.reading.cells import MINOR_UNITS
from pipeline.retrieval.passage import Passage
from pipeline.stores.facts import StoredFact
from pipeline.question.units import money_prefix

# (an investment trust's "Net return after taxation", a German "Result for the period": the bottom line too)
_LOSS = re.compile(r"(?i)\b(income|earnings|profit|loss|gain|return|result)\b")
_EXPENSE = re.compile(r"(?i)\b(provision|expense|tax(es)?|costs?|charges?)\b")
# the tax a profit is struck before or after ("(Loss)/Profit after income tax for the year") does not make it a cost
_TAX_POINT = re.compile(r"(?i)\b(before|after)\s+(income\s+)?tax(es|ation)?\b")
_CHANGE = re.compile(r"(?i)\b(increase|decrease|change)\b")
_USED = re.compile(r"(?i)\bused\b")   # "used in", "used by", "provided/(used) by", "(used in) provided by"
# a cash-flow total worded without "used" ("Net cash from operating activities", "Net cash (outflow)/inflow from
# ...", "Cash flows from operating activities"): printed in parentheses it is an outflow, said as one
_CASH_FLOW = re.compile(r"(?i)\bcash\b.*\b(activities|flows?)\b|\b(outflows?|inflows?)\b")




def symbol(currency: str | None) -> str:
    """The prefix for an amount: a column printed in bare \"$\" keeps it; otherwise the document's currency (none when
    unknown: no sign beats a wrong one)."""
    return "$" if currency == "$" else money_prefix(currency)


def money(value: Decimal, fact: StoredFact | None = None, scale: str | None = None, currency: str | None = None) -> str:
    """'$1,577 million', 'A$ 1,234 million', '£12,400 thousand' (absolute value: signs are said in words)."""
    cur = currency if currency is not None else (fact.currency if fact else None)
    sym = symbol(cur)
    sc = scale if scale is not None else (fact.scale if fact else None)
    v = abs(value)
    digits = f"{v:,.0f}" if v == v.to_integral_value() else f"{v:,.2f}".rstrip("0").rstrip(".")
    if fact is not None and fact.value is not None and v == abs(fact.value):
        # the figure as printed keeps its printed decimals ("3,861.40" crore stays 3,861.40, never 3,861.4)
        places = re.search(r"\.(\d+)\D*$", fact.value_printed)
        if places:
            digits = f"{v:,.{len(places.group(1))}f}"
    if sc in MINOR_UNITS:               # the currency's hundredth: "635 pence", never "£635 pence"
        return f"{digits} {sc}"
    return f"{sym}{digits}{' ' + sc if sc else ''}"


# a label naming a result either way ("Earnings (loss) per share", "Income/(loss) per share"): the sign is the figure's
_RESULT_WORD = re.compile(r"(?i)\b(?:earnings|income|profit|gain)\b")
_LOSS_ALONE = re.compile(r"(?i)^\s*(?:(?:basic|diluted)\s+(?:and\s+diluted\s+)?)?(?:net\s+)?loss\b(?!\s+allowance)|"
                         r"\bloss\s+per\s+(?:common\s+|ordinary\s+)?share\b")     # (a result: never "tax losses")


def shown(fact: StoredFact) -> str:
    """The figure in words: the amount as printed with its sign said when it is a genuine negative."""
    v = fact.value if fact.value is not None else Decimal(0)
    if fact.kind == "percent":
        return fact.value_printed if fact.value_printed.endswith("%") else f"{fact.value_printed} %"
    if fact.kind == "multiple":
        return fact.value_printed       # "1.8x": a ratio of two amounts, no currency or scale
    if fact.kind == "count":
        return f"{abs(v):,}{' ' + fact.scale if fact.scale else ''}" if v == v.to_integral_value() else \
            fact.value_printed
    if fact.kind == "per_share":
        digits = re.sub(r"[^\d.,]", "", fact.value_printed)
        if digits and fact.scale in MINOR_UNITS:      # printed in the currency's hundredth: said so
            base = f"{digits} {fact.scale} per share"
        else:
            base = f"{symbol(fact.currency)}{digits} per share" if digits else f"nil per share (printed {fact.value_printed})"
    else:
        base = money(v, fact)
    if v > 0 and _LOSS_ALONE.search(fact.label) and not _RESULT_WORD.search(fact.label):
        return f"a loss of {base}"      # "Basic and diluted loss per share $ 0.40", "Net loss 40,116": the label's sign
    if v >= 0:
        return base
    label = fact.label_path
    if _USED.search(label):
        return f"{base} used"
    if _CHANGE.search(fact.label):
        return f"a decrease of {base}"
    if _CASH_FLOW.search(fact.label):
        return f"an outflow of {base}"
    if _LOSS.search(fact.label) and not _EXPENSE.search(_TAX_POINT.sub(" ", fact.label)):
        # ("Provision for income taxes (491)" is a cost)
        return f"a loss of {base}"
    parent = fact.label_path.split("\u203a")[-2] if "\u203a" in fact.label_path else ""
    # (not on a statement of changes in equity: each of its rows is a movement of equity, and the row above a movement
    # read as its heading, "Other comprehensive loss › Dividends", says nothing of it)
    if parent and fact.statement != "equity" and not _LOSS.search(fact.label) and not _EXPENSE.search(fact.label) and _LOSS.search(parent) \
            and not _EXPENSE.search(parent):    # "Operating Income (Loss) › International (1,693)": that part's loss
        return f"a loss of {base}"
    return base   # an expense or outflow printed in parentheses: the amount as its label names it


def passage_of(f: StoredFact) -> Passage:
    return Passage(chunk_id=0, doc=f.doc_id, company=f.company, fiscal_year=f.doc_fiscal_year, doc_type=f.doc_type,
                   page=f.page, score=0.0, text="", statement=f.statement)


def figure_record(f: StoredFact, measure: str, key: str, year: int, marker: int) -> dict:
    return {"company": f.company, "metric": key, "label": measure, "year": year, "value": f.value_printed,
            "unit": f.scale, "row_label": f.label, "page": f.page, "doc": f.doc_id, "marker": marker,
            "column": f.column_header, "currency": f.currency, "row_path": f.label_path, "table": f.table_title,
            "column_fy": f.fiscal_year}


def period_said(f: StoredFact, year: int, part: str) -> str:
    """The period a figure is of: "FY2091", or the quarter or half asked with the column's own heading ("Q4 FY2091
    (column "31.03.2091", a quarter)") when the figure is a part of the year's."""
    if f.span in (None, "year") or "week" in (f.span or "") or not part:
        return f"FY{year}"
    return f"{part.upper() if len(part) <= 2 else part} of FY{year} (a {f.span} column, \"{f.column_header}\")"


def where(f: StoredFact) -> str:
    return f"row \"{f.label_path}\", column \"{f.column_header}\""




# The same measure on another basis beside the statutory line: "Total revenue including share of joint ventures",
# "Revenue including associates", "Proportionate revenue" (a "Share of revenue of joint ventures" line is a part, not
# another basis)
_OTHER_BASIS = re.compile(r"(?i)\b(including|incl\.?|plus|with)\b.*\b(joint ventures?|associates?|jvs?|equity[- ]"
                          r"accounted)\b.*|\bproportionate\b")
_FILLER = {"total", "group", "the", "of", "and", "net", "consolidated", "statutory"}


def _words(label: str) -> set[str]:
    return set(re.findall(r"[a-z]+", label.lower())) - _FILLER


def other_basis(fact: StoredFact, page_facts: list[StoredFact]) -> StoredFact | None:
    """The same measure printed on the other basis in the same column of the same table: beside a statutory line
    ("Revenue"), the line including joint ventures or associates; beside such a line, the statutory one."""
    basis = bool(_OTHER_BASIS.search(fact.label))
    mine = _words(_OTHER_BASIS.sub(" ", fact.label))      # the measure without its basis: "Total revenue" -> revenue
    for o in sorted(page_facts, key=lambda f: f.line_no):
        if o.line_no == fact.line_no or o.column_header != fact.column_header or o.kind != fact.kind \
                or o.value is None or o.table_title != fact.table_title or o.secondary != fact.secondary:
            continue
        theirs = _words(o.label)
        if not basis and _OTHER_BASIS.search(o.label) and mine and mine == _words(_OTHER_BASIS.sub(" ", o.label)):
            return o            # "Revenue" answered; "Total revenue including share of joint ventures" printed too
        if basis and not _OTHER_BASIS.search(o.label) and theirs and theirs == mine:
            return o            # the line including joint ventures answered; the statutory "Revenue" printed too
    return None


# capital expenditure answered by the purchases of property, plant and equipment, where the cash flow statement prints
# the purchases of intangible assets (capitalised software, development costs) beside it: the capex of many an
# analyst's definition includes them, so the answer names that line too
_FIXED_ASSETS = re.compile(r"(?i)\b(?:property|plant|equipment|fixed\s+assets|tangible\s+assets|premises)\b")
_INTANGIBLE_BUYS = re.compile(r"(?i)^(?=.*\b(?:purchases?|payments?|acquisitions?|additions?|expenditure|investments?"
                              r"|capitali[sz]ed)\b)(?=.*\b(?:intangible|software|development\s+costs?)\b)")


def other_capex(fact: StoredFact, page_facts: list[StoredFact]) -> StoredFact | None:
    """Beside the purchases of fixed assets answering capex, the purchases of intangible assets in the same column."""
    if not _FIXED_ASSETS.search(fact.label) or re.search(r"(?i)\bintangible", fact.label):
        return None
    return next((o for o in sorted(page_facts, key=lambda f: f.line_no) if o.line_no != fact.line_no
                 and o.column_header == fact.column_header and o.table_title == fact.table_title and o.value
                 and _INTANGIBLE_BUYS.search(o.label) and not re.search(r"(?i)\b(?:sales?|proceeds|disposals?|amorti[sz]\w*|"
                                                                         r"depreciation|impairments?|write-?offs?)\b",
                                                                         o.label)), None)


def other_basis_note(fact: StoredFact, other: StoredFact | None, marker: int) -> str:
    """A sentence naming the line that answered and the other basis the report prints, with its figure."""
    if other is None:
        return ""
    return (f" That is the line \"{fact.label}\" as printed; the report also prints \"{other.label}\": "
            f"{shown(other)} [{marker}] (same table and column).")
