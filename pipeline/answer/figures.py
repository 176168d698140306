"""Figure answers for one company and fiscal year: a printed row x column from the facts table, or a derived
measure through the calculator with each input cited. Never a different measure presented as the answer: when no
row covers the question, the reply says so and names the closest lines (offered as follow-ups).

Signs: an amount is reported as printed with its label ("Research and development $2,852 million", printed as
(2,852)); a genuine negative is said in words (a loss, a decrease, cash used).
"""
from __future__ import annotations

import re
from decimal import Decimal
from typing import Callable

from pipeline.answer import calculator
from pipeline.question import figure_ask
from pipeline.retrieval import fact_match as lookup
from pipeline.answer.extract import NOT_FOUND, possessive
from pipeline.question.lexicon import Metric, get_lexicon
from pipeline.question.analysis import QuestionFacts
from pipeline.retrieval.passage import Passage
from pipeline.retrieval.rate_rows import RATIO_ASKED
from pipeline.state import Claim, TurnState
from pipeline.stores.facts import StoredFact
from pipeline.answer.figure_kinds import AVERAGE, CAGR, SHARE_OF, computes_a_part, shown_as_percent
from pipeline.answer.share import answer_share, numerator_phrase
from pipeline.answer.trend import answer_trend, asks_trend
from pipeline.answer.wording import (figure_record, money, other_basis, other_basis_note, other_capex, passage_of,
                                     period_said, shown, where)
from pipeline.answer.figure_inputs import FigureInputs
from pipeline.answer.lead_measure import as_said, named_as_printed

# Words that name how a measure is derived, not whose it is.
_ABBREVIATIONS = {"capex", "ebit", "ebitda", "eps", "fcf", "sga", "sg&a", "opex", "cogs", "r&d", "d&a", "cfo", "dps"}


class Answerer(FigureInputs):
    """One (company, fiscal year) figure answer; records figures, results and claims on the turn state."""

    # --- answers ------------------------------------------------------------------------------------------------
    def answer(self) -> tuple[str, str]:
        f, q, metric = self.facts, self.facts.text, self.facts.metric
        label = f"{self.company} FY{self.year} {metric.label if metric else 'figure'}"
        years = sorted(set(f.years))
        try:
            if self.definition and self._defines_asked():
                return self._defined(label)
            ratio = self._printed_ratio() if len(f.metrics) >= 2 and RATIO_ASKED.search(q) else None
            if ratio is not None:
                return self._printed(None, label, found=ratio)  # "net debt to adjusted EBITDA": the filing's multiple
            if figure_ask.asks_non_gaap(q) and metric is not None and (not metric.printed or len(f.metrics) >= 2
                                                                 or re.search(r"(?i)\bmargin\b", q)):
                # An adjusted / non-GAAP measure cannot be computed from the GAAP lines: printed, or not at all.
                return self._printed(metric, label, non_gaap=True)
            if asks_trend(f):     # "improving / has it declined": both years and a verdict, never one value
                return answer_trend(self)
            if len(years) >= 2 and AVERAGE.search(q):
                return self._over_years(list(range(years[0], years[-1] + 1)), "average")
            if len(years) >= 2 and CAGR.search(q):
                return self._over_years([years[0], years[-1]], "cagr")
            if len(years) == 2 and calculator.GROWTH.search(q) and not self.definition:
                return self._over_years(years, "growth")
            if computes_a_part(f, metric):
                raise calculator.CalculationError("a quarter's or a half's ratio is not computed from the year's figures")
            if metric is not None and len(f.metrics) >= 2 and SHARE_OF.search(q):
                return self._ratio(f.metrics[0], f.metrics[1], label)
            phrase = numerator_phrase(f)
            if phrase:        # "sales and marketing as % of revenue": a line the lexicon does not know, over one
                return answer_share(self, phrase, label)
            if metric is not None and calculator.LESS.search(q) and len(f.metrics) >= 2:
                return self._difference(f.metrics[0], f.metrics[1], label)
            if metric is not None and re.search(r"(?i)\bmargin\b", q) and metric.kind in ("amount", "derived") \
                    and metric.unit in ("", "money") and metric.key != "revenue":
                return self._ratio(metric, get_lexicon().get("revenue"), f"{label} margin", margin=True)
            if metric is not None and (metric.key in self.local or (not metric.printed and metric.formula)):
                if metric.key not in self.local and (metric.unit or "money") == "money" and isinstance(
                        lookup.find(self.conn, figure_ask.read_ask(q, f, metric), self.company, self.year),
                        lookup.FactMatch):
                    return self._printed(metric, label)   # a derived amount printed ("EBITDA 263.3"): its row, cited
                return self._derived(metric, label)
            if metric is not None and not metric.printed:
                raise calculator.CalculationError(f"{metric.label} is computed and has no formula")
            return self._printed(metric, label)
        except calculator.CalculationError as e:
            return f"{NOT_FOUND} {self.measure_name()} for {self.company} FY{self.year}: {e}.", "not_found"

    def measure_name(self) -> str:
        if self.definition and self._defines_asked():
            return self.definition[0]
        m = self.facts.metric
        if m is not None and m.kind == "amount" and m.key != "revenue" and re.search(r"(?i)\bmargin\b", self.facts.text):
            return f"{m.label} margin"      # "EBIT margin": the amount over revenue, named as asked
        if m is not None:
            return m.label
        return figure_ask.read_ask(self.facts.text, self.facts, None).measure or "that figure"

    def _defines_asked(self) -> bool:
        """The question defines the measure it asks for (not only one of its inputs)."""
        from pipeline.question.analysis import core_question

        if not self.definition:
            return False
        name = set(figure_ask.stems(self.definition[0])) - {"the", "a", "an", "of"}
        asking = core_question(self.facts.text).split("?")[0]
        if not name or not name <= set(figure_ask.stems(asking)):
            return False
        # "EBITDA less capex" with EBITDA defined: the definition is of an input, the question asks for more.
        rest = re.sub(rf"(?i){re.escape(self.definition[0])}|{re.escape(self.definition[1])}", " ", asking)
        rest = re.sub(r"(?i),?\s*\b(?:defined|calculated|computed|measured)\s+as\b|,\s*using\b|\([^()]*\)", " ", rest)
        return not (calculator.LESS.search(rest) or SHARE_OF.search(rest) or re.search(r"(?i)\bmargin\b", rest))

    def measure(self, year: int) -> tuple[Decimal, str, str]:
        """The asked measure in one fiscal year, for averages, growth and CAGR over years: (value, unit, the value
        as this year's derivation step shows it)."""
        f, q, metric = self.facts, self.facts.text, self.facts.metric
        if self.definition and self._defines_asked():
            v = self.defined_input(self.definition[1], self.definition[0], year).value
            return v, "x", calculator.fmt(v)
        if metric is not None and (len(f.metrics) >= 2 and SHARE_OF.search(q) or re.search(r"(?i)\bmargin\b", q)
                                   and metric.unit in ("", "money") and metric.key != "revenue"):
            den = f.metrics[1] if len(f.metrics) >= 2 and SHARE_OF.search(q) else get_lexicon().get("revenue")
            a, b = self.value(metric, year), self.value(den, year)
            pct = bool(re.search(r"(?i)%|percent|margin", q)) or den.key == "revenue"
            formula_ = f"{metric.key} / {den.key}" + (" * 100" if pct else "")
            r = calculator.derived(formula_, "%" if pct else "x", {metric.key: a, den.key: b})
            self.steps.append(f"FY{year}: {r.derivation}")
            return r.value, "%" if pct else "x", r.shown().split()[0].rstrip("x")
        if metric is not None and (metric.key in self.local or (not metric.printed and metric.formula)):
            i = self.value(metric, year)
            return i.value, (metric.unit or "money").split()[0], calculator.fmt(i.value)
        if metric is not None and not metric.printed:
            raise calculator.CalculationError(f"{metric.label} is computed and has no formula")
        ask = figure_ask.read_ask(q, f, metric)
        found = lookup.find(self.conn, ask, self.company, year)
        if isinstance(found, lookup.NoMatch):
            raise calculator.CalculationError(f"{ask.measure or 'that figure'} is not printed for FY{year}")
        fact = found.fact
        m = self.cite(passage_of(fact))
        self.part = self.part_named(fact, self.measure_name(), ask, label_said=False) or self.part
        self.steps.append(f"FY{year} {ask.measure or fact.label}: {fact.value_printed} [{m}] ({where(fact)})")
        value = calculator.amount_of(fact.label, fact.value, metric is not None and metric.outflow)
        return value, "money" if fact.kind == "money" else fact.kind, calculator.fmt(value)

    def _over_years(self, years: list[int], how: str) -> tuple[str, str]:
        measured = [(y, *self.measure(y)) for y in years]
        vals = [(y, v, u) for y, v, u, _ in measured]
        unit = vals[-1][2]
        name = self.measure_name()
        span = f"FY{years[0]}–FY{years[-1]}"
        if how == "average":
            v = sum(x for _, x, _ in vals) / len(vals)
            what = f"the {len(years)}-year average of {possessive(self.company)} {name} ({span})"
            # each year's value as its own derivation shows it, so every number here is checkable
            shown_each = [shown for _, _, _, shown in measured]
            calc = f"mean of {', '.join(shown_each[:-1])} and {shown_each[-1]}"
            out_unit = unit
        else:
            (ya, a, _), (yb, b, _) = vals[0], vals[-1]
            out_unit = None
            if a == 0 and unit not in ("%", "percent"):
                raise calculator.CalculationError(f"{name} is zero in FY{ya}")
            if how == "growth" and unit in ("%", "percent"):   # a rate's change is in points, not a % of a %
                sa, sb = (measured[0][3].rstrip("% "), measured[-1][3].rstrip("% "))
                v = Decimal(sb.replace(",", "")) - Decimal(sa.replace(",", ""))
                what = f"the change in {possessive(self.company)} {name} from FY{ya} to FY{yb}"
                calc = f"{sb} % − {sa} %"
                out_unit = "points"
                shown_v = f"{v:+} percentage points (from {sa} % in FY{ya} to {sb} % in FY{yb})"
            elif how == "growth":
                v = (b - a) / abs(a) * 100
                what = f"the change in {possessive(self.company)} {name} from FY{ya} to FY{yb}"
                calc = f"({calculator.fmt(b)} − {calculator.fmt(a)}) / {calculator.fmt(abs(a))} × 100"
            else:
                if a <= 0 or b <= 0:
                    raise calculator.CalculationError("a CAGR needs positive values at both ends")
                n = yb - ya
                v = (Decimal(float(b / a) ** (1 / n)) - 1) * 100
                what = f"{possessive(self.company)} {n}-year {name} CAGR from FY{ya} to FY{yb}"
                calc = f"({calculator.fmt(b)} / {calculator.fmt(a)})^(1/{n}) − 1, as a percentage"
            out_unit = "points" if out_unit == "points" else "%"
        if out_unit == "points":
            pass                           # shown with both years' rates above
        elif out_unit == "%":
            shown_v = f"{v:.1f} %"
        elif out_unit in ("x", "ratio"):
            shown_v = f"{v:.2f}"
        else:
            scale, cur = self.scale()      # one lookup: it reads the cited tables
            shown_v = money(v, scale=scale, currency=cur)
        derivation = "; ".join([*self.steps, f"{calc} = {shown_v}"])
        self.year = years[-1]
        self.record_result(f"{re.sub(r'[^a-z]+', '_', name.lower()).strip('_')}_{how}", v,
                           out_unit, "derived")
        return self.claim(f"{self.company} {span} {name} {how}", f"{what[0].upper()}{what[1:]} was {shown_v}, "
                          f"computed as {derivation}.", derivation, "derived")

    def _defined(self, label: str) -> tuple[str, str]:
        name, expr = self.definition  # type: ignore[misc]
        i, shown, calc = self.evaluate_definition(expr, name, self.year)
        v = i.value
        ratio = "/" in calc     # a quotient is a ratio or days; a sum is money
        scale, cur = (None, None) if ratio else self.scale_of_inputs()
        shown_v = f"{v:.2f}" if ratio else money(v, scale=scale, currency=cur)
        named = get_lexicon().find(name)
        if ratio and shown_as_percent(name, self.facts.text, v, named[0].unit if named else None):
            # a quotient of a percentage kind, or of one amount to a larger one: both forms, the definition's own first
            self.steps.append(f"as a percentage = ({shown}) × 100 = {v * 100:.1f} %")
            shown_v += f" ({v * 100:.1f} %)"
        self.record_result(re.sub(r"[^a-z]+", "_", name.lower()).strip("_")[:40], v, "x" if ratio else scale, "derived")
        derivation = "; ".join(self.steps)
        return self.claim(f"{self.company} FY{self.year} {name}", f"{possessive(self.company)} {name} in "
                          f"FY{self.year} was {shown_v} (as the question defines it), computed as {derivation}.",
                          derivation, "derived")

    def claim(self, label: str, text: str, derivation: str, kind: str) -> tuple[str, str]:
        if derivation:
            self.state.derivation = "; ".join(filter(None, [self.state.derivation, derivation]))
        self.state.claims.append(Claim(text=text, label=label, company=self.company))
        return text, kind

    def record_result(self, key: str, value, unit: str | None, kind: str) -> None:
        self.state.results.append({"company": self.company, "metric": key, "year": self.year, "value": str(value),
                                   "unit": unit, "kind": kind})

    def _ratio(self, num: Metric, den: Metric, label: str, margin: bool = False) -> tuple[str, str]:
        for m in (num, den):     # "payout ratio ... per share over EPS": a ratio over a figure measures nothing
            if m.unit in ("%", "x"):
                raise calculator.CalculationError(f"{m.label} is itself a ratio; I do not divide it by another figure")
        a, b = self.value(num), self.value(den)
        # (an amount over revenue, "capex-to-revenue", "R&D to sales", is a share of it, as analysts state it)
        pct = margin or bool(re.search(r"(?i)%|percent|margin", self.facts.text)) or den.key == "revenue"
        formula = f"{num.key} / {den.key}" + (" * 100" if pct else "")
        r = calculator.derived(formula, "%" if pct else "x", {num.key: a, den.key: b})
        name = f"{num.label} margin" if margin else f"{num.label} {'as a % of' if pct else 'to'} {den.label}"
        name = " ".join(filter(None, [self.entity_phrase(), name]))
        self.record_result(f"{num.key}_{'margin' if margin else 'over_' + den.key}", r.value, "%" if pct else "x",
                           "derived")
        pre = "".join(f"{x}; " for x in self.steps)
        return self.claim(label, f"{possessive(self.company)} {name} in FY{self.year} was {r.shown()}, computed as "
                          f"{pre}{r.derivation}.", "; ".join([*self.steps, r.derivation]), "derived")

    def _difference(self, a_m: Metric, b_m: Metric, label: str) -> tuple[str, str]:
        a, b = self.value(a_m), self.value(b_m)
        r = calculator.difference(a, b)
        scale, cur = self.scale()
        self.record_result(f"{a_m.key}-{b_m.key}", r.value, scale, "derived")
        pre = "".join(f"{x}; " for x in self.steps)
        return self.claim(label, f"{possessive(self.company)} {a_m.label} less {b_m.label} in FY{self.year} was "
                          f"{money(r.value, scale=scale, currency=cur)}{' (negative)' if r.value < 0 else ''}, "
                          f"computed as {pre}{r.derivation}.", "; ".join([*self.steps, r.derivation]), "derived")

    def _derived(self, metric: Metric, label: str) -> tuple[str, str]:
        ask = figure_ask.read_ask(self.facts.text, self.facts, metric) if metric.line_items else None
        if ask is not None and metric.key not in self.local:   # the filing prints it (a non-GAAP table)
            found = lookup.find(self.conn, ask, self.company, self.year)
            if isinstance(found, lookup.FactMatch):
                # the table's title is the definition only when it names the measure (a page's first heading
                # above an unrelated paragraph is not: "Common Stock" over a free-cash-flow table)
                title = found.fact.table_title
                names = set(figure_ask.stems(" ".join(metric.terms))) & set(figure_ask.stems(title)) - {"cash", "net"}
                return self._printed(metric, label, defined_by=title if names else "")
        formula = derived_formula(metric, self.facts.text)
        if ask is not None and re.fullmatch(r"[a-z_]+", formula):
            # one line standing in for the measure only where the report prints the measure's own line in no year
            for y in (self.year - 1, self.year + 1):
                if isinstance(lookup.find(self.conn, ask, self.company, y), lookup.FactMatch):
                    raise calculator.CalculationError(f"{metric.label} is printed for FY{y} but not for FY{self.year}")
        inputs = {k: self.value(get_lexicon().get(k)) for k in re.findall(r"[a-z_]+", formula)}
        r = calculator.derived(formula, metric.unit, inputs)
        if r.unit == "money":
            scale, cur = self.scale()
            text = money(r.value, scale=scale, currency=cur) + (" (negative)" if r.value < 0 else "")
            # (the result in the report's currency, as the answer says it: "= €41.2 million", never "= $41.20")
            r.derivation = f"{r.derivation.rsplit(' = ', 1)[0]} = {money(r.value, scale=scale, currency=cur)}"
        else:
            scale, text = r.unit.split()[0], r.shown()
        self.record_result(metric.key, r.value, scale, "derived")
        name = " ".join(filter(None, [self.entity_phrase(), metric.label]))
        if formula in inputs:       # one line standing for a measure the report does not print (EBIT: operating income)
            stand_in = get_lexicon().get(formula)
            return self.claim(label, f"{possessive(self.company)} {name} in FY{self.year} was {text}: the report prints "
                              f"no {metric.label} line, so its {stand_in.label} [{inputs[formula].marker}] is taken "
                              f"as it.", r.derivation, "derived")
        return self.claim(label, f"{possessive(self.company)} {name} in FY{self.year} was {text}, computed "
                          f"as {r.derivation}.", r.derivation, "derived")

    def _printed_ratio(self) -> lookup.FactMatch | None:
        """The asked ratio of two measures as the filing prints it, a multiple ("Net debt to adjusted EBITDA 4.3x"), the
        row `_printed` answers with (looked up once, as `_printed` would look it up)."""
        found = self._lookup(figure_ask.read_ask(self.facts.text, self.facts, None))
        return found if isinstance(found, lookup.FactMatch) and found.fact.kind == "multiple" else None

    def _lookup(self, ask: figure_ask.Ask) -> lookup.FactMatch | lookup.NoMatch:
        secondary = bool(re.search(r"(?i)guarantor|parent company|parent[- ]only|condensed consolidating|"
                                   r"cross guarantee|obligor", self.facts.text))
        return lookup.find(self.conn, ask, self.company, self.year, secondary_ok=secondary)

    def _printed(self, metric: Metric | None, label: str, defined_by: str = "", non_gaap: bool = False,
                 found: lookup.FactMatch | None = None) -> tuple[str, str]:
        ask = figure_ask.read_ask(self.facts.text, self.facts, metric)
        if non_gaap and metric is not None and not metric.printed:
            # look for the measure as the filing names it ("Adjusted EBITDA" in a non-GAAP reconciliation)
            ask = figure_ask.read_ask(self.facts.text, self.facts, None)
        found = found or self._lookup(ask)
        measure = (metric.label if metric and not ask.hard else ask.measure) or "that figure"
        if metric is not None and measure in _ABBREVIATIONS and measure not in metric.label:
            measure = metric.label          # an abbreviation as typed ("ebit", "capex"): the measure's name
        if isinstance(found, lookup.NoMatch):
            self.state.suggestions.extend(
                f"What was {possessive(self.company)} {c.label} in FY{self.year}?" for c in found.closest)
            near = f" Closest lines: {lookup.closest_text(found.closest)}." if found.closest else ""
            return f"{NOT_FOUND} {measure} for {self.company} FY{self.year}.{near}", "not_found"
        fact = found.fact
        m = self.cite(passage_of(fact))
        key = metric.key if metric else re.sub(r"\W+", "_", measure.lower()).strip("_")[:40]
        measure = named_as_printed(fact, measure, metric)
        if figure_ask.NON_GAAP.search(fact.label) and not figure_ask.NON_GAAP.search(measure):    # "Adjusted EBIT": named as printed
            measure = as_said(fact.label)
        part = self.part_named(fact, measure, ask)
        if part:
            measure = f"{part} {measure}"
        if calculator.GROWTH.search(self.facts.text) and len(self.facts.years) <= 1:
            grown = None if ask.part_of_year else self._growth(fact, measure, key, label, m,   # (never a part
                                                               outflow=bool(metric and metric.outflow))  # of a year's)
            if grown:
                self.state.figures[-1]["matched_by"] = found.why(ask)
                return grown
            if _RATE_OF_CHANGE.search(self.facts.text):     # ("by what percentage did it grow?": never the level)
                return (f"{NOT_FOUND} {measure} for {self.company} FY{self.year - 1} beside FY{self.year}'s "
                        f"({shown(fact)}, {where(fact)}), so I cannot give its change.", "not_found")
        record = figure_record(fact, measure, key, self.year, m)
        record["matched_by"] = found.why(ask)          # which printed line answered and what linked it
        if found.via is not None:     # the asked words and the printed label differ: the answer says so
            measure = f"{measure}, printed as '{fact.label}' ({found.via.reason()}),"
        self.state.figures.append(record)
        outflow = metric is not None and metric.outflow and fact.value is not None
        self.record_result(key, abs(fact.value) if outflow else fact.value, fact.scale, "printed")   # as it is said
        note = f", printed as {fact.value_printed}" if fact.value is not None and fact.value < 0 else ""
        kind = "statement" if fact.statement and not fact.secondary else "figure"
        defined = f"; as the filing prints and defines it in \"{defined_by}\"" if defined_by else ""
        from pipeline.stores import facts as store

        page_facts = store.table_facts(self.conn, fact.doc_id, fact.page)
        also = other_basis_note(fact, other_basis(fact, page_facts) or
                                (other_capex(fact, page_facts) if key == "capex" else None), m)
        return self.claim(label, f"{possessive(self.company)} {measure} in {period_said(fact, self.year, ask.part_of_year)} "
                          f"was {shown(fact)} [{m}] ({where(fact)}, FY{self.year}{note}{defined}).{also}", "", kind)

    def _growth(self, fact: StoredFact, measure: str, key: str, label: str, m: int, outflow: bool = False
                ) -> tuple[str, str] | None:
        from pipeline.stores import facts as store

        prior_year = self.year - 1
        # (on its own line, else the same line of the page's block for the year before: a segment note by year)
        prior = next((p for p in store.row_facts(self.conn, fact.doc_id, fact.page, fact.line_no)
                      if p.fiscal_year == prior_year and p.value is not None), None) or \
            next((p for p in store.table_facts(self.conn, fact.doc_id, fact.page) if p.fiscal_year == prior_year and
                  p.label_path == fact.label_path and p.qualifiers == fact.qualifiers and p.value is not None), None)
        if prior is None or fact.value is None:
            return None
        amount = abs if outflow else (lambda v: v)      # outflows printed in parentheses compare as amounts
        cur = calculator.Input(key, measure, amount(fact.value), fact.value_printed, m, self.year)
        pre = calculator.Input(key, measure, amount(prior.value), prior.value_printed, m, prior_year)
        r = calculator.growth(cur, pre)
        self.state.figures.append(figure_record(fact, measure, key, self.year, m))
        self.record_result(f"{key}_growth", r.value, "%", "derived")
        return self.claim(label, f"{possessive(self.company)} {measure} was {shown(fact)} in FY{self.year} and "
                          f"{shown(prior)} in FY{prior_year} [{m}] ({where(fact)}), a change of {r.shown()}: "
                          f"{r.derivation}.", r.derivation, "derived")


# a change asked as a rate ("by what percentage did it grow?", "growth in %"): a level alone never answers it
_RATE_OF_CHANGE = re.compile(r"(?i)\bby\s+(?:what|how\s+much)\b|\bpercent(?:age)?\b|%|\bgrowth\s+rate\b|\brate\s+of\b")


def answer_figure(state: TurnState, conn, facts: QuestionFacts, company: str, year: int,
                  cite: Callable[[Passage], int]) -> tuple[str, str]:
    return Answerer(state, conn, facts, company, year, cite).answer()


def derived_formula(metric: Metric, question: str) -> str:
    """The formula a derived metric is computed by for `question`: its per-share form where the question names a
    per-share base ("payout ratio relative to EPS": dividend per share over basic EPS, diluted where it says so)."""
    if not (metric.per_share_formula and re.search(r"(?i)\bEPS\b|\bearnings\s+per\s+share\b|\bper[- ]share\b", question)):
        return metric.formula
    formula = metric.per_share_formula
    return formula.replace("eps_basic", "eps_diluted") if re.search(r"(?i)\bdiluted\b|\bafter\s+dilution\b", question) \
        else formula

