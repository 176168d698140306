"""The leaves every stage shares, none of which imports anything of the pipeline: who may do what (`access`:
principals, roles, `require`), the filing types that count as annual reports (`filing_types`), the turn state's
series types (`series_table`), the trace records a step writes (`trace`) and the product's version (`version`).

This package may import the standard library and third-party packages only; every other package of the pipeline
may import it. Keeping them below every stage is what lets the stores check access and the reader and the stores
agree on filing types without either importing the other."""
