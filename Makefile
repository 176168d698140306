# The README's two commands:  `make run`  and  `make test`.
PY ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8501

.PHONY: run test install install-dev ingest serve bench clean-data screenshots quality-baseline line-vocabulary

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e .
	touch $@

# The line vocabulary's source data (edgartools' US-GAAP concept groups): the generator reads its data files and
# imports nothing of it, so it installs without its dependencies; the tests check the shipped file against it.
EDGARTOOLS := edgartools==5.62.1

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e ".[dev]"
	$(BIN)/pip install -q --no-deps "$(EDGARTOOLS)"
	touch $@ $(VENV)/.installed

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

## make run: set up, start the embedded database, ingest the demo corpus (unchanged files are skipped), serve on 127.0.0.1:$(PORT)
run: install
	$(BIN)/ara ingest || echo "Some files failed to ingest (see the table above); serving what was ingested."
	$(BIN)/ara serve --port $(PORT)

## make test: install the dev extras and run the whole test suite
test: install-dev
	$(BIN)/python -m pytest -q -ra

## make screenshots: refresh the README's screenshots (docs/screenshots/) from the browser tests; `make test` writes
## its screenshots to the git-ignored build/screenshots/ instead
screenshots: install-dev
	ARA_SCREENSHOTS_DIR=docs/screenshots $(BIN)/python -m pytest -q tests/test_browser.py

## make quality-baseline: ingest the three dev corpora and re-record evals/baselines/quality.json (the release gate's
## baseline; review and commit the diff after an intended change or new cases in evals/sets/)
quality-baseline: install
	bash .ci/quality_gate.sh --record

ingest: install
	$(BIN)/ara ingest

serve: install
	$(BIN)/ara serve --port $(PORT)

## make bench: ingest, retrieval and answer benchmarks -> docs/benchmarks.md (needs ../shared/corpus)
bench: install-dev
	$(BIN)/python benchmarks/ingest.py
	$(BIN)/python benchmarks/retrieval.py
	$(BIN)/python benchmarks/answers.py
	$(BIN)/python benchmarks/prose.py
	$(BIN)/python benchmarks/cache.py
	$(BIN)/python benchmarks/series.py
	$(BIN)/python benchmarks/load.py
	$(BIN)/python benchmarks/turn.py --write
	$(BIN)/python benchmarks/facts_precision.py

## make line-vocabulary: regenerate pipeline/data/line_vocabulary.toml from the edgartools package's US-GAAP concept
## groups (its data files are read, nothing of it is imported, so it installs without its ~20 dependencies)
line-vocabulary: install
	$(BIN)/pip install -q --no-deps "$(EDGARTOOLS)"
	$(BIN)/python tools/build_line_vocabulary.py

clean-data:
	rm -rf .data
