"""A figure printed with its comparative: "a final dividend of Frw 9.00 per share (2092: Frw 6.00 per share)", "a
final dividend of 4.5 cents, up from 4.0 cents". The direction the two say, for a yes/no question asking whether it
rose ("was the final dividend increased?"), when no verb in the sentence says so."""
from __future__ import annotations

import re

# an amount as a dividend is stated: a currency's sign or code, or its minor unit after it ("Frw 9.00", "4.5 cents")
_AMOUNT = r"(?:[A-Za-z]{0,3}\$|[£€¥₹]|[A-Z][A-Za-z]{1,3}\.?)?\s?(\d{1,3},\d{3}|\d{1,4}(?:[.,]\d{1,4})?)(?![\d,])"
_DIVIDEND_COMPARED = re.compile(
    rf"(?i)(?<!\breceived\s)(?<!\bfrom\s)\bdividends?\b(?!\s+(?:payout|yield|cover|received|receivable|income|from)\b)"
    rf"(?:\s*\([^()]{{1,40}}\))?"        # (its name in the report's language: "interim dividend (dividendo anticipado)")
    rf"[^.;()]{{0,40}}?\b(?:of|at|to|was|is|totall?ing)\s+{_AMOUNT}"
    rf"(?!\s*(?:million|billion|thousand|bn|m)\b)"      # (a per-share amount, never a total's scale)
    rf"(?:(?:[^.;\d()]|\([^()]*\)){{0,80}}?\(\s*(?:fy\s?)?(?:19|20)\d{{2}}\s*:\s*{_AMOUNT}|\s*(?:cents?|pence|p|sen)?\s*(?:per\s+(?:ordinary\s+)?"
    rf"share)?(?:\s+(?:in|on)\s+(?:\d{{1,2}}\s+)?(?:[A-Z][a-z]+\s+)?(?:19|20)\d{{2}})?\s*,?\s*"     # (when it was paid: "in December 2093, ")
    rf"(?:up|down|compared\s+with|against)\s+(?:from\s+)?{_AMOUNT})")


def dividend_change(sentence: str, kind: str | None = None) -> int | None:
    """+1 where the sentence states a dividend above its comparative, -1 below, 0 the same; None where it states none.
    `kind` ("final", "interim", "special"): the dividend compared must be named so ("the final dividend is 6 cents
    (2070: 7 cents)", never "the full-year dividend to 14 cents (2070: 12 cents)" beside a final dividend)."""
    compared = dividend_compared(sentence, kind)
    return None if compared is None else compared[0]


def dividend_compared(sentence: str, kind: str | None = None) -> tuple[int, str] | None:
    """`dividend_change`'s direction and the words that state it: the sentence up to its comparative ("The Board paid
    an interim dividend of 0.40 compared with 0.60", without the "and proposes a final dividend ..." after it)."""
    for m in _DIVIDEND_COMPARED.finditer(sentence):
        before_it = sentence[:m.start()][-60:]
        if re.search(r"(?i)\b(?:payout|yield|cover|received)\b", before_it):
            continue        # (a payout ratio's, a yield's or a dividend received's figure: no dividend of its own)
        if kind and not re.search(rf"(?i)\b{kind}\s+$", before_it):
            continue
        now, before = (_number(x) for x in [m.group(1), m.group(2) or m.group(3)])
        return (now > before) - (now < before), sentence[:m.end()]
    return None


def _number(text: str) -> float:
    """"1,000" is a thousand, "4,5" (a decimal comma) four and a half."""
    return float(text.replace(",", "") if re.fullmatch(r"\d{1,3},\d{3}", text) else text.replace(",", "."))
