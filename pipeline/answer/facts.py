"""The facts lookup: which table row and column of a filing answer the figure a question asks for.

The question is read as a measure (a lexicon metric, when the analyst's words name one, else the question's own
content words) plus qualifiers: every other content word (a segment or division, free, gross, diluted, per share,
operating, adjusted, ...). A row answers only when its label path, table title and column header cover the measure
and every qualifier; nothing else is ever presented as the answer. Rows are then ranked: primary statements over
notes (and over guarantor / parent-only statements, unless asked), the filing of the asked year over later ones,
fewest words the question did not ask for.

When nothing covers the question the lookup says so and names the closest lines, which the answer offers as
follow-ups. Deliberately not a model: the match is explained by the words it covered.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from pipeline.question import line_vocabulary

from pipeline.reading import segment_columns
from pipeline.answer.figure_kinds import NON_GAAP
from pipeline.question.lexicon import Metric, fold, term_pattern
from pipeline.question.analysis import QuestionFacts, core_question, own_words
from pipeline.stores import corpus
from pipeline.stores import facts as store
from pipeline.stores import filings as filings_store
from pipeline.stores.facts import StoredFact
from pipeline.question.terms import stem, stem_words

# Words that say how a question is asked, not what: never qualifiers.
_FILLER = set("""what was were is are the of in for did does do how much many which who when where why a an and or to by
on at as its it their this that these those be been has have had with from into than then there such if but not no
will would can could should about give tell me please fy fiscal year years amount value figure report reported
company company's end ended ending period usd us dollars dollar millions million billions billion thousands thousand
answer round rounded decimal places place units unit calculate compute computed based basing according information
statement statements provided primarily outlined detail details clearly taking take account conclusions drawing stated
only judgment judgement plainly approximation reasonable exact number possible metric financial question response
respond relying rely using use shown show see given latest recent full annual level figures data look looking find
also all any state yearly during over time overall approximately roughly about around just exactly respectively
record recorded recognise recognised recognize recognized post posted generate generated spend spent have had make made earn earned book booked incur incurred
total whole entire sum aggregate so far per cent percent percentage expressed express terms term described describe
defined define definition named name called line item items pay paid paying pays spend spending invest invested
receive received bring brought get got hold held own owned owe owed returned distribute distributed
grow grew grown growth change changed changes increase increased decrease decreased decline declined rise rose fall
fell yoy compared compare versus vs improve improved improvement average avg cagr compound compounded annual annualized
less minus plus between within throughout upon among across onto toward towards via whose them they we our us you
your my while both each every either neither other another some same so too very may might must shall being having
end-of year-end yearend later earlier before after prior previous next following preceding ago last that this
same positive negative above below under exceed exceeds exceeded greater more bigger larger higher better worse
smaller lower faster slower now currently today then
back going go ok okay switch switching let let's lets sure thanks thank great cool hmm again""".split())
# ("negative operating cash flow?", "inventory above $10 billion?" ask about the figure, not for another row)
# Qualifiers whose absence from a row means the default reading: implied when the table offers no alternative.
_SOFT = {"total", "consolidated", "reported", "gaap", "unadjusted", "attributable", "shareholders", "stockholders",
         "common", "group", "net", "overall", "company", "parent", "owners",
         # whose profit or equity, in IFRS wording: "attributable to ordinary shareholders / members / equity holders"
         "ordinary", "members", "holders"}
# "North America segment operating income": the segment's name is the qualifier, the word only says what kind of
# thing it is; "segment revenue" naming no segment keeps the word, so no company total answers it.
_KIND_WORDS = {"segment", "segments", "division", "divisions", "reportable"}
_STATEMENT_WORDS = re.compile(r"(?i)\b(income statements?|statements? of (consolidated )?(income|operations|earnings|"
                              r"cash flows?|financial position|comprehensive income)|balance sheets?|cash flow "
                              r"statements?|p&l|profit and loss( account)?|statement of financial position|"
                              # the statement of changes in equity, as an analyst names it
                              r"statements? of (changes in )?(stockholders['’]? |shareholders['’]? )?equity|"
                              r"equity statements?)\b")
_PAREN = re.compile(r"\((?:in|amounts? in|usd|us\$|\$)[^)]*\)", re.I)
_YEARISH = re.compile(r"(?i)\b((as\s+)?(of|at|on)\s+)?((jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+"
                      r"\d{1,2}(st|nd|rd|th)?,?\s+)(?=(19|20)\d{2})|"     # "at December 31, 2022": a date, not a word
                      r"\b((as\s+)?(of|at|on)\s+)?\d{1,2}(st|nd|rd|th)?\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|"
                      r"dec)[a-z]*\.?,?\s+(?=(19|20)\d{2})|"                 # "at 30 June 2022": the day-first date
                      r"\b(fy\s?'?\d{2,4}|fiscal\s+(year\s+)?'?\d{2,4}|(19|20)\d{2}|q[1-4])\b")
_NON_GAAP_ROW = re.compile(r"(?i)\b(adjusted|non-gaap|pro forma|normali[sz]ed|underlying)\b")
_MOVEMENT = re.compile(r"(?i)\bchanges? in\b|\bincrease\b|\bdecrease\b|\bmovements?\b")
_TRANSFORM_WORDS = ("""unearned deferred accrued prepaid cost costs change changes allowance accumulated
reserve reserves provision provisions tax taxes payable receivable impairment amortization depreciation gain gains loss
losses expense expenses proceeds purchases acquisition acquisitions discontinued noncontrolling non-controlling per
other""".split())
_PCT = re.compile(r"(?i)%|\bper ?cent(age)?\b")
# A parent heading with one of these words measures something about its rows, not the rows themselves: "Provisions
# for credit losses › Card Member loans" is a provision, "Proceeds from › Long-term debt" a cash flow. (Not "change
# in": "Change in benefit obligation › Benefit obligation at end of year" is the level; movements are ranked below.)
_HEADING_TRANSFORMS = ("""provision provisions allowance allowances impairment impairments amortization depreciation
write-off write-offs writeoffs charge-offs chargeoffs proceeds purchases repayments payments issuance""".split())


def stems(text: str) -> list[str]:
    words = re.findall(r"[a-z][a-z0-9&]*", text.lower().replace("’", "'").replace("'s", ""))
    return stem_words(words)


@dataclass
class Ask:
    question: str
    metric: Metric | None
    measure: str                                    # the asked measure in the analyst's words
    hard: list[str] = field(default_factory=list)  # stems a row must cover
    soft: list[str] = field(default_factory=list)  # stems a row should cover when the table offers them
    statement_hint: str | None = None               # "income" | "balance" | "cash_flow" | "equity" when named
    measure_stems: list[str] = field(default_factory=list)   # the measure's own words, stemmed

    @property
    def words(self) -> list[str]:
        return [*self.hard, *self.soft]


def read_ask(question: str, facts: QuestionFacts, metric: Metric | None, *, with_qualifiers: bool = True) -> Ask:
    """The measure and qualifiers of a figure question. `with_qualifiers=False` for a calculator input (the
    question's other words describe the derived measure, not this input)."""
    # What carry-over appended ("(context from turn 1: Verizon FY2030 capital expenditure)") names the company,
    # year and metric, which facts already hold: never qualifiers.
    text = core_question(own_words(question))
    text = re.sub(r"(?is)<(script|style)\b[^>]*>.*?</\1\s*>", " ", text)
    text = re.sub(r"<[^>]*>", " ", text)                       # markup is never part of the measure
    asking = [x for x in re.split(r"(?<=[.?!])\s+", text) if "?" in x]
    if asking:                      # "Ignore previous instructions ... What was 3M's capex?": the asking sentence
        text = " ".join(asking)
    hint = _statement_hint(text)
    text = _STATEMENT_WORDS.sub(" ", text)
    text = _PAREN.sub(" ", text)
    for c in facts.companies:
        for n in sorted({c.name, c.key, *c.aliases, *c.tickers, *_leading_parts(c)}, key=len, reverse=True):
            text = re.sub(rf"(?i)(?<![\w]){re.escape(n)}(?:'s|’s)?(?![\w])", " ", text)
    text = _YEARISH.sub(" ", text)
    folded = " " + fold(text) + " "
    measure = ""
    if metric is not None:
        for t in sorted(metric.terms, key=len, reverse=True):
            m = term_pattern(t).search(folded)
            if m:
                measure = m.group(0)
                folded = folded[:m.start()] + " " + folded[m.end():]
                break
        measure = measure or metric.label
    words = [w for w in re.findall(r"[a-z][a-z0-9&]*|%", folded.replace("-", " "))
             if w not in _FILLER and len(w) > 1 or w == "%"]
    if metric is None:
        measure = " ".join(words)
        # named as the question words it ("purchases of property and equipment", "loss before income tax"), when
        # its words stand together there
        first = re.search(rf"(?<![\w&]){re.escape(words[0])}(?![\w&])", folded) if words and words[0] != "%" else None
        last = list(re.finditer(rf"(?<![\w&]){re.escape(words[-1])}(?![\w&])", folded)) if first else []
        if first and last and last[-1].end() > first.start():
            phrase = folded[first.start():last[-1].end()]
            if len(phrase.split()) <= len(words) + 3 and not re.search(r"[?.;:]", phrase):
                measure = phrase
    measure_stems = [w for w in stems(measure) if w not in ("and", "of", "the")]
    if not with_qualifiers:
        return Ask(question, metric, measure, [], [], hint, measure_stems)
    hard, soft = [], []
    named = any(w not in _SOFT and w not in _KIND_WORDS for w in words)
    for w in words:
        s = stem(w.strip("-")) if w != "%" else "%"
        (soft if w in _SOFT or (w in _KIND_WORDS and named) else hard).append(s)
    return Ask(question, metric, measure.strip(), list(dict.fromkeys(hard)), list(dict.fromkeys(soft)), hint,
               measure_stems)


def _leading_parts(company) -> set[str]:
    """The leading words of a company's longer names, as an analyst shortens them: "Kestrel Systems" of "Kestrel
    Systems International, Inc.", "Acme Widget" of "Acme Widget Holdings Corporation". Two words or more (one word is the
    short name, already held): they say whose figure it is, never what it measures."""
    out: set[str] = set()
    for name in (*company.aliases, getattr(company, "legal_name", "") or ""):
        parts = [w for w in re.split(r"[\s,]+", name) if w]
        out.update(" ".join(parts[:k]) for k in range(2, len(parts)))
    return out


def _statement_hint(text: str) -> str | None:
    m = _STATEMENT_WORDS.search(text)
    if not m:
        return None
    t = m.group(0).lower()
    if "equity" in t:
        return "equity"
    if "cash" in t:
        return "cash_flow"
    if "balance" in t or "financial position" in t:
        return "balance"
    return "income"


@dataclass
class FactMatch:
    fact: StoredFact
    covered: list[str]
    extra: list[str]
    alternatives: list[StoredFact] = field(default_factory=list)
    via: line_vocabulary.Link | None = None     # the standard label group that linked asked words and row label

    def why(self, ask: Ask) -> str:
        """What linked the asked words to the printed row, for the answer's record and the trace."""
        printed = f"'{self.fact.label}'"
        if self.via is not None:
            return f"'{self.via.asked}' = {printed} ({self.via.reason()})"
        if ask.metric is not None:
            if ask.metric.matches_row(self.fact.label):
                return f"'{ask.measure}' = {printed} (lexicon: {ask.metric.key})"
            if _names_measure(ask, self.fact):
                return f"'{ask.measure}' = {printed} (the label holds the asked words)"
            return f"'{ask.measure}' = {printed} under its heading (lexicon: {ask.metric.key})"
        return f"'{ask.measure}' = {printed} (the row covers the asked words: {', '.join(self.covered)})"


@dataclass
class NoMatch:
    measure: str
    closest: list[StoredFact]
    reason: str


def _row_stems(f: StoredFact) -> set[str]:
    # A title naming the company ("ACTIVISION BLIZZARD, INC. AND SUBSIDIARIES") says whose table it is: it never
    # covers a segment named like the company ("Blizzard segment net revenues").
    title = re.sub(rf"(?i)(?<!\w){re.escape(f.company)}(?!\w)", " ", f.table_title) if f.company else f.table_title
    return set(stems(" ".join([f.label_path, title, f.column_header, f.qualifiers])))


def _metric_covers(metric: Metric, f: StoredFact, ask: Ask | None = None) -> bool:
    # the whole path: "Earnings (loss) from discontinued operations per common share › Diluted" is not diluted EPS
    own = f.label_path
    for name in segment_columns.named_in(f.qualifiers):     # whose figure it is, not what it measures
        own = own[len(name):].lstrip(" \u203a") if own.startswith(name) else own
    if any(p.search(own.lower()) for p in metric.exclude):
        return False
    if metric.matches_row(f.label):
        return True
    # "Segment net sales" in a segment's column (or asked as the segments' figure) is that segment's net sales
    if re.match(r"(?i)segment\s", f.label) and (segment_parents(f) or (ask is not None and "segment" in ask.hard)) \
            and metric.matches_row(f.label.split(None, 1)[1]):
        return True
    # A parent heading may carry the measure ("Revenues › Commercial Airplanes") when the question names the
    # sub-item itself: "Commercial Airplanes revenue". Without such a qualifier a heading's child is a component
    # ("Cash flows from operating activities › Net income"), never the measure.
    if ask is None or not ask.hard or not set(ask.hard) <= set(stems(f.label)):
        return False
    return any(metric.matches_row(p.strip()) for p in f.label_path.split("\u203a")[:-1])


@lru_cache(maxsize=1)
def _transforms() -> set[str]:
    return set(stems(" ".join(_TRANSFORM_WORDS)))


@lru_cache(maxsize=1)
def _heading_transforms() -> set[str]:
    return set(stems(" ".join(_HEADING_TRANSFORMS)))


@lru_cache(maxsize=1)
def _filler_stems() -> set[str]:
    return set(stems(" ".join(_FILLER)))


def segment_parents(f: StoredFact) -> list[str]:
    """The row's parent headings that name a segment ("Flexibles Segment"), outermost first; a row of a table
    whose columns are segments has its column's segment first ("Display Technologies")."""
    parents = [p.strip() for p in f.label_path.split("\u203a")[:-1]]
    headed = [p for p in parents if re.search(r"(?i)\b(segment|division)s?\s*$", p)]
    return segment_columns.named_in(f.qualifiers) + headed


def _another_segment(f: StoredFact, asked: set[str]) -> bool:
    """A row under "Flexibles Segment" (or in its column) is that segment's: it answers only a question naming the
    segment. Words a question never keeps ("Growth", "Other") are not asked for; a column named by them alone
    ("All Other") answers nothing."""
    for column in segment_columns.named_in(f.qualifiers):
        name = set(stems(column)) - _filler_stems()
        if not name or not name <= asked:
            return True
    for parent in segment_parents(f)[len(segment_columns.named_in(f.qualifiers)):]:
        name = set(stems(parent)) - {"segment", "divis", "division", "and", "the", "of"}
        if name and not name <= asked:
            return True
    return False


def _heading_changes_measure(f: StoredFact, asked: set[str]) -> bool:
    """A parent heading the question did not ask makes the row another measure ("Provisions for credit losses ›
    Card Member loans" does not answer "Card Member loans")."""
    parents = re.sub(r"\([^)]*\)", " ", " ".join(f.label_path.split("\u203a")[:-1]))   # "Income (loss) before"
    return bool((set(stems(parents)) & _heading_transforms()) - asked)


def _names_measure(ask: Ask, f: StoredFact) -> bool:
    """The row's own label is the measure in the question's words and nothing else ("Basic earnings per share" for
    "basic EPS" read as earnings per share + basic), so "Unearned revenue" never stands for revenue."""
    if not ask.measure_stems:
        return False
    if ask.metric is not None and any(p.search(f.label.lower()) for p in ask.metric.exclude):
        return False
    label = set(stems(f.label)) - {"total", "net", "of", "and", "the", "in", "for"}
    extra = label - set(ask.measure_stems) - set(ask.hard) - set(ask.soft)
    # A kind-of word keeps the measure ("Merchandise inventories"); an accounting modifier makes it another one
    # ("Unearned revenue" is a liability, "Cost of revenue" an expense, "Change in inventories" a movement).
    return set(ask.measure_stems) <= label and not (extra & _transforms()) and len(extra) <= 2


def vocabulary_link(ask: Ask, label: str, label_path: str = "") -> line_vocabulary.Link | None:
    """The standard label group that makes the row's own `label` the asked measure in other words ("cost of goods
    sold" asked, "Cost of revenue" printed), or None. The asked words are the measure's longest span that is a
    group label; the question's other words stay qualifiers the row must cover. A row under a heading of the same
    group ("Cost of revenue › Cost of goods sold") is a component of that line, never linked; neither is a label
    the asked metric excludes."""
    if ask.metric is not None and any(p.search(label.lower()) for p in ask.metric.exclude):
        return None
    vocab = line_vocabulary.get_vocabulary()
    parents = [p.strip() for p in label_path.split("\u203a")[:-1]]
    for span in _asked_spans(ask):
        link = vocab.link(span, label)
        if link is None:
            continue
        group = {line_vocabulary.words(lab) for lab in link.group.labels}
        if any(line_vocabulary.words(p) in group for p in parents):
            return None
        return link
    return None


def _asked_spans(ask: Ask) -> list[str]:
    """The asked measure's spans that are standard group labels; a lexicon metric asked by a term the groups do not
    hold ("COGS") is asked by its own label too ("cost of sales"): the hand lexicon already made them one."""
    vocab = line_vocabulary.get_vocabulary()
    out = vocab.spans(ask.measure)
    if ask.metric is not None:
        out += [s for s in vocab.spans(fold(ask.metric.label)) if s not in out]
    return out


def _search_terms(ask: Ask) -> list[str]:
    terms = list(ask.hard) + list(ask.soft)
    if ask.metric is not None:
        terms += [w for t in ask.metric.terms for w in re.findall(r"[a-z]{3,}", t.lower())]
        for p in ask.metric.line_items:
            terms += re.findall(r"[a-z]{4,}", p.pattern.lower())
    else:
        terms += ask.measure.split()
    vocab = line_vocabulary.get_vocabulary()
    for span in _asked_spans(ask):               # the same line printed in the standard group's other words
        terms += [w for lab in vocab.other_labels(span) for w in re.findall(r"[a-z]{3,}", lab.lower())]
    return [t for t in terms if t not in ("and", "the", "for", "net", "total", "from")]


def documents_for(conn, company: str, year: int, filings: list | None = None) -> list[tuple[str, int, bool]]:
    """(doc_id, fiscal_year, annual) of the company's filings that can print `year`'s figures, best first
    (`filings`: the company's `stores.filings.of_company`, when the caller already read them)."""
    rows = (corpus.filings_between(conn, company, year, year + 2) if filings is None
            else filings_store.between(filings, year, year + 2))
    out = [(d, fy, t.upper().replace("-", "") in ("10K", "20F", "40F", "ANNUAL", "AR")) for d, fy, t in rows]
    return sorted(out, key=lambda r: (r[1] != year, not r[2], r[1]))


def find(conn, ask: Ask, company: str, year: int, *, secondary_ok: bool = False,
         docs: list[tuple[str, int, bool]] | None = None, current: bool = False) -> FactMatch | NoMatch:
    """The row x column of the company's filings that answers `ask` for fiscal year `year` (`docs`: the
    `documents_for` of that company and year, when the caller already read them; `current`: the caller has
    brought their facts up to the current rules)."""
    docs = documents_for(conn, company, year) if docs is None else docs
    if not docs:
        return NoMatch(ask.measure, [], f"no filing of {company} covers FY{year}")
    cands = store.search(conn, doc_ids=[d for d, _, _ in docs], fiscal_years=[year], terms=_search_terms(ask),
                         current=current)
    return choose(ask, cands, [d for d, _, _ in docs], secondary_ok=secondary_ok)


def choose(ask: Ask, cands: list[StoredFact], doc_order: list[str], *, secondary_ok: bool = False
           ) -> FactMatch | NoMatch:
    """Pick the covering row among candidate facts (all of one fiscal year), best documents first in
    `doc_order`. Pure: no database."""
    doc_rank = {d: i for i, d in enumerate(doc_order)}
    cands = [f for f in cands if f.value is not None and (f.span in (None, "year") or "week" in (f.span or ""))
             and (f.kind != "percent" or _wants_percent(ask, f)) and not _misread_row(f)]
    asked = set(ask.hard) | set(ask.soft)
    if ask.metric is not None:
        asked |= set(stems(" ".join(ask.metric.terms)))
    per_part = _per_part_rows(cands, set(ask.hard))
    good: list[tuple[tuple, StoredFact, list[str], list[str]]] = []
    for f in cands:
        if f.secondary and not secondary_ok:
            continue
        row = _row_stems(f)
        link = None
        if ask.metric is not None and not _metric_covers(ask.metric, f, ask) and not _names_measure(ask, f):
            link = vocabulary_link(ask, f.label, f.label_path)
            if link is None:
                continue
        if ask.metric is None and not ask.hard:
            continue
        missing = [w for w in ask.hard if w not in row and not (w == "%" and f.kind == "percent")]
        if missing and ask.metric is None:
            link = vocabulary_link(ask, f.label, f.label_path)
            if link is not None:
                missing = [w for w in missing if w not in set(stems(link.asked))]
        if missing:
            continue
        if _NON_GAAP_ROW.search(f.label_path) and not NON_GAAP.search(ask.question):
            continue        # "Adjusted EBIT" is a non-GAAP measure: it answers only a question that asks for one
        if _kind_conflict(ask, f) or _heading_changes_measure(f, asked) or _another_segment(f, asked):
            continue
        if ask.metric is None and link is None and _only_in_compound(ask, f):
            continue        # "income" asked, "Profit before income tax" printed: the word names another measure there
        if None is not _tax_side(ask.question) != _tax_side(f.label_path) is not None:
            continue        # profit after tax is not profit before tax
        if _MOVEMENT.search(f.label) and not _MOVEMENT.search(ask.question):
            continue        # "Net (increase) decrease in Card Member loans" is a cash flow, not the loans
        if ask.metric is None and link is None and not set(ask.hard) & set(stems(f.label_path)):
            continue        # the measure itself must be the row's, not only a word of the table's title
        label_words = set(stems(f.label_path)) - asked - {"total", "net", "of", "and", "the", "in", "for"}
        soft_hits = sum(1 for w in ask.soft if w in row)
        # A statement of changes in equity answers only what no other row prints (the other statements print most
        # of its lines: net income, dividends paid, share repurchases; a statement whose title was not read ranks as
        # a note), unless the question names it.
        primary = f.statement is not None and not f.secondary and f.statement != "equity"
        in_metric_statement = ask.metric is not None and f.statement in ask.metric.statements
        hinted = ask.statement_hint is not None and f.statement == ask.statement_hint
        other_than_equity = f.statement != "equity" or hinted
        # On a balance sheet the carrying amount is the line net of its allowance or depreciation ("Accounts
        # receivable, net" under "Accounts receivable" and "Less allowance"), unless the question says gross.
        carrying = f.statement == "balance" and "gross" not in ask.hard and bool(re.search(r"(?i)\bnet\b", f.label))
        # A row under "Changes in operating assets and liabilities" is the movement of an item, not the item.
        # (A row the metric names by its own label is that metric's, whatever heading it was read under: "Net cash
        # provided by operating activities" below "Changes in operating assets and liabilities" is the total.)
        own = ask.metric is not None and ask.metric.statement == "cash_flow" and ask.metric.matches_row(f.label)
        movement = bool(_MOVEMENT.search(f.label if own else f.label_path)) == bool(_MOVEMENT.search(ask.measure))
        printed = bool(re.search(r"\d", f.value_printed)) and f.value != 0     # a "—" cell below a printed figure
        # (a row that covers the asked words itself ranks above one the standard vocabulary links)
        key = (movement, other_than_equity, link is None, primary or hinted, hinted, in_metric_statement, printed, id(f) not in per_part,
               soft_hits,
               -doc_rank.get(f.doc_id, 9), carrying,
               -len(label_words), f.label.lower().startswith("total"), -f.page)
        good.append((key, f, sorted(asked & row), sorted(label_words), link))
    if not good:
        closest = [f for f in cands if not f.secondary][:40]
        return NoMatch(ask.measure, _distinct_rows(closest)[:3], "no row covers " + (", ".join(ask.hard) or
                                                                                      ask.measure))
    good.sort(key=lambda g: g[0], reverse=True)
    best = good[0]
    if id(best[1]) in per_part:
        # "Backlog at year-end" printed in each segment's table, no company-wide row: any one of them would be a
        # part's figure given as the company's
        rows = [g[1] for g in good if id(g[1]) in per_part]
        return NoMatch(ask.measure, _distinct_pages(rows)[:3], f"'{best[1].label}' is printed in {len(per_part)} "
                       "tables with different figures (one per segment or part?) and no company-wide row")
    alts = [g[1] for g in good[1:] if g[1].label_path != best[1].label_path][:3]
    return FactMatch(best[1], best[2], best[3], _distinct_rows(alts), best[4])


def _per_part_rows(cands: list[StoredFact], asked: set[str] | None = None) -> set[int]:
    """Rows outside the primary statements whose whole label path is printed in several tables of one filing with
    different figures for the same year ("Backlog at year-end" in each segment's results): each is one part's
    row, never the company's figure unless the question names what tells them apart (a row whose table title
    carries an asked word the others lack, "RMS operating profit", is that part's and stays). Figures equal up to
    the scale or rounding ($150.0 billion and 149,998 million) are the same figure printed twice."""
    groups: dict[tuple, list[StoredFact]] = {}
    for f in cands:
        if f.statement is None and f.value is not None:
            groups.setdefault((f.doc_id, f.label_path.lower(), f.column_header), []).append(f)
    out: set[int] = set()
    for rows in groups.values():
        tables = {(f.page, f.table_title) for f in rows}
        if len(tables) >= 2 and not all(_same_figure(rows[0].value, f.value) for f in rows[1:]):
            stems_of = {id(f): _row_stems(f) for f in rows}
            for f in rows:
                others = set.intersection(*(stems_of[id(g)] for g in rows if g is not f))
                if not (asked or set()) & (stems_of[id(f)] - others):
                    out.add(id(f))
    return out


def _same_figure(a, b) -> bool:
    if a == b:
        return True
    if not a or not b:
        return False
    ratio = abs(float(a) / float(b))
    return any(abs(ratio / k - 1) <= 0.01 for k in (1, 1e3, 1e-3, 1e6, 1e-6))


def _distinct_pages(rows: list[StoredFact]) -> list[StoredFact]:
    seen: set[tuple] = set()
    return [f for f in rows if (f.doc_id, f.page) not in seen and not seen.add((f.doc_id, f.page))]


def _wants_percent(ask: Ask, f: StoredFact) -> bool:
    return f.kind == "percent" and ("%" in ask.hard or (ask.metric is not None and ask.metric.kind == "ratio"))


def _kind_conflict(ask: Ask, f: StoredFact) -> bool:
    """A per-share question is never answered with an amount, nor an amount with a per-share figure."""
    per_share_asked = ask.metric is not None and ask.metric.kind == "per_share" or \
        {"share"} <= set(ask.hard) and "per" in ask.question.lower()
    if per_share_asked != (f.kind == "per_share"):
        return True
    if (re.search(r"(?i)\bhow many\b|\bnumber of\b", ask.question) or asks_a_count(ask.measure)) \
            and f.kind != "count":
        return True         # a count is never answered with an amount of money
    return False


_COUNTED = re.compile(r"(?i)\b(employees?|head ?count|workforce|staff|people|personnel|stores|customers|subscribers|"
                      r"deliveries|locations|restaurants|branches|members)\b")
_MONEY_OF = re.compile(r"(?i)\b(costs?|expenses?|benefits?|compensation|pay|salar\w*|wages|tax\w*|obligations?|"
                       r"liabilit\w*|revenues?|sales|spend\w*|loans?|receivables?|deposits?|payables?|income)\b")


def asks_a_count(measure: str) -> bool:
    """'employees', 'store count', 'subscribers': a count, unless money about them is asked ('employee costs')."""
    return bool(_COUNTED.search(measure)) and not _MONEY_OF.search(measure)


def _distinct_rows(facts: list[StoredFact]) -> list[StoredFact]:
    seen, out = set(), []
    for f in facts:
        if f.label_path not in seen:
            seen.add(f.label_path)
            out.append(f)
    return out


def closest_text(closest: list[StoredFact]) -> str:
    return ", ".join(f"{f.label_path.replace(chr(0x203a), '>')} (p. {f.page})" for f in closest)


def fit(question_ask: Ask, figure: dict, company: str, year: int | None) -> list[str]:
    """Which of measure, period and entity a cited figure's row and column fail to cover (empty: it fits the
    question). `figure` is an answer's recorded figure (row path, table, column, the column's fiscal year)."""
    failed = []
    row = set(stems(" ".join([figure.get("row_path") or figure.get("row_label", ""), figure.get("table", ""),
                              figure.get("column", "")])))
    missing = [w for w in question_ask.hard if w not in row and w != "%"]
    if missing:
        link = vocabulary_link(question_ask, figure.get("row_label", ""), figure.get("row_path") or "")
        if link is not None:      # the row is the asked line in the standard group's other words
            missing = [w for w in missing if w not in set(stems(link.asked))]
    if missing:
        failed.append("measure")
    if year is not None and figure.get("column_fy") not in (None, year):
        failed.append("period")
    if figure.get("company") != company:
        failed.append("entity")
    return failed


# a word followed by one of these is part of another measure's name: "income tax", "revenue recognition"
_COMPOUND_NEXT = {"tax", "recognit", "recognition", "statement", "per"}


def _only_in_compound(ask: Ask, f: StoredFact) -> bool:
    """Every asked word the row label carries stands inside another measure's name ("income" in "income tax")."""
    toks = stems(f.label)
    asked = set(ask.hard) - {"%"}
    hits = [i for i, t in enumerate(toks) if t in asked]
    if not hits:
        return False
    said = set(stems(ask.question))
    return all(i + 1 < len(toks) and toks[i + 1] in _COMPOUND_NEXT and toks[i + 1] not in said for i in hits)


_TAX_SIDE = re.compile(r"(?i)\b(before|after|pre|post)[\s-]+(income\s+)?tax")


def _tax_side(text: str) -> str | None:
    """'before' | 'after' when the text says which side of tax a profit is ("profit after tax", "pre-tax")."""
    m = _TAX_SIDE.search(text)
    return None if m is None else ("before" if m.group(1).lower() in ("before", "pre") else "after")


def _misread_row(f: StoredFact) -> bool:
    """A row whose label carries a run of figures ("EBITDA 2,117 2,018 (5)") was mis-split: its columns cannot be
    trusted, so it never answers (a wrong figure is worse than none)."""
    return bool(re.search(r"(?<![\d,])\d{1,3}(,\d{3})+(\.\d+)?\)?\s+\(?\$?\s?\d", f.label_path))   # years have no commas
