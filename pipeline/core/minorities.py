"""The words that name the non-controlling interests (the minorities) in a row label, a heading or a question.

One pattern for the readers that tell the minorities' share from the owners': an unlabelled equity total around the
minorities' row (`reading/unlabelled_totals.py`), a line split between its holders (`reading/attributed_lines.py`),
and the holder a row or a question names (`retrieval/attribution.py`); each anchors it as its layout needs.
"""
from __future__ import annotations

import re

# "non-controlling", "noncontrolling", "non controlling", "minority", "minorities"
WORDS = r"non-?\s?controlling|minorit(?:y|ies)"
# the words anywhere in a label or heading, as whole words
NAMED = re.compile(rf"(?i)\b(?:{WORDS})\b")
# a row that is the minorities' line itself ("Non-controlling interests", "Minority interest")
ROW = re.compile(rf"(?i)^\s*(?:{WORDS})\s+interests?\b")
