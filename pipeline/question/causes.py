"""Questions that ask for a cause ("Why did ...?", "What drove ...?") and sentences that give one ("... due to ...",
"driven mainly by", "was the main driver of", "lifted"). Read by the reranker (a cause is looked for on the pages
that give causes, not on the statement that prints the figure) and by the prose answerer (a why question is answered
only by a sentence giving a cause).

    asks_why(facts)          the question asks for a cause, not a figure
    gives_a_cause(sentence)  the sentence gives a cause
"""
from __future__ import annotations

import re

from pipeline.question.analysis import QuestionFacts, core_question

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


def asks_why(facts: QuestionFacts) -> bool:
    """"Why did ...?", "What drove ...?": a cause is asked, not a figure."""
    # (a lead-in first: "As of FY2022, why ...", "According to management, why ...", "Per the CEO, what drove ...")
    return bool(WHY.search(re.sub(r"(?i)^\s*(?:as of|according to|per|in the (?:view|words) of) [^,]+,\s*", "",
                                  core_question(facts.text))))


_NAME_WORD = re.compile(r"(?<=\s)[A-Z][a-z]{2,}\b")


def named_parts(facts: QuestionFacts) -> list[str]:
    """The words of a part the question names by its own name, capitalised past its first word and not the company's
    ("What drove Marine Coatings revenue growth?": "Marine", "Coatings"): a cause of another part's change
    ("In Powder Coatings, revenue grew because ...") does not answer it."""
    own = facts.company_words()
    return [w for w in _NAME_WORD.findall(" " + core_question(facts.text).split(None, 1)[-1])
            if w.lower() not in own and not re.fullmatch(r"(?:FY|H[12]|Q[1-4])\d*", w)]
