"""The pipeline of a turn, grouped by stage: `question/` (reading a question), `retrieval/`, `reading/` (tables ->
facts), `answer/`, `guardrails/` (the checkpoints and the fail-open policy as data), `memory/`, `stores/` (all SQL),
`providers/`, `nodes/` (the turn graph's steps) and `cli/`.

The root holds only the turn graph (`graph`), the turn state (`state`), the settings and the prompts. The
leaves several stages share are `core/` (access, filing types, series types, trace, version: they import nothing of
the pipeline); sign-in is `signin/`; the CLI's error messages are `cli/errors`; the facts rebuild (the table reader's
facts handed to the facts store) is `retrieval/facts_rebuild`, above both.
Layers point one way: app/ and evals/ -> cli -> graph -> nodes -> stages -> stores; tests/test_layers.py proves
there is no circle."""
