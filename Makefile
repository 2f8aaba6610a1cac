# Two commands on a fresh machine (only python3 needed):
#   make lab   - set up .venv if missing, open JupyterLab on notebooks/00_start_here.ipynb
#   make test  - set up .venv if missing, run ruff and the whole test suite on every core
#   make quick - ruff and the fast unit and property tests (pytest -m "not slow"), for editing
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# nbgrader (for the test that runs a course's own autograde on a kit notebook) lives apart from
# the kit's environment, so its JupyterLab extensions never change what learners see
NBGRADER := nbgrader==0.9.6 rapidfuzz alembic sqlalchemy mako greenlet
# every core (pytest-xdist); tests/conftest.py keeps the files that share a module fixture together
XDIST := -n auto --dist loadgroup

.PHONY: lab test quick nbval build bench present venv system-deps

# The lab settings the kit ships: no news pop-up; widget state saved with the notebook, so an
# explorer saved and reopened shows its last picture, never "Error displaying widget: model not found"
SETTINGS := $(VENV)/share/jupyter/lab/settings/overrides.json
LAB_SETTINGS := {"@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": false}, "@jupyter-widgets/jupyterlab-manager:plugin": {"saveState": true}}

venv: $(STAMP) $(SETTINGS)

$(SETTINGS): Makefile | $(STAMP)
	mkdir -p $(dir $@)
	printf '%s\n' '$(LAB_SETTINGS)' > $@

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	$(BIN)/python -m pip install --quiet --no-deps --upgrade --target $(VENV)/nbgrader $(NBGRADER)
	touch $(STAMP)

ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)

lab: $(STAMP) $(SETTINGS)
	$(BIN)/jupyter lab $(ROOT_FLAG) notebooks/00_start_here.ipynb

system-deps:
	bash .ci/system-deps

test: system-deps $(STAMP) $(SETTINGS)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest $(XDIST) --durations=30 $(PYTEST_ARGS)

quick: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -q $(XDIST) -m "not slow" $(PYTEST_ARGS)

# an independent cross-check of the stored notebooks with nbval (strict, this environment's kernel);
# `make test` already executes each notebook once and compares every cell (tests/test_build.py)
nbval: $(STAMP)
	$(BIN)/python -m pytest -q -n auto --dist loadfile --nbval --nbval-current-env \
		--nbval-sanitize-with tests/nbval_sanitize.cfg solutions notebooks

build: $(STAMP)
	$(BIN)/python -m kit build

bench: $(STAMP)
	$(BIN)/python -m benchmarks

present: $(STAMP) $(SETTINGS)
	$(BIN)/voila --Voila.ip=127.0.0.1 --VoilaConfiguration.progressive_rendering=True solutions/
