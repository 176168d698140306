"""The statement of changes in equity as an analyst names it in a question ("in the statement of shareowners'
equity", "the equity statement"): where a figure is printed, never that equity is the measure. The lexicon blocks
its word "equity"; the figure question reads it as the statement asked for."""
from __future__ import annotations

NAME = (r"\bstatements? of (?:consolidated )?(?:changes in )?(?:(?:stockholders|shareholders|shareowners|members|"
        r"owners|partners)['’]?\s+)?equity\b|\bequity statements?\b")
