"""The words a candidate row covers (its label path, table title and column, stemmed) and names itself: a total of
its heading or of another thing, a bare basis row ("Diluted" under its heading), its whole label said in a question."""
from __future__ import annotations

import re
from functools import lru_cache

from pipeline.core.months import DATE
from pipeline.question.figure_ask import stems
from pipeline.question.legal_forms import LEGAL_SUFFIX
from pipeline.question.lexicon import LINE_FORMULA, NOTE_REFERENCE
from pipeline.stores.facts import StoredFact


def row_stems(f: StoredFact) -> set[str]:
    # A title naming the company ("ACTIVISION BLIZZARD, INC. AND SUBSIDIARIES") says whose table it is: it never
    # covers a segment named like the company ("Blizzard segment net revenues").
    title = re.sub(rf"(?i)(?<!\w){re.escape(f.company)}(?!\w)", " ", f.table_title) if f.company else f.table_title
    # (nor does the balance sheet's IFRS name: "Statement of Financial Position" covers no "financial liabilities")
    title = _FINANCIAL_POSITION.sub(" position ", title)
    words = set(stems(" ".join([f.label_path, title, f.column_header, f.qualifiers])))
    if re.search(r"(?<![\w&])FX(?![\w&])", f.label_path):
        words |= {"foreign", "exchang"}     # ("FX gains/(losses)": foreign exchange, as questions are spelled out)
    if _GAIN_AND_LOSS.search(f.label):
        words.add("result")     # (a line of gains and losses is the result asked: "net FX result", "Net foreign exchange (loss)/gain")
    if f.statement == "balance" or f.statement is None and _AT_A_DAY.search(f.column_header) and \
            not _OVER_A_PERIOD.search(f.column_header) and not _FLOW.search(f.label_path):
        words |= {"balanc", "outstand"}     # (a balance sheet's line is the balance asked: "grants and subsidies balance",
        #                                     "debt outstanding"; so is a note's in a column of a day: "September 30, 2081")
    # a non-current item is the long-term one, its non-current portion ("long-term borrowings" of "Non-current
    # liabilities › Borrowings"; never the other way: a long-term row is no answer to "current")
    if NON_CURRENT.search(f.label_path):
        return words | {"non", "current", "noncurr", "long", "term", "portion"}
    # a current item is the current portion of its line ("current portion of deferred revenue": "Deferred revenue,
    # current")
    return words | {"portion"} if "current" in words else words


def without_own_name(label_path: str, company: str) -> str:
    """The label path without the reporting company's name and legal form ("Net income attributable to Acme Mortgage
    Holdings, Inc" -> "Net income attributable to"): the holder it names is the parent, no word of another measure."""
    if not company:
        return label_path
    return re.sub(rf"(?i)(?<!\w){re.escape(company)}(?:,?\s+{LEGAL_SUFFIX})*\.?(?!\w)", " ", label_path)


_AT_A_DAY = re.compile(rf"(?i)\b{DATE}\b")
_FLOW = re.compile(r"(?i)\b(?:paid|received|proceeds|payments?|repayments?|expenses?|income|revenues?|sales|costs?|"
                   r"charges?|purchases?|issued|additions?|disposals?|dividends?|profit|loss)\b")
_OVER_A_PERIOD = re.compile(r"(?i)\b(?:ended|ending|year|months|weeks|period|quarter|to)\b")
_GAIN_AND_LOSS = re.compile(r"(?i)\bgains?\b.*\blo(?:ss|sses)\b|\blo(?:ss|sses)\b.*\bgains?\b")
NON_CURRENT = re.compile(r"(?i)\bnon-?\s?current\b")


def heading_total(f: StoredFact) -> bool:
    """A total of its heading: "Total" alone, or a total sharing a word with the heading above it ("Non-interest
    income › Total non-interest income"); "Total revenue" under "Non-interest income" totals another thing."""
    if not re.match(r"(?i)\s*total\b", f.label):
        return False
    heads = f.label_path.split("\u203a")[:-1]
    named = set(re.findall(r"[a-z]{3,}", f.label.lower())) - {"total"}
    return not named or not heads or bool(named & set(re.findall(r"[a-z]{3,}", heads[-1].lower())))


def said_whole(label: str, question: str) -> bool:
    """The row's whole label, its filler words too, is said in the question (a statutory form's serial number and
    formula and note reference aside: "7 - Total value added to be distributed (5+6)", "Deposits (Note 19)")."""
    said = flat(_SERIAL.sub("", LINE_FORMULA.sub("", NOTE_REFERENCE.sub("", label))))
    return len(said) > 12 and f" {said} " in f" {flat(question)} "


_SERIAL = re.compile(r"^\s*(?:\d{1,2}|[ivx]{1,4}|\([a-z]\))\s*[-.–)]?\s+(?=[A-Za-z])")


@lru_cache(maxsize=4096)        # (the question is flattened once per turn, not once per candidate row)
def flat(text: str) -> str:
    """`text`'s words and numbers, lower case, one space apart: how two labels are compared."""
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


_FINANCIAL_POSITION = re.compile(r"(?i)\bfinancial\s+(?:position|condition)\b")
BARE_BASIS = re.compile(r"(?i)\W*(?:basic|diluted)(?:\s+and\s+diluted)?\W*")
