# Two entry points for people: `make run` and `make test` (see README).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python

.PHONY: run test serve check bench clean

$(VENV)/.base: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.test: $(VENV)/.base
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

run: $(VENV)/.base
	FLASK_DEBUG=1 $(VENV)/bin/flask --app tutor run --host 127.0.0.1 --port 5000

# Production server on 127.0.0.1:8000 (gunicorn.conf.py; README «Развёртывание»).
serve: $(VENV)/.base
	@test -n "$$SECRET_KEY$$FLASK_SECRET_KEY" || { echo "Задайте SECRET_KEY, например: export SECRET_KEY=\"$$(python3 -c 'import secrets; print(secrets.token_hex(32))')\"" >&2; exit 1; }
	$(VENV)/bin/gunicorn -c gunicorn.conf.py

test: $(VENV)/.test
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy --strict engine
	$(VENV)/bin/flask --app tutor content check
	$(PY) -m pytest -q

bench: $(VENV)/.test
	$(PY) benchmarks/engine.py
	$(PY) benchmarks/generate.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
