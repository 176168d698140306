"""A credit rating's grade asked ("are its bonds rated idAAA?", "is it rated Baa1 by Moody's?") is answered only by a
sentence stating that grade: "The bonds are rated idAA+" states another one and never backs a Yes. A grade is one said
as a rating ("rated BBB", "a rating of A", "Baa2 rating"), never a ticker or a class of shares; a threshold asked
("Baa3 or better", "investment grade") is no one grade."""
from __future__ import annotations

import re

# a grade of the agencies' scales, with a national scale's prefix ("idAA+", "AA(zaf)", "Aaa.mx") and its notch
_GRADE = r"(?:[a-z]{1,3})?(?:AAA|AA|A|BBB|BB|B|CCC|CC|C|D|Aaa|Aa|Baa|Ba|Caa|Ca)(?:[+-]|[123])?(?:\([a-z]{2,3}\)|\.[a-z]{2})?"
# (said as a rating: after "rated", "rates ... the notes", "a rating of", "grade", or before "rating")
_SAID = re.compile(rf"(?i:\brat(?:ed|es)\b(?:\s+(?:the\s+)?[a-z]+){{0,3}}?\s+|\brating\s+(?:of|is|was|at)\s+|\bgrade\s+)"
                   rf"(?P<g>{_GRADE})(?![\w+-])|(?<![\w+-])(?P<h>{_GRADE})\s+(?i:ratings?\b)")
_THRESHOLD = re.compile(r"(?i)\bor\s+(?:better|higher|above|lower|below|worse)\b|\bat\s+least\b|\binvestment[- ]grade\b|"
                        r"\bnon-?investment\b|\bjunk\b|\bhigh[- ]yield\b")


_RATING_SENTENCE = re.compile(r"(?i)\brat(?:ed|es|ing|ings)\b|\b(?:up|down)grade[ds]?\b|\baffirmed\b|\bassigned\b|"
                              r"\bmoody|\bs&p\b|\bstandard\s*&\s*poor|\bfitch\b")


def grades(text: str) -> set[str]:
    """The rating grades `text` states as ratings."""
    return {m.group("g") or m.group("h") for m in _SAID.finditer(text)}


def stated(sentence: str) -> set[str]:
    """The grades a sentence about ratings names anywhere ("upgraded the company's bonds to Aa2 from Aa3"): every
    grade of two letters or more, and those said as ratings."""
    if not _RATING_SENTENCE.search(sentence):
        return set()
    return grades(sentence) | {m.group(0) for m in re.finditer(rf"(?<![\w+-]){_GRADE}(?![\w+-])", sentence)
                               if len(m.group(0)) > 1}


def another_grade(question: str, sentence: str) -> bool:
    """The question asks one grade the sentence does not state (the sentence states another, or none)."""
    asked = grades(question)
    return bool(asked) and not _THRESHOLD.search(question) and not asked & stated(sentence)
