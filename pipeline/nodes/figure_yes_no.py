"""A yes/no question answered by one figure: the figure's sign, or a threshold the question sets, decides."""

from __future__ import annotations

import re

from pipeline.question.analysis import QuestionFacts
from pipeline.state import TurnState
from pipeline.question.units import SCALE


SIGN_ASKED = re.compile(r"(?i)\b(positive|negative)\b")
# "Did it make an operating profit?", "was it profitable?", "did it report a net loss?": a profit-or-loss question
# about a statement measure is decided by the sign of the statement's figure, never by a sentence about another
# measure ("non-operating income ...")
PROFIT_OR_LOSS = re.compile(r"(?i)\b(make|made|post|posted|report|reported|record|recorded|have|had|generate|generated|"
                            r"achieve|achieved|turn|turned|deliver|delivered|incur|incurred|suffer|suffered)\s+"
                            r"(a|an|any)\s+([\w-]+\s+){0,2}(?P<pl>profit|loss)\b|\b(?P<able>profitable|loss-making|"
                            r"unprofitable)\b")
THRESHOLD = re.compile(r"(?i)\b(?P<op>above|over|more than|greater than|exceed(?:s|ed)?|at least|below|under|"
                       r"less than|at most)\s+(?:US)?\$?\s?(?P<n>\d[\d,]*(?:\.\d+)?)\s*"
                       r"(?P<scale>thousand|million|billion|bn|mn|m)?\b")


def yes_no_lead(facts: QuestionFacts, state: TurnState) -> str:
    """A yes/no question answered with one figure: "Yes. " / "No. " when it asks the figure's sign ("positive
    working capital?") or sets a threshold ("inventory above $10 billion?"), else a plain statement that the
    filing gives a figure, not a verdict ("capital-intensive?" needs a threshold the filing does not state):
    never a bare figure that reads as an answer to a different question."""
    r = state.results[-1] if state.results else {}
    try:
        v = float(str(r.get("value", "")).replace(",", ""))
    except ValueError:
        v = None
    asked = SIGN_ASKED.search(facts.text)
    if v is not None and asked and v != 0:
        return "Yes. " if (v > 0) == (asked.group(1).lower() == "positive") else "No. "
    pl = PROFIT_OR_LOSS.search(facts.text)
    if v is not None and pl and v != 0:
        profit = (pl["pl"] or "").lower() == "profit" or (pl["able"] or "").lower() == "profitable"
        return "Yes. " if (v > 0) == profit else "No. "
    bar = THRESHOLD.search(facts.text)
    if v is not None and bar:
        unit = str(r.get("unit") or "").lower()
        if unit in ("%", "x", "points", "per_share", "ratio"):
            amount, limit = v, float(bar["n"].replace(",", ""))
        else:
            amount = v * float(SCALE.get(unit, 1))
            limit = float(bar["n"].replace(",", "")) * float(SCALE.get((bar["scale"] or "").lower(), 1))
            if not bar["scale"] and unit in SCALE:     # "above 10,000" of a table in millions: the table's scale
                limit *= float(SCALE[unit])
        op = bar["op"].lower()
        up = not op.startswith(("below", "under", "less", "at most"))
        met = (amount >= limit if op.startswith("at least") else amount <= limit if op == "at most"
               else amount > limit if up else amount < limit)
        return "Yes. " if met else "No. "
    return "The filing states no yes or no to this; the figure it gives: "
