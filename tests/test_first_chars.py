"""The characters a regex can start with, and the alternation dispatched on them: the same matches as the whole
alternation, on made-up statement lines and on generated ones."""
import random
import re

import pytest

from pipeline.core import currencies
from pipeline.core.first_chars import ANY, Dispatched, first_chars


@pytest.mark.parametrize("pattern, flags, expected", [
    (r"us\$|\busd\b", 0, {"u", "U"}),
    (r"\b[tk]?eur\b", re.I, {"t", "T", "k", "K", "e", "E"}),
    (r"(?<![a-z])n\$", 0, {"n", "N"}),                    # a look-behind is zero-width: the match starts at "n"
    (r"(?-i:K)(?=\s?['’]000)", re.I, {"K", "k"}),
    (r"(?:th|m{1,2})?ch\$", re.I, {"t", "T", "m", "M", "c", "C"}),   # an optional prefix: its first or what follows
    (r"₹|\brs\.?(?![\w])", re.I, {"₹", "r", "R"}),
])
def test_first_chars_of_an_alternative(pattern, flags, expected):
    assert first_chars(pattern, flags) == expected


@pytest.mark.parametrize("pattern", [r"\w+ dollars", r"[^a]b", r".x", r"()\1y", r"x?", r"[\u0000-\uffff]y"])
def test_first_chars_unbounded_is_any(pattern):
    assert first_chars(pattern) is ANY


_GROUPS = [("a", r"\bkd(?=\s?'000)"), ("b", r"kuwaiti dinars?"), ("c", r"\$|dollars?"), ("d", r".k"),
           ("e", r"(?<![a-z])n\$"), ("f", r"\bdollar index")]


def _spans(matches):
    return [(m.span(), m.lastgroup) for m in matches]


@pytest.mark.parametrize("text", ["KD'000 2093 2092", "Kuwaiti dinars in millions: US$ 4", "N$ 1,204 and n$",
                                  "Dollar index dollars 12", "ak bk", "", "x"])
def test_dispatched_matches_as_the_whole_alternation(text):
    start = r"(?:\b|(?=[^\w\s]))"
    whole = re.compile(start + "(?:" + "|".join(f"(?P<{n}>{a})" for n, a in _GROUPS) + ")", re.I)
    fast = Dispatched(start, _GROUPS, re.I)
    assert fast.pattern == whole.pattern
    assert _spans(fast.finditer(text)) == _spans(whole.finditer(text))
    assert fast.sub(" ", text) == whole.sub(" ", text)
    for pos in range(len(text)):
        assert _spans(filter(None, [fast.search(text, pos)])) == _spans(filter(None, [whole.search(text, pos)]))
        assert _spans(filter(None, [fast.match(text, pos)])) == _spans(filter(None, [whole.match(text, pos)]))


def test_currency_pattern_matches_as_the_whole_alternation_on_generated_lines():
    # lines of currency words, signs, scales and label words in random order and case: the dispatched currency
    # pattern finds what the single alternation finds
    whole = re.compile(currencies.CURRENCY_RE.pattern, re.I)
    words = ["US$", "A$", "HK$'000", "RM'000", "R'000", "Rs.", "Rp", "KD", "KD'000", "QR", "K'000", "Shs", "Shs'000",
             "ThUS$", "MMUS$", "MCh$", "GH¢", "N$", "₹", "€m", "£000", "¥", "dollars", "Euros", "rupees", "Kenyan",
             "shillings", "million", "thousand", "Revenue", "Total", "(1,204)", "2093", "Eurodollars", "ringgit",
             "PEN", "pen", "TRY", "MAD", "RON", "zł", "Zloty", "JD", "JD Sports", "Fils", "/", "Tk", "Baht", "yen"]
    rng = random.Random(7)
    for _ in range(3000):
        line = " ".join(rng.choice(words) for _ in range(rng.randint(1, 8)))
        line = line.upper() if rng.random() < 0.2 else line
        assert _spans(currencies.CURRENCY_RE.finditer(line)) == _spans(whole.finditer(line)), line
        assert currencies.CURRENCY_RE.sub(" ", line) == whole.sub(" ", line), line
