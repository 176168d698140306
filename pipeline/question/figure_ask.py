"""A figure question as the facts lookup reads it: the measure in the analyst's words, the qualifiers a row must cover."""

from __future__ import annotations

import re
from functools import lru_cache
from dataclasses import dataclass, field

from pipeline.core.currencies import CURRENCIES, iso_codes_unlike_words
from pipeline.question import statement_names
from pipeline.question.paraphrase import name_measures
from pipeline.question import set_aside, whose_figure
from pipeline.question.lexicon import Metric, fold, get_lexicon, term_pattern
from pipeline.question.analysis import QuestionFacts, core_question
from pipeline.question.legal_forms import LEGAL_SUFFIX, bare_name
from pipeline.question.terms import negated_states, solid_parts, spell_out, stem, stem_words
from pipeline.question.ask_words import DELIVERED_THINGS, FILLER, KIND_WORDS, SOFT
from pipeline.question.codes import codes_asked
from pipeline.question.name_forms import coined_words, initials_of, leading_parts
from pipeline.question.year_parts import PART_OF_YEAR, part_of_year


STATEMENT_WORDS = re.compile(rf"(?i)\b({statement_names.PRIMARY}|p&l|profit and loss( account)?|"
                             rf"{statement_names.EQUITY})\b")


def statement_named(text: str) -> str:
    """The statement the question names as where the figure is printed ("in its statement of stockholders' equity"),
    or ''."""
    return " ".join(m.group(0) for m in STATEMENT_WORDS.finditer(text))


# A lead-in clause before the asking words, made of words that name no measure (where the analyst looks, filler)
_LEAD_IN = re.compile(r"(?is)^\s*(.{0,80}?)(?:[,:;]|\s[-–—])\s*(?=(?:what|how|which|did|does|was|were|is|are)\b)")
_LEAD_WORDS = set("""here here's heres one another next quick question ok okay so now using use considering consider
looking look based according per from accounts account 10-k 10k 10-q annual report filing statements""".split())

# The unit an answer is wanted in names no measure: "in millions of yen", "in pence", "(HK$'000)", "(€ thousand)",
# "in C$ millions", ", in US dollars?". A bare currency is a unit only after a comma or in brackets: "debt denominated
# in euros", "revenue in euros", "cash held in yen" ask for the part in that currency
_ISO_CODES = "|".join(sorted({code.lower() for code, _ in CURRENCIES if code.isalpha()} |
                             {c.lower() for c in iso_codes_unlike_words()})) + "|rmb|frw"
#             (the ISO 4217 codes no question uses as a word, and signs of a code's currency: "RMB", the Rwandan "Frw")
_CURRENCY = (r"(?:(?:[a-z]{1,3}\s?)?\$|[£€¥₹₩]|"
             rf"{_ISO_CODES}|rm|rs\.?|ps\.?|kd|bd|qr|jd|tk|gh¢|gh₵|₸|₦|"
             r"(?:(?:us|u\.s\.|australian|canadian|hong kong|new zealand|singapore|swiss|japanese|hk|nz|a|c|nt)\s*)?"
             r"(?:dollars?|cents?|yen|euros?|pounds?(?:\s+sterling)?|sterling|pence|renminbi|yuan|rupees?|francs?|won|"
             r"rand|reais|pesos?|kronor|krona|kroner|krone|ringgit|sen|rupiah|baht|zloty|shekels?|taka|tenge|cedis?|"
             r"dinars?|riyals?|rials?|dirhams?|naira|kobo|shillings?|soles|kwacha|pesewas|fils))")
_SCALE_WORD = r"(?:'000s?|000['’]s|000s?|thousands?|millions?|billions?|crores?|cr|lakhs?|lacs?|mm|mn|bn|m|k)"   # ("Rs cr": crore)
# ("(SAR)", "(in NOK)": the unit)
_PAREN = re.compile(rf"\((?:in|amounts? in|usd|us\$|\$)[^)]*\)|\(\s*(?:in\s+)?(?:{_ISO_CODES})(?:\s*{_SCALE_WORD})?\s*\)", re.I)
_SCALED = (rf"(?:{_SCALE_WORD}\s+of\s+{_CURRENCY}|{_CURRENCY}\s*{_SCALE_WORD}|'000s?|thousands|millions|billions|crores?|lakhs?|"
           r"(?:(?:us|hk|a|nz|c|u\.s\.)\s*)?(?:pence|cents))")
_UNIT = rf"(?:{_SCALE_WORD}\s+of\s+)?{_CURRENCY}(?:\s*{_SCALE_WORD})?|'000s?|thousands|millions|billions"
# "on an IFRS (reported) basis", "on a GAAP basis": the reported figure, the default reading ("on a statutory basis"
# is not: a US insurer's statutory accounts are another measure)
_BASIS = re.compile(r"(?i)\bon\s+an?\s+((?:ifrs|(?:us\s+)?gaap|reported|as[- ]reported|statutory)(?:\s+\((?:ifrs|gaap|reported)\))?)"
                    r"\s+basis\b")
# a 52/53-week year named by its length ("for the 52 weeks ended 1 April 2031", "in the 53 weeks to 2 April 2030"):
# the period (the date that follows is read as the year's); "weeks" is kept as a soft word, required where a row
# prints a weeks basis ("Revenue (52-week basis)" in a 53-week year)
_WEEKS = re.compile(r"(?i)\b(?:for|in|over)?\s*(?:the\s+)?(?:52|53|fifty[- ]two|fifty[- ]three)[- ]weeks?\s+"
                    r"(?:ended|ending|to|(?:fiscal\s+|financial\s+)?year|period)\b")     # ("the 53-week year")
_UNIT_PHRASE = re.compile(rf"(?i),\s*in\s+(?:{_UNIT})(?![\w'])|\bin\s+{_SCALED}(?![\w'])|,\s*{_CURRENCY}\s*{_SCALE_WORD}(?![\w'])|"
                          rf"\(\s*(?:in\s+)?(?:{_UNIT})\s*(?:(?:/|per\s+)(?:share|unit))?\s*\)")     # ("(pesos/share)")
# "the year to March 2022", "at June 2023": a month and its year name the period, never the measure
_MONTH_YEAR = re.compile(r"(?i)\b((as\s+)?(of|at|on|to|in)\s+)?(?:\d{1,2}(?:st|nd|rd|th)?\s+)?(january|february|march|april|may|june|july|august|"
                         r"september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.?,?"
                         r"(?:\s+|-)(?=(19|20)\d{2})")      # ("Mar-2037")
_INTERIM = re.compile(r"(?i)\b(quarters?|three months|six months|nine months|half[- ]years?|interim|q[1-4])\b")
_YEARISH = re.compile(r"(?i)\b((as\s+)?(of|at|on)\s+)?((jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+"
                      r"\d{1,2}(st|nd|rd|th)?,?\s+)(?=(19|20)\d{2})|"     # "at December 31, 2022": a date, not a word
                      r"\b((as\s+)?(of|at|on)\s+)?\d{1,2}(st|nd|rd|th)?\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|"
                      r"dec)[a-z]*\.?,?\s+(?=(19|20)\d{2})|"                 # "at 30 June 2022": the day-first date
                      r"\b(fy\s?'?\d{2,4}|fiscal\s+(year\s+)?'?\d{2,4}|(19|20)\d{2}|q[1-4])\b")


def stems(text: str) -> list[str]:
    return list(_stems(text))


@lru_cache(maxsize=65536)      # the fact match stems the same row labels and titles for every metric of a turn
def _stems(text: str) -> tuple[str, ...]:
    words = _WORD.findall(country_words(negated_states(text.lower().replace("’", "'").replace("'s", ""))))
    return tuple(stem_words([p for w in words for p in solid_parts(w)]))


# A country abbreviated with full stops ("U.S. product sales", "U.K. revenue") is a qualifier like any region's name:
# spelled out, so its letters are words a row must cover (not when it says whose accounting or money: "U.S. GAAP",
# "U.S. dollars", "U.S. Treasury")
_ABBREVIATED_COUNTRY = re.compile(r"(?i)(?<![\w.-])(u\.s\.|u\.k\.)(?:a\.)?(?!\s*(?:gaap|dollars?|\$|treasur|federal))")


def country_words(text: str, measures: bool = True) -> str:
    """`text` with abbreviated countries (and measures) spelled out."""
    text = _ABBREVIATED_COUNTRY.sub(lambda m: " united states " if m.group(1).lower() == "u.s." else " united kingdom ",
                                    text)
    return spell_out(text) if measures else text


_WORD = re.compile(r"[a-z][a-z0-9&]*")

# An adjusted / non-GAAP measure asked: never computed from GAAP lines (answer/figures.py), and only such a question
# is answered by an adjusted row (retrieval/fact_match.py).
# a figure before the items a company sets apart ("before significant / exceptional / specific items")
BEFORE_ITEMS = (r"before\s+(?:(?:significant|exceptional|specific|special|adjusting|separately\s+disclosed|non-recurring|one-off|"
                r"one-time|unusual|non-underlying|individually\s+significant)\s+items|items\s+affecting\s+comparability)")
NON_GAAP = re.compile(r"(?i)\b(adjusted|non-gaap|organic|core|underlying|comparable|pro forma|normali[sz]ed|"
                      # (a bank's tangible book value and tangible common equity: non-GAAP measures by nature)
                      r"tangible\s+(?:book|common|equity|net\s+asset)|"
                      rf"constant[- ]currency|excluding|headline|{BEFORE_ITEMS})\b")


@lru_cache(maxsize=256)
def own_words(question: str) -> str:
    """The question without the line it sets aside ("PBT, not adjusted PBT", "operating profit rather than
    underlying") and with a negated state one word ("not adjusted" is the unadjusted figure): what it asks."""
    return negated_states(set_aside.without(question))


# what is "available to" the shareholders is what is attributable to them (a US filer's wording)
_AVAILABLE_TO_HOLDERS = re.compile(r"(?i)\bavailable(?=\s+(?:to|for)\s+(?:the\s+)?(?:(?:common|ordinary)\s+)?(?:(?:share|stock|"
                                   r"unit|equity\s+)holders\b|owners\b|parent\b|(?-i:[A-Z])))")


def asks_non_gaap(question: str) -> bool:
    """The question asks an adjusted / non-GAAP measure, in its own words."""
    return bool(NON_GAAP.search(question)) and bool(NON_GAAP.search(own_words(question)))


@dataclass
class Ask:
    question: str
    metric: Metric | None
    measure: str                                    # the asked measure in the analyst's words
    hard: list[str] = field(default_factory=list)  # stems a row must cover
    soft: list[str] = field(default_factory=list)  # stems a row should cover when the table offers them
    statement_hint: str | None = None               # "income" | "balance" | "cash_flow" | "equity" when named
    measure_stems: list[str] = field(default_factory=list)   # the measure's own words, stemmed
    deducted: list[str] = field(default_factory=list)  # stems of what the figure is net of ("loans, net of allowance")
    parent_only: bool = False                       # the parent company's own figure asked, not the group's
    part_of_year: str = ""                          # the quarter or half asked ("q3", "first half"), never the year's
    company_named: bool = False                     # "the Company" asked: the parent's column where one is printed
    company_unclear: bool = False                   # "the company" said in lower case: Group or Company, unsaid
    spelled_stems: list[str] = field(default_factory=list)   # the measure with its acronym spelled out ("EPS")
    codes: tuple[str, ...] = ()                     # a product's or programme's code asked ("AB-123"): "ab123"
    set_aside: tuple[str, ...] = ()                 # stems of a line the question says it does not ask ("not realized")

    @property
    def words(self) -> list[str]:
        return [*self.hard, *self.soft]


# a dividend or a trust's distribution named (its parts, interim or a quarter's, are its own measures)
DIVIDEND = re.compile(r"(?i)dividend|distribution")
# what a figure is net of ("loans, net of allowance", "revenue net of returns"): deducted from it, never the row asked
_NET_OF = re.compile(r"\bnet of ((?:(?!at\b|as\b|in\b|for\b|on\b|during\b)[a-z&'-]+\s*){1,3})")
# what a figure is struck before ("operating profit before exceptionals", "pre-exceptional PBT"): the items themselves
# are never the row asked
_BEFORE_ITEMS_ASKED = re.compile(r"\b(?:before|pre-?|excluding|excl\.?)\s*((?:exceptional|specific|adjusting|"
                                 r"non-?recurring|separately disclosed|one-?off)(?:s|\s+items?)?)\b")
# "growth capex" (expansion spending, beside maintenance capex) is a kind of capital expenditure, never a change
NOT_GROWTH_SPEND = r"(?!\s+(?:capex|capital\s+(?:expenditures?|spending|investments?|projects)))"
_CHANGE_ASKED = re.compile(r"(?i)\b(?:grow|grew|grown|growth" + NOT_GROWTH_SPEND + r"|chang\w*|increas\w*|decreas\w*|declin\w*|rise|rose|"
                           r"fell|fall|cagr)\b")
# (or a "%" closing the question after the periods compared: "NPAT growth FY22 vs FY21 %")
_CHANGE_IN_PERCENT = re.compile(r"(?i),?\s*(?:\bin\s+(?:%|percent(?:age)?(?:\s+terms)?\b)|\(\s*(?:in\s+)?%\s*\)|\s%\s*\??\s*$)")
# a subtotal named for what it is before or after ("profit after financial items"): those words name the line even
# where they are filler elsewhere ("financial year", "line items")
# a clause conceding another measure's move ("did basic EPS decline even though attributable profit rose?"): context
# the question gives, never a qualifier of the measure asked
_CONCESSIVE = re.compile(r"(?i)(?<=\w)\s*,?\s+(?:even\s+though|although|though|despite|in\s+spite\s+of|whereas)\s+\w.*$")
# who proposes or declares a figure ("the dividend the board has proposed", "as recommended by the directors"): no
# word of the measure
_PROPOSER = re.compile(r"(?i)\b(?:by\s+)?(?:the\s+)?(?:board(?:\s+of\s+directors)?|directors)(?=\s+(?:(?:has|have|had)\s+)?"
                       r"(?:propos|recommend|declar|approv|resolv)|\s*$|\s*\?)|\b(?:by|from)\s+the\s+(?:board|directors)\b")
# where the figure is printed, not what it measures: "per Note 4", "(see note 12)", "in note 7(b)"
_NOTE_REF = re.compile(r"(?i)\(?\b(?:(?:per|in|from|see|according\s+to)\s+)?(?:the\s+)?notes?\s+\d{1,2}(?:\s*\(?[a-z]\))?\b\)?")
# ("how much royalty was charged in 2061?", "charged to profit or loss": the expense asked as a verb, no word of it;
# "2060 operating profit as re-presented": the comparative as the latest report prints it, which is what is read)
_SIZE_ASKED = re.compile(r"(?i)\bhow\s+(?:large|big|high|small|low)\b|^\s*(?:what\s+(?:is|was)\s+)?(?:the\s+)?size\s+of\b|\b(?:was|were|been|is|are)\s+charged\b(?:\s+"
                         r"(?:to|against|in)\s+(?:the\s+)?(?:profit(?:\s+or\s+loss)?|income\s+statement|p&l|earnings))?|"
                         r"\(?\b(?:as\s+)?(?:re-?presented|restated|restatement)\b\)?"
                         # (with the reason the comparative was restated: "as restated for the spin-off of X")
                         r"(?:\s+(?:for|to\s+reflect|following|after)\s+(?:the\s+)?(?:[\w&'.-]+\s+){0,4}?(?:spin-?off|demerger|"
                         r"disposal|divestiture|discontinued\s+operations?|acquisition|merger|change\s+in\s+accounting\s+"
                         r"polic(?:y|ies)|(?:bonus|rights|capitali[sz]ation)\s+issue|(?:share|stock)\s+(?:split|consolidation)|"
                         r"(?:ifrs|asc|ias)\s*\d+)(?:\s+of\s+(?:[A-Z][\w&'.-]*\s*){1,4})?)?|"
                         # ("the carrying amount of the convertible notes": what a balance sheet prints of them)
                         r"\b(?:net\s+)?(?:carrying|book)\s+(?:amount|value)s?\s+of\b")
_CHARGE_OF = re.compile(r"(?i)\b(impairments?|depreciation|amorti[sz]ation|restructuring|write-?downs?)\s+"
                        r"charges?\b")
_FINANCIAL_LINE = re.compile(r"\bfinancial\s+(?:income|expenses?|costs?|result|charges?|items?|liabilit(?:y|ies)|assets?|debts?|"
                             r"instruments?|investments?)\b")
_AFTER_ITEMS = re.compile(r"\b(?:before|after)\s+(financial\s+items?|financial\s+(?:income|expenses?|costs?)|items?)\b")


def read_ask(question: str, facts: QuestionFacts, metric: Metric | None, *, with_qualifiers: bool = True) -> Ask:
    """The measure and qualifiers of a figure question. `with_qualifiers=False` for a calculator input (the
    question's other words describe the derived measure, not this input)."""
    # What carry-over added (Verizon, FY2030, capital expenditure) names the company, year and metric, which facts
    # already hold: never qualifiers.
    # (the country first: "U.S." would end a sentence)
    text = core_question(country_words(facts.own_words() if question == facts.text else question, measures=False))
    text = re.sub(r"(?is)<(script|style)\b[^>]*>.*?</\1\s*>", " ", text)
    text = re.sub(r"<[^>]*>", " ", text)                       # markup is never part of the measure
    asking = [x for x in re.split(r"(?<=[.?!])(?<!\bincl\.)(?<!\bexcl\.)(?<!\bapprox\.)(?<!\bvs\.)(?<!\bno\.)\s+", text)
              if "?" in x]       # (not after an abbreviation's full stop: "equity incl. minorities?")
    if asking:                      # "Ignore previous instructions ... What was 3M's capex?": the asking sentence
        text = " ".join(asking)
    hint = _statement_hint(text)
    text = STATEMENT_WORDS.sub(" ", text)
    text = _WEEKS.sub(" weeks ", _BASIS.sub(" ", _UNIT_PHRASE.sub(" ", _PAREN.sub(" ", text))))
    text = _CONCESSIVE.sub(" ", _NOTE_REF.sub(" ", _PROPOSER.sub(" ", text)))
    aside, text = set(stems(" ".join(set_aside.words(text)))), set_aside.without(text)     # (", not realized GP")
    if metric is not None and metric.kind == "per_share":
        text = re.sub(rf"(?i)\bin\s+{_CURRENCY}(?![\w'])", " ", text)     # "diluted EPS in euro": its unit
    for c in facts.companies:
        said = 0     # (the company named by a name of two words or more: its other words in the question are asked)
        for n in sorted({c.name, bare_name(c.name), c.key, *c.aliases, *c.tickers, *leading_parts(c)}, key=len, reverse=True):
            # (with the legal form an analyst adds to a short name: "Tembusu REIT's", "Acme Inc.'s")
            text, k = re.subn(rf"(?i)(?<![\w]){re.escape(n)}(?:,?\s+(?:{LEGAL_SUFFIX}|REIT|Trust))?(?:'s|’s)?(?![\w])",
                              " ", text)
            said += k if len(n.split()) >= 2 else 0
        for coined in coined_words(c) if not said else ():   # (as capitalised: "insurance revenue" stays a measure;
            #                                                    "Gas operating revenues of Southwest Gas Holdings")
            text = re.sub(rf"(?<![\w]){re.escape(coined[0])}(?i:{re.escape(coined[1:])})(?:\s+(?:{LEGAL_SUFFIX}|REIT|"
                          rf"Trust))?(?:'s|’s)?(?![\w])(?!\s+(?:segments?|divisions?|business(?:es)?)\b)", " ", text)
            #   ("ACME" printed, "Acme" asked; "Chemicals segment" of Acme Cement and Chemicals names the segment)
        for common in coined_words(c, common=True):     # (a word of the name the language uses names the company
            text = re.sub(rf"(?<![\w]){re.escape(common)}(?:'s|’s)(?![\w])", " ", text)   # only as its owner: "Trust's")
        if initials := initials_of(c):      # ("ATB group PAT" of Acme Trust Bank: the analyst's initials for it)
            text = re.sub(rf"(?<![\w])(?:{initials})(?:'s|’s)?(?![\w])", " ", text)
    text = whose_figure.without_bank_entity(text)   # ("the bank's PAT": whose figure, as "the company's" is)
    text = negated_states(spell_out(text))      # (after the names: "NII Holdings" is a company, not net interest income)
    # "how large was", "how big is": how the figure is asked; an expense's "charge" after its name ("impairment
    # charge", "restructuring charges") is the line charged to profit, no word of its own ("tax charge" is a term)
    text = _SIZE_ASKED.sub(" ", _CHARGE_OF.sub(r"\1", text))
    text = _AVAILABLE_TO_HOLDERS.sub("attributable", text)    # ("net income available to common shareholders")
    lead = _LEAD_IN.match(text)
    if lead and all(w in FILLER or w in _LEAD_WORDS for w in re.findall(r"[a-z0-9'-]+", lead.group(1).lower())):
        text = text[lead.end():]        # "Here's one:", "Using the accounts,", "Considering its 10-K,": no measure
    if not _INTERIM.search(text):       # (a quarter ended March is told from one ended June by its month)
        text = _MONTH_YEAR.sub(" ", text)
    if not DIVIDEND.search(text):
        text = PART_OF_YEAR.sub(" ", text)     # the period asked ("fourth quarter"), kept as `part_of_year`
    # a like-for-like measure ("same-store sales", "same-restaurant sales growth"): comparable sales, never all sales
    text = re.sub(r"(?i)\bsame[- ](?:store|restaurant|shop|unit|hotel|property|branch|outlet)s?\b", " comparable ", text)
    text = _YEARISH.sub(" ", text)
    if _CHANGE_ASKED.search(text):      # "how much did revenue grow, in %?": the change's unit, not the measure's
        text = _CHANGE_IN_PERCENT.sub(" ", text)
    folded = " " + name_measures(fold(text)) + " "
    measure, gloss = "", set()
    bracketed = metric is not None and any(term_pattern(t).search(" " + " ".join(re.findall(r"\(([^)]*)\)", folded))
                                                                  + " ") for t in metric.terms)
    if metric is not None:
        for t in sorted(metric.terms, key=len, reverse=True):
            m = term_pattern(t).search(folded)
            if m:
                measure = m.group(0)
                folded = folded[:m.start()] + " " + folded[m.end():]
                # the measure glossed in brackets right after its name in its other words ("capex (purchases of
                # PP&E)"): the gloss describes it, its words qualify nothing
                g = re.match(r"\s*\(([^)]*)\)", folded[m.start() + 1:])
                said = set(stems(g.group(1))) - set(stems(" ".join(FILLER))) if g else set()
                # (only a restatement in the measure's own words: "(UK segment)", "(before exceptional items)" qualify)
                gloss = said if said and said <= set(stems(" ".join(metric.terms))) else set()
                break
        measure = measure or metric.label
    named_by = {w for m in _AFTER_ITEMS.finditer(folded) for w in m.group(1).split()}
    if _FINANCIAL_LINE.search(folded) or _FINANCIAL_LINE.search(fold(text)):
        named_by.add("financial")   # "financial expenses", "financial result": the line's own word, not "financial year"
    if re.search(r"(?i)\bgrowth\b" + NOT_GROWTH_SPEND.replace("(?!", "(?=", 1), text):
        named_by.add("growth")      # "growth capex": the kind of spending asked
    if re.search(r"\bper units?\b", folded):
        named_by.add("unit")        # "distribution per unit": a per-unit measure (elsewhere "units" is filler)
    if re.search(rf"\b{DELIVERED_THINGS}\s+delivered\b", folded) or re.search(r"\b[A-Z]{2,5}s\s+delivered\b", text):
        named_by.add("delivered")   # "homes delivered", "aircraft units delivered": a count (elsewhere "deliver" is how
        #                             a result is asked, "what NPAT did it deliver"); so are units abbreviated ("EUs", "TEUs")
    words = [w for w in re.findall(r"[a-z][a-z0-9&]*|%", _NET_OF.sub(" net ", folded).replace("-", " "))
             if (w not in FILLER or w in named_by) and len(w) > 1 or w == "%"]
    deducted = [s for m in _NET_OF.finditer(folded) for s in stems(m.group(1)) if s not in stems(" ".join(words))] + \
        [s for m in _BEFORE_ITEMS_ASKED.finditer(folded) for s in stems(m.group(1))]
    if metric is None:
        measure = " ".join(words)
        # named as the question words it ("purchases of property and equipment", "loss before income tax"), when
        # its words stand together there
        first = re.search(rf"(?<![\w&]){re.escape(words[0])}(?![\w&])", folded) if words and words[0] != "%" else None
        last = list(re.finditer(rf"(?<![\w&]){re.escape(words[-1])}(?![\w&])", folded)) if first else []
        if first and last and last[-1].end() > first.start():
            phrase = folded[first.start():last[-1].end()]
            phrase = re.split(r"\s*(?:\(|/\d)", phrase)[0].replace(")", "")   # (to a bracket or a year's remains)
            if phrase and len(phrase.split()) <= len(words) + 3 and not re.search(r"[?.;:]", phrase):
                measure = phrase
    measure_stems = [w for w in stems(measure) if w not in ("and", "of", "the")]
    spelled = _spelled_out(measure, metric)
    # whose figure (the parent's own or the group's) is no qualifier of the measure: a calculator input keeps it
    parent_only, company_named, company_unclear = whose_figure.asked(question)
    if not with_qualifiers:
        return Ask(question, metric, measure, [], [], hint, measure_stems, parent_only=parent_only,
                   company_named=company_named, company_unclear=company_unclear, spelled_stems=spelled)
    hard, soft = [], []
    named = any(w not in SOFT and w not in KIND_WORDS for w in words)
    # a measure described in words and named in brackets ("spend on plant and equipment (capex)"): the words of the
    # metric's own terms describe it, they qualify nothing
    own = set(stems(" ".join(metric.terms))) if bracketed else set()
    # ("how much cash did X spend on capex": the cash is what a cash-flow line measures, no qualifier)
    flow_cash = "cash" if metric is not None and "cash_flow" in metric.statements else None
    soft += deducted        # ("Loans, less allowance for credit losses" names what the loans are net of)
    # "Ordinary profit" / "ordinary income" is a measure (Japanese GAAP's recurring profit), not the ordinary
    # shareholders' share; "premiums earned" names the insurer's revenue line ("earned" is filler elsewhere)
    keep = {"ordinary"} if re.search(r"(?i)\bordinary (?:profit|income|loss)\b", question) else set()
    if re.search(r"(?i)\bnet current (?:assets|liabilities)\b|\bnet (?:interest|investment|fee|commission|trading|"
                 r"premiums?|claims) (?:income|expense|revenue|earned|written|incurred)", text) or \
            metric is not None and metric.outflow and metric.statement == "cash_flow":
        keep.add("net")     # "Net current assets" is its own subtotal, never "Total current assets"; "net capex", "net
        #                     buybacks" are netted against the opposite flow (disposals, issues), never the gross row
    if re.search(r"(?i)\bpremiums? earned\b", question):
        words.append("earned")
    for w in words:
        s = stem(w.strip("-")) if w != "%" else "%"
        (soft if w in SOFT and w not in keep or (w in KIND_WORDS and named) or w == flow_cash or s in own or s in gloss
         else hard).append(s)
    if metric is not None and re.search(r"[—–:]|\s-\s", question):    # the measure named twice, glossed after a dash
        #                                                   ("capex - purchase of PP&E"): its other name qualifies nothing
        one_word = {stem(t) for t in metric.terms if " " not in t.strip()}
        hard = [w for w in hard if w not in one_word]
    if parent_only:     # ("its separate (stand-alone) statements": whose figure, no qualifier of the measure)
        whose = set(stems(whose_figure.entity_words(question).replace("-", " ")))
        hard, soft = [w for w in hard if w not in whose], [w for w in soft if w not in whose]
    return Ask(question, metric, measure.strip(), list(dict.fromkeys(hard)), list(dict.fromkeys(soft)), hint,
               measure_stems, deducted, parent_only, part_of_year(question), company_named, company_unclear, spelled,
               codes_asked(text), tuple(sorted(aside - set(hard) - set(soft) - set(measure_stems) - set(spelled))))


@lru_cache(maxsize=256)
def says(pattern: re.Pattern, question: str) -> bool:
    """The question says what `pattern` matches (once per question, not once per candidate row)."""
    return bool(pattern.search(question))


def _spelled_out(measure: str, metric: Metric | None) -> list[str]:
    """The measure's stems with an acronym of the metric's own terms spelled out as rows print it ("basic EPS" ->
    basic earnings per share, "PBT" -> profit before tax); [] when it names none."""
    spelled = measure.lower()
    for t in (metric.terms if metric is not None else ()):
        words = t.split()
        if len(words) >= 2 and all(w[:1].isalpha() for w in words):
            spelled = re.sub(rf"(?<![\w&]){''.join(w[0] for w in words)}(?![\w&])", t, spelled)
    return [w for w in stems(spelled) if w not in ("and", "of", "the")] if spelled != measure.lower() else []


def _statement_hint(text: str) -> str | None:
    m = STATEMENT_WORDS.search(text)
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


# A measure that is a count of people or things, not an amount about them.
_COUNTED = re.compile(r"(?i)\b(employees?|head ?count|workforce|staff|people|personnel|stores|customers|subscribers|"
                      r"deliveries|locations|restaurants|branches|members|shares\s+(?:outstanding|in\s+issue)|"
                      r"outstanding\s+shares)\b")     # (shares outstanding: a count, never the common stock's par amount)
_MONEY_OF = re.compile(r"(?i)\b(costs?|expenses?|benefits?|compensation|pay|payroll|accru\w*|salar\w*|wages|tax\w*|obligations?|"
                       r"liabilit\w*|revenues?|sales|spend\w*|loans?|receivables?|deposits?|payables?|income)\b")


def asks_a_count(measure: str) -> bool:
    """'employees', 'store count', 'subscribers': a count, unless money about them is asked ('employee costs')."""
    return bool(_COUNTED.search(measure)) and not _MONEY_OF.search(measure)
