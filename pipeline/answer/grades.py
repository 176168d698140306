"""A credit rating's grade asked ("are its bonds rated idAAA?", "is it rated Baa1 by Moody's?") is answered only by a
sentence stating that grade: "The bonds are rated idAA+" states another one and never backs a Yes."""
from __future__ import annotations

import re

# a grade of the agencies' scales, with a national scale's prefix ("idAA+", "AA(zaf)", "Aaa.mx") and its notch
GRADE = re.compile(r"(?<![\w+-])(?:[a-z]{1,3})?(?:AAA|AA|A|BBB|BB|B|CCC|CC|C|D|Aaa|Aa|Baa|Ba|Caa|Ca)(?:[+-]|[123])?"
                   r"(?:\([a-z]{2,3}\)|\.[a-z]{2})?(?![\w+-])")
_RATED = re.compile(r"(?i)\brat(?:ed|es|ing|ings)\b|\bgrade\b")


def grades(text: str) -> set[str]:
    """The rating grades `text` states, where it speaks of a rating ("rated", "rating"); a lone capital letter ("A")
    counts only beside those words."""
    if not _RATED.search(text):
        return set()
    return {m.group(0) for m in GRADE.finditer(text) if len(m.group(0)) > 1 or
            re.search(rf"(?i)\brated\s+{re.escape(m.group(0))}\b", text)}


def another_grade(question: str, sentence: str) -> bool:
    """The question asks a grade the sentence does not state (the sentence states a grade, or none)."""
    asked = grades(question)
    return bool(asked) and not asked & grades(sentence)
