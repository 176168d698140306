"""Whether a stored row is a metric's own line: "Profit for the year" for net income, "Basic earnings per share ›
Continuing operations" for continuing operations' EPS, "ASSETS › TOTAL" for total assets, a heading's bottom line
under a per-share heading. The facts lookup (`fact_match`) asks it of every candidate row."""
from __future__ import annotations

import re

from pipeline.question.figure_ask import DIVIDEND, Ask, stems
from pipeline.question.lexicon import Metric
from pipeline.reading import segment_columns
from pipeline.reading.fact_kinds import per_share_heading
from pipeline.retrieval import attribution, balance_dates, dividend_parts, payments, row_headings
from pipeline.stores.facts import StoredFact

_CONTINUING_CHILD = re.compile(r"(?i)\s*(?:from\s+)?continuing\s+operations?\s*")
_BASIS_LAST = re.compile(r"(?i)\s*[-–,]\s*(basic|diluted)\s*$")
_BARE_TOTAL = re.compile(r"(?i)total(\s+for\s+the\s+(financial\s+)?(year|period))?")
# under a per-share heading, the bottom line's row is the heading's figure ("Net income attributable to Acme"); a part
# of it ("Continuing operations", "Adjusted") or another per-share measure ("Dividends declared per share") is not
_BOTTOM_LINE = re.compile(r"(?i)(net\s+)?(\(?(income|earnings|profit|loss)\)?[\s/]*)+((attributable|available|applicable)\s+to\b|"
                          r"for the (year|period)\b|$)")
_PER_SHARE_PART = re.compile(r"(?i)continuing|discontinued|\bbefore\b|extraordinary|cumulative|adjusted|pro forma|"
                             r"weighted|shares|per\s+(common\s+|ordinary\s+)?(share|unit)")


def covers(metric: Metric, f: StoredFact, ask: Ask | None = None) -> bool:
    """The row is `metric`'s own line: its label (or its label with the heading that completes it) is one the
    metric prints, and nothing the metric excludes; `ask` the question that asks it, when one does."""
    # the whole path: "Earnings (loss) from discontinued operations per common share › Diluted" is not diluted EPS
    own = f.label_path
    for name in segment_columns.named_in(f.qualifiers):     # whose figure it is, not what it measures
        own = own[len(name):].lstrip(" \u203a") if own.startswith(name) else own
    asked = ask.question if ask is not None else ""
    if metric.excludes(own, asked):
        return False
    if metric.matches_row(f.label, f.statement, asked) or row_headings.current_part(metric, f, asked):
        return True         # (or its current part: "Current liabilities › Borrowings" are the current borrowings)
    if asked and (day_free := balance_dates.without_its_day(f.label, asked)) != f.label and \
            metric.matches_row(day_free, None, asked):
        return True         # "Cash and cash equivalents, beginning of year" asked as the opening cash balance
    joined = attribution.completed_label(f.label_path)      # "Profit for the year attributable to › Owners of ..."
    if joined is not None and metric.matches_row(joined, f.statement, asked):
        return True
    if (paid := payments.paid_item(f.label_path)) is not None and payments.payment_said(asked) and \
            metric.matches_row(paid, f.statement, asked):
        return True         # "Cash paid for: › Interest": the interest paid
    parents = [p.strip() for p in f.label_path.split("\u203a")[:-1]]
    if parents and _BARE_TOTAL.fullmatch(f.label.strip()) and any(metric.matches_row(h, f.statement) for h in (parents[-1], f"Total {parents[-1]}")):
        return True         # "Dividend per share › Interim / Final / Total", "ASSETS › TOTAL": the heading's figure
    if parents and metric.kind == f.kind == "per_share" and DIVIDEND.search(parents[-1]) and \
            dividend_parts.PART_ALONE.fullmatch(re.sub(r"\s*\([^)]*\)", "", f.label)) and DIVIDEND.search(metric.label):
        return True         # "Dividends declared for the year (sen per share) › Interim / Final (proposed) / Total"
    if parents and metric.kind == f.kind == "per_share" and metric.matches_row(parents[-1], f.statement) and \
            ask is not None and "continu" in ask.hard and _CONTINUING_CHILD.fullmatch(f.label):
        return True         # "Basic earnings per share › Continuing operations", continuing operations' EPS asked
    if parents and metric.kind == f.kind == "per_share" and metric.matches_row(parents[-1], f.statement) and \
            _BOTTOM_LINE.match(f.label) and not _PER_SHARE_PART.search(f.label):
        return True         # "Diluted Earnings Per Common Share › Net income attributable to Acme": the heading's
    if parents and f.kind == "per_share" and per_share_heading(parents[-1]) and any(
            metric.matches_row(v, f.statement, asked) for v in (f"{f.label} per share",
                                                                 _BASIS_LAST.sub(r" per share \1", f.label))):
        return True         # "Per share (yen): › Net assets", "› Net income - basic": the heading says per share
    # "Segment net sales" in a segment's column (or asked as the segments' figure) is that segment's net sales
    if re.match(r"(?i)segment\s", f.label) and (row_headings.segment_parents(f) or (ask is not None and "segment" in ask.hard)) \
            and metric.matches_row(f.label.split(None, 1)[1]):
        return True
    # A parent heading may carry the measure ("Revenues › Commercial Airplanes") when the question names the
    # sub-item itself: "Commercial Airplanes revenue". Without such a qualifier a heading's child is a component
    # ("Cash flows from operating activities › Net income"), never the measure.
    # (the rest of the question's words in that heading: "Retail adjusted EBITDA" of "Adjusted EBITDA › Retail")
    label = set(stems(f.label))
    if ask is None or not ask.hard or not set(ask.hard) & label or row_headings.names_own_measure(f.label, ask):
        return False
    # ("Segment operating income › Flexible Packaging": the heading's measure itself, said as the segments')
    return any((metric.matches_row(p.strip()) or re.match(r"(?i)segments?\s", p.strip()) and
                re.sub(r"(?i)^segments?\s+", "", p.strip()).rstrip(" :").lower() in metric.terms)
               and set(ask.hard) <= label | set(stems(p)) for p in f.label_path.split("\u203a")[:-1])
