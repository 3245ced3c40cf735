# The two commands of the README: `make run` and `make test`. Everything else is set up on demand.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test test-scale lint chromium bench

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade "pip>=25.1"
	$(PY) -m pip install --quiet . --group test
	touch $(STAMP)

## Serve the app with Daphne on http://127.0.0.1:8000 (PORT= changes it; SQLite, in-memory
## channel layer) and the background worker beside it (bots, clocks, emails). Ctrl-C stops both.
## DEBUG is off unless DEBUG=1; static files are collected and served by WhiteNoise.
## HOST and PORT reach both processes: mails link to where the site is served (SITE_URL).
run: $(STAMP)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py collectstatic --noinput -v0
	export HOST=$(HOST) PORT=$(PORT); \
	$(PY) manage.py run_huey --quiet & worker=$$!; \
	trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	$(PY) -m config.serve -b $(HOST) -p $(PORT) config.asgi:application

## Run the whole suite, browser tests included (installs Debian's chromium when missing).
test: $(STAMP) chromium
	$(PY) -m pytest

## The same suite against PostgreSQL and Redis (the scale path).
test-scale: $(STAMP) chromium
	DATABASE_URL=$${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/gametable} \
	REDIS_URL=$${REDIS_URL:-redis://127.0.0.1:6379/0} $(PY) -m pytest

chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "Installing Debian's chromium for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
