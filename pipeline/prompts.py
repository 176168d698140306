"""Every prompt the product sends to a model, as data. Nodes format these; nothing else holds prompt text.

Placeholders use str.format names. Model output that must be parsed is always strict JSON, and the parsers
in `pipeline/providers/llm.py` reject anything else (a refusal or prose is malformed output, not a verdict).
"""
from __future__ import annotations

ROUTER = """You route questions for an assistant that answers ONLY from these annual reports:
{coverage}

Classify the question into exactly one route:
- "retrieve": answerable from the reports (a covered company and a fiscal year that is in the corpus)
- "clarify": about the reports but missing the company or the fiscal year or the metric
- "no_data": a covered company but a fiscal year that is not in the corpus
- "out_of_scope": anything else (other companies, non-financial chat)
- "direct": a definition of a financial term, needing no report ("what does EBITDA mean")
- "web": needs live information (share price today, news)

Reply with one JSON object and nothing else:
{{"route": "...", "company": "<covered company name or null>", "fiscal_year": <year or null>, "reason": "<one short sentence>"}}

Question: {question}
"""

VERIFIER = """You check an analyst answer against the report passages it cites.
Be lenient about units (million vs billion), rounding, thousands separators and accounting notation
(parentheses mean negative or outflow). A figure computed from cited figures, with the computation shown,
is supported. A figure that appears in no passage and is not computed from them is unsupported.

Passages:
{passages}

Answer:
{answer}

Reply with one JSON object and nothing else:
{{"verdict": "pass" or "fail", "unsupported": [{{"label": "<metric and context, at most 8 words, no numbers>", "reason": "<why>"}}]}}
"""

SUMMARY = """Summarise this conversation between an analyst and a report assistant in two or three sentences.
Keep company names, fiscal years and metrics; do not add figures that are not in the messages.

{messages}
"""

ALL = {"router": ROUTER, "verifier": VERIFIER, "summary": SUMMARY}
