"""What may follow a statement's name on its title line, and a line that is a sentence naming a statement rather
than titling one (shared by the page-title reader and the equity statement's title, which import each other not)."""
from __future__ import annotations

import re

# after the title: "(continued)", "(unaudited)", or the company's name on the same line ("Consolidated Statements
# of Income Acme Incorporated and Subsidiary Companies"), never a sentence going on ("... for capital spending")
END = (r"(?-i:\s+[A-Z][\w&.,'’-]*(?:\s+(?:and|of|&|[A-Z][\w&.,'’-]*))*)?"
       r"\s*(?:\((?:continued|unaudited)\)\s*)*$")
# a sentence: a full stop after a word (not an abbreviation of a company's form), or a verb of prose
PROSE = re.compile(r"[\w,)”\"](?<!\bInc)(?<!\bCo)(?<!\bCorp)(?<!\bLtd)\.(\s|$)|\b(we|our|is|are|was|were)\b")
