"""A line the lexicon does not know, as a share of one it does: "ATVI sales and marketing as % of revenue 2019",
"Amazon marketing as a percentage of net sales 2017".

The numerator is the question's own words before "as % of" (the filing's row is looked up by those words, every
one of them covered, as for any figure); the denominator is the lexicon metric named after it. Both rows are cited
and the derivation is shown; when either is not printed the answer is not found, never one of the two amounts."""
from __future__ import annotations

import re
from dataclasses import replace

from pipeline.answer import calculator
from pipeline.question import figure_ask
from pipeline.answer.extract import possessive
from pipeline.answer.figure_kinds import SHARE_OF
from pipeline.question.lexicon import get_lexicon
from pipeline.question.analysis import QuestionFacts, core_question


# a cost or deduction printed in brackets as a share of revenue: its size; a result, gain, income or loss keeps its sign
# ("Other operating income (8.0)", "share of loss of associates": negative shares of revenue)
_DEDUCTED = re.compile(r"(?i)\b(?:costs?|expenses?|expenditures?|dut(?:y|ies)|excise|tax(?:es)?|levies|levy|charges?|"
                       r"deductions?|discounts?|rebates?|allowances?|royalt(?:y|ies)|depreciation|amorti[sz]ation|"
                       r"purchases?|payments?)\b")
_RESULT = re.compile(r"(?i)\b(?:loss(?:es)?|deficit|gains?|income|results?|profits?|earnings)\b")
# "Food and beverage share of revenue": a line's share of the top line said as a noun (never a holder's share of
# profit: "non-controlling interests' share of profit" is an amount)
_LINE_SHARE_OF = re.compile(r"(?i)(?<=\w)\s+share\s+of\b")


def numerator_phrase(facts: QuestionFacts) -> str:
    """The words of "<line> as % of <metric>" before the share, when the metric is named only after it and the
    line is no metric of the lexicon; '' otherwise."""
    if facts.metric is None or len(facts.metrics) != 1:
        return ""
    q = core_question(facts.own_words())
    m = SHARE_OF.search(q) or (facts.metric.key == "revenue" and _LINE_SHARE_OF.search(q))
    if not m or get_lexicon().find(q[:m.start()]) or get_lexicon().find(q[m.end():]) != [facts.metric]:
        return ""
    before = figure_ask.read_ask(q[:m.start()], facts, None, with_qualifiers=False).measure
    return before.strip()


def answer_share(answerer, phrase: str, label: str) -> tuple[str, str]:
    """`answerer`: the figures Answerer of one company and year."""
    den = answerer.facts.metric
    a = answerer.phrase_input(phrase, answerer.year, unique=True)
    b = answerer.value(den)
    if a.value < 0 < b.value and _DEDUCTED.search(f"{phrase} {a.label}") and not _RESULT.search(f"{phrase} {a.label}"):
        a = replace(a, value=-a.value)      # a cost deducted in brackets ("Excise duties (2,106.4)"): its share is its size
    r = calculator.derived("numerator / denominator * 100", "%", {"numerator": a, "denominator": b})
    answerer.record_result(f"{a.key}_over_{den.key}", r.value, "%", "derived")
    return answerer.claim(label, f"{possessive(answerer.company)} {phrase} as a % of {den.label} in "
                                 f"FY{answerer.year} was {r.shown()}, computed as {r.derivation}.", r.derivation, "derived")
