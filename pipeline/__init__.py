"""The pipeline of a turn, grouped by stage: `question/` (reading a question), `retrieval/`, `reading/` (tables ->
facts), `answer/`, `guardrails/` (the checkpoints and the fail-open policy as data), `memory/`, `stores/` (all SQL),
`providers/`, `nodes/` (the turn graph's steps) and `cli/`.

The root holds the turn graph (`graph`), the turn state (`state`), the settings and the prompts, and the leaves
several stages share, kept here because the layers need them here:
- `series_table`: the turn state's series types;
- `filing_types`: read by the reader and the stores;
- `facts_rebuild`: above the reader (which never imports the stores) and the stores;
- `trace`, `errors`, `version`, `access`, `auth`.
Layers point one way: app/ and evals/ -> cli -> graph -> nodes -> stages -> stores; tests/test_layers.py proves
there is no circle."""
