"""Groundedness (checkpoint 4), deterministic: every number in the answer must appear on a page it cites.

Tolerated differences (each tested in tests/test_verifier.py):
- thousands separators and currency signs: "$1,577" = "1577";
- accounting notation: "(1,577)" on the page supports "1,577" or "-1,577" in the answer;
- units: the page's unit line ("in millions") scales its figures, so "$1.6 billion" vs "1,577" (millions);
- rounding: the answer may round to its own printed precision ("$1.6 billion" covers 1.55-1.65 bn; "$12,672
  million" covers only 12,671.5-12,672.5, so the 12,645 next to it does not support it).
- the year: a claim that names exactly one fiscal year is supported by a statement figure only if the figure is
  in that year's column ("$1,373 million in FY2018" is unsupported when 1,373 is printed under 2017), or by
  a figure outside any year-aligned row.
A number that is the result of a shown calculation whose inputs are supported is `derived`; one introduced by
"approximately/about/around/roughly" within 10 % of a page figure is `estimated`; anything else is
`unsupported`."""
from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from pipeline import prompts
from pipeline.guardrails.shaping import label
from pipeline.providers.llm import MalformedOutput, complete, parse_json_object
from pipeline.state import Claim
from pipeline.reading.tables import parse_page
from pipeline.reading.unit_caption import detect_unit
from pipeline.reading.line_tidy import tidy_lines
from pipeline.core.currencies import CURRENCY_RE
from pipeline.reading.cells import parse_number
from pipeline.question.units import SCALE

_NUM = re.compile(r"(?<![\w.\[])(\$?\(?-?\$?\d[\d,]*(?:\.\d+)?\)?)(?:(\s*(?:%|percent\b|million\b|billion\b|"
                  r"thousand\b|bn\b|mn\b|x\b))|(?![\w]|-[A-Za-z]))")   # "3M", "10-K": names, not figures
_HEDGE = re.compile(r"(?i)\b(approximately|about|around|roughly|nearly|almost|estimated|~)\b")


def numbers_in(text: str) -> list[tuple[str, Decimal, str]]:
    """(token, value, unit word) for each figure in `text`; years, markers and FY labels are not figures."""
    out = []
    # The exponent and the "− 1" of a CAGR are arithmetic, not figures: "(b / a)^(1/2) − 1".
    text = re.sub(r"\^\([^)]*\)", "^", text)
    text = re.sub(r"(\^)\s*[−-]\s*1\b", r"\1", text)
    # The row and column as printed are the filing's labels, not figures claimed ("(Note 13)", "January 28, 2023")
    # (a quoted label that names an amount - "$", a scale word, a % - is checked like any text)
    text = re.sub(r'\b(row|column)\s+"(?![^"]*(\$|€|£|\bmillion\b|\bbillion\b|\bthousand\b|%))[^"]*"', " ", text)
    for m in _NUM.finditer(text):
        tok, unit = m.group(1), (m.group(2) or "").strip().lower()
        digits = tok.strip("$()-").replace(",", "")
        if re.fullmatch(r"(19|20)\d{2}", digits) and not unit and "$" not in tok and "," not in tok:
            continue
        before = text[max(0, m.start() - 2):m.start()]
        if before.upper().endswith("FY") or before.endswith("[") or before.rstrip().endswith(("×", "*")):
            continue   # a fiscal year label, a citation marker, or a formula constant ("× 100")
        try:
            v = Decimal(digits)
        except InvalidOperation:
            continue
        out.append((tok, v, unit))
    return out


def page_unit(text: str) -> str | None:
    """The scale a page declares: its caption's ("in millions") or its units row's ("£m 2095 2094", "HK$'000")."""
    return detect_unit(text) or _units_row_scale(text)


def page_values(text: str) -> tuple[list[Decimal], Decimal]:
    # the page's figures as the reader reads them (continental "61.204" and "2,41", minus signs, split brackets)
    text = "\n".join(tidy_lines(text.splitlines()))
    unit = page_unit(text)
    scale = SCALE.get(unit or "", Decimal(1))
    vals = []
    for tok in re.findall(r"\(?-?\$?\d[\d,]*(?:\.\d+)?\)?%?", text):
        try:
            vals.append(abs(Decimal(tok.strip("()$%-").replace(",", ""))))
        except InvalidOperation:
            pass
    return vals, scale


# a units row naming the scale beside the currency ("N'million N'million", "KRW million", "HK$'000", "£m", "Rp
# million", "Note 2061 2060 RMB'000") where no "in millions" caption says it: a line of such tokens only (never prose:
# "One million new shares", "I'm pleased"), naming one scale
_OTHER_TOKEN = re.compile(r"(?i)notes?|\d{4}\*?|FY\s?\d{2,4}|\(?restated\)?\*?|%|in|[A-Z][A-Za-z]{0,3}\.?|[A-Z]{0,3}[$£€¥]|"
                          r"change|variance|growth|unless|otherwise|stated|indicated")   # ("£m unless stated FY93 FY92")
_SCALE_TOKEN = re.compile(r"(?P<sign>[A-Z][A-Za-z]{0,3}\.?|[A-Z]{0,3}[$£€¥])?\s?'?"
                          r"(?P<scale>000|mn|bn|m|(?i:millions?|thousands?|billions?))")
_SCALE_WORD = {"000": "thousand", "m": "million", "mn": "million", "bn": "billion"}


def _units_row_scale(text: str) -> str | None:
    found = set()
    for ln in text.splitlines()[:16]:
        tokens = ln.replace("’", "'").split()
        if len(ln) > 100 or not tokens:
            continue
        scales = [m for t in tokens if (m := _SCALE_TOKEN.fullmatch(t)) and (m.group("sign") or len(m.group("scale")) > 3)]
        if scales and all(_SCALE_TOKEN.fullmatch(t) or _OTHER_TOKEN.fullmatch(t) for t in tokens):
            found |= {_scale_name(m) for m in scales}
    if not found:       # (a header line captioning its column groups, "INFLATION ADJUSTED (audited) 2096 ZWG000 | 2095
        for ln in text.splitlines()[:16]:   # ZWG000 || HISTORICAL COST ...": its currency-signed scales, one scale)
            signed = [m for t in ln.replace("’", "'").split() if (m := _SCALE_TOKEN.fullmatch(t)) and m.group("sign")]
            if len(ln) <= 200 and len(signed) >= 2 and not re.search(r"\d,\d{3}", ln):
                found |= {_scale_name(m) for m in signed}
    return next(iter(found)) if len(found) == 1 else None


def _scale_name(m: re.Match) -> str:
    """'thousand' | 'million' | 'billion' of a units token ("'000", "m", "millions")."""
    return _SCALE_WORD.get(m.group("scale"), m.group("scale").lower().rstrip("s"))


def precision(value: Decimal) -> Decimal:
    exp = value.as_tuple().exponent
    return Decimal(5) * Decimal(10) ** (exp - 1) if isinstance(exp, int) and exp < 0 else Decimal("0.5")


def _matches(got: Decimal, want: Decimal, tol_abs: Decimal) -> bool:
    return abs(got - want) <= tol_abs


def wrong_column(value: Decimal, unit: str, pages: list[str], year: int) -> int | None:
    """The other year whose column holds the figure, when the figure appears on the pages only in aligned
    statement cells of years other than `year`; None when the year is right or cannot be told."""
    want = abs(value) * SCALE.get(unit, Decimal(1))
    tol = precision(value) * SCALE.get(unit, Decimal(1))
    other: int | None = None
    for text in pages:
        table = parse_page(text)
        scale = SCALE.get(table.unit or "", Decimal(1))
        cell_lines: set[int] = set()
        for r in table.rows:
            if not r.aligned:
                continue
            cell_lines.update({r.line_no, r.line_no + 1})   # a wrapped row's values sit on the next line
            for col, v in r.cells() or []:      # cells, not a zip of years and values: a notes cell comes first
                y = col.year if col.kind == "value" else None
                n = parse_number(v)
                if n is not None and any(_matches(abs(n) * sc, want, tol) for sc in {scale, Decimal(1)}):
                    if y == year:
                        return None
                    other = other or y
        free = "\n".join(ln for i, ln in enumerate(table.lines) if i not in cell_lines)
        if supported(value, unit, [free]):
            return None          # also printed outside the year columns: its year cannot be told
    return other


def supported(value: Decimal, unit: str, pages: list[str]) -> bool:
    want = abs(value) * SCALE.get(unit, Decimal(1))
    tol_abs = precision(value) * SCALE.get(unit, Decimal(1))
    for text in pages:
        vals, scale = page_values(text)
        # figures in the page's unit, in another its captions name (a convenience translation's "Thousands of U.S.
        # dollars" beside "Millions of yen"), or printed in full
        head = "\n".join(text.splitlines()[:20])
        scales = {scale, Decimal(1)} | {SCALE[m.group(1).lower()] for m in _CAPTION_SCALE.finditer(head)
                                        if CURRENCY_RE.match(head, m.end())} | \
            {SCALE[m.group(1).lower()] for m in _BRACKET_SCALE.finditer(text)}    # (a table's own "(A$ million)")
        for v in vals:
            for s in scales:
                if _matches(v * s, want, tol_abs):
                    return True
        if _in_own_unit(text, want, tol_abs):
            return True
    return False


def _in_own_unit(text: str, want: Decimal, tol_abs: Decimal) -> bool:
    """The figure on a line naming its own abbreviated unit ("Revenue (£m) | 274.2 | 255.2"), read in that unit: the
    line's figures only, never the page's others."""
    for line in text.splitlines():
        m = _BRACKET_ABBR.search(line)
        if m is None:
            continue
        scale = SCALE[_ABBREVIATED[m.group(1).lower().lstrip("'")]]
        line_vals, _ = page_values(line[m.end():])
        if any(_matches(v * scale, want, tol_abs) for v in line_vals):
            return True
    return False


_CAPTION_SCALE = re.compile(r"(?i)\b(million|thousand|billion)s?\s+of\s+")    # (of a currency: "Thousands of U.S. dollars")
# a table's own unit caption in brackets ("(A$ million)", "(EUR million)", "(consolidated, R$ million unless stated)")
# a row's own abbreviated unit in brackets ("Revenue (£m)", "(NZ$m)", "(£000)", "(US$bn)")
_BRACKET_ABBR = re.compile(r"(?i)\((?:[a-z]{0,3}\$|[£€¥])\s?(m|mn|bn|'?000)\)")
_ABBREVIATED = {"m": "million", "mn": "million", "bn": "billion", "000": "thousand"}
_BRACKET_SCALE = re.compile(r"(?i)\([^()]{0,40}?(?:[a-z]{0,3}\$|[£€¥]|\b[a-z]{3})\s?(million|thousand|billion)s?\b[^()]{0,30}\)")


def near(value: Decimal, unit: str, pages: list[str], rel: Decimal = Decimal("0.10")) -> bool:
    want = abs(value) * SCALE.get(unit, Decimal(1))
    for text in pages:
        vals, scale = page_values(text)
        if any(want and abs(v * scale - want) / want <= rel for v in vals):
            return True
    return False


def _squash(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


def check_claim(claim: Claim, pages: list[str], derived_results: list[str], start_named: bool = False) -> Claim:
    """The claim's verdict against the cited pages. `start_named`: a cited report names its fiscal year by the
    calendar year it starts in (identification found the year's end in the next calendar year), so a claim that
    declares reading such a column as the year before is not a misread."""
    quote = re.search(r"\u201c(.+?)\u201d", claim.text, re.S)
    if quote:
        q = _squash(quote.group(1))
        if any(q in _squash(p) for p in pages):
            claim.numbers, claim.verdict, claim.reason = [], "supported", "the quotation is on the cited page"
            return claim
        claim.numbers = ["quote"]
        claim.verdict, claim.reason = "unsupported", "the quotation is not on the cited page"
        return claim
    nums = numbers_in(claim.text)
    claim.numbers = [t for t, _, _ in nums]
    if not nums:
        claim.verdict, claim.reason = "supported", "no figures to check"
        return claim
    bad: list[str] = []
    derived = False
    # The year check applies to a plain figure claim naming one fiscal year; a shown derivation legitimately
    # uses other years' columns as inputs.
    years = set() if "=" in claim.text else {int(y) for y in re.findall(r"\bFY\s?((?:19|20)\d{2})\b", claim.text)}
    wrong_year: list[str] = []
    for tok, value, unit in nums:
        if supported(value, unit, pages):
            if len(years) == 1:
                other = wrong_column(value, unit, pages, next(iter(years)))
                if other is not None and not (start_named and _declared_column(claim.text, other, next(iter(years)))):
                    bad.append(tok)
                    wrong_year.append(f"{tok} is in the FY{other} column, not FY{next(iter(years))}")
            continue
        if any(_same_number(tok, r) for r in derived_results):
            derived = True
            continue
        bad.append(tok)
    if not bad:
        claim.verdict = "derived" if derived else "supported"
        claim.reason = "computed from cited figures" if derived else "every figure is on a cited page"
    elif _HEDGE.search(claim.text) and all(near(v, u, pages) for t, v, u in nums if t in bad):
        claim.verdict, claim.reason = "estimated", f"approximates {', '.join(bad)}"
    elif wrong_year:
        claim.verdict, claim.reason = "unsupported", "; ".join(wrong_year)
    else:
        claim.verdict, claim.reason = "unsupported", f"{', '.join(bad)} not on a cited page"
    return claim


def _declared_column(text: str, printed: int, year: int) -> bool:
    """The claim says it read the column dated `printed` as fiscal `year` ('column "February 3, 2037", FY2036'), as a
    filer that names its year by the calendar year it starts in does (a retailer's January year-end, a Japanese March
    year-end read so); the caller checks that the cited report is such a filer. Only that shape: a dated
    column ending in January to March, or the bare year such a filer's statements print over it, read as the year
    before; any other year's column stays a misread."""
    m = re.search(rf'column "(?P<col>[^"]*\b{printed}\b[^"]*)", FY{year}\b', text)
    return m is not None and printed == year + 1 and (m.group("col").strip() == str(printed) or   # (a bare year, as
        re.search(r"(?i)\b(jan(uary)?|feb(ruary)?|mar(ch)?)\.?\s+\d{1,2},?\s+\d{4}|\b\d{1,2}\s+(jan(uary)?|feb(ruary)?|"  # dated)
                  r"mar(ch)?)\.?\s+\d{4}", m.group("col")) is not None)


def _same_number(token: str, derivation: str) -> bool:
    """True when `token` is the result (right of '=') of a shown derivation."""
    result = derivation.rsplit("=", 1)[-1]
    t = token.strip("$()").replace(",", "")
    try:        # (numerically: "951.4" in the sentence is the "951.40" the derivation shows)
        return any(Decimal(t) == Decimal(n.replace(",", "")) for n in re.findall(r"-?\d[\d,]*(?:\.\d+)?", result))
    except InvalidOperation:
        return False


def verdict_of(claims: list[Claim]) -> str:
    with_figures = [c for c in claims if c.numbers]
    bad = [c for c in with_figures if c.verdict == "unsupported"]
    if not bad:
        return "pass"
    return "partial" if len(bad) * 3 <= len(with_figures) else "fail"


def split_claims(answer: str) -> list[str]:
    parts = re.split(r"(?<=[.;])\s+(?=[A-Z])", answer.strip())
    return [p for p in parts if p.strip()]


def llm_verify(llm, answer: str, passages: list[str]) -> tuple[str, list[dict]]:
    """The LLM verifier: a JSON object {verdict: pass|fail, unsupported: [{label, reason}]} (bare, fenced or inside
    prose); raises when no such object parses, so the declared policy (fail open) applies."""
    text = "\n\n".join(f"[{i}] {p[:3000]}" for i, p in enumerate(passages, 1))
    out = parse_json_object(complete(llm, prompts.VERIFIER.format(passages=text, answer=answer), "verify_llm"),
                            {"verdict": str, "unsupported": list})
    if out["verdict"] not in ("pass", "fail"):
        raise MalformedOutput(f"verdict must be pass or fail, got {out['verdict']!r}")
    items = []
    for u in out["unsupported"]:
        if not isinstance(u, dict) or not isinstance(u.get("label"), str):
            raise MalformedOutput("unsupported items need a label")
        items.append({"label": label(u["label"]),
                      "reason": str(u.get("reason", ""))[:200]})
    return out["verdict"], items
