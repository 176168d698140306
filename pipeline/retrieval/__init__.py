"""Retrieval: from a read question and its scope to the passages an answerer reads. `passage.py` (the `Scope`
searched and the `Passage`s returned), `sides.py` (the candidate sources of one scope: dense, keyword, statement
pages, pages stating a count, the facts pages), `retriever.py` (the `Retriever`: the scope of a question, the sides
fused by reciprocal rank, then reranked), `rerank.py` (the offline feature reranker and Cohere), `keyword.py` (the
in-memory bm25s keyword index; the tokeniser itself is `pipeline/stores/tokeniser.py`, since the stores write its
terms) and `presets.py` (named retrieval configurations for A/B and shadow runs). It may import the stores, the
providers, settings and the question reader (`question`, `lexicon`, `terms`, `counts`), and, until the table
reader is regrouped, `answer.facts` for the facts locator; never the guardrails, nodes, graph, memory or CLI.
Imports of the pipeline are at the top of each module (`tests/test_layers.py`)."""
