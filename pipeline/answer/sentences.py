"""A page's text as sentences, and which are prose that can answer (no table row, cover page, risk or biography)."""

from __future__ import annotations

import re

from pipeline.reading.cells import MONEY_SIGNS


# Text that is never an answer, whatever words it shares with the question.
_NEVER_PHRASES = (r"commission file number|securities registered pursuant|indicate by check mark|"
                  r"i\.?r\.?s\.? employer|state or other jurisdiction|address of principal|principal executive "
                  r"offices|\(zip code\)|registrant['’]s telephone|large accelerated filer|exhibit\s+(no\.?\s*)?\d|"
                  r"incorporated (herein )?by reference|\bform of\b.{0,40}\bagreement\b|table of contents|"
                  r"\bp\.?\s?o\.? box\b|\(\d{3}\)\s*\d{3}-\d{4}|forward-looking statements?\b")
_CITY_STATE_ZIP = r"\b[A-Z][a-z]+,\s+[A-Z]{2}\s+\d{5}\b"        # "Chicago, IL 60606"
NEVER = re.compile(rf"(?i){_NEVER_PHRASES}|{_CITY_STATE_ZIP}")


# `never_count`'s faster reading of NEVER over a whole page. Python's regex engine skips ahead only when every
# alternative starts with a fixed character: over lower-cased text the phrases do once a leading word boundary is
# tested after the first letter ("\bform" -> "f(?<!\wf)orm"), and the city-state-zip address, which starts with any
# letter, is looked for from its comma and then checked backwards.
_NEVER_LOWER = re.compile(re.sub(r"\\b([a-z])", r"\1(?<!\\w\1)", _NEVER_PHRASES))
_STATE_ZIP = re.compile(r"(?i),\s+[A-Z]{2}\s+\d{5}\b")
_CITY_BEFORE = re.compile(r"(?i)\b[A-Z][a-z]+\Z")


def never_count(text: str) -> int:
    """How many never-an-answer phrases `text` holds: `len(NEVER.findall(text))` (an address run into another phrase,
    "Principal Executive Offices, IL 60606", counts twice here, once there), about 5x faster on a page."""
    n = len(_NEVER_LOWER.findall(text.lower()))
    for m in _STATE_ZIP.finditer(text):
        if _CITY_BEFORE.search(text, max(0, m.start() - 64), m.start()):
            n += 1
    return n


# Risk-factor language: what could happen is not what the report says happened.
HEDGED = re.compile(r"(?i)\b(could|may|might)\b[^.]{0,80}\b(adversely|negatively|materially|harm\w*|impair\w*)\b")


# (a sentence may open on a percentage after a word's full stop: "... outsourced partners. 70% of our employees ...";
# never after an abbreviation, "approx. 70%", "excl. 3%")
_SENT = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\"“])|(?<=[a-z]{5}[.!?])(?<!approx\.)\s+(?=\d{1,3}(?:\.\d+)?%)")


# A person's biography ("She was responsible for ... more than 180 stores") states no figure of the company
PERSON = re.compile(r"(?i)\b(he|she)\s+(was|is|has|had|served|serves|joined|held|holds|led|leads)\b|\bprior to joining\b|"
                    r"\b(has served|was appointed|was named) (as )?(our |the )?(executive|senior|chief|president|vice)\b")


def sentences_of(text: str) -> list[str]:
    """The page's sentences. A table row ends the text before it: a table printed without a full stop ("Total
    $2,016 $1,901 $1,755") never runs into the sentence under it ("Revenues increased by ..."), which would
    then read as a table fragment."""
    out, block = [], []
    for line in text.splitlines() + [""]:
        if line and not _is_table_row(line):
            block.append(line)
            continue
        flat = " ".join(" ".join(block).split())
        pieces = [_PAGE_NUMBER_AFTER.sub("", s.strip()) for s in _initials_joined(_SENT.split(flat))]
        if line and pieces and not _ENDED.search(pieces[-1]):
            # the words right above a table row that end no sentence are the table's caption and column heads
            # ("Net asset value per share Share price At 31 March 2022 pence"), not a statement about a figure
            pieces.pop()
        out += [s for s in pieces if 40 <= len(s) <= 600]
        block = []
    return out


def _initials_joined(pieces: list[str]) -> list[str]:
    """A person's middle initial ends no sentence: "... Council: Mere A." + "Tawhiri, elected in 2090." is one (the
    word after it a name English does not use; "Plan B." + "The Company ..." stays two)."""
    from wordfreq import zipf_frequency

    out: list[str] = []
    for p in pieces:
        first = re.match(r"[A-Z][a-z]+", p)
        if out and _INITIAL_END.search(out[-1]) and first and zipf_frequency(first.group(0).lower(), "en") < 3.0:
            out[-1] = f"{out[-1]} {p}"
        else:
            out.append(p)
    return out


_INITIAL_END = re.compile(r"\b[A-Z][a-z]+\s[A-Z]\.$")
# a page number run in after the page's last sentence ("... respectively. 67"): no word of the sentence
_PAGE_NUMBER_AFTER = re.compile(r"(?<=[.!?])\s+\d{1,4}$")
_ENDED = re.compile(r"[.!?;:][\"”')\]]*$")


_FIGURE = re.compile(r"^[$£€(]?\d[\d,]*(\.\d+)?\)?%?$")
_MONTH = re.compile(r"(?i)^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?$")
_DIGIT = re.compile(r"\d")
_NUMERIC = re.compile(r"[\d$(),.%\-—–]+")
_YEAR = re.compile(r"(19|20)\d{2}[,.;]?")
_NUMERIC_DATE = re.compile(r"\(?\d{1,2}[./]\d{1,2}[./](?:19|20)\d{2}[,.;)]?")     # "15.06.2089", "30/06/2031,"


def _is_table_row(line: str) -> bool:
    """A line of label and figures ending in two or more figures ("Yarns 1,204 1,141 1,090", "Total
    $2,016 $1,901"), never a wrapped sentence ending in a date ("as of December 31, 2022.")."""
    # a currency sign printed apart from its figure ("Total $ 2,016 $ 1,901") is part of the figure, not a word
    toks = [t for t in line.replace("\u00a0", " ").split() if t not in MONEY_SIGNS]
    n = 0
    while n < len(toks) and _FIGURE.match(toks[-1 - n].rstrip(",") if n else toks[-1]):
        n += 1
    return n >= 2 and not (len(toks) > n and _MONTH.match(toks[-1 - n]))


def spaced_thousands_joined(toks: list[str]) -> list[str]:
    """A sentence's words with a number grouped by spaces ("educating 58 412 learners", "more than 11 000") as one
    word, as reports that group thousands with a space print them; never in a sentence grouping them with commas."""
    if any(re.fullmatch(r"\(?\d{1,3}(?:,\d{3})+\)?[,.;:)]?", t) for t in toks):
        return toks
    out: list[str] = []
    for t in toks:
        if out and re.fullmatch(r"\d{3}[,.;:)]*", t) and re.fullmatch(r"\(?\d{1,3}(?: \d{3})*", out[-1]):
            out[-1] = f"{out[-1]} {t}"
        else:
            out.append(t)
    return out


def reads_as_prose(sentence: str) -> bool:
    """A sentence, not a table row run together or a headline over figures. Dates ("June 30, 2021,", "31 December",
    "15.06.2089") are words here, not figures; a number grouped by spaces ("58 412") is one figure."""
    toks = spaced_thousands_joined(sentence.split())
    numeric = sum(1 for i, t in enumerate(toks) if _DIGIT.search(t) and _NUMERIC.fullmatch(t.replace(" ", ""))
                  and not _YEAR.fullmatch(t) and not (i and _MONTH.match(toks[i - 1])) and not _NUMERIC_DATE.fullmatch(t)
                  and not (i + 1 < len(toks) and _MONTH.match(toks[i + 1]) and re.fullmatch(r"[0-3]?\d", t)))
    # (a sentence pairing its lists of figures with its years, "..., respectively", may hold many)
    return len(toks) >= 6 and numeric / len(toks) < 0.3 and (numeric < 6 or bool(_RESPECTIVELY.search(sentence)))


_RESPECTIVELY = re.compile(r"(?i)\brespectively\W*(?:\d{1,4}\W*)?$")     # (a page number after it)


def is_prose(sentence: str) -> bool:
    """A sentence of prose that can answer (not a table row, a cover-page line, a risk factor or a biography)."""
    return reads_as_prose(sentence) and not (NEVER.search(sentence) or HEDGED.search(sentence) or PERSON.search(sentence))
