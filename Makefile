# make run: serve the game on http://127.0.0.1:8000.  make test: lint, type-check, every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
WORKERS ?= 2

.PHONY: run test test-fast lint typecheck pytest bench screenshots messages clean

PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check

# make run needs only the runtime requirements; make test adds the test and lint tools.
$(BIN)/.runtime: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PIP) -r requirements.txt
	touch $@

$(BIN)/.installed: $(BIN)/.runtime requirements-dev.txt
	$(PIP) -r requirements-dev.txt
	touch $@

# The compiled catalogs (.mo) are built here, never committed: each follows its .po.
CATALOGS := webapp/translations
MO := $(patsubst %.po,%.mo,$(wildcard $(CATALOGS)/*/LC_MESSAGES/messages.po))

%.mo: %.po $(BIN)/.runtime
	$(BIN)/pybabel compile --statistics -i $< -o $@

# The static files' hashed copies, their .gz and .br siblings and the manifest that maps each
# name to its hashed one (webapp/web/site/assets.py), built here, never committed.
HASHED := '*-????????????????????????????????.*'
STATIC := $(shell find static -type f ! -name $(HASHED) ! -name '*.gz' ! -name '*.br' ! -name cache_manifest.json)

static/cache_manifest.json: $(STATIC) $(BIN)/.runtime
	$(BIN)/flask --app webapp digest compile >/dev/null

# No gunicorn access log: the app writes one line per request itself, with the route rather
# than the path, which can carry an invite's secret (docs/operations.md).
run: $(BIN)/.runtime $(MO) static/cache_manifest.json
	WEB_WORKERS=$(WORKERS) $(BIN)/gunicorn --config python:webapp.serving \
		--bind $(HOST):$(PORT) wsgi:app

lint: $(BIN)/.installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(BIN)/.installed
	$(BIN)/mypy

# Every test runs on every core (pytest-xdist); a test asserts what happened, never how fast
# (the speed floors are make bench's). A module's tests stay on one worker (--dist loadfile),
# so the servers a module starts are started once. make test-fast leaves out the tests that
# start real servers (marked `servers`, tests/conftest.py): about 3 minutes of CPU.
PYTEST_WORKERS ?= auto
PYTEST := $(BIN)/pytest -n $(PYTEST_WORKERS) --dist loadfile

pytest: $(BIN)/.installed $(MO) static/cache_manifest.json
	$(PYTEST)

test-fast: $(BIN)/.installed $(MO) static/cache_manifest.json
	$(PYTEST) -m "not servers"

test: lint typecheck pytest

# Every benchmark that has a floor, one after another: each prints its figures and exits 1 when
# its floor is missed, and make bench fails if any did (docs/performance.md lists each floor
# beside its command). The floors moved out of the tests run at the tests' sizes. Never in CI:
# about half an hour, most of it bench/load.py and bench/online.py.
BENCH_FLOORS := engine.py bigboards.py outage.py proxy.py "hardening.py --looks 2000" restarts.py \
	browser_watchers.py "arena.py --players 200 --watchers 0 --length 30 --clock 5 --think 1" \
	load.py online.py "rest.py --watchers 24 --seconds 30"

bench: $(BIN)/.installed $(MO) static/cache_manifest.json
	@missed=""; for run in $(BENCH_FLOORS); do \
		echo "== bench/$$run"; $(BIN)/python bench/$$run || missed="$$missed bench/$$run;"; \
	done; \
	if [ -n "$$missed" ]; then echo "floors missed:$$missed"; exit 1; fi; echo "every floor met"

# Redraw the pictures in docs/ (screenshot.png, screenshots/*.png) from the game as it is now;
# make test draws them into tests/browser/artifacts/docs/ only.
screenshots: $(BIN)/.installed $(MO) static/cache_manifest.json
	SCREENSHOTS_DIR=docs $(BIN)/pytest -q tests/browser/test_screenshots.py

# After changing a text: extract every marked string and merge it into each catalog.
messages: $(BIN)/.runtime
	$(BIN)/pybabel extract -F $(CATALOGS)/babel.cfg -k C_:1c,2 -k NP_:1,2 --add-location=file --sort-output -o $(CATALOGS)/messages.pot .
	$(BIN)/pybabel update --no-fuzzy-matching --ignore-obsolete -i $(CATALOGS)/messages.pot -d $(CATALOGS)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find static -type f \( -name $(HASHED) -o -name '*.gz' -o -name '*.br' -o -name cache_manifest.json \) -delete
