"""A measure over time: "Does X have an improving gross margin profile as of FY2023?", "Has the quick ratio
improved or declined between FY2022 and FY2023?", "Did Verizon increase its debt between 2021 and 2022?".

One year's value is not an answer to any of these. The asked year is compared with the year before it (or the two
years the question names): both values are computed the same way, each input cited, and the answer leads with the
verdict ("Yes." / "No." for a yes/no question, "It declined" for "improved or declined") followed by both values and
the change (percentage points for a percentage, a percent change for an amount or a ratio). When either year
cannot be read the answer is not found: a verdict is never given on one value."""
from __future__ import annotations

import re
from decimal import Decimal

from pipeline.answer import calculator
from pipeline.answer.extract import NOT_FOUND, possessive
from pipeline.answer.wording import money
from pipeline.question.analysis import QuestionFacts, core_question

_YESNO = re.compile(r"(?i)^\s*(did|does|do|is|are|was|were|has|have|had)\b")
_UP = re.compile(r"(?i)\b(improv\w*|increas\w*|grow\w*|grew|rise|rising|risen|rose|expand\w*|strengthen\w*|higher)\b")
_DOWN = re.compile(r"(?i)\b(declin\w*|decreas\w*|drop\w*|fall|falling|fell|fallen|deteriorat\w*|worsen\w*|"
                   r"shrink\w*|shrunk|contract\w*|weaken\w*|lower)\b")
_COMPARE = re.compile(r"(?i)\bcompared?\b|\bversus\b|\bvs\.?")
_BETTER = re.compile(r"(?i)\bimprov\w*|strengthen\w*|better\b")
_WORSE = re.compile(r"(?i)\bdeteriorat\w*|worsen\w*|weaken\w*|worse\b")
_EITHER = re.compile(r"(?i)\b(improv\w*|increas\w*|grow\w*|grew|rose)\s+or\s+(declin\w*|decreas\w*|deteriorat\w*|"
                     r"fell|dropp\w*|worsen\w*)\b")
_MEASURE_WORDS = r"conversion|ratios?|margins?|yield|coverage|intensity|turnover|multiple|per|to"
# Measures for which a lower value is the improvement (a verdict of "improving" is read the other way round).
_LOWER_IS_BETTER = re.compile(r"(?i)\b(debt|leverage|expenses?|costs?|liabilit\w*|payables?|days|intensity|tax rate)\b")


def direction_unsaid(question: str, sentence: str) -> bool:
    """A yes/no question asks a direction ("did X grow?", "did margins decline?") and the sentence states none (it
    prints the two years' figures, or another measure's): its yes or no would be a guess."""
    asked = _YESNO.match(question) and (_UP.search(question) or _DOWN.search(question))
    return bool(asked) and not (_UP.search(sentence) or _DOWN.search(sentence) or _MOVED.search(sentence))


# other verbs of a change a sentence may state it by ("raised the dividend", "cut its workforce", "up 4%")
_MOVED = re.compile(r"(?i)\b(rais\w*|lift\w*|boost\w*|up|down|cut|cuts|reduc\w*|lowered|gain\w*|jump\w*|climb\w*|"
                    r"surg\w*|slid|slump\w*|plung\w*|widen\w*|narrow\w*|doubl\w*|halv\w*|soar\w*|advanc\w*|"
                    r"went up|went down|added|eliminat\w*|suspend\w*|resum\w*|reinstat\w*)\b")


def asks_trend(facts: QuestionFacts) -> bool:
    """A verdict or a comparison about one measure over time: a yes/no question with a direction word ("improving",
    "increase", "decline"), "has it improved or declined", or "how does FY2022 compare to FY2021"."""
    if facts.metric is None or len(set(facts.years)) > 2:
        return False
    q = core_question(facts.text)
    if _another_measure(q, facts):
        return False
    direction = bool(_UP.search(q) or _DOWN.search(q) or _WORSE.search(q))
    if _YESNO.match(q) and direction:
        return True
    if _EITHER.search(q):
        return True
    return bool(_COMPARE.search(q)) and re.search(r"(?i)^\s*how\b", q) is not None


def _another_measure(q: str, facts: QuestionFacts) -> bool:
    """The metric's words are followed by a word that makes it another measure ("free cash flow conversion", "debt
    ratio"): comparing the metric itself would give a verdict on something not asked."""
    m = facts.metric
    for term in sorted(m.terms, key=len, reverse=True):
        hit = re.search(rf"(?i)\b{re.escape(term)}\s+(\w+)", q)
        if hit:
            return bool(re.fullmatch(_MEASURE_WORDS, hit.group(1), re.I)) and hit.group(1).lower() not in m.label.lower()
    return False


def answer_trend(ans) -> tuple[str, str]:
    """`ans`: the figures Answerer for the company and the asked (later) year."""
    f = ans.facts
    years = sorted(set(f.years))
    later = years[-1] if years else ans.year
    earlier = years[0] if len(years) == 2 else later - 1
    name = ans.measure_name()
    try:
        a, unit, raw_a = ans.measure(earlier)
        b, unit_b, raw_b = ans.measure(later)
    except calculator.CalculationError as e:
        return (f"{NOT_FOUND} {name} for {ans.company} in both FY{earlier} and FY{later}, so I cannot say how it "
                f"changed: {e}.", "not_found")
    ans.year = later
    name = f"{ans.part} {name}" if ans.part else name      # a segment's rows: the segment's measure, not the company's
    pct = unit == "%" or unit_b == "%" or unit == "percent"
    if pct or unit in ("x", "ratio"):   # as the derivation shows them, so every number is checkable
        a, b = (Decimal(x.replace(",", "").rstrip("%x ").strip()) for x in (raw_a, raw_b))
        shown_a, shown_b = (f"{raw} %" if pct else raw for raw in (raw_a.rstrip("%x "), raw_b.rstrip("%x ")))
    else:
        shown_a, shown_b = _shown(ans, a, unit), _shown(ans, b, unit_b)
    delta = b - a
    if pct:
        change = f"{delta:+} percentage points"
        ans.steps.append(f"change = {raw_b.rstrip('%x ')} − {raw_a.rstrip('%x ')} = {delta:+} percentage points")
    elif a != 0:
        change = f"{(delta / abs(a) * 100):+.1f} %"
        ans.steps.append(f"change = ({calculator.fmt(b)} − {calculator.fmt(a)}) / {calculator.fmt(abs(a))} × 100 "
                         f"= {change}")
    else:
        change = "from zero"
    moved = "rose" if delta > 0 else "fell" if delta < 0 else "was unchanged"
    q = core_question(f.text)
    lead = _verdict(q, delta, name)
    steps = "; ".join(ans.steps)
    text = (f"{lead}{possessive(ans.company)} {name} {moved} from {shown_a} in FY{earlier} to {shown_b} in "
            f"FY{later} ({change}), computed as {steps}.")
    ans.record_result(f"{re.sub(r'[^a-z]+', '_', name.lower()).strip('_')}_change", delta, "points" if pct else unit,
                      "derived")
    return ans.claim(f"{ans.company} FY{earlier}-FY{later} {name} change", text, steps, "derived")


def _shown(ans, v: Decimal, unit: str) -> str:
    if unit in ("%", "percent"):
        return f"{v:.1f} %"
    if unit in ("x", "ratio"):
        return f"{v:.2f}"
    if unit in ("count", "per_share"):
        return calculator.fmt(v)
    scale, cur = ans.scale()
    return money(v, scale=scale, currency=cur) + (" (negative)" if v < 0 else "")


def _verdict(q: str, delta: Decimal, name: str) -> str:
    """"Yes. " / "No. " for a yes/no question, "It improved: " for "improved or declined", else nothing."""
    lower_better = bool(_LOWER_IS_BETTER.search(name))
    yes_no = bool(_YESNO.match(q)) and not _EITHER.search(q)      # "has it improved or declined?" is either/or
    if _BETTER.search(q) or _WORSE.search(q):
        better = delta < 0 if lower_better else delta > 0
        worse = delta > 0 if lower_better else delta < 0
        if not yes_no:
            return "It improved: " if better else "It declined: " if worse else "It was unchanged: "
        return "Yes. " if (better if _BETTER.search(q) else worse) else "No. "
    if not yes_no:
        return ("It rose: " if delta > 0 else "It fell: " if delta < 0 else "It was unchanged: ") \
            if _EITHER.search(q) else ""
    up_asked = bool(_UP.search(q)) and not _DOWN.search(q)
    down_asked = bool(_DOWN.search(q)) and not _UP.search(q)
    if up_asked:
        return "Yes. " if delta > 0 else "No. "
    if down_asked:
        return "Yes. " if delta < 0 else "No. "
    return ""
