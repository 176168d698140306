"""A line of a statement split between whose it is: "Profit for the year" then "Attributable to: Owners of the parent /
Non-controlling interests". The reader names each part by the line it splits, and keeps a split's sibling lines out
of the split.
"""
from __future__ import annotations

import re

from pipeline.core import bilingual, minorities
from pipeline.reading.page_table import Row

# A bare "Attributable to:" (or "Of which attributable to:") heading splits the line printed right above it between
# the owners of the parent and the non-controlling interests (the IFRS layout of profit, comprehensive income and
# equity): its rows are that line's parts, so the heading names the line.
_BARE_ATTRIBUTION = re.compile(r"(?i)^(?:of which\s+)?(?:attributable|available)\s+to$")
# "Net income 902.3" over "(Of which) attributable to shareholders of Acme AG 890.1": that line's owners' share
_ATTRIBUTED_ROW = re.compile(r"(?i)^(?:(?:of which|thereof):?\s+)?((?:attributable|available)\s+to\s+\S.*)")
# A heading that names one holder's share of a line ("Net income attributable to noncontrolling interests:" over its
# parts): the line's lead words, up to the attribution
_HOLDERS_SHARE = re.compile(r"(?i)^(.+?\b(?:attributable|available)\s+to)\s+\S")


def completed(label: str, rows: list[Row]) -> str:
    """`label`, or the line above it completed by the row's "(Of which) attributable to ..." ("Net income
    attributable to shareholders of Acme AG")."""
    m = _ATTRIBUTED_ROW.match(label) or _ATTRIBUTED_ROW.match(bilingual.english(label))
    line = next((r for r in reversed(rows) if not getattr(r, "_attributed", False)), None) if m else None
    return f"{line.label} {m.group(1)[0].lower()}{m.group(1)[1:]}" if line is not None else label


# "Profit for the year is attributable to:": the verb is no word of the line's name
_IS_ATTRIBUTABLE = re.compile(r"(?i)\s+(?:is|are)\s+(?=(?:attributable|available)\s+to\b)")
# A heading that splits a named line between its holders ("Profit for the year (is) attributable to:")
_OPEN_SPLIT = re.compile(r"(?i)^\S+(?:\s+\S+)*?\s+(?:attributable|available)\s+to$")   # ("Profit attributable to:")
# the other comprehensive income's own headings, which the year's profit is never under
_OCI_HEADING = re.compile(r"(?i)comprehensive|reclassifi|items that (may|will)")


def heading(text: str, rows: list[Row], last_kind: str) -> str:
    """`text`, or the line above it completed by a bare "Attributable to" ("Profit for the year attributable to")."""
    text = _IS_ATTRIBUTABLE.sub(" ", text)
    said = bilingual.english(text)      # (beside its translation: "Atribuible a / Attributable to")
    if not _BARE_ATTRIBUTION.match(said) or last_kind not in ("row", "total") or not rows:
        return text
    return f"{rows[-1].label} {said.lower()}"


def open_split(stack: list[str], text: str) -> bool:
    """When the heading `text` names a line and opens its split between holders ("Profit for the year attributable
    to"), put it on `stack` above no heading of other comprehensive income ("Other comprehensive income › Items that
    may be reclassified" do not hold the year's profit, nor does the split of another line; a segment's or
    discontinued operations' heading stays) and say so; else leave `stack` alone."""
    if not _OPEN_SPLIT.match(text):
        return False
    stack[:] = [h for h in stack if not _OCI_HEADING.search(h) and not _OPEN_SPLIT.match(h)] + [text]  # (nor a split)
    return True


def close_sibling_heading(stack: list[str], label: str) -> None:
    """A row naming another holder's share of the same line as the innermost heading closes that heading: "Net income
    attributable to Acme Inc." after "Net income attributable to noncontrolling interests:" and its parts is the
    heading's sibling, never one of its parts."""
    m = _HOLDERS_SHARE.match(stack[-1]) if stack else None
    if not m or not label.lower().startswith(m.group(1).lower() + " "):
        return
    heading_holder, row_holder = stack[-1][len(m.group(1)):].strip().lower(), label[len(m.group(1)):].strip().lower()
    if row_holder.startswith(heading_holder) or \
            (minorities.NAMED.search(heading_holder) and minorities.NAMED.search(row_holder)):
        return          # "... attributable to noncontrolling interests in consolidated joint ventures": a part
    stack.pop()
