"""The previous turn as a follow-up reads it: the question read back with what it carried as fields (`read`), the
words naming the part it asked about (a segment), the qualifiers beside its measure (a segment, a ratio's
denominator), the words of its prose topic; and the comparative words that say how a figure was asked, not which."""
from __future__ import annotations

import re

from pipeline.question.analysis import analyse
from pipeline.question.lexicon import get_lexicon
from pipeline.question.periods import RELATIVE
from pipeline.question.terms import ASKING, words
from pipeline.state import Carried
from pipeline.stores.tokeniser import FILLER

COMPARATIVE = re.compile(r"(?i)\b(improv\w*|bigger|larger|higher|greater|better|worse|lower|smaller|more|less|"
                         r"gr[eo]w\w*|increas\w*|decreas\w*|declin\w*|chang\w*|r[io]s\w*|f[ae]ll\w*|big|larg\w*|"
                         r"high|small\w*|low|good|bad|wors\w*|faster|slower|most|least)\b")

SEGMENT_WORD = re.compile(r"(?i)\b(segments?|divisions?)\b")


# Words that say how the previous figure was asked ("did it improve?"), not which figure it was
_HOW_ASKED = re.compile(r"(?i)^((improv|increas|decreas|grow|declin|chang|ris|fall|drop|compar)\w*|grew|rose|fell|"
                        r"better|worse|bigger|smaller|higher|lower|larger|more|less|it|its|that|this|they|them)$")


def part_words(prev: Carried, metric_key: str) -> list[str]:
    """The previous question's words naming the part it asked about ("Commercial Airplanes"): its qualifiers
    without the word "segment" itself or a ratio's denominator."""
    return [w for w in qualifiers(prev, metric_key) if not SEGMENT_WORD.fullmatch(w) and "%" not in w]


def qualifiers(prev: Carried, metric_key: str) -> list[str]:
    """The previous question's words beside its measure's own: a segment ("Domestic segment") or a ratio's
    denominator ("% of revenue"), in its order, never a company, period or filler word."""
    metric = get_lexicon().get(metric_key)
    facts = read(prev)
    measure = {w.lower() for t in (*metric.terms, metric.label) for w in re.findall(r"[A-Za-z]+", t)}
    drop = {"fy"} | set(FILLER) | ASKING | facts.company_words() | measure
    # its words, not its context; with informal company names spelled out ("globex" is Globex Corporation, not a qualifier)
    text = RELATIVE.sub(" ", prev.asked)
    ratio = re.search(r"(?i)\b(?:as\s+(?:a\s+)?)?(?:%|percent(?:age)?|share|proportion)\s+of\s+[A-Za-z][\w&' -]*", text)
    # "capital expenditure as % of revenue": the ratio as worded, its numerator named first
    kept = [f"{metric.label} {ratio.group(0).strip()}"] if ratio else []
    if ratio:
        text = text.replace(ratio.group(0), " ")
    out = [w for w in re.findall(r"%|[A-Za-z][\w&-]*", re.sub(r"['’]s\b", "", text))
           if w.lower() not in drop and not w.lower().startswith("fy") and not COMPARATIVE.fullmatch(w.lower())
           and not _HOW_ASKED.match(w)]
    return list(dict.fromkeys([*out, *kept]))[:6]


def topic_words(prev: Carried, facts) -> list[str]:
    """The previous question's own words and what it carried (no company, year or filler), to carry a prose
    topic."""
    drop = {"fy"} | set(FILLER) | ASKING | facts.company_words()
    text = RELATIVE.sub(" ", prev.own_and_context())
    return list(dict.fromkeys(w for w in words(text) if w not in drop and not w.isdigit()))


def read(carried: Carried):
    """A question as a turn read it (`Carried`): its asking sentence, with what was carried as fields."""
    return analyse(carried.asked, carried=carried)
