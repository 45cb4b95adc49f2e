# Every target sets itself up idempotently: system packages, .venv, the install.
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
APT_PACKAGES := espeak-ng flite sox alsa-utils libportaudio2 tmux chromium wordnet-base fonts-dejavu-core fonts-dejavu-extra fonts-liberation
BENCH_APT_PACKAGES := festival festvox-kdlpc16k festvox-kallpc16k festvox-us-slt-hts
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: install system system-bench demo play test bench clean

# $(call apt,PACKAGES): install those of PACKAGES that are missing.
apt = missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing system packages:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

system:
	@$(call apt,$(APT_PACKAGES))

system-bench:
	@$(call apt,$(BENCH_APT_PACKAGES))

$(PY):
	python3 -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $(STAMP)

install: system $(STAMP)

demo: install
	$(VENV)/bin/voicemaster demo

play: install
	$(VENV)/bin/voicemaster play

# Every core: each test file runs whole on one worker (its module fixtures, a loaded model, built
# once), the longest files first (tests/conftest.py LONGEST_FIRST, kept in that order).
test: install
	$(PY) -m pytest -q -n auto --dist loadfile --no-loadscope-reorder --durations=10

bench: install system-bench
	$(PY) -m pip install -q -e '.[test,bench]'
	$(PY) bench/referee_speed.py --baseline 27979b2 --write
	$(PY) bench/speech_accuracy.py
	$(PY) bench/latency.py
	$(PY) bench/demo_runs.py
	$(PY) bench/whole_turns.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
