"""The calculator: derived figures (margins, ratios, EBITDA, growth, differences) computed deterministically
from cited figures, with the derivation shown and every input cited. No model ever does arithmetic here."""
from __future__ import annotations

import ast
import operator
import re
from dataclasses import dataclass
from decimal import Decimal, getcontext

from pipeline.question.figure_ask import NOT_GROWTH_SPEND
from pipeline.question.units import SCALE

getcontext().prec = 28

_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv}
GROWTH = re.compile(r"(?i)\b(growth" + NOT_GROWTH_SPEND + r"|grew|grow|change[ds]?|increase[ds]?|decrease[ds]?|decline[ds]?|rose|fell|"
                    r"year[- ]over[- ]year|yoy|compared? (to|with)|versus|vs\.?|improv\w+)\b")
LESS = re.compile(r"(?i)\b(less|minus|net of|after deducting)\b")
EXPR_SYMBOL = {ast.Add: "+", ast.Sub: "−", ast.Mult: "×", ast.Div: "/"}


class CalculationError(ValueError):
    """An input is missing or the arithmetic is undefined (division by zero)."""


@dataclass
class Input:
    key: str
    label: str
    value: Decimal          # as used in the arithmetic (outflows as positive amounts)
    printed: str            # as printed on the page
    marker: int             # citation marker of the page it is on
    year: int
    scale: str | None = None    # "thousand", "million", "billion" as the row's table prints it


@dataclass
class Result:
    value: Decimal
    unit: str                # "%", "x", "money"
    derivation: str          # "(2,725 [1]) / (14,694 [1]) × 100 = 18.5 %"
    inputs: list[Input]

    def shown(self, money_unit: str | None = None) -> str:
        if self.unit.startswith("%"):
            return f"{self.value:.1f} %"
        if self.unit == "x":
            return f"{self.value:.2f}x"
        return f"${fmt(self.value)}{' ' + money_unit if money_unit else ''}"   # as the answer's amount says it


def fmt(d: Decimal) -> str:
    return f"{d:,.0f}" if d == d.to_integral_value() else f"{d:,.2f}"


# "Income tax (expense)/benefit": the parentheses mark the expense, so a positive figure is a benefit;
# "Provision for (benefit from) income taxes": a negative figure is the benefit named in parentheses.
_EXPENSE_IN_PARENS = re.compile(r"(?i)\((expenses?|provision|charge)\)\s*/?\s*(benefit|credit)|"
                                r"(benefit|credit)\s*/?\s*\((expenses?|provision|charge)\)")
_OPPOSITE_IN_PARENS = re.compile(r"(?i)\((benefit|credit)s?(\s+from)?\)")
# "Income tax benefit", "Benefit from income taxes": the line is named by the benefit itself
_ONLY_BENEFIT = re.compile(r"(?i)^\s*((income\s+)?tax(es)?\s+(benefits?|credits?)|(benefits?|credits?)\s+(from|for)\s+"
                           r"(income\s+)?tax(es)?)\s*$")


def amount_of(label: str, value: Decimal, outflow: bool) -> Decimal:
    """A row's figure as the metric's amount: an outflow printed in parentheses as a positive amount, except where
    the label says the sign means the opposite (a tax benefit is a negative tax expense, never a positive one)."""
    if outflow and _ONLY_BENEFIT.search(label):
        if value < 0:      # "Income tax benefit (743)": a benefit subtracted, or an expense? the label cannot say
            raise CalculationError(f"the sign of '{label}' ({value}) cannot be told from its label")
        return -value
    if _EXPENSE_IN_PARENS.search(label):
        return -value
    if _OPPOSITE_IN_PARENS.search(label):
        return value
    return abs(value) if outflow else value


def evaluate(formula: str, inputs: dict[str, Input]) -> tuple[Decimal, str]:
    """Evaluate `formula` over the inputs (only + - * / and names); return value and the derivation text.
    Inputs printed in different scales (operating cash flow "2,912.9" in millions, capex "178,122" in thousands)
    are brought to the first input's scale, and the derivation says each one's scale."""
    tree = ast.parse(formula, mode="eval")
    scales = [i.scale for i in inputs.values() if i.scale in SCALE]
    target = scales[0] if len(set(scales)) > 1 else None

    def ev(node) -> tuple[Decimal, str]:
        if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
            lv, ls = ev(node.left)
            rv, rs = ev(node.right)
            if isinstance(node.op, ast.Div) and rv == 0:
                raise CalculationError("division by zero")
            if isinstance(node.op, ast.Mult) and isinstance(node.left, ast.Constant):
                ls, rs = rs, ls     # "x × 365": a constant multiplier is written after the ×, where it is no figure
            return _OPS[type(node.op)](lv, rv), f"({ls} {EXPR_SYMBOL[type(node.op)]} {rs})"
        if isinstance(node, ast.Name):
            if node.id not in inputs:
                raise CalculationError(f"missing input {node.id}")
            i = inputs[node.id]
            if target and i.scale in SCALE:
                return i.value * SCALE[i.scale] / SCALE[target], f"{fmt(i.value)} {i.scale} [{i.marker}]"
            return i.value, f"{fmt(i.value)} [{i.marker}]"
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
            return Decimal(str(node.value)), str(node.value)
        raise CalculationError(f"unsupported expression {ast.dump(node)[:40]}")

    value, text = ev(tree.body)
    return value, text[1:-1] if text.startswith("(") and text.endswith(")") else text


def derived(formula: str, unit: str, inputs: dict[str, Input]) -> Result:
    value, text = evaluate(formula, inputs)
    r = Result(value=value, unit=unit or "money", derivation="", inputs=list(inputs.values()))
    r.derivation = f"{text} = {r.shown()}"
    return r


def growth(current: Input, prior: Input) -> Result:
    if prior.value == 0:
        raise CalculationError("prior-year value is zero")
    value = (current.value - prior.value) / abs(prior.value) * 100
    r = Result(value=value, unit="%", derivation="", inputs=[current, prior])
    r.derivation = (f"({fmt(current.value)} [{current.marker}] − {fmt(prior.value)} [{prior.marker}]) / "
                    f"{fmt(abs(prior.value))} = {value:.1f} %")
    return r


def difference(a: Input, b: Input) -> Result:
    value = a.value - b.value
    r = Result(value=value, unit="money", derivation="", inputs=[a, b])
    r.derivation = f"{fmt(a.value)} [{a.marker}] − {fmt(b.value)} [{b.marker}] = {fmt(value)}"
    return r
