"""The filing types that are annual reports (a 10-K, 20-F, 40-F or any other annual report), as documents.doc_type
spells them: the facts reader dates a filing's calendar by them, the stores pick the years a figure question
defaults to and the fiscal-year end a quarterly filing takes from them. A leaf: imports nothing of the pipeline.
"""
from __future__ import annotations

ANNUAL_TYPES = {"10K", "10-K", "20F", "20-F", "40F", "40-F", "ANNUAL", "AR", "ANNUAL_REPORT"}
