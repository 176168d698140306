"""The `ara` command line: `main.py` (the `ara` group, its one error path, and the commands over ingest, retrieval
and the turn graph, serve, fetch, health, docs), `threads.py` (the recorded conversations read back: trace,
export, prune, threads), `settings.py` (the settings every command starts from, checked first), `companies.py`,
`audit.py` and `users.py` (their command groups). `ara eval` comes from `evals/` through the `ara.commands` entry
point, since pipeline/ never imports evals/ or app/. The CLI is the top of the pipeline: it may import any module
of pipeline/ (and `ingest/`), and no module of pipeline/ imports it. A command imports the stages it runs inside
its function, so `ara --help` and a cheap command do not load the turn graph; these imports still count in the
layer graph of `tests/test_layers.py`, so none of them hides a circle."""
