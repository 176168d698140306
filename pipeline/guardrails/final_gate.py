"""The final gate (checkpoint 5): deterministic, no I/O, on every path. Is there substantive content?

Retrieve route: a non-empty answer that is not only a hedge, whose every marker resolves to a citation, and
that carries a figure or a quoted statement with at least one citation - or an explicit "I could not find"
that names what was looked for. Other routes: a non-empty reply without report figures. Anything else
becomes the fallback reply that explains coverage. Fails closed by construction: an exception here is
itself a reason for the fallback."""
from __future__ import annotations

import re

from pipeline.state import TurnState

# The two openings the gate accepts without a citation, and every answerer writes (`pipeline/answer/`):
NOT_FOUND = "I could not find"   # the cannot-answer sentinel: every not-found answer starts with it
# a finding, not a failure: the whole report was searched and no sentence states the event asked about
NOT_IN_REPORT = "No: the report"

_HEDGE_ONLY = re.compile(r"(?i)^\W*(i('m| am) not sure|i don'?t know|it depends|unclear|n/?a|none|unknown|maybe)"
                         r"[\W\w]{0,40}$")


def fallback_reply(coverage: str) -> str:
    return ("I could not answer that reliably from the reports I hold, so I am not giving a figure. "
            f"I cover {coverage}. Name the company, the fiscal year and the figure or topic, and I will look again.")


def check(state: TurnState) -> tuple[bool, str]:
    text = (state.answer or "").strip()
    if not text:
        return False, "empty answer"
    if _HEDGE_ONLY.match(text):
        return False, "only a hedge"
    if state.route != "retrieve":
        if state.citations:
            return False, f"a {state.route} reply must not cite report pages"
        return True, f"{state.route} reply"
    if text.startswith(NOT_FOUND):
        return True, "an explicit not-found answer"
    if text.startswith(NOT_IN_REPORT):
        return True, "the whole report searched: no sentence states it"
    markers = {int(m) for m in re.findall(r"\[(\d+)\]", text)}
    cited = {c.marker for c in state.citations}
    if not state.citations:
        return False, "no citation"
    if markers - cited:
        return False, f"marker(s) {sorted(markers - cited)} resolve to no citation"
    if not markers:
        return False, "no citation marker in the answer"
    if not re.search(r"\d", re.sub(r"\[\d+\]", "", text)) and "\u201c" not in text \
            and state.answered_by != "model":   # a model's narrative answer: every sentence cited and checked
        return False, "neither a figure nor a quoted statement"
    return True, "substantive and cited"
