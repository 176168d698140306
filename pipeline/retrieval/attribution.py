"""The owners' share of a line: "Profit for the year attributable to › Owners of the parent".

IFRS statements (and US ones with non-controlling interests) print a line, then split it under "Attributable to:"
between the owners of the parent and the non-controlling interests. A question asking the profit attributable to
shareholders is answered by the owners' row, never by the line's total, which includes the minorities' share.
"""
from __future__ import annotations

import re

from pipeline.question.paraphrase import owners_said_as_net
from pipeline.core import bilingual, minorities

_OPEN_ATTRIBUTION = re.compile(r"(?i)\b(?:attributable|available)\s+to:?$")
# the owners named by the row ("Owners of the parent", "Shareholders' equity", "Equity shareholders of Acme plc",
# "Net income attributable to Acme Inc."); "Perpetual securities holders" are not the owners
# (the owners are also the "controlling interest" of Latin American reports and the "Group share" / "share of the
# Group" of French and Belgian ones)
_OWNERS_SHARE = re.compile(r"(?i)\b(?:shareholders|stockholders|shareowners|owners|equity\s+holders|members|unit\s?holders)\b|"
                           r"(?<![\w-])(?<!non )controlling\s+interests?\b|\bgroup\s+share\b|\bshare\s+of\s+the\s+group\b|"
                           r"\b(?:attributable|available)\s+to\s+(?:the\s+)?(?:[\w.&'-]+\s+){0,4}?(?:inc|plc|ltd|limited|"
                           r"corp\w*|company|group|holdings|parent)\b")
_MINORITIES = re.compile(rf"(?i)\b(?:{minorities.WORDS}|nci)\b")     # (and the analysts' "NCI")
# A question naming whose share it asks: "attributable", "to shareholders", "owners of the parent", "equity holders".
_ASKS_OWNERS = re.compile(r"(?i)\b(?:attributable|available to|shareholders?|stockholders?|owners?|equity\s+holders?|"
                          r"group\s+share|share\s+of\s+the\s+group)\b|(?<![\w-])(?<!non )controlling\s+(?:interests?|shareholders|stockholders)\b")


def completed_label(label_path: str) -> str | None:
    """The row's label read with its parent heading when that heading is left open by "attributable to" ("Profit for
    the year attributable to" + "Owners of the Company"), else None."""
    parts = [p.strip() for p in label_path.split("\u203a")]
    if len(parts) < 2 or not _OPEN_ATTRIBUTION.search(parts[-2]):
        return None
    head, own = (bilingual.halves(p.rstrip(" :")) for p in parts[-2:])
    if len(head) == len(own) == 2:      # bilingual: each language's heading with its own half of the label
        return " / ".join(f"{h.rstrip(' :')} {o}" for h, o in zip(head, own))
    return f"{parts[-2].rstrip(':')} {parts[-1]}"


def names_owners_share(label_path: str) -> bool:
    """The row is a line's share attributable to its owners (not to the non-controlling interests, nor to another
    class of holder): its own label, or its label read with an open "... attributable to" heading, names them."""
    own = completed_label(label_path) or label_path.split("\u203a")[-1]
    return bool(_OWNERS_SHARE.search(own)) and not _MINORITIES.search(own)


# the row names its holders as the owners of the parent, not only as the shareholders whose equity a total may be
# ("Total controlling interest" / "Equity attributable to owners" over "Total stockholders' equity" printed after the
# non-controlling interests)
_NAMES_OWNERS = re.compile(r"(?i)\b(?:owners|equity\s+holders|attributable|available|applicable)\b|(?<![\w-])(?<!non )controlling\s+"
                           r"interests?\b|\bgroup\s+share\b|\bshare\s+of\s+the\s+group\b")


def owners_rank(label_path: str, question: str) -> int:
    """How well the row answers a question asking the owners' share: 2 when both name the owners' share as such
    ("controlling interest", "owners", "attributable"); 1 when the row names its holders at all (a question saying
    only "shareholders' equity" is as well answered by "Total stockholders' equity"); 0 when it does not."""
    if not names_owners_share(label_path):
        return 0
    own = completed_label(label_path) or label_path.split("\u203a")[-1]
    return 2 if _NAMES_OWNERS.search(own) and _NAMES_OWNERS.search(question) else 1


def asks_owners_share(question: str) -> bool:
    """The question asks the owners' share of a line (profit attributable to shareholders, to owners of the parent)."""
    # ("total shareholders' equity" asks the line printed under that name, whoever holds it; "total Acme
    # shareholders' equity" names the owners)
    question = re.sub(r"(?i)\btotal\s+(?:share|stock)holders['’]?\s+(?:equity|funds|deficit)\b", " ", question)
    question = owners_said_as_net(question)     # ("profit net of minority interests": the owners' share)
    return bool(_ASKS_OWNERS.search(question)) and not _MINORITIES.search(question)


_HOLDERS = re.compile(r"(?i)(?:holders?|partners|interests?|investors)\b|\b(?:inc|plc|ltd|limited|corp\w*|company|group|"
                      r"parent|n\.?v|s\.?a|ag|se|a/s|asa|ab|oyj|bhd|berhad|tbk|pcl|spa|s\.?p\.?a)\b\.?")


def names_a_holder(label_path: str) -> bool:
    """The row is some holder's share of a line ("attributable to Acme", "... to partners", "Owners of the parent"),
    not the line's total."""
    child = label_path.split("\u203a")[-1]
    if completed_label(label_path) is not None:
        # under "Result attributable to:", a row naming no holder ("Result for the year") is the line's total again
        return bool(_OWNERS_SHARE.search(child) or _MINORITIES.search(child) or _HOLDERS.search(child))
    return names_owners_share(label_path) or bool(re.search(r"(?i)\b(?:attributable|available|applicable)\s+to\b", child))


def split_between_holders(f, cands: list) -> bool:
    """`f`'s report prints the non-controlling interests' share of a line of the income statement or the balance
    sheet: a line there is split between holders, so a row not naming the owners is a total including minorities."""
    return any(c.doc_id == f.doc_id and c.statement in ("income", "balance") and c.kind == "money" and
               _MINORITIES.search(c.label_path.split("\u203a")[-1]) for c in cands)


def total_after_minorities(f, cands: list) -> bool:
    """`f` names its holders only as shareholders ("TOTAL STOCKHOLDERS' EQUITY") and is printed below the
    minorities' row of its page: the total of both shares, not the owners' one."""
    own = completed_label(f.label_path) or f.label_path.split("\u203a")[-1]
    if not names_owners_share(f.label_path) or _NAMES_OWNERS.search(own):
        return False
    return any(c.page == f.page and c.doc_id == f.doc_id and c.statement == f.statement and c.line_no < f.line_no
               and _MINORITIES.search(c.label_path.split("\u203a")[-1]) for c in cands)

