"""A label, heading or title printed in two languages on one line ("Ingresos por ventas / Revenue", "Estados de
resultados / Statements of income"): the two are set apart by a slash with spaces around it (a label's own slash,
"provided by/(used in)", has none)."""
from __future__ import annotations

import re

_SPACED_SLASH = re.compile(r"\s+/\s+")


def halves(text: str) -> list[str]:
    """The parts of `text` either side of each spaced slash; `[text]` when it has none."""
    return _SPACED_SLASH.split(text)
