# Pipes & Ducks: `make play` serves the game, `make test` runs every test.
# Both install what they need on a fresh machine (Python 3.11+, Node 20+, npm; apt on Debian).

PORT ?= 8000
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
ENGINE_SOURCES := $(shell find py cards tutorials -name '*.py' -o -name '*.json' 2>/dev/null) pyproject.toml

.PHONY: play test check test-engine test-e2e bench build serve-dist icons vendor setup browser servers clean

play: vendor
	$(PY) tools/serve.py --port $(PORT)

# The browser tests run against the built site (dist/), as GitHub Pages serves it. The tests
# are spread over TEST_WORKERS pytest-xdist workers, each with its own Chromium: a browser test
# spends much of its time waiting on its page, so two cores keep four workers busy
# (TEST_WORKERS=0 runs them in one process, e.g. to debug).
TEST_WORKERS ?= 4
PYTEST := $(PY) -m pytest -n $(TEST_WORKERS) --dist worksteal
# The inner loop's browser smoke (`make check`): the site boots, first visit and returning,
# under a sub-path too; the menu works; a broken boot says so.
SMOKE := e2e/test_shell.py

test: build browser servers
	SITE_ROOT=dist $(PYTEST) tests e2e

# The engine tests and the browser smoke, without the long runs marked `slow` (many whole games,
# the package install, the smoke's extra page starts): make test runs those.
check: build browser
	SITE_ROOT=dist $(PYTEST) -m "not slow" tests $(SMOKE)

test-engine: $(VENV)/.installed
	$(PYTEST) tests

test-e2e: build browser servers
	SITE_ROOT=dist $(PYTEST) e2e

# dist/: only what the site needs, plus the Workbox service worker (tools/build.py).
build: vendor
	$(PY) tools/build.py

serve-dist: build
	$(PY) tools/serve.py --root dist --prefix /pipes-and-ducks/ --port $(PORT)

icons: $(VENV)/.installed browser
	$(PY) tools/icons.py

bench: build browser
	$(PY) tools/bench.py

setup: vendor browser

# ---- installs -------------------------------------------------------------------
$(VENV)/.installed: requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# Pyodide, micropip and PyScript from the lockfiles (tools/vendor.py).
web/vendor/.runtime: node_modules/.installed $(VENV)/.installed tools/vendor.py tools/patch_pyscript.py tools/page-wheels.txt tools/compile_pyc.mjs tools/compile_pyscript.mjs tools/pyscript_package.mjs
	$(PY) tools/vendor.py --runtime-only
	touch $@

# The engine wheel micropip installs (pyproject.toml), the standard library's
# start archive, which holds what the engine imports, and the start-up snapshot, which holds
# the engine: made again with the wheel (tools/vendor.py).
web/vendor/wheels/.built: $(ENGINE_SOURCES) web/vendor/.runtime tools/split_stdlib.mjs tools/snapshot.mjs web/snapshot-refs.mjs web/snapshot-files.mjs tools/startup-modules.json
	$(PY) tools/vendor.py --engine-only
	touch $@

vendor: web/vendor/.runtime web/vendor/wheels/.built

# A headless Chromium for the browser tests: the system one on Debian/Ubuntu (installed
# with apt when missing), Playwright's own build elsewhere (macOS, Windows). Debian's
# chromium-headless-shell (the same build without the desktop browser) is what the tests
# drive where it exists (tools/chromium_exe.py says why); the full chromium is what make
# bench, the icons and the screenshots use.
HEADLESS_SHELL_MISSING = "no chromium-headless-shell package here: the tests drive chromium"
browser: $(VENV)/.installed
	@if [ -n "$$CHROMIUM" ]; then :; \
	elif command -v apt-get >/dev/null 2>&1; then \
	  if ! command -v chromium >/dev/null 2>&1 || ! command -v chromium-headless-shell >/dev/null 2>&1; then \
	    $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium \
	    && { $(SUDO) apt-get install -y -qq chromium-headless-shell || echo $(HEADLESS_SHELL_MISSING); }; fi; \
	elif ! command -v chromium >/dev/null 2>&1; then $(PY) -m playwright install chromium; fi

# What the online tests start inside their own network namespace besides the PeerJS and MQTT
# servers from node_modules: a firewall (nftables) to part two browsers, and a relay (coturn).
servers:
	@if ! command -v nft >/dev/null 2>&1 || ! command -v turnserver >/dev/null 2>&1; then \
	  if command -v apt-get >/dev/null 2>&1; then \
	    $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq --no-install-recommends nftables coturn; \
	  else echo "install nftables and coturn (the online tests start them)"; exit 1; fi; fi

clean:
	rm -rf web/vendor dist node_modules $(VENV)
