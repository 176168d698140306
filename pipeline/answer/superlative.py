"""A superlative over one table: "which operating expense line grew most", "what was the largest liability".

The rows the question compares (the lines it lists after "among", or the section of the table its words name, up
to the section's total) are ranked by their value or their growth over the prior year; the answer names the top
row, shows every compared value (and the growth derivation) and cites the page.
"""
from __future__ import annotations

import re
from decimal import Decimal
from typing import Callable

from pipeline.question.analysis import QuestionFacts, core_question
from pipeline.retrieval.passage import Passage
from pipeline.state import Claim, TurnState
from pipeline.reading.tables import parse_page
from pipeline.reading.cells import mis_split, parse_number
from pipeline.question.terms import content_terms, stems

# ("top line" and "bottom line" are revenue and profit, no ranking)
MOST = re.compile(r"(?i)\b(most|largest|highest|biggest|greatest|fastest|best|top(?![- ]line)|least|lowest|smallest|"
                  r"worst|slowest)\b")
_LEAST = re.compile(r"(?i)\b(least|lowest|smallest|worst|slowest)\b(?![^,()]*\bor\b)")
_GROWTH = re.compile(r"(?i)\b(gr[eo]w\w*|growth|increas\w*|rose|risen|ris(e|ing)|declin\w*|decreas\w*|fell|fall\w*|"
                     r"drop\w*|chang\w*)\b")
_WHICH = re.compile(r"(?i)^\s*(which|what)\b")
# a part of the business asked ("which segment", "which operation", "which of its mines"): the rows compared are parts
_WHICH_PART = re.compile(r"(?i)\b(?:which|what)\s+(?:of\s+its\s+|[\w&.-]+\s+){0,5}(?:segments?|operations?|divisions?|regions?|"
                         r"business(?:es)?|units?|mines?|countr(?:y|ies)|markets?|brands?|subsidiar(?:y|ies))\b")
_MEASURE_LINE = re.compile(r"(?i)\b(?:profit|ebitda|ebit|margin|impairment|depreciation|amorti[sz]ation|tax|taxation|"
                           r"expenses?|costs?)\b")
# Lines that add up or reconcile the compared lines, never one of them ("Net sales of reportable segments",
# "Impact of constant currency reporting", "Eliminations", "Total").
_AGGREGATE = re.compile(r"(?i)^(total|subtotal)\b|^consolidated\s*$|^(corporate|all other)\b|\bsegments\b|\bimpact of\b|\breconcil|\beliminat|\badjustments?\b|"
                        r"\bunallocated\b|\bconstant currency\b")
_AMONG = re.compile(r"(?i)\bamong\s+(?:the\s+)?(?:following\s*:?\s*)?(.+?)(?:,\s*(?:which|what)\b|\?|$)")


def is_superlative(facts: QuestionFacts) -> bool:
    """"Which ... most/largest/..." (or "what was the largest ..."): rows of one table compared."""
    q = core_question(facts.text)
    for c in facts.companies:          # a name made of a superlative word ("Best ...", "Top ...") is a name, not a superlative
        for n in sorted({c.name, c.key, *c.aliases}, key=len, reverse=True):
            q = re.sub(rf"(?i)(?<![\w]){re.escape(n)}(?:'s|’s)?(?![\w])", " ", q)
    return bool((re.search(r"(?i)\bwhich\b", q) or _WHICH.match(q)) and (MOST.search(q) or _EITHER.search(q)))


# "which was bigger in 2019, North America or International segment operating income?": two named lines compared
_EITHER = re.compile(r"(?i)\b(bigger|larger|higher|greater|smaller|lower)\b[^,?]*,\s*(.+?)\s+or\s+(.+?)\s*(\?|$)")
_KIND_WORDS = {"segment", "segments", "divis", "division", "busi", "business"}


def _alternatives(q: str, metric=None) -> list[list[str]]:
    m = _AMONG.search(q)
    either = _EITHER.search(q)
    if m:
        parts = [x for x in re.split(r"\s*(?:,|\band\b|\bor\b)\s*", m.group(1)) if x.strip()]
    elif either:
        parts = [either.group(2), either.group(3)]
    else:
        return []
    measure = set(stems(" ".join(metric.terms))) if metric is not None and either else set()
    alts = [[t for t in content_terms(x) if t.lstrip("~") not in measure and t.lstrip("~") not in _KIND_WORDS]
            for x in parts]
    return [a for a in alts if a] if len(alts) >= 2 else []


def _preferred(labels: list) -> object:
    pref = [r for r in labels if re.search(r"(?i)^(net|total)\b|provided by|used (in|for)", r.label)]
    return (pref or labels)[-1]


def _names_metric(line: str, metric) -> bool:
    """The section heading is the asked measure ("Operating profit" for operating profit), not a line sharing its
    words by synonym ("Earnings from continuing operations per common share")."""
    if metric is None:
        return True
    head = line.strip().rstrip(":").strip()
    return metric.matches_row(head) or any(re.search(rf"(?i)\b{re.escape(t)}\b", head) for t in metric.terms
                                           if len(t) > 3)


def _candidate_rows(table, terms: list[str], alts: list[list[str]], year: int, growth: bool, metric=None,
                    either: bool = False):
    def usable(r) -> bool:
        return r.aligned and re.search(r"\d", r.value_for(year) or "") is not None and \
            parse_number(r.value_for(year) or "") is not None and \
            (not growth or parse_number(r.value_for(year - 1) or "") is not None)

    rows = [r for r in table.rows if usable(r) and not mis_split(r.label)]
    if alts and metric is not None and either:   # the named lines of the asked measure's section, not another's
        rows = [r for r in rows if any(_names_metric(h, metric) for h in r.path)]
    if alts:
        chosen = []
        for alt in alts:
            match = [r for r in rows if all(t in stems(r.label) for t in alt)]
            if not match:
                return []
            chosen.append(_preferred(match))
        return chosen
    # the section the question names: a line carrying its terms, then the contiguous rows up to its total
    by_line = {r.line_no: r for r in table.rows}
    for i, line in enumerate(table.lines):
        if i in by_line and by_line[i].values:
            continue
        if len(line.split()) > 12 or re.search(r"[a-z]\.\s*$", line):
            continue      # a sentence of prose, not the heading of a section of rows
        have = stems(line)
        if not _names_metric(line, metric):
            continue
        if sum(1 for t in terms if t in have) < max(1, min(2, len(terms))):
            continue
        section, gap = [], 0
        for j in range(i + 1, len(table.lines)):
            r = by_line.get(j)
            if r is not None and r.aligned:
                if re.match(r"(?i)total\b", r.label):
                    break
                if _AGGREGATE.search(re.sub(r"\([^)]*\)", " ", r.label)):
                    continue
                if usable(r) and not mis_split(r.label):
                    section.append(r)
                    continue
            if section:
                break
            gap += 1          # the table's title, unit and year header lines between the words and the rows
            if gap > 4:
                break
        if len(section) >= 2:
            return section
    return []


def compare(state: TurnState, facts: QuestionFacts, terms: list[str], company: str, year: int | None,
            passages: list[Passage], read: Callable[[Passage], str],
            cite: Callable[[Passage], int]) -> tuple[str, str] | None:
    """(answer, "superlative") from the first of the passages' pages whose table has two or more rows the
    question compares, or None. `terms`: the question's content terms; `read`: a passage's whole page text."""
    if year is None:
        return None
    q = core_question(facts.text)
    growth = bool(_GROWTH.search(q))
    lowest = bool(_LEAST.search(q)) and not re.search(r"(?i)\bmost\b", q)
    alts = _alternatives(q, facts.metric)
    # "in the balance sheet" names where to look, not the section compared ("the largest liability")
    terms = [t for t in terms if not _GROWTH.fullmatch(t)
             and not re.fullmatch(r"balanc\w*|sheets?|statements?|consolidat\w*", t.lstrip("~"))]
    for p in passages[:6]:
        table = parse_page(read(p))
        rows = _candidate_rows(table, terms, alts, year, growth, facts.metric,
                               either=bool(_EITHER.search(q)) and not _AMONG.search(q))
        if _WHICH_PART.search(q) and sum(bool(_MEASURE_LINE.search(r.label)) for r in rows) >= 2:
            continue        # "which segment had the highest EBITDA": a reconciliation of the measure compares no parts
        if len(rows) < 2:
            continue
        scored = []
        for r in rows:
            cur = parse_number(r.value_for(year))
            if growth:
                prev = parse_number(r.value_for(year - 1))
                if not prev:
                    continue
                scored.append((Decimal(100) * (cur - prev) / abs(prev), r, prev, cur))
            else:
                scored.append((cur, r, None, cur))
        if len(scored) < 2:
            continue
        scored.sort(key=lambda s: s[0], reverse=not lowest)
        m = cite(p)
        derivations, shown = [], []
        for val, r, prev, cur in scored:
            if growth:
                d = f"{r.label}: ({r.value_for(year)} - {r.value_for(year - 1)}) / {r.value_for(year - 1)} = {val:.1f} %"
                derivations.append(d)
                shown.append(f"{r.label} {r.value_for(year - 1)} \u2192 {r.value_for(year)} ({val:+.1f} %)")
            else:
                shown.append(f"{r.label} {r.value_for(year)}")
        top = scored[0][1]
        what = ("grew least" if lowest else "grew most") if growth else ("is the lowest" if lowest else "is the highest")
        unit = f" ({table.unit})" if table.unit else ""
        text = (f"{top.label} {what} in FY{year} of the lines compared{unit} [{m}]: "
                + "; ".join(shown) + ".")
        if derivations:
            state.derivation = "; ".join(filter(None, [state.derivation, *derivations]))
        state.claims.append(Claim(text=text + (" =" if growth else ""), label=f"{company} FY{year} table comparison"))
        return text, "superlative"
    return None
