"""The answerer: turns graded passages into a cited answer, offline and deterministic.

    extract.py   statement-row lookup on a page and sentence quotes (the primitives)
    prose.py     figures stated in sentences, yes/no (a page's sentences: sentences.py; counts in them: prose_counts.py)
    stated.py    whether a sentence names the asked measure itself, and which of its amounts is that measure's
    superlative.py  "which line grew most": the rows of one table compared
    model.py     a configured model writes the answer; the deterministic checks keep it honest
    checks.py    those checks: citations, figures on cited pages and columns, recomputation, planted instructions

`NOT_FOUND` is the cannot-answer sentinel: every not-found answer starts with it. `NOT_IN_REPORT` starts the
finding that the whole report was searched and states no such event (a "No", not a failure).
"""
from pipeline.answer.extract import NOT_FOUND, NOT_IN_REPORT, best_sentence, possessive

__all__ = ["NOT_FOUND", "NOT_IN_REPORT", "best_sentence", "possessive"]
