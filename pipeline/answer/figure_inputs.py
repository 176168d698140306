"""The inputs of a figure answer: the entity its question names, each calculator input as a cited row, their scale."""

from __future__ import annotations

import re
from functools import cached_property
from typing import Callable

from pipeline.answer import calculator
from pipeline.question import figure_ask, whose_figure
from pipeline.retrieval import fact_match as lookup
from pipeline.answer import formula
from pipeline.question.lexicon import Metric, get_lexicon
from pipeline.question.analysis import QuestionFacts
from pipeline.retrieval.passage import Passage
from pipeline.state import TurnState
from pipeline.stores.facts import StoredFact
from pipeline.answer.wording import passage_of


_COST_LINE = re.compile(r"(?i)\b(?:costs?|expenses?|expenditures?|wages|salaries|depreciation|amorti[sz]ation)\b"
                        r"(?!.*\b(?:income|gains?|credits?|benefits?)\b)|"
                        # the year's tax charge ("Income tax (10.354)", "Taxation"), never a tax balance or a credit
                        r"^\s*(?:income\s+)?tax(?:es|ation)?(?:\s+(?:expense|charge))?\s*$")


_PARENT_WORD = re.compile(r"(?i)\bstand[- ]?alone\b|\bseparate\b|\bunconsolidated\b|\bparent\b")
_GROUP_WORD = re.compile(r"(?i)(?<!un)\bconsolidated\b|\bgroup\b")
# Words that name how a measure is derived, not whose it is.
_DERIVED_WORDS = ("margin margins ratio rate turnover days percent percentage share proportion yield coverage "
                  "intensity conversion growth cagr average change per times divided over cash flow free net "
                  "gross operating adjusted unadjusted").split()


class FigureInputs:
    """The inputs of one (company, fiscal year) figure answer: the entity its question names, each calculator input
    as a cited row or the question's own definition, the scale of what it cited. `figures.Answerer` answers with
    them."""

    def __init__(self, state: TurnState, conn, facts: QuestionFacts, company: str, year: int,
                 cite: Callable[[Passage], int]):
        self.state, self.conn, self.facts, self.company, self.year, self.cite = state, conn, facts, company, year, cite
        self.steps: list[str] = []
        self.local: dict[str, str] = {}      # metric key -> the question's own definition of it
        self._defining: set[str] = set()     # the local definitions being computed (one naming its own measure)
        self._entity: list[str] | None = None
        self.part = ""       # the segment a measured row belongs to, named by its heading (see part_named)
        self.definition = formula.find_definition(facts.text)
        if self.definition:
            self.definition = (self._without_company(self.definition[0]), self.definition[1])
            named = get_lexicon().find(self.definition[0])
            # (the defined name is that measure, none other: "EBIT margin (EBIT / revenue)" defines no EBIT)
            rest = set(figure_ask.stems(self.definition[0])) - set(figure_ask.stems(" ".join(named[0].terms))) \
                if named else set()
            if named and not named[0].printed and not rest:
                self.local[named[0].key] = self.definition[1]

    def _without_company(self, name: str) -> str:
        """A defined measure's name without the company the question names before it ("Tolland payout ratio")."""
        for c in self.facts.companies:
            for alias in sorted({c.name, *c.aliases, *c.tickers}, key=len, reverse=True):
                cut = re.sub(rf"(?i)^{re.escape(alias)}(?:'s|’s)?\s+", "", name)
                if cut != name and cut.strip():
                    return cut
        return name

    @cached_property
    def whose_asked(self) -> tuple[bool, bool, bool] | None:
        """Whose figure the whole question asks ("Standalone net profit margin (PAT / revenue)"), every input's (see
        `whose_figure.asked`); None where it names both ("standalone revenue as a share of consolidated revenue":
        each input its own). Read once per answer, on the first input named in words."""
        text = self.facts.text
        return None if _PARENT_WORD.search(text) and _GROUP_WORD.search(text) else whose_figure.asked(text)

    def entity_words(self) -> list[str]:
        """What the question names besides its measures: a segment or division ("BDS operating margin"). Every
        input of a derived measure must be that entity's row, or the measure is not computed (the company's
        margin is not the segment's). Read once per answer: every input and the lead sentence ask for it."""
        if self._entity is None:
            self._entity = self._read_entity_words()
        return self._entity

    def _read_entity_words(self) -> list[str]:
        if self.definition:
            return []
        asked = figure_ask.read_ask(self.facts.text, self.facts, self.facts.metric)
        lex = get_lexicon()
        metrics = [*self.facts.metrics, lex.get("revenue")]
        for m in list(metrics):
            metrics += [lex.get(k) for k in m.inputs if lex.get(k) is not None]
            metrics += [lex.get(k) for k in re.findall(r"[a-z_]+", m.formula or "") if lex.get(k) is not None]
        known = set(figure_ask.stems(" ".join(t for m in metrics if m is not None for t in (*m.terms, m.label))))
        known |= set(figure_ask.stems(" ".join(_DERIVED_WORDS)))
        # an entity is named as a name ("BDS", "Defense, Space & Security") or as a segment ("display segment");
        # the other words of a long question ("in agreement with", "over three years") name nothing
        text = self.facts.text
        named = {s for m in re.finditer(r"(?<![.?!]\s)(?<!^)\b[A-Z][\w&'-]*", text)
                 for s in figure_ask.stems(m.group(0))}
        named |= {s for m in re.finditer(r"(?i)((?:[a-z][\w&'-]*\s+){1,3})(?:segment|division|business|unit)s?\b", text)
                  for s in figure_ask.stems(m.group(1))}
        return [w for w in asked.hard if w not in known and w != "%" and w in named]

    def entity_phrase(self) -> str:
        """The question's own words for the entity ("Defense, Space & Security"), '' when it names none."""
        return self._phrase_of(self.entity_words())

    def part_named(self, fact: StoredFact, measure: str, ask: figure_ask.Ask, label_said: bool = True) -> str:
        """The part a row belongs to when a heading or the table's title names it ("AWS › Operating income",
        "RMS' operating results") and the row's own label does not, in the question's words: the lead names it,
        so a segment's figure never reads as the company's. '' when the row is the company's."""
        said = set(figure_ask.stems(f"{fact.label if label_said else ''} {measure}"))
        where_printed = set(figure_ask.stems(f"{fact.label_path} {fact.table_title}"))
        part = [w for w in (self.entity_words() or ask.hard) if w not in said and w in where_printed]
        if not part:
            return ""
        for name in [p.strip() for p in fact.label_path.split("\u203a")]:      # as the filing prints it
            if set(part) <= set(figure_ask.stems(name)) and len(name.split()) <= 5 \
                    and not set(figure_ask.stems(name)) & said:
                return name
        return self._phrase_of(part)

    def _phrase_of(self, stems: list[str]) -> str:
        """The span of the question's own words (before any carried context) that carry these stems."""
        text = self.facts.own_words()
        spans = [m.span() for m in re.finditer(r"[A-Za-z][\w&'-]*", text)
                 if set(figure_ask.stems(m.group(0))) & set(stems)]
        return text[spans[0][0]:spans[-1][1]] if spans else ""

    # --- inputs -------------------------------------------------------------------------------------------------
    def value(self, metric: Metric, year: int | None = None) -> calculator.Input:
        """A metric's value for the calculator: its printed row, or computed from its own formula."""
        year = year or self.year
        if metric.key in self.local and metric.key not in self._defining:
            # (a definition naming the measure it defines, "EBIT margin (EBIT / revenue)": inside it, the measure is
            # the report's own line)
            self._defining.add(metric.key)
            try:
                return self.defined_input(self.local[metric.key], metric.label, year, key=metric.key)
            finally:
                self._defining.discard(metric.key)
        if not metric.printed and metric.formula:
            if (metric.unit or "money") == "money":
                try:        # a derived amount the report prints itself ("EBITDA 263.3"): its row, before computing
                    return self._printed_input(metric, year)
                except calculator.CalculationError:
                    pass
            inputs = {k: self.value(get_lexicon().get(k), year) for k in re.findall(r"[a-z_]+", metric.formula)}
            value, text = calculator.evaluate(metric.formula, inputs)
            self.steps.append(f"{metric.label} = {text} = {calculator.fmt(value)}")
            first = next(iter(inputs.values()))
            return calculator.Input(metric.key, metric.label, value, calculator.fmt(value), first.marker, year,
                                    first.scale)
        return self._printed_input(metric, year)

    def _printed_input(self, metric: Metric, year: int) -> calculator.Input:
        """The metric's printed row for the year, cited; CalculationError when none is printed."""
        ask = figure_ask.read_ask(self.facts.text, self.facts, metric, with_qualifiers=False)
        entity = self.entity_words()
        ask.hard = [*ask.hard, *entity]
        found = lookup.find(self.conn, ask, self.company, year)
        if isinstance(found, lookup.NoMatch):
            of = f" of {' '.join(entity)}" if entity else ""
            raise calculator.CalculationError(f"{metric.label}{of} is not printed for FY{year} in {self.company}'s "
                                              "filings")
        f = found.fact
        if metric.statement == "balance" and f.statement in ("cash_flow", "income"):   # a stock, never a flow's change
            raise calculator.CalculationError(f"{metric.label} for FY{year} was found only on a {f.statement} "
                                              "statement row, not the balance sheet")
        amount = calculator.amount_of(f.label, f.value, metric.outflow)
        return calculator.Input(metric.key, metric.label, amount, f.value_printed, self.cite(passage_of(f)), year,
                                f.scale)

    def phrase_input(self, phrase: str, year: int, unique: bool = False) -> calculator.Input:
        """A measure named in the question's own words ("accounts payable", "cash from operations"). `unique`: the
        words must name one line only (a bare name such as "AWS" heads a line under several measures)."""
        from pipeline.question.analysis import QuestionFacts

        found_metrics = get_lexicon().find(phrase)
        metric = found_metrics[0] if found_metrics else None
        if metric is not None and (not metric.printed or metric.key in self.local) and \
                metric.key not in self._defining:
            return self.value(metric, year)
        ask = figure_ask.read_ask(phrase, QuestionFacts(text=phrase), metric)
        if (whose := self.whose_asked) is not None:
            ask.parent_only, ask.company_named, ask.company_unclear = whose
        found = lookup.find(self.conn, ask, self.company, year)
        if isinstance(found, lookup.NoMatch):
            raise calculator.CalculationError(f"{phrase} is not printed for FY{year} in {self.company}'s filings")
        f = found.fact
        if unique and metric is None and any(a.label.lower() == f.label.lower() and a.label_path != f.label_path
                                  for a in found.alternatives):
            # "AWS" under "Net sales" and under "Operating income": the words do not say which line is meant
            raise calculator.CalculationError(f"'{phrase}' is printed under several headings in {self.company}'s "
                                              f"FY{year} filings")
        # (a cost line the lexicon does not know, printed in brackets as a deduction, is its amount: "Staff costs
        # (768,204)" as a share of revenue is 30.5 %, not -30.5 %)
        outflow = metric.outflow if metric is not None else bool(_COST_LINE.search(f.label))
        amount = calculator.amount_of(f.label, f.value, outflow)
        key = metric.key if metric else re.sub(r"\W+", "_", phrase.lower()).strip("_")
        return calculator.Input(key, phrase, amount, f.value_printed, self.cite(passage_of(f)), year, f.scale)

    def operand_input(self, op: formula.Operand) -> calculator.Input:
        if op.how == "value":
            return self.phrase_input(op.phrase, op.years[0])
        a, b = (self.phrase_input(op.phrase, y) for y in op.years)
        if a.scale != b.scale:
            raise calculator.CalculationError(f"{op.phrase} is printed in {a.scale} for FY{op.years[0]} and in "
                                              f"{b.scale} for FY{op.years[1]}")
        if op.how == "average":
            v = (a.value + b.value) / 2
            self.steps.append(f"average {op.phrase} = mean of {calculator.fmt(a.value)} [{a.marker}] and "
                              f"{calculator.fmt(b.value)} [{b.marker}] = {calculator.fmt(v)}")
        else:
            v = b.value - a.value
            self.steps.append(f"change in {op.phrase} FY{op.years[0]}-FY{op.years[1]} = {calculator.fmt(b.value)} "
                              f"[{b.marker}] − {calculator.fmt(a.value)} [{a.marker}] = {calculator.fmt(v)}")
        return calculator.Input(a.key, f"{op.how} {op.phrase}", v, calculator.fmt(v), a.marker, op.years[1], a.scale)

    def defined_input(self, expr: str, name: str, year: int, key: str = "defined") -> calculator.Input:
        return self.evaluate_definition(expr, name, year, key)[0]

    def evaluate_definition(self, expr: str, name: str, year: int, key: str = "defined"
                            ) -> tuple[calculator.Input, str, str]:
        """The question's own definition computed for `year`: (its value as an input, the arithmetic as shown, the
        calculator formula)."""
        try:
            d = formula.parse(expr, year)
        except formula.DefinitionError as e:
            raise calculator.CalculationError(str(e)) from None
        inputs = {k: self.operand_input(op) for k, op in d.operands.items()}
        value, text = calculator.evaluate(d.formula, inputs)
        self.steps.append(f"{name} = {text} = {calculator.fmt(value)}")
        first = next(iter(inputs.values()))
        return calculator.Input(key, name, value, calculator.fmt(value), first.marker, year, first.scale), text, d.formula

    def scale_of_inputs(self) -> tuple[str | None, str | None]:
        """Scale and currency of the figures this answer cited (the first cited figure's table)."""
        from pipeline.stores import facts as store

        for c in self.state.citations:
            for f in store.table_facts(self.conn, c.doc, c.page)[:1]:
                return f.scale, f.currency
        return None, None

    def scale(self) -> tuple[str | None, str | None]:
        scale, cur = self.scale_of_inputs()
        if scale or cur:
            return scale, cur
        for m in self.facts.metrics:
            try:
                ask = figure_ask.read_ask(self.facts.text, self.facts, m, with_qualifiers=False)
                found = lookup.find(self.conn, ask, self.company, self.year)
            except Exception:  # noqa: BLE001
                continue
            if isinstance(found, lookup.FactMatch):
                return found.fact.scale, found.fact.currency
        return None, None
