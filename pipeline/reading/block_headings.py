"""What heads the rows under a table's header line, when the header names it: a segment's name right above the
header ("Flexibles Segment"), or a measure named before the years on the header line itself ("Revenue 2036 2035" over
"Rest of Africa 6,720 6,149"). Rows under it are read with it as their heading ("Revenue › Rest of Africa")."""
from __future__ import annotations

import re
from decimal import Decimal

from pipeline.core.months import MON
from pipeline.reading.cells import TOTAL_ROW, heading_label, parse_number, split_row
from pipeline.reading.fact_kinds import per_share_caption
from pipeline.reading.columns import Header, has_period, is_fragment

_SEGMENT_HEAD = re.compile(r"(?i)^(?!.*\b(results|information|data|reporting|note|operations)\b)[A-Za-z][\w&,.' -]{1,60}"
                           r"\s(segment|division)s?\s*$")


def segment_heading(lines: list[str], at: int) -> list[str]:
    """"Flexibles Segment" right above a table's header: its rows are that segment's ("Flexibles Segment ›
    Adjusted EBIT"), never the company's."""
    for k in (at - 1, at - 2):
        if k < 0:
            break
        if _SEGMENT_HEAD.match(lines[k].strip()):
            return [lines[k].strip()]
        if split_row(lines[k])[1] or len(lines[k].split()) > 8:
            break
    return []


def caption(line: str, after: list[str]) -> list[str]:
    """A measure named before the years ("Revenue 2036 2035" over "Rest of Africa 6,720 6,149") heads the rows below
    when they close with a "Total" row, as parts of it do (a reconciliation ending on its own name is not parts)."""
    # (the words before the first period: "Backlog at fiscal year end: September 30, 2081 September 30, 2080")
    lead = _YEAR_END_SAID.sub("", _FIRST_PERIOD.split(line, 1)[0]).strip(" :")
    rows = [split_row(a)[0].lower() for a in after[:15]]
    return [heading_label(lead)] if 0 < len(lead.split()) <= 4 and not is_fragment(lead) and heading_label(lead) and \
        not re.search(r"(?i)statement|sheet|\bnotes?\b|year|period|ended|continued|restated|\d", lead) and \
        lead[:1].isupper() and not _LABELS_CAPTION.search(lead) and \
        any(TOTAL_ROW.match(r) for r in rows) and lead.lower() not in rows else []


# the caption of the labels' column, naming no measure ("Contract Type", "Valuation Technique/Asset Type")
_LABELS_CAPTION = re.compile(r"(?i)\b(?:types?|categor(?:y|ies)|techniques?|descriptions?|class(?:es)?)\s*$|/")
_FIRST_PERIOD = re.compile(rf"(?i)\s*:?\s*(?:(?:fiscal|fy)\s*)?(?:{MON}\s+\d{{1,2}},?\s+)?(?:19|20)\d{{2}}\b")
# the period said after a caption's measure: "at (fiscal) year end", "as of", "for the years ended"
_YEAR_END_SAID = re.compile(r"(?i)\s+(?:(?:at|as\s+(?:of|at))\s+(?:the\s+)?(?:fiscal\s+)?year[- ]?end|as\s+(?:of|at)|"
                            r"(?:for\s+the\s+)?(?:fiscal\s+)?years?\s+end(?:ed|ing))\s*:?\s*$")


# "Net sales by merchandise category (in millions):", "Revenue by geographic area": a measure split by a dimension
_BY_CAPTION = re.compile(r"(?i)^(?P<m>[A-Za-z][\w,'& -]{2,40}?)\s+by\s+[a-z][\w,& -]{2,40}?"
                         r"(?:\s*\((?:\$\s*)?in\s+[a-z ]+\))?\s*:?\s*$")


# the period over a header's years, said without one ("Year Ended December 31,", "As of June 30")
_PERIOD_WORDS = re.compile(r"(?i)^\s*(?:(?:fiscal\s+)?years?|(?:three|six|nine|twelve|\d{1,2})\s+months|\d{2}\s+weeks|as\s+(?:of|at))\b")


def by_caption(lines: list[str], at: int) -> list[str]:
    """A measure split by a dimension captioned right above the header ("Net sales by merchandise category:", or above
    the period over the years: "Net service revenue by segment:" / "Year Ended December 31," / "2098 2097") heads the
    rows below when they close with that measure's total ("Total net sales") or with an unlabelled line summing them:
    they are its parts."""
    above = at - 2 if at >= 2 and is_fragment(lines[at - 1]) and (has_period(lines[at - 1]) or
                                                                   _PERIOD_WORDS.search(lines[at - 1])) else at - 1
    m = _BY_CAPTION.match(lines[above].strip()) if above >= 0 else None
    if not m or split_row(lines[above])[1]:
        return []
    measure = m.group("m").strip()
    totals = [split_row(a)[0].lower() for a in lines[at + 1:at + 25] if TOTAL_ROW.match(split_row(a)[0].lower())]
    return [measure] if any(measure.lower() in t for t in totals) or _summed(lines[at + 1:at + 25]) else []


def _summed(after: list[str]) -> bool:
    """The rows `after` a header, two or more, close with an unlabelled line printing their sum in its first column."""
    parts: list[Decimal] = []
    for line in after:
        label, values = split_row(line)
        first = parse_number(values[0]) if values else None
        if first is None:
            return False
        if not label.strip(" $") and parts:
            return len(parts) >= 2 and abs(sum(parts) - first) <= len(parts)
        if not label.strip(" $"):
            continue        # (the years line itself, when the header read starts at the period above it)
        parts.append(first)
    return False


def block_heading(lines: list[str], at: int) -> list[str]:
    """The heading of the rows under the header at line `at`: a segment named above it, else a measure captioned
    above it or named on it."""
    # (a dividends caption stating its unit per share, above the years or on their line, heads its rows)
    per_share = next((c for ln in (lines[at], lines[at - 1] if at >= 1 else "") if (c := per_share_caption(ln))), None)
    return segment_heading(lines, at) or by_caption(lines, at) or ([per_share] if per_share else []) or \
        _average_staff(lines, at) or caption(lines[at], lines[at + 1:])


# a sentence above a staff table saying its counts are the year's averages ("The average number of employees during
# the financial year was:", "The average monthly number of persons employed by the Group"): it heads the rows
_AVERAGE_STAFF = re.compile(r"(?i)\baverage\s+(?:monthly\s+|weekly\s+)?number\s+of\s+(?:employees|staff|persons|personnel|"
                            r"people)\b")


# (a caption of staff costs, or one pointing at another note for the numbers: the rows are no counts)
_COSTS_OR_ELSEWHERE = re.compile(r"(?i)\b(?:costs?|remuneration|salar(?:y|ies)|wages|expenses?|compensation)\b|"
                                 r"\b(?:given|shown|disclosed|set\s+out)\s+in\s+note\b|\bnote\s+\d")


def _average_staff(lines: list[str], at: int) -> list[str]:
    above = lines[at - 1] if at >= 1 else ""
    if not _AVERAGE_STAFF.search(above) or split_row(above)[1] or _COSTS_OR_ELSEWHERE.search(above) or \
            any(_AVERAGE_STAFF.search(split_row(ln)[0]) for ln in lines[at + 1:at + 16]):
        return []       # (a table closing on its own "Average number of employees 2,072" row says it itself)
    return ["Average number of employees"]


def total_outside(stack: list[str], label: str) -> list[str]:
    """The headings a "Total X" row stands under: not an "Other X" heading it widens ("Other comprehensive income" ›
    "Items that may be reclassified ..." / "Total comprehensive income for the year"; "Other operating expenses:" /
    ... / "Total operating expenses"): X is the whole measure, the heading one part of it."""
    what = _words(re.sub(r"(?i)^\s*total\b", "", label))
    closes = next((k for k in range(len(stack) - 1, -1, -1) if what and _words(stack[k]) == what), None)
    if closes is not None:
        stack = stack[:closes + 1]      # ("Interest income › Securities" / "Total interest income": the outer's)
    for k, h in enumerate(stack):
        words = _words(h)
        if "other" in words and what and what == words - {"other"}:
            return stack[:k]
    return stack


def _words(text: str) -> set[str]:
    """A heading's or total's own words: no bracket, period or "net of tax" qualifier."""
    text = re.sub(r",?\s+net\s+of\s+(?:income\s+)?tax(?:es)?\b.*$", "", text.lower())
    return set(re.findall(r"[a-z]{3,}", re.sub(r"\([^)]*\)|\bfor the (?:year|period)\b", " ", text))) - {"and"}


# a label whose last word numbers it: the number is the label's ("Level 3", "Tier 1", "Series 2", "Notes due 2025")
NUMBERED = re.compile(r"(?i)\b(level|tier|class|series|note|notes|phase|stage|due|year|years|fund|unit|block|"
                       r"section|part|schedule|stage|pillar|no\.?)\s*$")


# A per-share heading over its basic and diluted rows ("Earnings per equity share 35" / "Basic ..."), or over the
# sub-headings of its bases ("From continuing operations", a line with no figure): its note number may run to two digits
_PER_SHARE_HEAD = re.compile(r"(?i)\bper (\w+ ){0,2}share\b")
_BASIC_DILUTED = re.compile(r"(?i)^\W*(basic|diluted)\b")


def footnoted_heading(label: str, values: list[str], header: Header | None, nxt: str = "") -> bool:
    """A heading or a label with a footnote number after it ("Per share, basic 3", "Dividends paid 2") under a
    header of two or more periods: the lone note number ("Earnings per share 12") is not a cell (it could not line up)."""
    two = _PER_SHARE_HEAD.search(label) and (_BASIC_DILUTED.match(nxt) or re.fullmatch(r"[A-Za-z][^\d]{2,80}", nxt.strip()))
    return header is not None and len(values) == 1 and bool(re.fullmatch(r"[1-9]" + (r"\d?" if two else ""), values[0])) and \
        len(header.years) >= 2 and bool(re.search(r"[A-Za-z]{3}", label)) and not TOTAL_ROW.match(label) \
        and not (NUMBERED.search(label) and not re.search(r"(?i)\bnote\s*$", label))   # ("... (cents) Note 9")


def closed_later(outer: str, inner: str, rest: list[str]) -> bool:
    """A heading after rows is nested in the one above, not its sibling, where a "Total <outer>" row below closes
    the outer one before any total of the inner ("Interest income:" / "Loans" / "Securities:" / "Taxable" / ... /
    "Total interest income": the securities are a part of interest income)."""
    outer_words, inner_words = outer.lower().rstrip(": "), inner.lower().rstrip(": ")
    for line in rest[:40]:
        label = split_row(line)[0].lower()
        if not TOTAL_ROW.match(label):
            continue
        what = TOTAL_ROW.sub("", label).strip()
        if not what:
            return False        # a bare "Total" closes the innermost heading: the inner one
        if inner_words and (inner_words in what or what in inner_words):
            return False
        if outer_words and (outer_words in what or what in outer_words):
            return True
    return False
