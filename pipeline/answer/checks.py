"""The deterministic checks a written (model) answer passes before anyone sees it, sentence by sentence:

- every sentence cites, and every marker points at a source that exists;
- every figure is printed on a cited page, at its printed precision, and - when the sentence is about one
  fiscal year (named, or the one asked) - in that year's column when it comes from a statement row
  (`pipeline.guardrails.verifier.check_claim`);
- a figure that is not printed is accepted only when `pipeline.answer.calculator` recomputes it from figures the same
  sentence cites (a change, a percentage change, a ratio, a sum, a difference) at the precision written;
- no sentence repeats an instruction that was planted in a source (those lines are removed from the sources
  before the model reads them and before figures are looked up, so a figure that appears only inside a planted
  instruction supports nothing).

Sources are sanitised here too: `sanitise` removes instruction-like lines from retrieved text."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal

from pipeline.answer import calculator
from pipeline.answer.extract import NOT_FOUND
from pipeline.state import Claim
from pipeline.guardrails.verifier import SCALE, precision, check_claim, numbers_in, supported

INSTRUCTION = re.compile(
    r"(?i)(\bignore\b.{0,30}\b(instructions?|prompts?|rules)\b|\bdisregard\b.{0,30}\b(instructions?|above|previous)\b|"
    r"\bsystem (note|prompt|message|instruction)s?\b|^\W*(assistant|system|user|developer)\s*:|"
    r"\byou (must|should|will) (now )?(reply|respond|answer|say|tell|output|route|cite|write)\b|"
    r"\bnew instructions?\b|\breply only with\b|\bdo not (follow|cite|mention)\b)")
_SENT = re.compile(r"(?<=[.!?])\s+(?=[\"“(\[A-Z0-9$])|\n+")
_COMPUTES = re.compile(r"(?i)(=|\bchang|\bincreas|\bdecreas|\bgr[eo]w|\brose\b|\bfell\b|\bdeclin|\bmargin|"
                       r"\bratio\b|percent|%|\bdifference\b|\bless\b|\bminus\b|\btotal|\bcombined\b|\bsum\b|"
                       r"\bcompared\b|\bversus\b|\bvs\b|\bup\b|\bdown\b|\bhigher\b|\blower\b)")
_STOP = {"the", "and", "for", "with", "that", "this", "from", "was", "were", "are", "its", "their", "our", "your",
         "into", "only", "reply", "previous", "all", "any", "not"}


@dataclass
class Source:
    n: int
    doc: str
    company: str
    fiscal_year: int
    page: int
    doc_type: str
    text: str            # the retrieved passage, sanitised (what the model reads)
    page_text: str       # the whole page, sanitised (what figures are checked against)
    removed: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        return f"{self.company} · FY{self.fiscal_year} · {self.doc_type.replace('10K', '10-K')} p. {self.page}"


def sanitise(text: str) -> tuple[str, list[str]]:
    """The text without instruction-like lines (and sentences), and what was removed."""
    kept, removed = [], []
    for line in text.split("\n"):
        if not INSTRUCTION.search(line):
            kept.append(line)
            continue
        parts = re.split(r"(?<=[.!?])\s+", line)
        good = [p for p in parts if not INSTRUCTION.search(p)]
        removed += [p.strip() for p in parts if INSTRUCTION.search(p)]
        if good:
            kept.append(" ".join(good))
    return "\n".join(kept), removed


_ABBREV = re.compile(r"(?:\b(?:[A-Za-z]\.){2,}|\b(?:Inc|Corp|Co|Ltd|No|Nos|vs|approx|Mr|Ms|Dr|St|Jan|Feb|Mar|Apr|Jun|"
                     r"Jul|Aug|Sep|Sept|Oct|Nov|Dec|Fig|p|pp)\.)$")


def pieces(text: str) -> list[str]:
    """Raw sentence pieces: split after . ! ? (not after an abbreviation such as "U.S." or "Inc.") and at
    line breaks."""
    out: list[str] = []
    for part in _SENT.split(text):
        if out and _ABBREV.search(out[-1]) and not out[-1].endswith("\n"):
            out[-1] = f"{out[-1]} {part}"
        else:
            out.append(part)
    return out


def sentences(answer: str) -> list[str]:
    out = []
    for s in pieces(answer.strip()):
        s = re.sub(r"^\s*(?:[-*•]|\d+[.)])\s+", "", s).strip()
        if s and not (s.endswith(":") and len(s.split()) <= 8 and not re.search(r"\d", s)):
            out.append(s)
    return out


@dataclass
class Checked:
    claims: list[Claim] = field(default_factory=list)
    derivations: list[str] = field(default_factory=list)
    findings: list[str] = field(default_factory=list)
    markers: list[int] = field(default_factory=list)
    not_found: bool = False
    dropped: list[str] = field(default_factory=list)   # figure-free sentences that cite nothing ("Hope this helps.")
    text: str = ""                                       # the answer as shown: the draft without dropped sentences
    passed: bool = True


def check_sentence(sentence: str, sources: dict[int, Source], asked_year: int | None, out: Checked,
                   memo: dict | None = None) -> bool:
    """Check one sentence, appending to `out`; True when it passes. `memo` (one per set of sources) keeps each
    sentence's result, so a sentence checked while streaming is not checked again."""
    if memo is not None:
        if sentence not in memo:
            memo[sentence] = Checked()
            memo[sentence].passed = check_sentence(sentence, sources, asked_year, memo[sentence])
        got = memo[sentence]
        out.findings += got.findings
        out.claims += [c.model_copy() for c in got.claims]
        out.derivations += got.derivations
        out.markers += [m for m in got.markers if m not in out.markers]
        out.dropped += got.dropped
        return got.passed
    before = len(out.findings)
    short = sentence if len(sentence) <= 90 else sentence[:87] + "…"
    if sentence.startswith(NOT_FOUND):
        return True
    markers = [int(m) for m in re.findall(r"\[(\d+)\]", sentence)]
    for m in markers:
        if m not in sources:
            out.findings.append(f"marker [{m}] points at no source (the sources are [1] to [{max(sources, default=0)}]): "
                                f"\u201c{short}\u201d")
    good = [m for m in markers if m in sources]
    if INSTRUCTION.search(sentence) or _echoes(sentence, [r for s in sources.values() for r in s.removed]):
        out.findings.append(f"this sentence follows an instruction found inside a source, not the question: "
                            f"\u201c{short}\u201d")
    if not markers and numbers_in(sentence):
        out.findings.append(f"this sentence states a figure but cites no source: \u201c{short}\u201d")
    elif not markers and len(out.findings) == before:
        out.dropped.append(sentence)       # asserts nothing checkable: not shown, never a reason to reject
        return True
    if good:
        pages = [sources[m].page_text for m in dict.fromkeys(good)]
        text = _with_year(sentence, asked_year)
        derived = recompute(sentence, pages)
        from pipeline.guardrails.shaping import label

        claim = check_claim(Claim(text=text, label=label(sentence) or "statement"), pages, derived)
        if claim.verdict == "unsupported":
            out.findings.append(f"{claim.reason}: \u201c{short}\u201d")
        out.claims.append(claim)
        out.derivations += derived
        out.markers += [m for m in good if m not in out.markers]
    return len(out.findings) == before


def check_answer(answer: str, sources: dict[int, Source], asked_year: int | None, finished: bool = True,
                 memo: dict | None = None) -> Checked:
    out = Checked()
    if not finished:
        out.findings.append("the reply was cut off before it finished")
    sents = sentences(answer)
    if not sents:
        out.findings.append("the reply is empty")
    for s in sents:
        check_sentence(s, sources, asked_year, out, memo)
    kept = [s for s in sents if s not in out.dropped]
    out.text = answer.strip() if not out.dropped else " ".join(kept)
    if sents and not kept:
        out.findings.append("no sentence cites a source")
    out.not_found = bool(kept) and all(s.startswith(NOT_FOUND) for s in kept)
    return out


def _with_year(sentence: str, asked_year: int | None) -> str:
    """The sentence as the year check reads it: the one fiscal year it names, else the asked year - unless it
    compares periods (then the figures may come from several columns and are only checked to be printed)."""
    years = {int(y) for y in re.findall(r"(?<![\d,.$])((?:19|20)\d{2})(?![\d,])", sentence)}
    years |= {int(y) for y in re.findall(r"\bFY\s?((?:19|20)\d{2})\b", sentence)}
    compares = len(numbers_in(sentence)) > 1 and calculator.GROWTH.search(sentence)
    if len(years) > 1 or "=" in sentence or compares:   # figures of several periods: checked to be printed only
        return re.sub(r"\bFY\s?((?:19|20)\d{2})\b", r"fiscal year \1", sentence)
    if len(years) == 1:
        return f"{sentence} (FY{years.pop()})"
    return f"{sentence} (FY{asked_year})" if asked_year else sentence


def _echoes(sentence: str, removed: list[str]) -> bool:
    """True when the sentence repeats three consecutive content words of a removed instruction."""
    words = [w for w in re.findall(r"[a-z0-9]+", sentence.lower())]
    grams = {tuple(words[i:i + 3]) for i in range(len(words) - 2)}
    for r in removed:
        rw = [w for w in re.findall(r"[a-z0-9]+", r.lower())]
        for i in range(len(rw) - 2):
            g = tuple(rw[i:i + 3])
            if g in grams and sum(w not in _STOP for w in g) >= 2:
                return True
        caps = re.findall(r"\b[A-Z]{3,}(?:\s+[A-Z]{3,})+\b", r)   # shouted phrases ("ALL CLEAR")
        if any(c in sentence for c in caps):
            return True
    return False


def recompute(sentence: str, pages: list[str]) -> list[str]:
    """Derivations (through the calculator) of figures in the sentence that are not printed on the cited pages
    but follow from two figures that are: each derivation ends '= <the figure as written>'."""
    if not _COMPUTES.search(sentence):
        return []      # a figure is only read as computed when the sentence says it computes something
    nums = numbers_in(sentence)
    printed = [(t, v, u) for t, v, u in nums if supported(v, u, pages)]
    out = []
    for tok, value, unit in nums:
        if supported(value, unit, pages):
            continue
        tol = precision(value)
        for (ta, a, ua) in printed:
            for (tb, b, ub) in printed:
                if ta == tb:
                    continue
                d = _derive(a * SCALE.get(ua, Decimal(1)), b * SCALE.get(ub, Decimal(1)), value, unit, tol,
                            ta.strip("$()"), tb.strip("$()"))
                if d:
                    out.append(f"{d} = {tok}{'%' if unit in ('%', 'percent') else ''}")
                    break
            else:
                continue
            break
    return out


def _derive(a: Decimal, b: Decimal, want: Decimal, unit: str, tol: Decimal, ta: str, tb: str) -> str | None:
    ia = calculator.Input("a", ta, abs(a), ta, 0, 0)
    ib = calculator.Input("b", tb, abs(b), tb, 0, 0)
    scale = SCALE.get(unit, Decimal(1))
    candidates: list[tuple[Decimal, str]] = []
    try:
        if unit in ("%", "percent"):
            g = calculator.growth(ia, ib)
            candidates.append((g.value, f"({ta} − {tb}) / {tb} × 100"))
            r = calculator.derived("a / b * 100", "%", {"a": ia, "b": ib})
            candidates.append((r.value, f"{ta} / {tb} × 100"))
        else:
            candidates.append((calculator.difference(ia, ib).value / scale, f"{ta} − {tb}"))
            candidates.append((calculator.derived("a + b", "money", {"a": ia, "b": ib}).value / scale, f"{ta} + {tb}"))
            if unit in ("x", ""):
                candidates.append((calculator.derived("a / b", "x", {"a": ia, "b": ib}).value, f"{ta} / {tb}"))
    except calculator.CalculationError:
        return None
    for v, expr in candidates:
        if abs(abs(v) - abs(want)) <= tol:
            return expr
    return None
