"""Honest grading of one answer against a hand-read gold answer: what an analyst reading the reply would take
from it, never the most favourable reading of its text.

- **The headline figure** is the one the answer presents as THE answer: the first amount of its lead sentence
  (citation markers, fiscal years, dates and "10-K" taken out). A number that appears only later (in a
  derivation, a comparison, a "printed as (1,577)" aside, a second year) is never compared.
- **The scale is the one the answer states** right after the figure ("$1.6 billion", "A$ 218.1 million",
  "£12,345 thousand", "16.5 %"). No scale word means units. It is never guessed: 0.165 is not 16.5 %, and
  1,577 written without "million" is not 1,577 million. "$1.6 billion" for a gold 1,577 million is accepted,
  because the answer's own rounding (to 0.1 billion) covers the difference; otherwise within 1 %.
- **The sign counts**: a minus, parentheses or a loss word before the figure ("a net loss of", "negative")
  make it negative; a loss is not a profit.
- **The currency**, when the gold names one and the answer prints a sign before the figure, must agree
  ("$" is US dollars; an Australian figure must read "A$").
- **Yes/no** is graded on the verdict the answer states first ("Yes." / "No."); an answer that states none
  ("The filing states no yes or no ...") is a refusal, never a match.
- **Names** are graded by the names: every gold name must appear in the answer (case and punctuation folded).
- **Series tables** are graded cell by cell (`cells`): a cell is right when its value equals the gold value to the
  gold's precision and it cites the gold page; a cell the gold marks as not printed must be empty.

Pure functions of (gold, answer text); `tests/test_grading.py` holds the adversarial cases."""
from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from pipeline.question.units import SCALE

TOLERANCE = Decimal("0.01")
MULTIPLIER = {"unit": Decimal(1), "thousand": SCALE["thousand"], "million": SCALE["million"],
              "billion": SCALE["billion"], "percent": Decimal(1),
              "cent": Decimal("0.01")}      # a per-share figure in cents or pence, the currency's hundredth
_SCALE_WORD = {"thousand": "thousand", "thousands": "thousand", "k": "thousand", "000": "thousand",
               "million": "million", "millions": "million", "mn": "million", "m": "million", "mm": "million",
               "billion": "billion", "billions": "billion", "bn": "billion", "b": "billion",
               "%": "percent", "percent": "percent", "per cent": "percent", "pct": "percent",
               "cent": "cent", "cents": "cent", "pence": "cent", "p": "cent"}
_CURRENCY = [("US$", "USD"), ("A$", "AUD"), ("AU$", "AUD"), ("AUD", "AUD"), ("C$", "CAD"), ("CA$", "CAD"),
             ("CAD", "CAD"), ("NZ$", "NZD"), ("HK$", "HKD"), ("S$", "SGD"), ("CN¥", "CNY"), ("¥", "JPY"),
             ("JPY", "JPY"), ("£", "GBP"), ("GBP", "GBP"), ("€", "EUR"), ("EUR", "EUR"), ("USD", "USD"),
             ("$", "USD")]
_MONTHS = ("January|February|March|April|May|June|July|August|September|October|November|December|"
           "Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec")
# a figure: optional sign or opening parenthesis, optional currency, digits with thousands separators
_FIGURE = re.compile(
    r"(?P<cur0>US\$|A\$|AU\$|C\$|CA\$|NZ\$|HK\$|S\$|[$£€¥])?(?P<neg>[-−–(]\s*)?(?P<cur>US\$|A\$|AU\$|C\$|CA\$|NZ\$|HK\$|S\$|CN¥|[$£€¥]|(?:USD|AUD|CAD|GBP|EUR|JPY)\s)?\s*"
    r"(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\d,]*\.?\d)(?!-[a-z])"
    r"(?P<close>\))?"
    r"(?:\s*(?P<scale>per cent|percent|pct|thousands?|millions?|billions?|mn|bn|mm|%|k\b|m\b|b\b|'000|cents?\b|pence\b|(?<=\d)p\b))?",
    re.I)
_USED_AFTER = re.compile(r"\s*used\b", re.I)    # an amount followed by "used" (cash used in an activity)
_LOSS = re.compile(r"\b(loss|losses|negative|deficit|deficiency|shortfall|decrease[ds]?|declined? by|fell by|"
                   r"down by|outflow)\b", re.I)
_PROFIT_AFTER_LOSS = re.compile(r"\b(profit|gain|surplus|positive)\b", re.I)


@dataclass(frozen=True)
class Figure:
    value: Decimal            # signed, in the stated scale
    scale: str                # unit | thousand | million | billion | percent
    currency: str | None      # ISO code of a printed currency sign, None when none is printed
    printed: str              # as printed in the answer
    decimals: int             # digits after the decimal point, as printed

    @property
    def absolute(self) -> Decimal:
        return self.value * MULTIPLIER[self.scale]


_ABBREVIATIONS = {"inc", "ltd", "co", "no", "vs", "approx", "corp", "plc", "st", "p", "pp", "e.g", "i.e", "u.s"}


def lead_sentence(answer: str) -> str:
    """The answer's first sentence (a decimal point, "Inc." or "approx." does not end it)."""
    text = " ".join((answer or "").split())
    for m in re.finditer(r"[.!?](?=\s+[A-Z\"“(\[]|\s*$)", text):
        word = re.search(r"([\w.]+)$", text[: m.start()])
        if m.group(0) == "." and word and (word.group(1).lower() in _ABBREVIATIONS or len(word.group(1)) == 1):
            continue
        return text[: m.end()]
    return text


def _clean(text: str) -> str:
    """Numbers that are not figures: citation markers, fiscal years, dates, form names, ordinals, page refs."""
    text = re.sub(r"\[\d+\]", " ", text)
    text = re.sub(rf"\b(?:{_MONTHS})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+(?:\d{{4}})?", " ", text)
    text = re.sub(rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:{_MONTHS})\b,?\s*(?:\d{{4}})?", " ", text)
    text = re.sub(r"\b(?:FY|fiscal|fiscal year|year|Q[1-4]|H[12]|CY)\s?'?\d{2,4}\b", " ", text, flags=re.I)
    text = re.sub(r"\b(?:10-K|10-Q|8-K|20-F|40-F|S-\d|Form \w+)\b", " ", text, flags=re.I)
    text = re.sub(r"\bp(?:age|p)?\.?\s*\d+\b", " ", text, flags=re.I)
    text = re.sub(r"\b\d+(?:st|nd|rd|th)\b", " ", text)
    return text


def _is_year(num: str, scale: str | None) -> bool:
    return not scale and re.fullmatch(r"(?:19|20)\d{2}", num) is not None


def figures(text: str) -> list[Figure]:
    """Every figure of `text` in order, each with the scale, sign and currency printed with it."""
    out = []
    cleaned = _clean(text)
    for m in _FIGURE.finditer(cleaned):
        num, scale = m.group("num"), (m.group("scale") or "").lower()
        if _is_year(num, scale):
            continue
        if scale == "'000":
            scale = "000"
        cur = (m.group("cur") or m.group("cur0") or "").strip().upper() or None
        after = cleaned[m.end():m.end() + 1]
        if (scale in ("m", "b", "k") and not cur) or (not scale and after.isalpha()) or (after and after.isalnum()
                                                                                          and scale in ("m", "b", "k")):
            continue              # part of a word or name ("3M's", "Model 3S"), not an amount
        try:
            value = Decimal(num.replace(",", ""))
        except InvalidOperation:
            continue
        neg = m.group("neg") or ""
        negative = bool(re.search("[-−–]", neg)) or ("(" in neg and bool(m.group("close")))
        before = cleaned[max(0, m.start() - 60): m.start()]
        before = re.split(r"[;:]|\bto\b|\bwhile\b|\bcompared\b|\bversus\b|\bvs\.?\b|\bfrom\b", before)[-1]
        loss = _LOSS.search(before)       # "a net loss of $5 million": negative, however it is printed
        negative = negative or bool(loss and not _PROFIT_AFTER_LOSS.search(before[loss.end():]))
        negative = negative or bool(_USED_AFTER.match(cleaned[m.end():m.end() + 12]))   # "$5 million used": cash out
        code = next((c for p, c in _CURRENCY if cur == p.upper()), None) if cur else None
        out.append(Figure(-value if negative else value, _SCALE_WORD.get(scale, "unit"), code,
                          m.group(0).strip(), len(num.split(".")[1]) if "." in num else 0))
    return out


def headline(answer: str) -> Figure | None:
    """The figure the answer presents as its answer: the first figure of its lead sentence; when the lead
    sentence states none (a preface such as "I used FY2022 ..."), the first figure of the next sentence that has
    one."""
    text = " ".join((answer or "").split())
    while text:
        lead = lead_sentence(text)
        found = figures(lead)
        if found:
            return found[0]
        text = text[len(lead):].strip()
        if lead == "":
            break
    return None


def agrees(got: Figure, gold: Decimal, gold_scale: str) -> tuple[bool, str]:
    """The headline against the gold figure in its scale: sign, stated scale, then the answer's own rounding or
    1 % of the gold, whichever is wider."""
    if gold_scale == "percent" and got.scale != "percent":
        return False, f"{got.printed} is not a percentage (gold {gold} %)"
    if gold_scale != "percent" and got.scale == "percent":
        return False, f"{got.printed} is a percentage (gold {gold} {gold_scale})"
    if gold and got.value and (gold < 0) != (got.value < 0):
        return False, f"{got.printed} has the wrong sign (gold {gold} {gold_scale})"
    want = gold * MULTIPLIER[gold_scale]
    have = got.absolute
    if want == 0:
        return have == 0, f"{got.printed} vs gold 0"
    rounding = Decimal(5) * Decimal(10) ** (-got.decimals - 1) * MULTIPLIER[got.scale]
    significant = len(re.sub(r"\D", "", got.printed.split(".")[0]).lstrip("0")) + got.decimals
    slack = max(TOLERANCE * abs(want), rounding if significant >= 2 else Decimal(0))
    ok = abs(have - want) <= slack
    return ok, (f"{got.printed} {'matches' if ok else 'differs from'} gold {gold} {gold_scale}"
                + ("" if got.scale == gold_scale or got.scale == "unit" and gold_scale == "unit" else
                   f" (stated in {got.scale})"))


def verdict(answer: str) -> str | None:
    """'yes' / 'no' when the answer's lead states one, else None."""
    lead = lead_sentence(answer).strip().lstrip("*_ ")
    m = re.match(r"(yes|no)\b(?![-\w])", lead, re.I)
    return m.group(1).lower() if m else None


def fold_name(s: str) -> list[str]:
    """A name's words, case and punctuation folded, initials left out ("Mark J. Badros" -> ['mark', 'badros'])."""
    s = re.sub(r"[^\w\s&]", " ", s.lower()).replace("&", " and ")
    return [w for w in s.split() if len(w) > 1]


def names_found(answer: str, names: list[str]) -> tuple[list[str], list[str]]:
    """(found, missing) gold names in the answer: each name's words consecutive and whole in the answer's words
    (a middle initial written or not: "Mark J Badros" is "Mark Badros"; "Jane Doering" is not "Jane Doe")."""
    text = " " + " ".join(fold_name(answer)) + " "
    found = [n for n in names if fold_name(n) and f" {' '.join(fold_name(n))} " in text]
    return found, [n for n in names if n not in found]


def cells(table, gold: list[dict]) -> tuple[int, int, int, list[str]]:
    """(right, wrong, empty, notes) of a series table's cells against hand-read gold cells
    ({company, period, value, page}; value None = the reports held print nothing for it). `table` is anything
    with `.cell(company, period)` returning a cell with `kind`, `value`, `citations` (or None for no table)."""
    right = wrong = empty = 0
    notes = []
    for g in gold:
        c = table.cell(g["company"], g["period"]) if table else None
        if g["value"] is None:
            ok = c is None or c.kind == "missing"
            right += ok
            wrong += not ok
            if not ok:
                notes.append(f"{g['company']} {g['period']}: {c.value} where the reports print nothing")
            continue
        if c is None or c.kind == "missing" or c.value is None:
            empty += 1
            notes.append(f"{g['company']} {g['period']}: empty ({c.missing if c else 'no cell'})")
            continue
        want = Decimal(str(g["value"]))
        got = Decimal(c.value).quantize(want) if want.as_tuple().exponent < 0 else Decimal(c.value)
        pages = {int(x.rsplit("p. ", 1)[1]) for x in c.citations if "p. " in x}
        if got == want and g["page"] in pages:
            right += 1
        else:
            wrong += 1
            notes.append(f"{g['company']} {g['period']}: {c.value} p. {sorted(pages)} vs gold {g['value']} "
                         f"p. {g['page']}")
    return right, wrong, empty, notes
