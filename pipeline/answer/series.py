"""A measure across fiscal years and companies as one table: "Boeing revenue FY2018 to FY2022", "3M's operating
margin over the last three years", "compare capex of Boeing and 3M in FY2021 and FY2022".

Every cell is one (company, fiscal year) read the way a single-figure answer reads it: a printed row x column of the
facts table (`pipeline.retrieval.fact_match.find`, which prefers the year's own report and else a later report's
prior-year column), or a derived measure (a margin, a share, a year-on-year change) computed by the calculator from such cells,
its derivation kept with the cell. A cell that cannot be read says why (no report held prints that year; the
reports held do not print it): a cell is never interpolated from its neighbours.

The table is data (`SeriesTable`, `pipeline/core/series_table.py`, below the turn state and the answerer), recorded on
the turn state so it survives a reload of the conversation, carried by `ara ask --json` and exported by
`pipeline.answer.export`.
"""
from __future__ import annotations

import re
from decimal import Decimal
from typing import Callable

from pipeline.answer import calculator
from pipeline.question import figure_ask
from pipeline.retrieval import fact_match as lookup
from pipeline.answer.extract import possessive
from pipeline.answer.figure_kinds import AVERAGE, CAGR, SHARE_OF
from pipeline.answer.wording import figure_record, money, passage_of, shown, where
from pipeline.question.labels import doc_label
from pipeline.question.periods import YEARS_PRINTED_BACK, names_span, year_span
from pipeline.question.analysis import QuestionFacts, core_question
from pipeline.retrieval.passage import Passage
from pipeline.reading.cells import MINOR_UNITS
from pipeline.core.series_table import Cell, SeriesTable

# Asking for the figures side by side rather than one of them: a comparison or a table / chart of them.
_SIDE_BY_SIDE = re.compile(r"(?i)\b(compare[ds]?|comparison|side[- ]by[- ]side|versus|vs\.?|table|chart|plot|graph|"
                           r"tabulate|series|trend|each year|every year|by year|per year|year[- ]by[- ]year|peers?)\b")
# A question that wants one verdict or one number over the figures, answered elsewhere (never a table).
_ONE_ANSWER = re.compile(r"(?i)^\s*(which|who|whose|did|does|do|is|are|was|were|has|have|had|why)\b")
# A year-on-year change per year ("revenue growth each year", "year-over-year change in capex FY2019-FY2022").
_YOY = re.compile(r"(?i)\b(growth|grew|change|yoy|year[- ]over[- ]year|year[- ]on[- ]year)\b|"
                  # a change asked with a verb: "by what percentage did revenue grow", "how much did capex decline"
                  r"\b(by )?(how much|what (percentage|percent|%)|how fast)\b.*\b(grow|grown|increase[ds]?|"
                  r"decrease[ds]?|decline[ds]?|rise|rose|fall|fell)\b")
# Said per year: a change asked per year is a series of changes; without it, one change over the run.
_PER_YEAR = re.compile(r"(?i)\b(each|every|per|by)\s+year\b|\byear[- ]by[- ]year\b|\bannual(ly)?\b|\byearly\b")
_MAX_CELLS = 60


# --- which questions -------------------------------------------------------------------------------------------
def asks_series(facts: QuestionFacts, companies: list[str] | None = None) -> bool:
    """One measure over a run of years or across companies, as a table: a run of years named ("FY2018 to FY2022",
    "the last three years"), three or more years, several companies over several years, or several companies
    compared side by side. Not a question wanting one verdict or one number over them ("which is higher?", "did it
    improve?", an average, a CAGR): those keep their own answers."""
    from pipeline.answer.superlative import is_superlative
    from pipeline.answer.trend import asks_trend

    if facts.metric is None:
        return False
    q = core_question(facts.own_words())
    if _ONE_ANSWER.match(q) or AVERAGE.search(q) or CAGR.search(q) or asks_trend(facts) or is_superlative(facts):
        return False
    n_companies = len(companies if companies is not None else facts.companies)
    years = set(facts.years)
    if _YOY.search(q) and not _PER_YEAR.search(q):
        return False            # "revenue growth from FY2021 to FY2022": one change over the run (figures.py)
    if names_span(q) or len(years) >= 3:
        return True
    if n_companies >= 2 and len(years) >= 2:
        return True
    return n_companies >= 2 and bool(_SIDE_BY_SIDE.search(q))


def asked_years(facts: QuestionFacts, latest: int | None, fallback: list[int]) -> list[int]:
    """The years of the table for one company: the run the question names (ending at `latest`, the company's
    latest report, for "the last three years"), else the years it names, else `fallback` (the turn's years)."""
    span = year_span(facts.own_words(), latest)
    if span:
        return span[0]
    return sorted(set(facts.years)) or sorted(set(fallback))


def _cell_text(facts: QuestionFacts) -> str:
    """The question as one cell's figure question: the run of years and the side-by-side words taken out (they
    say how to lay the figures out, not what to read: "three" is no row qualifier)."""
    text = facts.own_words()
    span = year_span(text, latest=2100)
    if span:
        text = text.replace(span[1], " ")
    text = re.sub(r"(?i)\b(?:over|for|in|during|across)?\s*(?:the\s+)?(?:last|past|latest|previous|recent|most\s+"
                  r"recent)\s+(?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+(?:fiscal\s+)?years\b", " ",
                  text)
    text = re.sub(r"(?i)\bsince\s+\S+", " ", text)
    text = _SIDE_BY_SIDE.sub(" ", text)
    text = re.sub(r"(?i)\b(year[- ]over[- ]year|year[- ]on[- ]year|yoy|growth|change)\b", " ", text)
    return re.sub(r"\s{2,}", " ", text).strip()


# --- the table -------------------------------------------------------------------------------------------------
def build(state, conn, facts: QuestionFacts, companies: list[str], years_of: Callable[[str], list[int]],
          cite: Callable[[Passage], int], annual: dict[str, list[int]] | None = None) -> SeriesTable:
    """Read every (company, year) cell. `years_of(company)`: the table's years for that company; `cite`: the
    answer's citation registry (a passage -> its marker). Figures, results and claims are recorded on `state` as a
    single-figure answer records them, so the verifier checks every cell on its cited page."""
    from pipeline.answer.figures import Answerer

    metric = facts.metric
    cell_facts = QuestionFacts(text=_cell_text(facts), companies=facts.companies, years=[], metrics=facts.metrics,
                               topics=facts.topics)
    q = cell_facts.text
    yoy = bool(_YOY.search(core_question(facts.own_words())))
    margin = bool(re.search(r"(?i)\bmargin\b", q)) and metric.kind in ("amount", "derived") \
        and metric.unit in ("", "money") and metric.key != "revenue"
    derived = not metric.printed or margin or (len(facts.metrics) >= 2 and bool(SHARE_OF.search(q)))
    probe = Answerer(state, conn, cell_facts, companies[0], 0, cite)
    measure = probe.measure_name() + (" change on the prior year" if yoy else "")
    table = SeriesTable(measure=measure, companies=list(companies), columns=[])
    cells: list[Cell] = []
    for company in companies:
        for year in years_of(company)[:_MAX_CELLS]:
            cells.append(_read_cell(state, conn, cell_facts, company, year, cite, derived=derived, yoy=yoy,
                                    annual=(annual or {}).get(company)))
    table.cells = cells
    table.columns = [f"FY{y}" for y in sorted({c.year for c in cells})]
    table.unit, table.currency = _shared(c.unit for c in cells if c.kind != "missing"), \
        _shared(c.currency for c in cells if c.kind != "missing")
    table.chart = "bar" if len(table.columns) == 1 and len(companies) >= 2 else "line"
    return table


def _shared(values) -> str:
    vs = {v for v in values if v}
    return next(iter(vs)) if len(vs) == 1 else ("mixed" if vs else "")


def _read_cell(state, conn, facts: QuestionFacts, company: str, year: int, cite, *, derived: bool, yoy: bool,
               annual: list[int] | None) -> Cell:
    docs = lookup.documents_for(conn, company, year)
    cell = Cell(company=company, year=year, period=f"FY{year}")
    if not docs:
        cell.kind = "missing"
        cell.missing = f"no report held for FY{year} (a {company} report of FY{year} to FY{year + YEARS_PRINTED_BACK} " \
                       "could print it)"
        return cell
    cited: list[Passage] = []
    label_of: dict[int, str] = {}

    def cell_cite(p: Passage) -> int:
        cited.append(p)
        marker = cite(p)
        label_of[marker] = doc_label(p.company, p.fiscal_year, p.doc_type, p.page)
        return marker

    try:
        if yoy:
            _yoy_cell(state, conn, facts, cell, cell_cite, derived)
        elif derived:
            _derived_cell(state, conn, facts, cell, cell_cite, cited)
        else:
            _printed_cell(state, conn, facts, cell, cell_cite, docs)
    except calculator.CalculationError as e:
        from pipeline.stores import corpus

        labels = corpus.document_labels(conn, [d for d, _, _ in docs])
        held = ", ".join(f"FY{labels[d][1]} {_report(labels[d][1], labels[d][2]).split(' ', 1)[1]}"
                         for d, _, _ in docs if d in labels)
        cell.kind, cell.value, cell.shown = "missing", None, ""
        cell.missing = f"not printed in the {company} reports that cover FY{year} ({held})" if not (derived or yoy) \
            else f"not computable from the {company} reports that cover FY{year} ({held}): {e}"
        cell.row = str(e)       # what was looked for, and the closest lines (kept in the table, not the answer)
        return cell
    # the table keeps each input's page by name: the answer's markers are renumbered when it is shaped
    cell.derivation = re.sub(r"\[(\d+)\]", lambda m: f"[{label_of.get(int(m.group(1)), m.group(1))}]", cell.derivation)
    seen: list[tuple[str, int]] = []
    for p in cited:
        if (p.doc, p.page) not in seen:
            seen.append((p.doc, p.page))
            cell.citations.append(doc_label(p.company, p.fiscal_year, p.doc_type, p.page))
    cell.docs = seen
    cell.citation = cell.citations[0] if cell.citations else ""
    if cited and not cell.read_from:
        p = cited[0]
        cell.report = _report(p.fiscal_year, p.doc_type)
        cell.read_from = f"{company} {cell.report}" + ("" if p.fiscal_year == year else " (prior-year column)")
    return cell


def _report(report_year: int, doc_type: str) -> str:
    kind = {"10K": "10-K", "10Q": "10-Q", "8K": "8-K"}.get(doc_type.upper().replace("-", ""), doc_type)
    return f"FY{report_year} {kind}"


def _printed_cell(state, conn, facts: QuestionFacts, cell: Cell, cite, docs) -> None:
    """A printed row x column: the lookup a single-figure answer uses, for this company and year."""
    metric = facts.metric
    ask = figure_ask.read_ask(facts.text, facts, metric)
    found = lookup.find(conn, ask, cell.company, cell.year, docs=docs)
    if isinstance(found, lookup.NoMatch):
        near = f"; closest lines: {lookup.closest_text(found.closest)}" if found.closest else ""
        raise calculator.CalculationError(f"{ask.measure or metric.label} is not printed for FY{cell.year}{near}")
    f = found.fact
    m = cite(passage_of(f))
    value = calculator.amount_of(f.label, f.value, metric.outflow) if f.value is not None else None
    if value is None:
        raise calculator.CalculationError(f"the FY{cell.year} cell of \"{f.label_path}\" holds no figure")
    cell.value, cell.kind = str(value), "printed"
    cell.shown = shown(f) if not metric.outflow else money(value, f)
    cell.unit = "%" if f.kind == "percent" else \
        (f"{f.scale} per share" if f.scale in MINOR_UNITS else "per share") if f.kind == "per_share" else (f.scale or "")
    cell.currency = "" if f.kind == "percent" else (f.currency or "")
    cell.row = where(f)
    measure = ask.measure or metric.label
    key = metric.key
    state.figures.append(figure_record(f, measure, key, cell.year, m))
    state.results.append({"company": cell.company, "metric": key, "year": cell.year, "value": str(value),
                          "unit": f.scale, "kind": "printed"})
    note = f", printed as {f.value_printed}" if f.value is not None and f.value < 0 else ""
    _claim(state, cell, f"{possessive(cell.company)} {measure} in FY{cell.year} was {cell.shown} [{m}] "
                        f"({cell.row}, FY{cell.year}{note}).")


def _derived_cell(state, conn, facts: QuestionFacts, cell: Cell, cite, cited: list[Passage]) -> None:
    """A margin, a share or a computed measure: the calculator over cited cells, as a single-figure answer."""
    from pipeline.answer.figures import Answerer

    ans = Answerer(state, conn, facts, cell.company, cell.year, cite)
    value, unit, _ = ans.measure(cell.year)
    steps = "; ".join(ans.steps)
    _derived_units(conn, cell, unit, cited)
    if cell.unit in ("%", "x"):     # a rate as a single-figure answer shows it (one decimal; a multiple two)
        value = value.quantize(Decimal("0.1") if cell.unit == "%" else Decimal("0.01"))
        cell.shown = f"{value} %" if cell.unit == "%" else f"{value}x"
    else:
        cell.shown = money(value, scale=cell.unit or None, currency=cell.currency or None) + \
            (" (negative)" if value < 0 else "")
    if cell.unit in ("%", "x"):     # the derivation ends in the value as shown, so the claim checks against it
        steps = re.sub(r"=\s*-?[\d,]+(?:\.\d+)?\s*$", f"= {cell.shown}", steps)
    cell.value, cell.kind, cell.derivation = str(value), "derived", steps
    state.derivation = "; ".join(filter(None, [state.derivation, steps]))
    state.results.append({"company": cell.company, "metric": facts.metric.key, "year": cell.year,
                          "value": str(value), "unit": unit, "kind": "derived"})
    _claim(state, cell, f"{possessive(cell.company)} {ans.measure_name()} in FY{cell.year} was {cell.shown}, "
                        f"computed as {steps}.")


def _derived_units(conn, cell: Cell, unit: str, cited: list[Passage]) -> None:
    """A derived amount is in its inputs' scale and currency: those of the first page this cell cited (never
    another cell's: peers may report in other currencies)."""
    from pipeline.stores import facts as store

    if unit in ("%", "percent"):
        cell.unit, cell.currency = "%", ""
    elif unit in ("x", "ratio"):
        cell.unit, cell.currency = "x", ""
    elif unit in ("count", "per_share"):
        cell.unit, cell.currency = ("per share" if unit == "per_share" else ""), ""
    else:
        first = next((f for p in cited[:1] for f in store.table_facts(conn, p.doc, p.page)[:1]), None)
        cell.unit, cell.currency = (first.scale or "", first.currency or "") if first else ("", "")


def _yoy_cell(state, conn, facts: QuestionFacts, cell: Cell, cite, derived: bool) -> None:
    """The change on the prior year: this year's and the prior year's cell read the same way (each cited), a rate's
    change in percentage points, an amount's in percent."""
    from pipeline.answer.figures import Answerer

    ans = Answerer(state, conn, facts, cell.company, cell.year, cite)
    b, unit, shown_b = ans.measure(cell.year)
    a, unit_a, shown_a = ans.measure(cell.year - 1)
    rate = unit in ("%", "percent") or unit_a in ("%", "percent")
    if rate:
        va, vb = (Decimal(s.replace(",", "").rstrip("% ")) for s in (shown_a, shown_b))
        v = vb - va
        calc = f"{shown_b.rstrip('% ')} % − {shown_a.rstrip('% ')} % = {v:+} percentage points"
        cell.unit, cell.shown = "points", f"{v:+} percentage points"
    else:
        if a == 0:
            raise calculator.CalculationError(f"the FY{cell.year - 1} figure is zero")
        v = (b - a) / abs(a) * 100
        calc = f"({calculator.fmt(b)} − {calculator.fmt(a)}) / {calculator.fmt(abs(a))} × 100 = {v:+.1f} %"
        cell.unit, cell.shown = "%", f"{v:+.1f} %"
        v = v.quantize(Decimal("0.1"))
    cell.value, cell.kind, cell.currency = str(v), "derived", ""
    cell.derivation = "; ".join([*ans.steps, calc])
    state.derivation = "; ".join(filter(None, [state.derivation, cell.derivation]))
    state.results.append({"company": cell.company, "metric": f"{facts.metric.key}_change", "year": cell.year,
                          "value": str(v), "unit": cell.unit, "kind": "derived"})
    _claim(state, cell, f"{possessive(cell.company)} {ans.measure_name()} changed by {cell.shown} from FY{cell.year - 1}"
                        f" to FY{cell.year}, computed as {cell.derivation}.")


def _claim(state, cell: Cell, text: str) -> None:
    """One claim per cell, checked by the verifier on its cited page (a derived one against its derivation)."""
    from pipeline.state import Claim

    state.claims.append(Claim(text=text, label=f"{cell.company} {cell.period} series cell", company=cell.company))


# --- the answer's text -----------------------------------------------------------------------------------------
def answer_text(table: SeriesTable, marker_of: Callable[[tuple[str, int]], int]) -> str:
    """One line per company: each period's figure with its marker, then the empty cells and why, then which
    report the later-report cells were read from. The table below the answer holds the same cells."""
    lines: list[str] = []
    for company in table.companies:
        mine = [c for c in table.cells if c.company == company]
        got = [c for c in mine if c.kind != "missing"]
        if got:
            parts = [f"{c.period} {c.shown} " + "".join(f"[{marker_of(d)}]" for d in c.docs[:1 if c.kind ==
                                                                                              "printed" else 3])
                     for c in got]
            lines.append(f"{possessive(company)} {table.measure}: " + "; ".join(parts) + ".")
        for c in mine:
            if c.kind == "missing":
                lines.append(f"{company} {c.period}: no figure, {c.missing}.")
        later: dict[str, list[str]] = {}
        for c in got:
            if c.report and not c.report.startswith(c.period + " "):
                later.setdefault(c.report, []).append(c.period)
        for report, periods in later.items():
            many = len(periods) > 1
            lines.append(f"{company} {' and '.join(periods)} {'are' if many else 'is'} read from the prior-year "
                         f"column{'s' if many else ''} of its {report}.")
    if any(c.kind == "derived" for c in table.cells):
        lines.append("Derived cells show their derivation in the table.")
    return " ".join(lines)


def all_missing(table: SeriesTable) -> bool:
    return all(c.kind == "missing" for c in table.cells)
