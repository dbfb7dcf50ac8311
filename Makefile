# Two commands set up everything on a fresh machine with Python 3.11 and make:
#   make run    creates .venv from pyproject.toml if needed, then starts the app
#   make test   same environment, then every test and check
# Everything is installed from constraints.txt: the versions CI tested.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test check venv bench forms clean

$(STAMP): pyproject.toml setup.py constraints.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c constraints.txt -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

# The app itself names missing X11 libraries before Qt starts; should Qt still abort, the
# hint is printed only when its error output said it could not load the xcb plugin
# (tools/run_gui.py passes that output through as it comes; a kill -9 is not blamed on Qt)
run: $(STAMP)
	@$(PY) tools/run_gui.py

# the checks first (configured in pyproject.toml), then every test with coverage, on every
# core (pytest-xdist); the report fails under the floor of [tool.coverage.report]
test: check
	QT_QPA_PLATFORM=$${QT_QPA_PLATFORM:-offscreen} $(PY) -m pytest -n auto --cov --cov-report= --cov-fail-under=0
	$(PY) -m coverage report

# lint and layout (ruff check, ruff format), types of the engines and documents (mypy), the layering (import-linter)
check: $(STAMP)
	$(VENV)/bin/ruff check app tests benchmarks packaging tools
	$(VENV)/bin/ruff format --check app tests benchmarks packaging tools
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

bench: $(STAMP)
	QT_QPA_PLATFORM=$${QT_QPA_PLATFORM:-offscreen} $(PY) benchmarks/run.py

# after editing forms/*.ui in Qt Designer: recompile them so the app starts fast again
# (a stale compiled form is never used; tests/test_compiled_forms.py says which one)
forms: $(STAMP)
	$(PY) tools/compile_forms.py

clean:
	rm -rf $(VENV) build *.egg-info
