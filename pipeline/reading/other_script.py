"""A line printed in English and, after a spaced slash, in a script other than the Latin one, as Thai, Chinese, Arabic
or Russian statements print their labels, headings and captions ("Revenues / รายได้", "Profit attributable to: /
การแบ่งปันกำไร:", "(Unit: Baht) / (หน่วย: บาท)", "Basic earnings per share / กำไรต่อหุ้นขั้นพื้นฐาน 25"): read as its
English half, the figures printed after the other half kept. A heading read with its translation was no heading the
rows close ("Profit attributable to:" left open over the next block).

Only the other script's words go (and a bracket holding them, "(หน่วย: บาท)"): every token after them stays as printed
(years, figures of any form, "%", a footnote's star); a half with numbers among its words (a date, "ณ วันที่ 31 ธันวาคม
2636") goes whole.
"""
from __future__ import annotations

import re

# a letter of a script other than Latin (Latin, its extensions and the IPA block end at U+02AF)
_OTHER_LETTER = r"[^\W\d_\x00-\u02af]"
# the slash opening the other half: its first word in the other script (or a bracket holding one)
_HALF = re.compile(rf"\s+/\s+(?=\(?{_OTHER_LETTER})")
# a token holding a letter of the other script, with its brackets and punctuation ("รายได้", "(คน)", "กำไร:")
_OTHER_WORD = re.compile(rf"[^\s]*{_OTHER_LETTER}[^\s]*")


def read(lines: list[str]) -> list[str]:
    return [_english(ln) if " / " in ln else ln for ln in lines]


def _english(line: str) -> str:
    m = _HALF.search(line)
    if m is None or not re.search(r"[A-Za-z]{2}", line[:m.start()]) or re.search(r"[A-Za-z]", line[m.end():]):
        return line
    half = line[m.end():].split()
    other = [i for i, tok in enumerate(half) if _OTHER_WORD.fullmatch(tok)]
    if any(re.search(r"\d", tok) for tok in half[other[0]:other[-1]]):
        return line[:m.start()]     # (the other half's own numbers, a date's: "ณ วันที่ 31 ธันวาคม 2636")
    return " ".join([line[:m.start()]] + half[other[-1] + 1:])
