# Two entry points for people: `make run` and `make test` (see README);
# `make check` is the quick loop while editing.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
# `make run PORT=5001` where 5000 is taken (macOS's AirPlay receiver uses it).
PORT   ?= 5000

.PHONY: run test serve serve-engine check bench clean native screenshot

# The engine compiled by mypyc (engine/__init__.py says when it is used): built
# by `make serve` (part of the serving install), for the tests and for the
# benchmarks; `make run` uses it when it matches the sources, else the Python
# modules.
NATIVE := build/native/engine/SOURCES
ENGINE_SOURCES := $(shell find engine -name '*.py' -not -path '*/__pycache__/*')

$(VENV)/.base: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $@

# mypyc and setuptools' build_ext (with the machine's C compiler) for the build.
$(VENV)/.native: $(VENV)/.base
	$(PY) -m pip install --quiet -e '.[native]'
	touch $@

$(VENV)/.test: $(VENV)/.base
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

run: $(VENV)/.base
	FLASK_DEBUG=1 $(VENV)/bin/flask --app tutor run --host 127.0.0.1 --port $(PORT)

# Production server on 127.0.0.1:8000 (gunicorn.conf.py; docs/deployment.md),
# on the compiled engine: the interpreted one grades several times slower.
serve: $(VENV)/.base serve-engine
	@test -n "$$SECRET_KEY$$FLASK_SECRET_KEY" || { echo "Задайте SECRET_KEY, например: export SECRET_KEY=\"$$(python3 -c 'import secrets; print(secrets.token_hex(32))')\"" >&2; exit 1; }
	$(VENV)/bin/gunicorn -c gunicorn.conf.py

$(NATIVE): $(VENV)/.native $(ENGINE_SOURCES) tools/build_native.py
	$(PY) tools/build_native.py

native: $(NATIVE)

# The serving install's build of the engine. A failure (no C compiler, no
# network for mypy) does not stop the server: it says so and the site runs on
# the Python modules (/healthz then answers "engine": "python").
serve-engine: $(VENV)/.base
	@$(MAKE) --no-print-directory native || echo "make serve: скомпилировать движок не удалось (причина выше), сайт запускается на модулях Python — медленнее; повторить сборку: make native" >&2

# pytest-xdist: a worker per core, each test module whole on one worker.
PARALLEL ?= -n auto --dist loadfile

# The whole suite on the compiled engine, then the engine's own tests again on
# the Python modules, and every lesson's answers computed by them (content
# check): both builds must give the same answers, and the engine's tests are
# where an answer is pinned down. The pages, drills, practice and analyser call
# the engine through the same functions, so they run once here (and on the
# Python modules in make check, the edit loop).
ENGINE_TESTS := tests/engine

test: $(VENV)/.test $(NATIVE)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy --strict engine
	$(VENV)/bin/mypy --strict tutor
	$(VENV)/bin/flask --app tutor content check
	$(PY) -m pytest -q $(PARALLEL) --junitxml=build/tests-compiled.xml
	TEMPAI_ENGINE=python $(PY) -m pytest -q $(PARALLEL) -m "not browser and not server" \
		--junitxml=build/tests-python.xml $(ENGINE_TESTS)
	TEMPAI_ENGINE=python $(VENV)/bin/flask --app tutor content check
	@$(PY) tools/test_shares.py --top 12 build/tests-compiled.xml build/tests-python.xml

# The edit loop: lint, the engine's types, and every test that needs neither a
# browser nor a server nor thousands of generated hands, on the Python engine
# (no native build to wait for).
check: $(VENV)/.test
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy --strict engine
	$(VENV)/bin/mypy --strict tutor
	TEMPAI_ENGINE=python $(PY) -m pytest -q $(PARALLEL) -m "not browser and not server and not slow"

bench: $(VENV)/.test $(NATIVE)
	$(PY) benchmarks/engine.py
	$(PY) benchmarks/generate.py
	$(PY) benchmarks/efficiency.py

# docs/screenshot.png for the README: a lesson drill answered in /usr/bin/chromium.
screenshot: $(VENV)/.test
	$(PY) tools/screenshot.py

clean:
	rm -rf $(VENV) build .pytest_cache .hypothesis
