"""A line printed in English and, after a spaced slash, in a script other than the Latin one, as Thai, Chinese, Arabic
or Russian statements print their labels, headings and captions ("Revenues / รายได้", "Profit attributable to: /
การแบ่งปันกำไร:", "(Unit: Baht) / (หน่วย: บาท)", "Basic earnings per share / กำไรต่อหุ้นขั้นพื้นฐาน 25"): read as its
English half, the figures printed after the other half kept. A heading read with its translation was no heading the
rows close ("Profit attributable to:" left open over the next block).

The other half's own numbers (a date's day and a Buddhist-era year, "ณ วันที่ 31 ธันวาคม 2636") are no figures: only a
run of figure-shaped cells at its end is kept (grouped thousands, decimals, a bracketed figure, a note's one or two
digits, a dash).
"""
from __future__ import annotations

import re

# a letter of a script other than Latin (Latin, its extensions and the IPA block end at U+02AF)
_OTHER_LETTER = r"[^\W\d_\x00-\u02af]"
_HALF = re.compile(rf"\s+/\s+(?=\(?{_OTHER_LETTER})(?P<half>[^A-Za-z]*)$")
_FIGURES_AT_END = re.compile(r"(?:\s+(?:\(?-?\d{1,3}(?:,\d{3})+(?:\.\d+)?\)?|\(?-?\d+\.\d+\)?|\d{1,2}|[–—-]))+\s*$")


def read(lines: list[str]) -> list[str]:
    return [_english(ln) if " / " in ln else ln for ln in lines]


def _english(line: str) -> str:
    m = _HALF.search(line)
    if m is None or not re.search(r"[A-Za-z]{2}", line[:m.start()]):
        return line
    figures = _FIGURES_AT_END.search(m.group("half"))
    return line[:m.start()] + (figures.group(0) if figures else "")
