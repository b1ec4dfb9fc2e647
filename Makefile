# Two commands for a newcomer: `make run` and `make test`. Both create .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# setuptools warns on every editable install ("Editable installation.", framed in !!, as
# if something failed): that one warning is filtered by its text, in the build backend's
# process too (it inherits the environment); errors and other warnings still show.
EDITABLE_QUIET := PYTHONWARNINGS='ignore:Editable installation'

.PHONY: run test test-slow test-install test-gettext test-browser serve lint bench soak strength clean setup catalogs

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Python 3.11+ is needed"'
	@echo "setting up .venv (first run only, about a minute)..."
	@test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(EDITABLE_QUIET) $(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(BIN)/living-forest

# The suite but its slow tests. make test keeps a test of each thing the game does, at its
# cheapest; a test is slow when it takes over about a second of CPU on an idle machine
# and make test has one of the same thing, or when it is a further variant (another
# signal, size, number of seats, module, way of running games) of one make test runs.
# `make test-slow` runs those, and CI runs both.
# The tests keep their compiled code (pytest's rewritten asserts, the package's bytecode)
# in .venv/pycache from one run to the next, also where PYTHONDONTWRITEBYTECODE is set:
# rewriting the asserts of every test module again costs each worker about 5 s a run.
# Nothing is written beside the sources.
PYCACHE := PYTHONDONTWRITEBYTECODE= PYTHONPYCACHEPREFIX=$(CURDIR)/$(VENV)/pycache
# Four workers on two cores, each taking the next test when it is free (worksteal): many
# tests wait (an app's pauses, a subprocess), and the others use the time. Idle 2-core
# machine (before the slow tests were told apart by their CPU): make test 112 s with -n 2,
# 94 s with -n 3, 84 s with -n 4 --dist worksteal. Now make test takes 0.66-0.72 of the
# time the old split took on the same machine (66 s against 92 s; 85 s against 129 s
# when the machine ran slower), make test-slow about 85 s. With the further sizes,
# languages and keys of the layout tests in make test-slow: make test 56 s against 59 s
# (medians of 3 runs each, in turn; the first split, 2 tests fewer: 74 s against 80 s on
# a slower hour of the same machine), make test-slow about 85 s. The suite passes under
# load (../shared/tools/under-load).
XDIST := -n 4 --dist worksteal

test: $(STAMP)
	$(PYCACHE) $(BIN)/python -m pytest $(XDIST) -q --ignore=tests/browser -m 'not gettext and not slow'

test-slow: $(STAMP)
	$(PYCACHE) $(BIN)/python -m pytest $(XDIST) -q --ignore=tests/browser -m 'slow and not gettext'

# The catalogues checked by GNU gettext's msgfmt (Debian's gettext: installed here when
# missing and this is a root shell with apt, as in CI).
test-gettext: $(STAMP)
	@command -v msgfmt >/dev/null || { test "$$(id -u)" = 0 && command -v apt-get >/dev/null && \
	  { echo "installing Debian's gettext (first run only)..."; \
	    export DEBIAN_FRONTEND=noninteractive; \
	    apt-get install -y -q gettext >/dev/null 2>&1 || \
	    { apt-get update -q >/dev/null && apt-get install -y -q gettext >/dev/null; }; } && \
	  command -v msgfmt >/dev/null; } || \
	  { echo "make test-gettext needs msgfmt: apt-get install gettext"; exit 1; }
	$(BIN)/python -m pytest -q -p no:cacheprovider -m gettext tests/i18n

# The built wheel installed in a fresh virtual environment outside the checkout: it
# plays, simulates, replays and speaks German from any folder (CI runs it).
test-install: $(STAMP)
	$(BIN)/python tests/install/check_wheel.py

# The game in headless Chromium through `living-forest serve` (Debian's chromium package:
# installed here when missing and this is a root shell with apt, as in CI).
CHROMIUM ?= /usr/bin/chromium
test-browser: $(STAMP)
	@test -x $(CHROMIUM) || { test "$$(id -u)" = 0 && command -v apt-get >/dev/null && \
	  { echo "installing Debian's chromium (first run only)..."; \
	    export DEBIAN_FRONTEND=noninteractive; \
	    apt-get install -y -q chromium >/dev/null 2>&1 || \
	    { apt-get update -q >/dev/null && apt-get install -y -q chromium >/dev/null; }; } && \
	  test -x $(CHROMIUM); } || \
	  { echo "make test-browser needs Chromium at $(CHROMIUM): apt-get install chromium"; exit 1; }
	LIVING_FOREST_BROWSER_TESTS=1 CHROMIUM=$(CHROMIUM) \
	  $(BIN)/python -m pytest -q -p no:cacheprovider tests/browser

serve: $(STAMP)
	$(BIN)/living-forest serve

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# The German and French catalogues: extract every text, merge into assets/locale/*/*.po
# (new texts empty, changed ones fuzzy), then list what is left to translate.
catalogs: $(STAMP)
	$(BIN)/python -m living_forest.catalogs

bench: $(STAMP)
	$(BIN)/python bench/run.py

soak: $(STAMP)
	$(BIN)/python bench/soak.py --games 10000
	$(BIN)/python bench/soak.py --games 10000 --modules kodama

strength: $(STAMP)
	$(BIN)/python bench/strength.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
