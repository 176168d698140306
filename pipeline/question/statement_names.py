"""The financial statements as an analyst names them in a question ("in its statement of cash flows", "on the
balance sheet", "in the statement of shareowners' equity", "the equity statement"): where a figure is printed, never
the measure asked. The lexicon blocks their words as measures (the statement of changes in equity only its word
"equity": the words beside it may name one, "dividends recognised in equity"); the figure question reads the
statement named as a hint to where the row stands."""
from __future__ import annotations

# the income statement, the statement of cash flows, the balance sheet (US and IFRS titles)
PRIMARY = (r"income statements?|statements? of (?:consolidated )?(?:income|operations|earnings|cash flows?|"
           r"financial position|comprehensive income)|balance sheets?|cash flows? statements?")
EQUITY = (r"\bstatements? of (?:consolidated )?(?:changes in )?(?:(?:stockholders|shareholders|shareowners|members|"
          r"owners|partners)['’]?\s+)?equity\b|\bequity statements?\b")
