"""A measure the question defines itself: "DPO is defined as: 365 * (average accounts payable between FY2016 and
FY2017) / (FY2017 COGS + change in inventory between FY2016 and FY2017)", "Define net working capital as total
current assets less total current liabilities".

The definition becomes a calculator formula over operands; each operand is a measure phrase with its period:
"FY2017 COGS" (that year), "average X between FY a and FY b" (the mean of the two year-end values), "change in X
between FY a and FY b" (b minus a), or a plain phrase (the asked year). The calculator does the arithmetic and
shows it; every operand is looked up and cited like any other figure.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from pipeline.core.currencies import CURRENCIES
from pipeline.question.lexicon import get_lexicon
from pipeline.question.periods import find_years

_DEFINITION = re.compile(
    r"(?is)(?:(?P<name1>[A-Za-z][\w&%' \-()]{1,80}?)\s+(?:is|are)\s+defined\s+as:?\s*(?P<a>.+?)"
    r"|\bdefine\s+(?P<name2>.+?)\s+as:?\s*(?P<b>.+?))(?:\.\s|\.$|\?|$|\s(?=Round|Answer|Base|Use|Please|Give))")
_OPS = [(re.compile(r"(?i)^\s*(divided by|over(?=\s+(?!(?:fy|fiscal|the\s+(?:year|period)|(?:19|20)\d{2})\b))|/)"), "/"), (re.compile(r"(?i)^\s*(times|multiplied by|\*|×|x(?=\s))"), "*"),
        (re.compile(r"(?i)^\s*(plus|\+)"), "+"), (re.compile(r"(?i)^\s*(minus|less|−|-(?=\s))"), "-")]
_AVERAGE = re.compile(r"(?i)^(?:the\s+)?average\s+(?:of\s+)?(?P<x>.+?)\s+(?:between|from|over)\s+(?P<y>.+)$")
_CHANGE = re.compile(r"(?i)^(?:the\s+)?(?:change|increase|decrease)\s+in\s+(?P<x>.+?)\s+(?:between|from)\s+(?P<y>.+)$")


class DefinitionError(ValueError):
    """The definition could not be read as arithmetic over measures."""


@dataclass(frozen=True)
class Operand:
    phrase: str                 # the measure in the question's words ("accounts payable")
    how: str                    # value | average | change
    years: tuple[int, ...]      # the years it is read in (value: one; average/change: two)


@dataclass(frozen=True)
class Definition:
    name: str
    formula: str                # over v1, v2, ... and numbers
    operands: dict[str, Operand]


def find_definition(question: str) -> tuple[str, str] | None:
    """(name, expression) of a definition the question gives, else None."""
    m = _DEFINITION.search(question)
    if not m:
        return _bracketed(question) or _participle(question)
    name = (m.group("name1") or m.group("name2") or "").strip()
    expr = (m.group("a") or m.group("b") or "").strip()
    expr = re.sub(r"\[[^\]]*\]", " ", expr).strip(" .:")
    name = re.sub(r"(?i)^.*?\b(?:the|a|an)\s+", "", name) if len(name.split()) > 6 else name
    return (name, expr) if expr and re.search(r"[/*+]|\b(divided by|times|plus|minus|less)\b|-\s", expr) else None


def _bracketed(question: str) -> tuple[str, str] | None:
    """A ratio defined in brackets after its name, as analysts write it: "dividend payout ratio (total DPS / basic
    EPS)", "net profit margin (profit for the year / revenue)". Only a quotient of two measures in words: a bracket
    holding a unit ("(%)", "(yen millions)", "($/share)") defines nothing."""
    m = _BRACKETED.search(question)
    if not m:
        return None
    if not _RATIO_NAME.search(m.group("name")) and not re.search(r"(?i)%|percent|\bratio\b|\bmargin\b", question):
        return None     # "capex (PP&E / intangibles)", "payables (current / non-current)": a slash that means "and/or"
    parts = re.split(r"\s*/\s*|\s+divided by\s+|\s+as an? (?:share|percentage|proportion) of\s+", m.group("expr"))
    if len(parts) != 2 or not all(re.search(r"[A-Za-z]{3,}", p) and not _UNIT_ONLY.fullmatch(p.strip()) for p in parts):
        return None
    if all(len(p.split()) == 1 for p in parts) and not any(get_lexicon().find(p) for p in parts):
        return None     # "EPS (basic / diluted)", "DPS (interim / final)": two qualifiers listed, no measure divided
    return _measure_name(m.group("name")), f"{parts[0].strip()} / {parts[1].strip()}"


_RATIO_NAME = re.compile(r"(?i)\b(ratio|margin|turnover|rate|yield|cover|coverage|gearing|payout|per|days|"
                         r"multiple|return on|to)\b|%")
_BRACKETED = re.compile(r"(?<![\w&'\-])(?P<name>[\w&][\w&%'\- ]{1,60}?)\s*\((?P<expr>[^()/]*[A-Za-z][^()/]*(?:/|\sdivided by\s|"
                        r"\sas an? (?:share|percentage|proportion) of\s)[^()/]*)\)")
_UNIT_ONLY = re.compile(r"(?i)(?:in\s+)?(?:[a-z]{0,3}\$|[£€¥₹]|" + "|".join(c.lower() for c, _ in CURRENCIES if c.isalpha()) +
                        r"|yen|pence|cents?|dollars?|"
                        r"shares?|share|unit|times|x|%|percent|millions?|thousands?|billions?|m|bn|k)(?:\s+\w+)?")


def _participle(question: str) -> tuple[str, str] | None:
    """A definition said after the measure's name: "free cash flow in fiscal 2036, defined as cash from operations
    minus capex", "payout ratio for 2034, using dividends declared per share over basic EPS"."""
    m = _PARTICIPLE.search(question)
    lead = None if m else _LEADING_USING.search(question)
    if lead:        # "Using cost of products sold over average inventories, what is inventory turnover for FY2038?"
        name = _measure_name(lead.group("name"))
        return (name, lead.group("expr").strip()) if name else None
    if not m:
        return None
    expr = re.sub(r"\[[^\]]*\]", " ", m.group("expr") or m.group("expr2")).strip(" .:")
    expr = re.sub(r"\s*\(([^()]*)\)\s*$", lambda u: "" if _UNIT_ONLY.fullmatch(u.group(1).strip()) else u.group(0),
                  expr)       # "... less purchase of PP&E (NOK million)": the unit wanted, no operand
    if not re.search(r"[/*+]|\b(divided by|over|times|plus|minus|less)\b|-\s", expr):
        return None
    name = _measure_name(m.group("name") or m.group("name2"))
    return (name, expr) if name else None


_LEADING_USING = re.compile(r"(?i)^\s*using\s+(?P<expr>[^,?]+?\s(?:over|divided by|/)\s[^,?]+?),\s*(?:what|how)\s+"
                            r"(?:is|was|were|are)\s+(?:the\s+|a\s+)?(?P<name>[^?]+?)\s*(?:\?|$)")
_PARTICIPLE = re.compile(r"(?i)(?:^|[?.]\s+)(?P<name>[^,?.]{3,90}?),\s+(?:defined|calculated|computed|measured)\s+as:?\s+"
                         r"(?P<expr>.+?)(?=[?.]\s|[?.]$|\?|$|,\s+(?:one|two|round|answer|in\s)|\s(?=Round|Answer))"
                         r"|(?P<name2>[^,?.]{3,90}?),\s+using\s+(?P<expr2>[^?.]+?\s(?:over|divided by|/)\s[^?.]+?)(?=[?.]|$)")


def parse(expr: str, year: int) -> Definition:
    """Arithmetic over measure phrases -> a calculator formula and its operands (asked year `year`)."""
    out: list[str] = []
    operands: dict[str, Operand] = {}
    phrase: list[str] = []
    depth = 0

    def flush() -> None:
        text = " ".join(phrase).strip()
        phrase.clear()
        if not text:
            return
        if re.fullmatch(r"\d+(?:\.\d+)?", text):
            out.append(text)
            return
        name = f"v{len(operands) + 1}"
        operands[name] = _operand(text, year)
        out.append(name)

    rest = expr
    while rest:
        rest = rest.lstrip()
        if not rest:
            break
        if rest[0] in "()":
            flush()
            depth += 1 if rest[0] == "(" else -1
            out.append(rest[0])
            rest = rest[1:]
            continue
        for pat, sym in _OPS:
            m = pat.match(rest)
            if m and (phrase or out):
                flush()
                out.append(sym)
                rest = rest[m.end():]
                break
        else:
            m = re.match(r"[^\s()]+", rest)
            phrase.append(m.group(0))
            rest = rest[m.end():]
    flush()
    if depth != 0 or not operands:
        raise DefinitionError(f"cannot read {expr!r} as arithmetic over measures")
    formula = " ".join(out)
    return Definition("", formula, operands)


def _operand(text: str, year: int) -> Operand:
    for pat, how in ((_AVERAGE, "average"), (_CHANGE, "change")):
        m = pat.match(text)
        if m:
            ys = find_years(m.group("y"))
            if len(ys) >= 2:
                return Operand(_strip_years(m.group("x")), how, (min(ys[:2]), max(ys[:2])))
    ys = find_years(text)
    bare = re.match(r"(?i)^(?:the\s+)?average\s+(?:of\s+)?(?P<x>.+)$", text)
    if bare and len(ys) >= 2:       # "the average of FY2037 and FY2038 inventories"
        x = re.sub(r"(?i)^(?:and|&|,|to)\s+", "", _strip_years(bare.group("x")))
        return Operand(x, "average", (min(ys[:2]), max(ys[:2])))
    if bare and not ys and _is_balance(bare.group("x")):   # "average inventories" with no years: over the year's
        return Operand(_strip_years(bare.group("x")), "average", (year - 1, year))    # opening and closing balances
    return Operand(_strip_years(text), "value", (ys[0] if ys else year,))


def _measure_name(text: str) -> str:
    """The measure a definition names, from the words before it: without the question's lead ("what was the"), the
    period it is asked for ("at 30 June 2034", "for fiscal 2036", "FY34"), the company's possessive ("Mizuhane's")
    or the company after it ("for Acme")."""
    name = re.sub(r"(?i)^(?:(?:what|how much)\s+)?(?:is|was|were|are)\s+(?:the\s+|a\s+)?", "", text.strip())
    name = re.split(r"(?i)\s+(?:at|for|in|as of|as at|on|of fy|over)\s+(?=\S*\d|the\b|end\b|year\b|fiscal\b)", name)[0]
    return _tidy_name(re.sub(r"(?i)^(?:[\w&.,'-]+\s+){0,5}?[\w&.'-]+['’]s\s+", "", _strip_years(name)))


def _tidy_name(name: str) -> str:
    """A defined measure's name without a dangling preposition or the company after it ("payout ratio for Acme")."""
    name = re.sub(r"\s+for\s+[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*)*\s*$", "", name.strip())
    return re.sub(r"(?i)(?:\s+(?:for|in|at|of|on|over|during|as))+\s*$", "", name).strip()


def _is_balance(phrase: str) -> bool:
    """A balance-sheet level ("merchandise inventories", "total assets"), whose average is over two year-ends; a
    yearly average printed as a row ("average number of employees") is read as printed."""
    found = get_lexicon().find(phrase)
    return bool(found) and found[0].statement == "balance" and found[0].kind == "amount"


def _strip_years(text: str) -> str:
    t = re.sub(r"(?i)\b(fy\s?'?\d{2,4}|fiscal\s+(year\s+)?\d{2,4}|(19|20)\d{2})\b", " ", text)
    return re.sub(r"\s+", " ", t).strip(" ,.()")
