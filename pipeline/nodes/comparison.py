"""Several companies' figures compared: the verdict (only where comparable) and each company's own question."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from pipeline.question.analysis import QuestionFacts, core_question
from pipeline.state import TurnState
from pipeline.stores import corpus
from pipeline.question.units import SCALE


WHICH_IS = re.compile(r"(?i)^\s*(which|who)\b.*\b(larger|largest|bigger|biggest|higher|highest|greater|more|"
                      r"smaller|smallest|lower|lowest|less)\b")


def across_companies(state: TurnState) -> bool:
    """"Which of A, B and C had the highest total assets?": several companies asked at once, each answered from its
    own report (the verdict compares the companies, never the rows of one table)."""
    return len(state.companies) >= 2


_RANKING_LEAD = re.compile(r"(?i)^\s*(which|who)\b[^?]*?\b(has|had|have|reported|posted|shows?|showed|with|is|was)\s+"
                           r"(the\s+)?(larger|largest|bigger|biggest|higher|highest|greater|greatest|more|most|smaller|"
                           r"smallest|lower|lowest|less|least)\s+")
_COMPARE_LEAD = re.compile(r"(?i)^\s*(compare|comparing|rank|ranking|screen)\s+(the\s+)?")
_ACROSS = re.compile(r"(?i)\s+(across|for|between|among|of)\s+[^?]*?(?=\s+(in|for)\s+(fy|fiscal|20\d\d)|\?|$)")


def one_company_asked(facts: QuestionFacts) -> QuestionFacts:
    """"Which of A, B and C had the highest total assets in FY2022?" read as "What were total assets in FY2022?"
    for each company: the ranking and listing words are how the companies are compared, not qualifiers of the
    measure."""
    import dataclasses

    text = core_question(facts.text)
    m = _RANKING_LEAD.search(text) or _COMPARE_LEAD.search(text)
    if not m:
        return facts
    rest = text[m.end():]
    if _COMPARE_LEAD.match(text):
        rest = _ACROSS.sub(" ", rest, count=1)
    return dataclasses.replace(facts, text=f"What was the {rest.strip()}")


def reporting_currencies(state: TurnState, conn) -> dict[str, str]:
    """Each answered company's reporting currency, read from the document its figure cites."""
    if conn is None or not state.citations:
        return {}
    units = corpus.document_units(conn, {c.doc for c in state.citations})
    out: dict[str, str] = {}
    for c in state.citations:
        cur = units.get(c.doc).currency if units.get(c.doc) else ""
        out.setdefault(c.company, cur or "")
    return out


def currencies_differ(state: TurnState, conn) -> bool:
    curs = {c for c in reporting_currencies(state, conn).values()}
    return len(curs) > 1


def _which_of_many(m: re.Match, results: list[dict], currencies: dict[str, str]) -> str:
    """The verdict over several companies' figures: only where they are comparable (one measure, one year, one
    currency); otherwise what keeps them apart is said instead of a verdict."""
    companies = [r["company"] for r in results]
    if len(set(companies)) != len(companies):
        return ""
    if len({r["metric"] for r in results}) > 1 or len({r["year"] for r in results}) > 1:
        return "No verdict: the figures below are not one measure of one year, so they are not ranked."
    curs = {currencies.get(r["company"], "") for r in results}
    if len(curs) > 1 or "" in curs and len(results) > 1 and any(curs - {""}):
        said = ", ".join(f"{r['company']} in {currencies.get(r['company']) or 'an unstated currency'}"
                         for r in results)
        return (f"No verdict: the reports state these figures in different currencies ({said}) and print no rate "
                "to convert them, so they are not ranked.")
    units = {r["unit"] for r in results}
    money = all(u in SCALE for u in units)
    if len(units) > 1 and not money:
        return ""
    vals = []
    for r in results:
        try:
            v = Decimal(r["value"])
        except (InvalidOperation, TypeError):
            return ""
        vals.append(v * SCALE[r["unit"]] if money else v)
    low = m.group(2).lower() in ("smaller", "smallest", "lower", "lowest", "less")
    ranked = sorted(zip(vals, companies), reverse=not low)
    if len(ranked) > 1 and ranked[0][0] == ranked[1][0]:
        return f"{ranked[0][1]} and {ranked[1][1]} are equal on this measure."
    order = ", then ".join(c for _, c in ranked[1:])
    return f"{ranked[0][1]}'s is the {m.group(2).lower()} (then {order}):"


def which_is(question: str, results: list[dict], own_years: bool = False,
             currencies: dict[str, str] | None = None) -> str:
    """"Which is larger?" over two companies' figures of one measure and year (or each company's own year, as the
    thread asked them): the verdict, stated first. Given `currencies` (several companies at once), the verdict
    over all of them, only where comparable."""
    m = WHICH_IS.search(question)
    if m and currencies is not None and len(results) >= 2:
        return _which_of_many(m, results, currencies)
    if not m or len(results) != 2:
        return ""
    a, b = results
    money = a["unit"] in SCALE and b["unit"] in SCALE     # "$1,607 million" against "$2,168,095 thousand"
    if a["company"] == b["company"] or a["metric"] != b["metric"] or (a["unit"] != b["unit"] and not money) \
            or (a["year"] != b["year"] and not own_years):
        return ""
    try:
        va, vb = Decimal(a["value"]), Decimal(b["value"])
    except (InvalidOperation, TypeError):
        return ""
    if money:
        va, vb = va * SCALE[a["unit"]], vb * SCALE[b["unit"]]
    if va == vb:
        return f"{a['company']} and {b['company']} are equal on this measure."
    low = m.group(2).lower() in ("smaller", "smallest", "lower", "lowest", "less")
    top, other = (a, b) if (va < vb) == low else (b, a)
    if a["year"] != b["year"]:
        return f"{top['company']}'s (FY{top['year']}) is {m.group(2).lower()} than {other['company']}'s " \
               f"(FY{other['year']}):"
    return f"{top['company']}'s is {m.group(2).lower()}:"
