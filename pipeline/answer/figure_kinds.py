"""Which calculation a figure question asks for: a share ("X as a % of Y"), an adjusted / non-GAAP measure (never
computed from GAAP lines; its wording, NON_GAAP, is in question/figure_ask.py), a multi-year average, growth or CAGR
(one answer over several years), or a figure no lexicon metric names ("How much was the backlog?", "What was the
issuance of common stock, net of issuance costs?": its row is looked for before any sentence)."""
from __future__ import annotations

import re

from pipeline.answer import calculator
from pipeline.core import months
from pipeline.question.analysis import QuestionFacts
from pipeline.question.figure_ask import statement_named
from pipeline.question.terms import content_terms
from pipeline.question.year_parts import part_of_year

# "X as a % of Y", "X as a percentage of Y", "ratio of X to Y", "X to Y ratio", "X per Y"
SHARE_OF = re.compile(r"(?i)(\bas an? (%|percent(age)?|share|proportion|ratio) of|%\s*of\b|\bpercent(age)? of|"
                      r"\bratio of\b.+\bto\b|\bto\b.+\bratio\b|\bdivided by\b|\bover\b)")   # "as % of": no \b before %
AVERAGE = re.compile(r"(?i)\b(\d+|two|three|four|five)[- ]year average\b|\baverage\b.*\b(from|between)\b.*\d{2}")
CAGR = re.compile(r"(?i)\bcagr\b|compound(ed)? annual growth")
FIGURE_CUE = re.compile(r"(?i)\bhow (much|many)\b|\bhow (big|large|high|low|small) (was|were|is|are)\b|\b(amount|total|value|number|count|balance|level|sum|figure)s? of\b|"
                        r"^\s*what (was|were|is|are) (the |its |their )?(total |year[- ]end )?[\w&'’ ]{0,40}\b(amount|total|"
                        r"value|number|count|balance|level|figure)s?\b")


def spans_years(facts: QuestionFacts) -> bool:
    """The figure is one answer over several named years (an average, growth, a CAGR): answer it once."""
    return len(set(facts.years)) >= 2 and bool(AVERAGE.search(facts.text) or CAGR.search(facts.text)
                                                or calculator.GROWTH.search(facts.text))


def is_figure_question(facts: QuestionFacts) -> bool:
    """A question that asks for a figure although no lexicon metric names it ("How much was Boeing's backlog?")."""
    return bool(FIGURE_CUE.search(facts.text))


# "what was X", and "what X did <company> report / deliver / post / record / pay" (the figure named before the verb)
_WHAT_WAS = re.compile(r"(?i)^\s*what\s+(was|were|is|are)\s+|^\s*what\s+(?:[\w&'-]+\s+){1,4}(?:did|does|do)\s+"
                       r"(?:[\w&.'-]+\s+){1,5}(?:report|deliver|post|record|pay|declare|generate|achieve)\b")
_ASKING_LEAD = re.compile(r"(?i)^\s*(who|whom|whose|why|how|which|what|where|when|did|does|do|is|are|was|were|has|have|"
                          r"had|can|could|will|would|should|describe|explain|list|summari[sz]e|tell|give|show)\b")


def asks_a_value(facts: QuestionFacts) -> bool:
    """"What was Acme's backlog in 2021?", "Acme accounts payable 2022": a what-was question or a
    bare noun phrase about a period, naming a short measure (its table row is looked for before any sentence)."""
    from pipeline.answer.prose import question_terms

    if not facts.years:
        return False
    where = set(content_terms(statement_named(facts.text)))     # the statement named is where, not what
    # (nor is the date asked, "at 31 March 2046", nor whose accounts: "consolidated", "standalone")
    n = len([t for t in question_terms(facts) if t not in where and not _WHOSE.fullmatch(t) and months.number(t) is None])
    if _WHAT_WAS.search(facts.text):
        # a line item named in full ("purchases of property and equipment", "loss before income tax", "issuance of
        # common stock, net of issuance costs") is looked for as a row before any sentence
        return 0 < n <= _LINE_ITEM_WORDS
    return not _ASKING_LEAD.search(facts.text) and 0 < n <= 4      # ("Commercial Lines combined ratio 2031")


_WHOSE = re.compile(r"consolid\w*|standalon\w*|separ\w*|group")
# How many content words a line item a what-was question names may have ("loss before income tax": three;
# "proceeds from issuance of common stock, net of issuance costs": six)
_LINE_ITEM_WORDS = 6


def computes_a_part(facts: QuestionFacts, metric) -> bool:
    """A calculation (a margin, a share, a difference, a derived measure) asked of a quarter or a half ("Q4 FY2094
    operating margin"): the calculators read the year's figures, so it is not computed (never the year's margin
    given for the quarter's)."""
    from pipeline.answer.share import numerator_phrase      # (share.py imports this module)
    q = facts.text
    if not part_of_year(q):
        return False
    return bool(SHARE_OF.search(q) or calculator.LESS.search(q) or re.search(r"(?i)\bmargin\b", q) or
                metric is not None and not metric.printed and metric.formula or numerator_phrase(facts))


def shown_as_percent(name: str, question: str, value, unit_named: str | None) -> bool:
    """A quotient the question defines is shown as a percentage too when it is of a percentage kind (a payout ratio,
    a margin) or a ratio of one amount to a larger one ("loan-to-deposit ratio 0.60", stated as 59.9 %)."""
    return unit_named == "%" or bool(re.search(r"(?i)%|percent|\bmargin\b", f"{name} {question}")) or \
        abs(value) < 1 and bool(re.search(r"(?i)\bratio\b|\w-to-\w", name)) and not _MULTIPLE_NAME.search(name)


# ratios stated as multiples, never as percentages: liquidity, cover and leverage ratios ("current ratio 0.85",
# "net debt to EBITDA 0.70", "interest cover 0.80"), turnover and days
_MULTIPLE_NAME = re.compile(r"(?i)\b(current|quick|acid|cash|cover|coverage|times|multiple|ebitda|ebit|interest|turnover|"
                            r"days|leverage|gearing)\b|debt[- ]to[- ]equity")
