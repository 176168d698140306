"""The metric lexicon: analyst words -> statement line items (data in `pipeline/data/metrics.toml`)."""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pipeline.question import set_aside, statement_names
from pipeline.question.paraphrase import due_within_a_year, name_holders, name_measures
from pipeline.question.units import without_stated_rate
from pipeline.core import bilingual

DEFAULT_LEXICON = Path(__file__).parent.parent / "data" / "metrics.toml"


@dataclass(frozen=True)
class Metric:
    key: str
    label: str
    terms: tuple[str, ...]
    line_items: tuple[re.Pattern[str], ...]
    exclude: tuple[re.Pattern[str], ...]
    statement: str
    outflow: bool = False
    kind: str = "amount"            # amount | per_share | ratio | derived
    statements: tuple[str, ...] = ()  # every statement its figures are printed in (primary first)
    inputs: tuple[str, ...] = ()      # derived metrics: the metrics they are computed from
    formula: str = ""                 # derived metrics: arithmetic over metric keys ("gross_profit / revenue * 100")
    per_share_formula: str = ""       # the same measure over per-share figures, for a question naming a per-share base
    unit: str = ""                    # derived metrics: "%", "x" (times) or "money"
    equity_line_items: tuple[re.Pattern[str], ...] = ()   # rows that name it only on the statement of changes in equity
    income_line_items: tuple[re.Pattern[str], ...] = ()   # rows that name it only on the income statement
    balance_line_items: tuple[re.Pattern[str], ...] = ()  # rows that name it only on the balance sheet
    in_parts: bool = False            # may be printed as lines that add up, with no total: two of them is no answer

    @property
    def printed(self) -> bool:
        """True when the figure is printed as one statement row (derived metrics are computed instead)."""
        return self.kind != "derived" and bool(self.line_items)

    def excludes(self, label: str, asked: str = "") -> bool:
        """The row `label` (or label path) names another measure: it holds one of the metric's exclusions that the
        question (`asked`, when given) does not name itself ("net income attributable to noncontrolling interests"
        asks the minorities' share)."""
        lab = _clean_label(label)
        hits = [p for p in self.exclude if p.search(lab)]
        if not hits or not asked:
            return bool(hits)
        low = _folded_question(asked)
        return any(not _names_itself(p, low) for p in hits)

    def matches_row(self, label: str, statement: str | None = None, asked: str = "") -> bool:
        """The row `label` (printed on `statement`, when known) is this metric's line."""
        lab = _clean_label(label)
        if self.excludes(label, asked):
            return False
        acronym = _ACRONYM_BRACKET.search(label.rsplit("\u203a", 1)[-1])
        if acronym and acronym.group(1).lower() in self.terms:
            return True         # the row names its measure's acronym: "Operating result (EBIT)", "... (EBITDA)"
        # a bilingual label ("Ingresos por ventas / Revenue", "Revenue / Umsatzerlöse") is the line either half names
        if " / " not in lab:
            return self._matches(lab, statement)
        return any(self._matches(part, statement) for part in _halves(lab))

    def _matches(self, lab: str, statement: str | None) -> bool:
        return any(p.match(lab) for p in self.line_items) or \
            statement == "equity" and any(p.match(lab) for p in self.equity_line_items) or \
            statement == "income" and any(p.match(lab) for p in self.income_line_items) or \
            statement == "balance" and any(p.match(lab) for p in self.balance_line_items)

    def search_text(self) -> str:
        """Words to add to a retrieval query so that statements' own wording is found."""
        seen: list[str] = []
        for t in (self.label, *self.terms):
            for w in re.findall(r"[a-z&]+", t.lower()):
                if w not in seen:
                    seen.append(w)
        return " ".join(seen)


_WORDS_AND = re.compile(r"(?<=\w{3}) & (?=\w{3})")     # ("cash & cash equivalents"; never "PP & E", "R & D")


def fold(text: str) -> str:
    """Lower case, curly quotes straightened, commas dropped ("plant, and" = "plant and"), an ampersand between words
    said ("cash & cash equivalents" = "cash and cash equivalents"; "D&A" stays), spaces collapsed."""
    return re.sub(r"\s+", " ", _WORDS_AND.sub(" and ", text.lower().replace("’", "'").replace(",", " "))).strip()


@lru_cache(maxsize=None)
def folded_term(term: str) -> str:
    """`fold(term)`, once per term: a term can only match folded text that holds it (`in_folded`)."""
    return fold(term)


def in_folded(term: str, low: str) -> bool:
    """The lexicon term occurs as a whole phrase in `low` (text already folded): a substring test first, so the
    pattern runs only where the words are."""
    return loose(folded_term(term)) in loose(low) and term_pattern(term).search(low) is not None


def loose(folded: str) -> str:
    """Folded text with its hyphens as spaces: a term's words are one phrase written either way ("top line" and
    "top-line", "long-term debt" and "long term debt")."""
    return folded.replace("-", " ")


@lru_cache(maxsize=None)
def term_pattern(term: str) -> re.Pattern[str]:
    """A lexicon term as a whole-phrase pattern over folded text ("cost of sales" not inside "cost of salesforce"),
    compiled once per process: a turn tests every term of the metric and topic lexicons several times, more
    patterns than `re`'s own cache holds."""
    words = "[ -]".join(re.escape(w) for w in re.split(r"[ -]", fold(term)))
    return re.compile(rf"(?<![\w&]){words}(?![\w&])")


# words that set an exclusion's measure aside rather than ask it: "net income before (attribution to) noncontrolling
# interests", "after minority interests", "excluding discontinued operations"
_SET_ASIDE = re.compile(r"\b(before|after|excluding|excl|ex|net of|less|without|other than|prior to)\b(?:\s+\S+){0,2}\s*$")


@lru_cache(maxsize=256)        # (every candidate row of a question is tested against the same question)
def _folded_question(asked: str) -> str:
    # ("attributable to NCI" names the non-controlling interests' share, however the filing hyphenates it)
    low = due_within_a_year(name_holders(fold(asked)))
    return f"{low} {re.sub(r'(?<![a-z])non[- ](?=[a-z])', 'non', low)}"


def _names_itself(exclusion: re.Pattern[str], asked: str) -> bool:
    """The question asks the excluded measure itself: it names it, and not as something set aside."""
    return any(not _SET_ASIDE.search(asked[:m.start()]) for m in exclusion.finditer(asked))


# what a "net of ..." / "less ..." label deducts from its asset or debt (matches words and their stems): an allowance,
# a reserve, accumulated depreciation, the current portion (maturities) of a debt, unamortised discounts
DEDUCTED = r"\b(?:allow|reserv|accumul|current\s+(?:portion|matur)|unamorti[sz])"
_NET_OF_CONTRA = re.compile(r",?\s*\(?\b(?:net of|less|excluding|excl\.?) (?:an? |the )?" + DEDUCTED + r"[^()]*?\)?\s*$")


_ACRONYM_BRACKET = re.compile(r"\(([A-Z][A-Za-z&]{1,5})\)\s*$")     # (capitals: "(EBIT)", never "(loss)")
_SCALE_WORD = r"(?:millions?|thousands?|billions?|'?000s?|mn|bn|m|k)"
_UNIT_BRACKET = re.compile(r"\s*\((?:in\s+)?(?:" + _SCALE_WORD + r"\s+(?:of\s+)?)?(?:[a-z]{1,3}\$?\s*)?"
                           r"(?:cents?|pence|p|[£$€¥₹₩]|[a-z]{3}|[a-z]{2}\.|yen|u\.\s?s\.\s+dollars?|dollars?)"
                           r"\s*" + _SCALE_WORD + r"?\)\s*$")


@lru_cache(maxsize=4096)
def _halves(lab: str) -> tuple[str, ...]:
    """A cleaned label and, where it prints two languages split by a slash, each half. Not a label's own slash: "Net
    income / (loss)" (its sign), "Total assets / total equity" (a ratio: both halves name a measure the lexicon
    knows, where a translation's other half names none)."""
    parts = bilingual.halves(lab)
    if len(parts) != 2 or not all(re.search(r"[a-z]{3}", p) for p in parts) or parts[1].startswith("(") or \
            all(get_lexicon().find(p) for p in parts):
        return (lab,)
    return (lab, *parts)


# a note reference after a row's label: "(refer note 3)", "(Note 19)", "(Notes 14 and 15)"
NOTE_REFERENCE = re.compile(r"(?i)\s*\((?:(?:refer|see)\s+(?:to\s+)?)?notes?\s*\d{1,2}[a-z]?"
                            r"(?:\s*(?:,|and|&)\s*\d{1,2}[a-z]?)*\)")
# a statutory form's line formula after its label ("(6-7)", "(3+4-5)", "(5+6)"): the lines it sums, no words of its own
LINE_FORMULA = re.compile(r"\s*\((?:\d{1,2}\s*[-+]\s*)+\d{1,2}\)\s*$")


@lru_cache(maxsize=8192)
def _clean_label(label: str) -> str:     # cached: every metric's patterns are tried on the same row labels
    lab = without_stated_rate(label).lower().replace("’", "'")     # "Dividends ($1.20 per share)" is the dividends
    lab = re.sub(r"\s*\((?:[a-z]|\d{1,2})\)\s*$", "", lab)     # trailing footnote markers (a), (1)
    lab = re.sub(r"^(?:less|add|deduct|plus)\s*:\s*|^[-–—•]\s+(?=[a-z])", "", lab)    # "Less: Net income ..." says its
    #                                                                         sign; "- diluted" a list's dash
    lab = re.sub(r",\s+(?=attributable\b)", " ", lab)      # the IFRS Taxonomy's "Profit (loss), attributable to owners ..."
    # a contra account named as the row's qualifier: "Accounts receivable, net of allowance for doubtful accounts of $21
    # and $25, respectively" is the receivables, not the allowance; "Long-term debt, less current portion" the debt
    lab = _NET_OF_CONTRA.sub(", net", lab)
    lab = re.sub(r"\s*\((?:[ivx]+\s*[-+]\s*)+[ivx]+\)\s*$", "", lab)    # "Profit for the year (V-VI)": its lines' sum
    lab = LINE_FORMULA.sub("", lab)    # "Net profit for the period (6-7)", "(3+4-5)"
    # a results statement's serial number or letter before the label ("8 Net profit ...", "(a) Revenue from operations",
    # an outline's "A. Cash flows from operating activities")
    # and a note reference after it ("(refer note 3)", "(Note 19)", "(Notes 14 and 15)")
    lab = re.sub(r"^(?:\([a-z]\)|\d{1,2}\.?|[ivx]{1,4}\.|[a-h]\.)\s+(?!(?:years?|months?|weeks?|days?)\b)(?=[a-z(])", "", lab)
    lab = NOTE_REFERENCE.sub("", lab)
    # what the line holds of a kind, both years' amounts in brackets: "Long-term debt (includes $1,204 and $1,388 at
    # fair value at November 30, 2071 and 2070, respectively)" is the long-term debt
    lab = re.sub(r"\s*\((?:includes|including)\s+[^()]*?\d[^()]*\brespectively\)", "", lab)
    # the unit in brackets after a label: "Diluted (HK cents)", "Basic (in ₹)", "Earnings per share (pence)", "(Rs.)",
    # a row's own scale and currency: "Net sales (thousands of U.S. dollars)", "Revenue (US$m)", "(in € million)"
    lab = _UNIT_BRACKET.sub("", lab)
    lab = re.sub(r"\s+[-–]\s+net$", ", net", lab)     # "Sales - net" is "Sales, net"
    return re.sub(r"\s+", " ", lab).strip(" :")


@dataclass(eq=False)
class Lexicon:
    metrics: list[Metric]

    def find(self, text: str) -> list[Metric]:
        """Metrics named in `text`, in order of first mention. Where two terms overlap, the longer wins
        ("net income" over "income", "cost of sales" over "sales"), so a metric found only inside another
        metric's term is not reported."""
        # (what the question says it does not ask names no measure: ", rather than free cash flow")
        low = " " + name_measures(fold(set_aside.without(text))) + " "
        low_loose = loose(low)
        spans: list[tuple[int, int, Metric]] = []
        # the statement of changes in equity's name ("in its statement of shareholders' equity") says where a figure
        # is printed, never that equity is the measure: its word "equity" names no measure (the words beside it may:
        # "dividends recognised in equity")
        blocked = [(i, i + len("equity")) for m in _EQUITY_STATEMENT.finditer(low)
                   for i in [low.find("equity", m.start(), m.end())]]
        # the other statements' names ("in its statement of cash flows", "the income statement") name no measure
        # at all: "cash" or "income" inside them is where the figure is printed
        blocked += [(m.start(), m.end()) for m in _PRIMARY_STATEMENT.finditer(low)]
        for m in self.metrics:
            for t in m.terms:
                if loose(folded_term(t)) not in low_loose:     # the phrase's words are not in the text: no match
                    continue
                for mm in term_pattern(t).finditer(low):
                    # "other operating income" is another line; "total operating income" the sum of the incomes
                    # an IFRS or bank statement prints above its expenses, never the operating profit
                    if re.search(r"\bnon[- ]?$", low[:mm.start()]):
                        continue    # ("non-current borrowings" are no current borrowings)
                    if not low[:mm.start()].endswith(" other ") and not (
                            low[:mm.start()].endswith(" total ") and mm.group(0).strip() in ("operating income", "income")):
                        spans.append((mm.start(), mm.end(), m))
        accepted: list[tuple[int, int, Metric]] = []
        # (a term's period words name no measure: "operating profit for the year" is operating profit, not
        # "profit for the year" because that term is longer)
        for start, end, m in sorted(spans, key=lambda s: (-_measure_length(low[s[0]:s[1]]), s[0])):
            if all(end <= a or start >= b for a, b, _ in accepted) and \
                    all(end <= a or start >= b for a, b in blocked):
                accepted.append((start, end, m))
        out: list[Metric] = []
        for _, _, m in sorted(accepted, key=lambda s: s[0]):
            if m not in out:
                out.append(m)
        # "How much cash did X return via dividends / spend on capex": the cash is the flow's, not the balance ("How
        # much cash did X have after paying dividends" keeps the balance)
        if any(m.key == "cash" for m in out) and any("cash_flow" in m.statements for m in out if m.key != "cash") \
                and _CASH_SPENT.search(low):
            out = [m for m in out if m.key != "cash"]
        # "capex on PP&E", "PP&E purchases (capex)", "spent on PP&E": the asset names what the spending bought,
        # not its balance ("PP&E at year-end, given capex of $95m" and "capex to PP&E" keep both)
        if any(m.key == "capex" for m in out) and any(m.key == "net_ppe" for m in out) and _SPENT_ON_PPE.search(low):
            out = [m for m in out if m.key != "net_ppe"]
        return out

    def lines_of(self, label: str) -> frozenset[str]:
        """The keys of the metrics whose own line the row `label` is ("Gross profit" -> gross_profit)."""
        return _lines_of(self, label)

    def get(self, key: str) -> Metric:
        for m in self.metrics:
            if m.key == key:
                return m
        raise KeyError(key)


@lru_cache(maxsize=65536)
def _lines_of(lexicon: Lexicon, label: str) -> frozenset[str]:
    return frozenset(m.key for m in lexicon.metrics if m.printed and m.matches_row(label))


_CASH_SPENT = re.compile(r"\bcash\b(?:\s+[\w&.'-]+){0,5}?\s+(?:spen[dt]|spending|pa(?:y|id|ying)|return(?:ed)?|us(?:e|ed)|"
                         r"invest(?:ed)?|distribut\w*|allocat\w*|deploy\w*|outlay)\b")
_PPE_WORDS = r"property,? plant,? (?:and|&) equipment"
_SPENT_ON_PPE = re.compile(rf"\b(?:capex|capital (?:expenditures?|spending|investment))\s*(?:outflows?\s+)?(?:\(\s*|on |for |in )?"
                           rf"(?:the |new |additional )?{_PPE_WORDS}|"
                           rf"\b(?:spen[dt]|spending|invest(?:ed)?|outlays?|pa(?:y|id)|paying)\s+(?:[\w&'-]+\s+){{0,3}}?(?:on|in|for) "
                           rf"(?:new )?{_PPE_WORDS}|"
                           rf"{_PPE_WORDS}\s+(?:purchases|acquisitions|additions|spend(?:ing)?)?\s*\(?\s*(?:capex|capital expenditures?)\b")
_PRIMARY_STATEMENT = re.compile(rf"(?i)\b(?:{statement_names.PRIMARY})\b")
_EQUITY_STATEMENT = re.compile(rf"(?i){statement_names.EQUITY}|"
                               # "recognised (directly) in equity": where a movement is booked, not the measure
                               r"\b(?:recognised|recognized|recorded|taken|booked) (?:directly )?(?:in|to|through) "
                               r"(?:(?:stockholders|shareholders)['’]?\s+)?equity\b")


def load_lexicon(path: Path | None = None) -> Lexicon:
    data = tomllib.loads(Path(path or DEFAULT_LEXICON).read_text(encoding="utf-8"))
    templates = data.get("line_templates", {})

    def line_items(d: dict) -> list[str]:
        """A template's patterns with its word set (`line_items_from`), then the metric's own."""
        name, word = d.get("line_items_from", (None, None))
        shared = [p.replace("<activity>", word) for p in templates[name]] if name else []
        return shared + list(d.get("line_items", ()))

    metrics = []
    for d in data.get("metric", []):
        metrics.append(Metric(
            key=d["key"], label=d["label"], terms=tuple(d.get("terms", ())),
            line_items=tuple(re.compile(p, re.IGNORECASE) for p in line_items(d)),
            exclude=tuple(re.compile(p, re.IGNORECASE) for p in d.get("exclude", ())),
            statement=d.get("statement", ""), outflow=bool(d.get("outflow", False)), kind=d.get("kind", "amount"),
            statements=tuple(d.get("statements", [d["statement"]] if d.get("statement") else [])),
            inputs=tuple(d.get("inputs", ())), formula=d.get("formula", ""), unit=d.get("unit", ""),
            per_share_formula=d.get("per_share_formula", ""),
            equity_line_items=tuple(re.compile(p, re.IGNORECASE) for p in d.get("equity_line_items", ())),
            income_line_items=tuple(re.compile(p, re.IGNORECASE) for p in d.get("income_line_items", ())),
            balance_line_items=tuple(re.compile(p, re.IGNORECASE) for p in d.get("balance_line_items", ())),
            in_parts=bool(d.get("in_parts", False))))
    return Lexicon(metrics)


@lru_cache(maxsize=2)
def get_lexicon() -> Lexicon:
    return load_lexicon()


_PERIOD_WORDS = re.compile(r"\s+for\s+the\s+(?:financial\s+|fiscal\s+)?(?:year|period)\s*$")


def _measure_length(span: str) -> int:
    """A matched term's length without its closing period words ("profit for the year": "profit")."""
    return len(_PERIOD_WORDS.sub("", span.rstrip()))
