# The two commands of the README: `make run` and `make test`. Everything else is set up on demand.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
HOST ?= 127.0.0.1
PORT ?= 8000
# The compiled translations (docs/languages.md, "Languages"): built from the committed .po catalogues,
# the shared one and each package's own (games/<game>/locale/, the toy game's under tests/),
# never committed themselves.
CATALOGUES := $(wildcard locale/*/LC_MESSAGES/django.po */*/locale/*/LC_MESSAGES/django.po)
COMPILED := $(CATALOGUES:.po=.mo)

.PHONY: run test test-scale lint chromium gettext messages bench mutants mutants-check

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade "pip>=25.1"
	$(PY) -m pip install --quiet . --group test
	touch $(STAMP)

## Serve the app with Daphne on http://127.0.0.1:8000 (PORT= changes it; SQLite, in-memory
## channel layer) and the background workers beside it, one consumer per lane: the play lane
## (bots, clocks, emails) and the analysis lane (docs/production.md). Ctrl-C stops them all.
## DEBUG is off unless DEBUG=1; static files are collected and served by WhiteNoise.
## HOST and PORT reach both processes: mails link to where the site is served (SITE_URL).
run: $(STAMP) $(COMPILED)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py collectstatic --noinput -v0
	export HOST=$(HOST) PORT=$(PORT); \
	$(PY) manage.py run_huey --quiet & play=$$!; \
	$(PY) manage.py run_analysis --quiet & analysis=$$!; \
	trap 'kill $$play $$analysis 2>/dev/null' EXIT INT TERM; \
	$(PY) -m config.serve -b $(HOST) -p $(PORT) config.asgi:application

# The suite in two steps, on three processes each (each with a database and, on the scale path,
# Redis databases of its own: tests/conftest.py, tooling/servers.py): everything but the
# browser tests, then the browser tests, each process with a server, a worker and a Chromium
# of its own (docs/tests.md, "The suite"): they mostly wait on pages and assert no timings. A file's
# tests stay on one process. Many tests wait on servers, programs and pages, so a process
# more than the machine's two cores keeps both busy.
PARALLEL := -n 3 --dist loadfile
# The browser tests wait on pages more than they compute: a third process shortens the pass
# (a fourth made their flows race their pages: two failed in each of two runs).
BROWSERS := -n 3 --dist loadfile

## Run the whole suite, browser tests included (installs Debian's chromium when missing).
test: $(STAMP) $(COMPILED) chromium gettext
	$(PY) -m pytest $(PARALLEL) --ignore=tests/browser
	$(PY) -m pytest $(BROWSERS) tests/browser

## The suite's scale half against PostgreSQL and Redis: every test of what the database, the
## channel layer or the workers do, but not again what computes or renders the same from
## either (PURE: the rules engines, computer players, board layouts and pages, the secret
## audit's renders, schedulers and pairings, the import contracts, the toy game added (its
## own run, on SQLite), the refusals of bad input and the sockets' bounds, whose checks hold
## no lock and race nothing; and the clients over HTTP, the Software Challenge bridge and
## the encounter runner, whose server side the API tests cover here; and the live ladder's
## programs over a real server, whose two workers' rounds tests/ladder/test_ladder_services.py
## races for real here; and the lanes' live test,
## two lanes' real workers beside long analyses, whose slices tests/analysis/test_races.py
## races on PostgreSQL here; and the lessons, a new player's words and pages and the
## socket messages' declarations, which render or parse the same from either). Of the
## browser tests it
## runs the flows whose path crosses what the scale path changes (FLOWS: two servers sharing
## one layer, a crash and reconnect, pushes to players and spectators, presence, the worker's
## clocks, the API's spectators); the pages' layouts and words render the same from either,
## and the computer players' turns are queued in Redis by tests/web/test_computer_load.py
## here and taken by the worker the clock flows run. This keeps CI within 30 minutes.
PURE := $(foreach f,engines bots clients ladder/test_run_encounter.py ladder/test_schedule.py \
  analysis/test_estimates.py test_architecture.py tournaments/test_pairing_arena.py \
  tournaments/test_pairing_round_robin.py tournaments/test_pairing_swiss.py \
  web/test_secret_audit.py web/test_shared_layouts.py web/test_catalogue_words.py \
  web/test_high_voltage_board.py web/test_high_voltage_companies_board.py \
  web/test_hive_board.py web/test_triangulum_board.py web/test_match_log_memory.py \
  web/test_move_list_memory.py web/test_every_game.py web/test_pages.py web/test_languages.py \
  web/test_hardening.py web/test_refused_frames.py web/test_socket_flood.py \
  web/test_dead_readers.py ladder/test_ladder_live.py analysis/test_lanes_live.py \
  test_adding_a_game.py lessons web/test_new_player_words.py web/test_new_group_pages.py \
  tournaments/test_results_shown.py test_messages.py test_mutants_settings.py,--ignore=tests/$(f))
FLOWS := $(foreach f,two_servers reliability powerdrain_flow claim_and_presence first_move_flow \
  api_spectators,tests/browser/test_$(f).py)
test-scale: $(STAMP) $(COMPILED) chromium gettext
	export DATABASE_URL=$${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/gametable} \
	  REDIS_URL=$${REDIS_URL:-redis://127.0.0.1:6379/0}; \
	$(PY) -m pytest $(PARALLEL) --ignore=tests/browser $(PURE) && \
	$(PY) -m pytest $(PARALLEL) $(FLOWS)

chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "Installing Debian's chromium for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

## A catalogue compiled with Babel (pure Python): `make run` needs no gettext tools.
%/LC_MESSAGES/django.mo: %/LC_MESSAGES/django.po $(STAMP)
	$(VENV)/bin/pybabel compile --statistics -i $< -o $@

## Debian's gettext (xgettext, msgmerge): the test that the German catalogue is complete runs
## Django's makemessages, which needs them; `make messages` too.
gettext:
	@command -v xgettext >/dev/null 2>&1 && command -v msgmerge >/dev/null 2>&1 || { \
	  echo "Installing Debian's gettext for makemessages"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gettext; }

## Update the catalogues from the code and templates, after wrapping new strings: the shared
## one (locale/) from all but the games' packages, then each listed game's own words
## (games/<game>/locale/) from its package alone (tooling/messages.py); then translate the new
## entries in those django.po files (docs/languages.md, "Languages").
messages: $(STAMP) gettext
	$(PY) tooling/messages.py

## Mutation testing (docs/tests.md, "Mutation testing"): mutmut changes the guarded modules
## ([tool.mutmut] in pyproject.toml) one small change at a time, area by area, runs their fast
## tests on each, and lists the changes no test noticed. AREA= runs one area (secrets,
## tournaments-swiss, tournaments-standings, tournaments-directors, ladder-schedule,
## ladder-services, analysis, games-moves, games-live, bridge); MUTANT_CHILDREN= the
## processes (2). Minutes, not seconds: not part of `make test`.
## `make mutants-check` is CI's dry run of a few mutants.
MUTANT_CHILDREN ?= 2
mutants: $(STAMP) $(COMPILED)
	$(PY) tooling/mutants.py --max-children $(MUTANT_CHILDREN) $(AREA)

mutants-check: $(STAMP) $(COMPILED)
	$(PY) tooling/mutants.py --check

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
