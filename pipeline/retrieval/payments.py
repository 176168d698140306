"""A payment the cash flow statement prints against the amount a question asks: "interest paid" is the cash paid,
while "how much was charged for X" or "interest on members' capital" (paying unsaid) ask the year's amount."""
from __future__ import annotations

import re

from pipeline.question.figure_ask import DIVIDEND, Ask, says
from pipeline.stores.facts import StoredFact

_CASH_SIDE = re.compile(r"(?i)\b(?:paid|pays?|paying|payments?|received|receipts?|cash)\b")
_CHARGED = re.compile(r"(?i)\bcharged\b")
_PAID = re.compile(r"(?i)\bpaid\b")
SAYS_PAID = re.compile(r"(?i)\b(paid|pay|payments?)\b")     # (a row or question saying a payment)
_ADDED_BACK = re.compile(r"(?i)\bnon-?cash\b|\badjustments?\b|\breconcil")     # the cash flows' reconciliation


def expense_for_a_payment(ask: Ask, f: StoredFact) -> bool:
    """The question asks what was paid ("interest paid", "taxes paid"): the year's expense, printed on the income
    statement or added back in the cash flows' reconciliation, is not it ("how much did it pay in royalties" and a
    dividend asked as paid are left to their own rules)."""
    return (f.statement == "income" or f.statement == "cash_flow" and bool(_ADDED_BACK.search(f.label_path))) and \
        says(_PAID, ask.question) and not SAYS_PAID.search(f.label_path) and not says(DIVIDEND, ask.question)


def payment_for_a_charge(ask: Ask, f: StoredFact) -> bool:
    """The question asks what was charged ("how much was charged for X"): a cash flow's payment row is not it."""
    return f.statement == "cash_flow" and bool(_CASH_SIDE.search(f.label)) and says(_CHARGED, ask.question)


def unasked_payment(ask: Ask, f: StoredFact) -> bool:
    """A payment the cash flows print ("Royalties paid to the licensor") where the question, naming no measure of the
    lexicon, says nothing of paying: the year's amount is asked, ranked first where a statement prints it."""
    return ask.metric is None and f.statement == "cash_flow" and bool(_CASH_SIDE.search(f.label)) and \
        not says(_CASH_SIDE, ask.question)


# the basis a payment is stated on, after its name ("Interest, net of amounts capitalized", "Income taxes, net of
# refunds"): the payment is still the item's
_NET_OF_BASIS = re.compile(r"(?i),?\s*\(?\bnet\s+of\b.*$")
# a supplemental disclosure's heading over the items it lists ("Cash paid for:" / "Interest", "Income taxes, net of
# refunds"; "Cash paid during the year for:")
_PAID_FOR = re.compile(r"(?i)^\s*cash\s+paid\s+(?:during\s+the\s+(?:year|period)\s+)?for\s*:?\s*$")


def payment_said(question: str) -> bool:
    """The question says a payment or cash ("interest paid", "cash interest"): a "Cash paid for:" item answers it,
    never the year's expense asked ("interest expense")."""
    return bool(_CASH_SIDE.search(question))


def paid_item(label_path: str) -> str | None:
    """A row under "Cash paid for:" read as its payment ("Interest" -> "Interest paid"), or None."""
    parts = [p.strip() for p in label_path.split("\u203a")]
    if len(parts) < 2 or not _PAID_FOR.match(parts[-2]):
        return None
    return f"{_NET_OF_BASIS.sub('', parts[-1])} paid"
