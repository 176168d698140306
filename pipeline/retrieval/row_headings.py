"""What a row's parent headings say about it: a segment's heading makes it that segment's, and a heading that measures
something about its rows ("Provisions for credit losses", "Interest expense") makes it another measure."""
from __future__ import annotations

import re
from functools import lru_cache

from pipeline.core import bilingual
from pipeline.question.ask_words import FILLER
from pipeline.question.figure_ask import stems
from pipeline.question.lexicon import NOTE_REFERENCE, get_lexicon
from pipeline.reading import segment_columns
from pipeline.retrieval.row_words import flat
from pipeline.stores.facts import StoredFact

# A parent heading with one of these words measures something about its rows, not the rows themselves: "Provisions
# for credit losses › Card Member loans" is a provision, "Proceeds from › Long-term debt" a cash flow. (Not "change
# in": "Change in benefit obligation › Benefit obligation at end of year" is the level; movements are ranked below.)
_HEADING_TRANSFORMS = ("""provision provisions allowance allowances impairment impairments amortization depreciation
write-off write-offs writeoffs charge-offs chargeoffs proceeds purchases repayments payments issuance""".split())
_INTEREST_HEADING = re.compile(r"(?i)(?<![\w-])interest (?:and dividend )?(?:income|expense|charges)\b")   # (not "Non-interest")
_ASKS_INTEREST = re.compile(r"(?i)\binterest (?:and dividend )?(?:income|expense|paid|received|earned|cost|charges)|\binterest on\b")


@lru_cache(maxsize=1)
def _heading_transforms() -> set[str]:
    return set(stems(" ".join(_HEADING_TRANSFORMS)))


_REVENUE_KIND = re.compile(r"(?i)^(?!\s*(?:proceeds|purchases?\s+of|payments?|costs?\s+of)\b).*\brevenues?\s*:?\s*$")
_SEGMENT_SAID = re.compile(r"(?i)\bsegments?\b|\bdivisions?\b")


def segment_parents(f: StoredFact) -> list[str]:
    """The row's parent headings that name a segment ("Flexibles Segment"), outermost first; a row of a table
    whose columns are segments has its column's segment first ("Display Technologies")."""
    parents = [p.strip() for p in f.label_path.split("\u203a")[:-1]]
    headed = [p for p in parents if re.search(r"(?i)\b(segment|division)s?\s*$", p)]
    return segment_columns.named_in(f.qualifiers) + headed


def another_segment(f: StoredFact, asked: set[str], ask=None) -> bool:
    """A row under "Flexibles Segment" (or in its column) is that segment's: it answers only a question naming the
    segment. Words a question never keeps ("Growth", "Other") are not asked for; a column named by them alone
    ("All Other") answers nothing. Nor is a segment's figure asked ("Feedlot segment assets") a statement's line that
    only holds the segment's word ("Biological assets - feedlot cattle"): a statement prints a segment in its column
    or under its heading."""
    if ask is not None and _SEGMENT_SAID.search(ask.question) and f.statement is not None and not f.secondary and \
            set(ask.hard) & set(stems(f.label)) and not set(ask.hard) & set(stems(f.label.split()[0])) and \
            not _SEGMENT_SAID.search(f"{f.label_path} {f.table_title}") and \
            not segment_columns.named_in(f.qualifiers) and not segment_parents(f):
        return True
    for column in segment_columns.named_in(f.qualifiers):
        # (filler said as a word, not as a stem: the "Roses" segment is no "rose" of a change)
        name = set(stems(" ".join(w for w in re.findall(r"[\w']+", column) if w.lower() not in FILLER)))
        if not name or not name <= asked:
            return True
    for parent in segment_parents(f)[len(segment_columns.named_in(f.qualifiers)):]:
        name = set(stems(parent)) - {"segment", "divis", "division", "and", "the", "of"}
        if name and not name <= asked:
            return True
    return False


def changes_measure(f: StoredFact, asked: set[str], question: str) -> bool:
    """A parent heading the question did not ask makes the row another measure ("Provisions for credit losses ›
    Card Member loans" does not answer "Card Member loans")."""
    # (a heading naming a kind of revenue, "Capacity purchase agreement revenue", heads revenue rows: it transforms none)
    # (a bilingual heading by its English half: "CHARGES D'EXPLOITATION / Operating expenses" charges nothing off)
    parents = re.sub(r"\([^)]*\)", " ", " ".join(_english_heading(p.strip()) for p in f.label_path.split("\u203a")[:-1]
                                                 if not _REVENUE_KIND.search(p)))     # "Income (loss) before"
    if _INTEREST_HEADING.search(parents):
        # "Interest expense › Deposits" is the interest paid on deposits, not the deposits; asked as interest, the
        # heading is the measure asked ("INTEREST CHARGES › Interest on long-term debt")
        return not _ASKS_INTEREST.search(question)
    return bool((set(stems(parents)) & _heading_transforms()) - asked)



def _english_heading(heading: str) -> str:
    """A heading printed in two languages, by its English half; where that is undecided ("CHARGES D'EXPLOITATION /
    Operating expenses": both read as English words), the half that transforms nothing. A slash before a bracketed
    alternative is one English heading ("Impairment charge / (release)")."""
    parts = bilingual.halves(heading)
    if len(parts) != 2 or parts[1].lstrip().startswith("("):
        return heading
    english = bilingual.english(heading)
    return english if english != heading else min(parts, key=lambda h: len(set(stems(h)) & _heading_transforms()))


# the nouns a line names its own measure by ("Interest income", "Advertising fees", "Cost of sales")
_MEASURE_NOUNS = frozenset(stems("income expenses costs result profit loss revenues gains charges fees sales commissions"))


def names_own_measure(label: str, ask) -> bool:
    """A segment's (or division's) figure asked, and a row under a heading that measures its rows ("Revenue ›
    Interest income - lending") names a measure of its own beside the asked part: it is that line of the part's, not
    the segment's figure ("lending segment revenue" is the segment's revenue, not its interest income). The asked
    measure's own words are no other measure ("Revenues › Franchise revenues")."""
    if not re.search(r"(?i)\b(?:segments?|divisions?)\b", ask.question):
        return False        # ("franchise revenue": "Revenues › Franchise fees" is that line)
    rest = " ".join(w for w in re.findall(r"[A-Za-z][\w'&-]*", label) if stems(w) and stems(w)[0] not in ask.hard)
    own = set(stems(" ".join(ask.metric.terms))) if ask.metric is not None else set(ask.measure_stems)
    return any(w in _MEASURE_NOUNS and w not in own for w in stems(rest)) or any(
        ask.metric is None or m.key != ask.metric.key for m in get_lexicon().find(rest))


_SIDE_HEADING = re.compile(r"(?i)(?P<non>non-?\s?)?\bcurrent\s+liabilities\b")


def current_part(metric, f: StoredFact, asked: str = "") -> bool:
    """A row under a "Current liabilities" heading is the current part of its line ("Current liabilities › Borrowings"
    is the current borrowings; "(2) Current liabilities › Financial liabilities › Borrowings" and "Pasivo corriente /
    Current liabilities › Préstamos / Borrowings" too), and one under "Non-current liabilities" its non-current part
    ("Non-current liabilities › Borrowings" are the non-current borrowings, when `asked` says non-current or long-term:
    "debt" alone is neither part): the nearest such heading decides."""
    side = next((m for h in reversed(f.label_path.split("\u203a")[:-1]) if (m := _SIDE_HEADING.search(h))), None)
    if side is not None and side.group("non") and not re.search(r"(?i)\bnon-?\s?current\b|\blong[- ]term\b", asked):
        return False
    return side is not None and \
        metric.matches_row(f"{'Non-current' if side.group('non') else 'Current'} {bilingual.halves(f.label.strip())[-1]}")


def balance_lines(cands: list[StoredFact]) -> frozenset[str]:
    """The labels the balance sheet prints among `cands`, note references aside (for `movement`)."""
    return frozenset(_plain(f.label) for f in cands if f.statement == "balance")


MOVEMENT = re.compile(r"(?i)\bchanges? in\b|\bincrease\b|\bdecrease\b|\bmovements?\b")


def movement(f: StoredFact, own: bool, lines: frozenset[str]) -> bool:
    """The row is a movement in the year: its label, or its headings unless it is the asked metric's `own` line, say
    so ("Changes in operating assets and liabilities › Accounts receivable"), or it is a cash flow row printing a
    balance sheet line's own label (`lines`), whatever heading it sits under ("Adjustments for › Unearned revenue"
    beside the balance sheet's "Unearned revenue (Note 19)")."""
    return bool(MOVEMENT.search(f.label if own else f.label_path)) or \
        f.statement == "cash_flow" and _plain(f.label) in lines


def _plain(label: str) -> str:
    return flat(NOTE_REFERENCE.sub("", label))


# (a heading naming the current part, never one net of it: "Long-term liabilities - net of current maturities")
_CURRENT_PART = re.compile(r"(?i)(?<!net of )(?<!less )(?<!excluding )(?<!the )\bcurrent\s+(?:maturities|portion)\b")


def under_current(f: StoredFact) -> bool:
    """The row stands under a heading naming the current part ("Current liabilities › Current maturities of long-term
    liabilities › Long-term bank loans"; a "Current liabilities" heading alone may run on past its total unread)."""
    return any(_CURRENT_PART.search(h) for h in f.label_path.split("\u203a")[:-1])
