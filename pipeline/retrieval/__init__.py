"""Retrieval: from a read question and its scope to the passages an answerer reads. `passage.py` (the `Scope` searched
and the `Passage`s returned), `sides.py` (the candidate sources of one scope: dense, keyword, statement pages, pages
stating a count, the facts pages), `fact_match.py` (the facts lookup: which stored row and column answer an asked
figure, read by the facts side and by the answerer; `attribution.py` its rules for whose share of a line a row is,
`row_fit.py` for what makes a row another measure, `row_headings.py` for what a row's headings say, `per_part.py` for a
row printed in each part's table, `turn_lookups.py` its memo for the turn under way), `retriever.py` (the `Retriever`: the scope of a question, the
sides fused by reciprocal rank, then reranked), `rerank.py` (the offline feature reranker and Cohere), `keyword.py`
(the in-memory bm25s keyword index; the tokeniser itself is `pipeline/stores/tokeniser.py`, since the stores write
its terms) and `presets.py` (named retrieval configurations for A/B and shadow runs). It may import the stores, the
providers, settings, the question reader (`question`, `lexicon`, `terms`, `figure_ask`) and the table reader
(`counts`, `segment_columns`); never the answerer, the guardrails, nodes, graph, memory or CLI. Imports of the
pipeline are at the top of each module (`tests/test_layers.py`)."""
