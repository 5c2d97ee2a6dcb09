# UNO family game: developer entry points.
#
# Every target installs what it needs first, so `make test` works on a fresh Debian 12 machine
# (as root or as a user with sudo) with nothing done beforehand:
#   1. system packages  tools/install-system-deps.sh         stamp .venv/.stamp-system
#   2. virtualenv       $(PYTHON) -m venv .venv              stamp .venv/.stamp-venv
#   3. the project      pip install -e . / -e '.[test]'      stamps .venv/.stamp-py[-test]
# A stamp is redone only when what it depends on changes (the script, pyproject.toml), so a
# second run installs nothing.
#
# Knobs: PYTHON=python3.11  PYTEST_ARGS='-m "not slow"'  ARGS='--lang fr' (play)  SIM_ARGS=...
#        NO_XVFB=1 (make test without xvfb-run)  NO_VIRTUAL_AUDIO=1 (without the private PulseAudio)
#        NO_NATIVE=1 (make test without the compiled engine's run)  NATIVE_TESTS=tests/rules ...
#        TEST_JOBS=3 (make test's pytest-xdist workers; 0: one process)
#        BG_JOBS=1 (more workers at the lowest priority, for the tests busy on the CPU only)
#
# The engine exists as its Python source ("pure") and as that same source compiled by mypyc
# ("native", build/native, `make native`). `make test` runs every test on the pure engine, and
# NATIVE_TESTS again on the native one; `make dist` ships the native one. UNO_ENGINE=pure|native
# chooses by hand (default auto: native when built from the current sources).

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
MAKEFLAGS += --no-print-directory

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip --disable-pip-version-check --no-input
PIP_INSTALL := $(PIP) install --progress-bar off

STAMP_SYSTEM := $(VENV)/.stamp-system
STAMP_VENV   := $(VENV)/.stamp-venv
STAMP_PY     := $(VENV)/.stamp-py
STAMP_TEST   := $(VENV)/.stamp-py-test
# The tests' own system packages (a browser for the phone page): make play never installs them.
STAMP_TEST_SYSTEM := $(VENV)/.stamp-test-system

PO := $(wildcard locale/*/LC_MESSAGES/*.po)
MO := $(PO:.po=.mo)

PYTEST_ARGS ?= --durations=25
NATIVE_TESTS ?= tests/rules tests/editions tests/golden tests/play
ARGS ?=
SIM_ARGS ?= --edition official --players 4 --games 200 --seed 1
# Xvfb's options for make test's workers. -noreset: an X server with no client left resets
# itself, and a game starting during the reset cannot reach the display (SDL then draws on its
# invisible offscreen driver: 4 starts in 150 beside a loop of short X clients, none with it).
XVFB_ARGS ?= -screen 0 1280x800x24 -noreset
# pytest-xdist workers for `make test`: one more than the cores, since the real-window and
# audio tests spend much of their time waiting; 0 runs the suite in one process. (On 2 cores,
# 4 workers kept both cores busy to the end, about 20 s sooner than 3, but the real-window
# tests, slowed by the load, failed by timing in 2 runs of 3.)
TEST_JOBS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) + 1 )))
# One more worker at the lowest priority (nice 19), which takes only the tests busy on the CPU
# (tests/conftest.py): it uses the cores the others leave idle while their tests wait, and
# never slows a test in real time.
BG_JOBS ?= 1

.PHONY: help play desktop undesktop test lint bench arena dist sim locale i18n clean distclean native

help:
	@echo "make play       install everything needed, then run the game (on Linux it also adds"
	@echo "                the game and its icon to your application menu; NO_DESKTOP=1 skips)"
	@echo "make undesktop  remove the game from your application menu"
	@echo "make test       install everything (+ test tools), compile catalogues, run all tests"
	@echo "                on TEST_JOBS workers, each under its own private PulseAudio and Xvfb"
	@echo "                (PYTEST_ARGS='-m \"not slow\"'), and NATIVE_TESTS on the native engine"
	@echo "                (compiled meanwhile)"
	@echo "make native     compile the engine with mypyc into build/native (if out of date)"
	@echo "make lint       ruff on game/ tests/ bench/ packaging/, mypy --strict on the engine and bots"
	@echo "make bench      run every bench/*.py (each prints JSON; the AI bars only report)"
	@echo "make arena      play the AI bars' arena runs on (hours; resumable: ARENA_ARGS=...)"
	@echo "make dist       build the self-contained one-file executable dist/uno"
	@echo "make sim        run a bot-only simulation: python -m game.tools.sim $(SIM_ARGS)"
	@echo "make locale     compile locale/*/LC_MESSAGES/*.po into .mo"
	@echo "make i18n       extract new message ids into locale/uno.pot and merge them into the .po"
	@echo "make clean      remove build outputs and caches (distclean: also .venv)"

# ------------------------------------------------------------------------ installation stamps

$(STAMP_SYSTEM): tools/install-system-deps.sh
	bash tools/install-system-deps.sh
	@mkdir -p $(VENV) && touch $@

$(STAMP_TEST_SYSTEM): tools/install-test-deps.sh | $(STAMP_SYSTEM)
	bash tools/install-test-deps.sh
	@touch $@

# Order-only on the system stamp: a changed install script re-runs the script, not pip.
$(STAMP_VENV): | $(STAMP_SYSTEM)
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { \
	  echo "error: $(PYTHON) is $$($(PYTHON) --version 2>&1); the game needs Python >= 3.11" \
	       "(make PYTHON=python3.11 ...)" >&2; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(PIP_INSTALL) --quiet --upgrade pip
	@touch $@

$(STAMP_PY): pyproject.toml | $(STAMP_VENV)
	$(PIP_INSTALL) -e .
	@touch $@

# The test extra includes the runtime install, so it satisfies $(STAMP_PY) as well.
$(STAMP_TEST): pyproject.toml | $(STAMP_VENV)
	$(PIP_INSTALL) -e '.[test]'
	@touch $(STAMP_PY) $@

# ------------------------------------------------------------------------ catalogues

# Recipes that need the catalogues call `$(MAKE) locale` after their install stamps are done,
# so the sub-make sees the fresh stamps.
locale: $(STAMP_PY) $(MO)
	@if [ -z "$(PO)" ]; then echo "locale: no locale/*/LC_MESSAGES/*.po, nothing to compile"; fi

# After adding or changing a user-facing string: extract, merge, then translate the new
# entries in locale/fr/LC_MESSAGES/uno.po (tests/i18n fails until every one is translated).
i18n: $(STAMP_PY)
	$(VENV)/bin/pybabel extract -F babel.cfg -o locale/uno.pot --sort-by-file --no-wrap \
	  --project=uno --copyright-holder="the UNO family game authors" \
	  --msgid-bugs-address=uno@example.invalid .
	$(VENV)/bin/pybabel update -i locale/uno.pot -d locale -D uno --no-wrap --ignore-obsolete --no-fuzzy-matching
	$(PY) tools/fill_english.py

ifneq ($(MO),)
$(MO): %.mo: %.po | $(STAMP_PY)
	$(VENV)/bin/pybabel compile --statistics -i $< -o $@
endif

# ------------------------------------------------------------------------ everyday targets

play: $(STAMP_SYSTEM) $(STAMP_PY)
	@$(MAKE) locale
	@$(MAKE) desktop
	$(PY) -m game $(ARGS)

# The Linux menu entry and icon, for this user (~/.local/share; see game/tools/desktop.py). It runs
# after the catalogues are compiled, so the entry carries the French name too.
desktop: $(STAMP_PY)
	@if [ -n "$${NO_DESKTOP:-}" ] || [ "$$(uname -s)" != Linux ]; then exit 0; fi; \
	$(PY) -m game.tools.desktop install --quiet

undesktop:
	@if [ -x $(PY) ]; then $(PY) -m game.tools.desktop uninstall; fi

# Three things run side by side: the pure engine's tests; `make native`, in the background
# while they start (only the engine's and the bots' tests run meanwhile, the others wait for
# the build: tests/conftest.py); then, as soon as it is built, NATIVE_TESTS on the native
# engine, at a lower priority (nice) so that they take the cores only when the pure tests leave
# them idle. The background runs' output is kept in build/native-build.log and
# build/native-tests.log and printed after the pure tests. A failure in any of them fails
# `make test`, after all have run; interrupting it stops them all.
#
# Workers: TEST_JOBS pytest-xdist workers per run. Each pure worker is started through the
# wrappers, innermost last: the private PulseAudio (tools/with-virtual-audio.sh), then Xvfb
# (xvfb-run), so every worker has its own sound server and X display, and tests that play,
# record or open a window never meet another worker's. Whole files go to a pure worker (--dist
# loadfile: a module's fixtures, e.g. the bundle, are built once), longest first, except the
# files in tests/conftest.py's SPREAD, whose tests go one by one; the native run hands out single
# tests. The wrappers are looked up when the recipe runs, i.e. after the system packages
# are installed. TEST_JOBS=0 runs each engine's tests in one process, one after the other.
#
# Bytecode: every process of the run (workers, and the games and tools the tests start)
# shares build/pycache, even under PYTHONDONTWRITEBYTECODE, so each module is compiled once.
# One collection first fills it: pytest rewrites each test module's asserts, and the
# workers, collecting all at once, each did it again (10 CPU seconds each, 2.3 with the
# cache).
test: $(STAMP_SYSTEM) $(STAMP_TEST) $(STAMP_TEST_SYSTEM)
	@$(MAKE) locale
	@export PYTHONPYCACHEPREFIX="$(CURDIR)/build/pycache"; unset PYTHONDONTWRITEBYTECODE; \
	wrap=(); \
	if [ -z "$${NO_VIRTUAL_AUDIO:-}" ] && [ -f tools/with-virtual-audio.sh ]; then \
	  wrap+=(bash "$(CURDIR)/tools/with-virtual-audio.sh"); fi; \
	if [ -z "$${NO_XVFB:-}" ] && command -v xvfb-run >/dev/null; then \
	  wrap+=(xvfb-run -a -s "$(XVFB_ARGS)"); fi; \
	if [ "$(TEST_JOBS)" = 0 ]; then pure=("$${wrap[@]}" $(PY) -m pytest); else \
	  printf -v worker "%q " "$${wrap[@]}" "$(CURDIR)/$(PY)"; \
	  pure=($(PY) -m pytest --dist loadfile --no-loadscope-reorder \
	        --tx "$(TEST_JOBS)*popen//python=$$worker"); \
	  if [ "$(BG_JOBS)" != 0 ]; then pure+=(--tx "$(BG_JOBS)*popen//python=nice -n 19 $$worker"); fi; fi; \
	native=($(PY) -m pytest -q $(NATIVE_TESTS)); \
	if [ "$(TEST_JOBS)" != 0 ]; then \
	  native=(nice -n 10 "$${native[@]}" -n $(TEST_JOBS) --dist load --maxschedchunk 1); fi; \
	mkdir -p build; built=; tested=; \
	if [ -z "$${NO_NATIVE:-}" ]; then \
	  built="$(CURDIR)/build/native-build.status"; tested="$(CURDIR)/build/native-tests.status"; \
	  rm -f "$$built" "$$tested"; \
	  echo "+ $(MAKE) native >build/native-build.log  (in the background)"; \
	  if [ "$(TEST_JOBS)" != 0 ]; then \
	    printf "+ UNO_ENGINE=native"; printf " %q" "$${native[@]}"; \
	    echo " >build/native-tests.log  (in the background, once built)"; fi; \
	  set -m; { $(MAKE) native >build/native-build.log 2>&1; echo $$? >"$$built.tmp"; \
	    mv "$$built.tmp" "$$built"; \
	    if [ "$$(cat "$$built")" = 0 ] && [ "$(TEST_JOBS)" != 0 ]; then \
	      UNO_ENGINE=native "$${native[@]}" >build/native-tests.log 2>&1; echo $$? >"$$tested"; \
	    fi; } & \
	  bg=$$!; set +m; trap "kill -TERM -- -$$bg 2>/dev/null; exit 130" INT TERM; \
	fi; \
	if [ "$(TEST_JOBS)" != 0 ]; then \
	  echo "+ $(PY) -m pytest --collect-only -q $(PYTEST_ARGS) >/dev/null  (the workers then find the tests compiled)"; \
	  UNO_ENGINE=pure $(PY) -m pytest --collect-only -q $(PYTEST_ARGS) >/dev/null 2>&1 || true; fi; \
	printf "+ UNO_ENGINE=pure"; printf " %q" "$${pure[@]}" $(PYTEST_ARGS); echo; \
	failed=0; UNO_ENGINE=pure UNO_NATIVE_BUILD_STATUS="$$built" "$${pure[@]}" $(PYTEST_ARGS) || failed=1; \
	if [ -n "$$built" ]; then \
	  wait $$bg; echo "+ $(MAKE) native  (it ran in the background)"; cat build/native-build.log; \
	  if [ "$$(cat "$$built" 2>/dev/null)" != 0 ]; then echo "make test: make native failed" >&2; exit 1; fi; \
	  if [ "$(TEST_JOBS)" = 0 ]; then \
	    printf "+ UNO_ENGINE=native"; printf " %q" "$${native[@]}"; echo; \
	    UNO_ENGINE=native "$${native[@]}" || failed=1; \
	  else \
	    printf "+ UNO_ENGINE=native"; printf " %q" "$${native[@]}"; echo "  (it ran in the background)"; \
	    cat build/native-tests.log; [ "$$(cat "$$tested" 2>/dev/null)" = 0 ] || failed=1; \
	  fi; \
	fi; \
	exit $$failed

# The compiled engine (tools/build_native.py): rebuilt only when a source of game/rules,
# game/bots or an edition's engine modules (game/editions/*/rules.py, ...) changed since the
# last build. Needs gcc and the Python headers (system deps).
native: $(STAMP_SYSTEM) $(STAMP_TEST)
	@$(PY) tools/build_native.py --check || $(PY) tools/build_native.py

lint: $(STAMP_SYSTEM) $(STAMP_TEST)
	$(VENV)/bin/ruff check game tests bench packaging
	$(VENV)/bin/mypy --strict game/rules game/bots $$($(PY) -c 'import game; print(*(s for s in game.engine_sources() if s.startswith("game/editions/")))')

bench: $(STAMP_SYSTEM) $(STAMP_TEST)
	@$(MAKE) locale
	@shopt -s nullglob; found=0; \
	for f in bench/*.py; do \
	  case "$$(basename "$$f")" in _*|conftest.py) continue;; esac; \
	  args=; [ "$$(basename "$$f")" = arena_bars.py ] && args=--report; \
	  found=1; echo "== $$f" >&2; $(PY) "$$f" $$args; \
	done; \
	if [ "$$found" = 0 ]; then echo "bench: no bench/*.py yet" >&2; fi

dist: $(STAMP_SYSTEM) $(STAMP_TEST)
	@$(MAKE) locale
	@$(MAKE) native
	UNO_DIST_NATIVE=required $(PY) -m PyInstaller --noconfirm --log-level WARN pyinstaller.spec
	@ls -l dist/uno

ARENA_ARGS ?= --games 20000 --processes 2
arena: $(STAMP_SYSTEM) $(STAMP_PY)
	$(PY) bench/arena_bars.py $(ARENA_ARGS)

sim: $(STAMP_SYSTEM) $(STAMP_PY)
	$(PY) -m game.tools.sim $(SIM_ARGS)

clean:
	rm -rf build dist test-output .pytest_cache .mypy_cache .ruff_cache .hypothesis *.egg-info
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +
	find locale -name '*.mo' -delete 2>/dev/null || true

distclean: clean
	rm -rf $(VENV)
