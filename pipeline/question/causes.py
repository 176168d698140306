"""Questions that ask for a cause ("Why did ...?", "What drove ...?") and sentences that give one ("... due to ...",
"driven mainly by", "was the main driver of", "lifted"). Read by the reranker (a cause is looked for on the pages
that give causes, not on the statement that prints the figure) and by the prose answerer (a why question is answered
only by a sentence giving a cause).

    asks_why(facts)          the question asks for a cause, not a figure
    gives_a_cause(sentence)  the sentence gives a cause
    explains(sentence, terms) the sentence gives the cause of the asked thing, not of another
"""
from __future__ import annotations

import re

from pipeline.core import months
from pipeline.question.analysis import QuestionFacts, core_question
from pipeline.question.terms import stems

WHY = re.compile(r"(?i)^\s*(why\b|what\s+(drove|drives|caused|causes|explains|led to)\b)")
# The wording of a cause. "Attributable to" names a cause except when it names the holders a profit belongs to
# ("profit attributable to owners of the Company").
_CAUSAL = re.compile(r"(?i)\b(due to|because|driven (\w+ly )?by|drove|reflect(s|ed|ing)|as a result of|result(ed)? from|"
                     r"attribut(able|ed) to(?! (the )?(owners|shareholders|stockholders|equity holders|holders|members|"
                     r"non-?controlling|minority|common|ordinary|(the )?(company|parent|group)\b))|primarily (from|by)|"
                     r"led by|owing to|caused by|(main |key |principal |primary )?drivers? of|"
                     r"(helped|supported|boosted|lifted) (\w+ly )?by|thanks to|on the back of|lifted|boosted|"
                     # (a fall's cause: "volumes were held back by weaker export demand")
                     r"(held back|weighed down|hampered|dampened|constrained|hit|hurt) (\w+ly )?by)\b")


def gives_a_cause(sentence: str) -> bool:
    """"... increased due to ...", "driven by", "as a result of": the sentence gives a cause."""
    return bool(_CAUSAL.search(sentence))


# the connectives that give the cause after what it explains ("X fell because of Y", "X rose, driven by Y"); the others
# ("Y drove X", "Y lifted X", "the main driver of X was Y") may put the cause first
_CAUSE_AFTER = re.compile(r"(?i)\b(due to|because|driven (\w+ly )?by|as a result of|result(ed|ing)? from|owing to|"
                          r"caused by|thanks to|on the back of|(helped|supported|boosted|lifted|held back|weighed down|"
                          r"hampered|dampened|constrained|hit|hurt) (\w+ly )?by)\b")
_CAUSE_FIRST = re.compile(r"(?i)\b(drove|lifted|boosted|led to|drivers? of|reflect(s|ed|ing)|attribut(able|ed) to)\b")


def explains(sentence: str, terms: list[str], context: str = "") -> bool:
    """The sentence gives the cause of what the question asks about: a cause (`gives_a_cause`), and where the cause
    comes after what it explains ("EPS grew more slowly because of the impairment"), that thing is the asked one
    (one of the question's words stands before the connective): the impairment as a cause of another change is no
    answer to why the impairment was made. `context`: the paragraph's sentences before, where the sentence opens by
    referring back to them ("The segment margin declined because ...")."""
    if not gives_a_cause(sentence):
        return False
    after = _CAUSE_AFTER.search(sentence)
    if after is None or _CAUSE_FIRST.search(sentence[:after.start()]):
        return True
    effect = sentence[:after.start()]
    if len(effect.split()) <= 2:        # the cause clause first ("Due to lower deliveries, revenue declined 5%"):
        effect = sentence[after.end():].partition(",")[2]      # what it explains follows its comma
    said = set(stems(f"{context} {effect}"))
    return any(t.lstrip("~") in said or t in said for t in terms)


def asks_why(facts: QuestionFacts) -> bool:
    """"Why did ...?", "What drove ...?": a cause is asked, not a figure."""
    # (a lead-in first: "As of FY2022, why ...", "According to management, why ...", "Per the CEO, what drove ...")
    return bool(WHY.search(re.sub(r"(?i)^\s*(?:as of|according to|per|in the (?:view|words) of) [^,]+,\s*", "",
                                  core_question(facts.text))))


# a name of two capitalised words or more past the question's first word ("Marine Coatings", "North America"); one
# capitalised word may be a month, a country said otherwise in the report ("Germany", "German customers") or the
# group itself, and is left to the other words
_NAME_RUN = re.compile(r"(?<=\s)(?:[A-Z][a-z]{2,}(?:['’]s)?\s+)+[A-Z][a-z]{2,}\b")
_NOT_A_PART = {"group", "company", "board", "chairman", "chair", "management", "directors", "according", "the"}


def named_parts(facts: QuestionFacts) -> list[str]:
    """The words of a part the question names by its own name, capitalised past its first word and not the company's
    ("What drove Marine Coatings revenue growth?": "Marine", "Coatings"): a cause of another part's change
    ("In Powder Coatings, revenue grew because ...") does not answer it."""
    own = facts.company_words()
    q = re.sub(r"(?i)^\s*(?:as of|according to|per|in the (?:view|words) of) [^,]+,\s*", "", core_question(facts.text))
    words = [re.sub(r"['’]s$", "", w) for run in _NAME_RUN.findall(" " + q.split(None, 1)[-1]) for w in run.split()]
    keep = [w for w in words if w.lower() not in own and w.lower() not in _NOT_A_PART and months.number(w) is None]
    return keep if len(keep) >= 2 else []
