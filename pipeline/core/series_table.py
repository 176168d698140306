"""A measure across fiscal years and companies as one table of cited cells: the data the turn state records."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class Cell(BaseModel):
    company: str
    year: int
    period: str                     # "FY2019" (the company's own label where it differs)
    value: str | None = None        # the amount as a plain decimal (signs as the measure reads: capex positive)
    shown: str = ""                 # as the answer writes it ("$76,559 million", "15.2 %")
    unit: str = ""                  # "million", "thousand", "%", "x", "per share", ""
    currency: str = ""              # "USD", "AUD", "$" as the table prints it, "" for a rate
    kind: str = "printed"           # printed | derived | missing
    citation: str = ""              # "Quillfeather · FY2021 · 10-K p. 52" (the first input's page for a derived cell)
    citations: list[str] = Field(default_factory=list)   # every page the cell was read from
    docs: list[tuple[str, int]] = Field(default_factory=list)   # (doc, page) of each citation, for markers
    read_from: str = ""             # the report: "Quillfeather FY2021 10-K (prior-year column)"
    report: str = ""                # the report alone: "FY2021 10-K"
    row: str = ""                   # the row (with its headings) and column it was read from
    derivation: str = ""            # how a derived cell was computed, each input with its page
    missing: str = ""               # why a cell is empty


class SeriesTable(BaseModel):
    measure: str
    companies: list[str]
    columns: list[str]              # periods, oldest first ("FY2018", ...)
    unit: str = ""
    currency: str = ""
    chart: str = "line"             # line (periods) | bar (companies over one period)
    cells: list[Cell] = Field(default_factory=list)

    def cell(self, company: str, period: str) -> Cell | None:
        return next((c for c in self.cells if c.company == company and c.period == period), None)

    def header(self) -> str:
        """"revenue (USD million)": the measure with the unit and currency every cell shares."""
        unit = " ".join(x for x in (self.currency, self.unit) if x)
        return f"{self.measure} ({unit})" if unit else self.measure

    def to_json(self) -> dict[str, Any]:
        """The `ara ask --json` shape: columns and one row per cell."""
        return {"measure": self.measure, "header": self.header(), "companies": self.companies,
                "columns": self.columns, "unit": self.unit, "currency": self.currency, "chart": self.chart,
                "rows": [{"company": c.company, "period": c.period, "value": c.value, "unit": c.unit,
                          "currency": c.currency, "citation": c.citation, "read_from": c.read_from, "kind": c.kind,
                          "derivation": c.derivation, "missing": c.missing} for c in self.cells]}
