"""The guardrails: the six checkpoints a turn passes and the fail-open / fail-closed policy that says what happens
when one of them fails. `router.py` (1 scope, 2 clarity: which route a question takes, what it is told when out of
scope), `grader.py` (3 relevance: which retrieved passages may be read), `verifier.py` (4 groundedness: every
number of a claim on a page it cites), `final_gate.py` (5: substantive content or the fallback reply, and the two
not-found openings every answerer writes), `shaping.py` (6: only cited sources, markers renumbered) and
`policy.py` (the policy table as data, and `run_layer` that applies it); `figure_fit.py` is the verifier's question
fit (a cited figure's row and column cover the asked measure, period and entity). They may import the turn state, settings,
prompts, the providers, the question reader (`question`, `registry`, `glossary`, `tables`, `units`) and
`retrieval.passage` and `retrieval.fact_match`; never the answerer, the nodes, the graph, memory or the CLI, which call them. Imports of the
pipeline are at the top of each module (`tests/test_layers.py`)."""
