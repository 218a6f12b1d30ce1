# Playhall: `make help` lists the targets. Every target builds the virtualenv and the generated
# protobuf code it needs, so a fresh clone only needs Python 3.11+ and make.
SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
MAKEFLAGS += --no-builtin-rules

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
PROTOS := $(shell find protos -name '*.proto')
PROTO_STAMP := .proto.stamp
API_DOCS := services/playhall/gateway/portal/api/index.html
PYTEST_ARGS ?=
# How many processes `make test` runs the suite on (pytest-xdist; 0 runs it in this one). A test
# file stays on one process, so a module's shared stack is started once.
TEST_WORKERS ?= 2
# `make run`'s portal and Connect port; every other port of `make run` comes from its own
# PLAYHALL_RUN_<COMPONENT>_PORT variable (`python -m dev.devstack --help`), 0 (free) by default.
GATEWAY_PORT ?= $(or $(PLAYHALL_RUN_GATEWAY_PORT),8080)

.PHONY: help install proto api-docs lint test test-slow demo run bench bench-peer bench-bots canary screens chaos image k8s k8s-rules deploy-titles clean

help: ## List the targets
	@grep -hE '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -c 'import sys; sys.exit("Python 3.11+ is required") if sys.version_info < (3, 11) else None'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]' --config-settings editable_mode=compat
	touch $@

install: $(VENV)/.installed ## Create .venv and install Playhall with its dev tools

# The API reference the gateway serves at /api/ (`deploy/api_docs.py`), made with the code.
$(API_DOCS): $(VENV)/.installed $(PROTOS) deploy/api_docs.py docs/write-a-bot.md docs/limits.md \
		services/playhall/access/scopes.py
	$(PY) -m deploy.api_docs
	touch $@

$(PROTO_STAMP): $(VENV)/.installed $(PROTOS) | $(API_DOCS)
	find services/playhall -path '*/v1/*_pb2*.py*' -delete -o -path '*/v1/*_connect.py' -delete
	PATH="$(BIN):$$PATH" $(PY) -m grpc_tools.protoc -Iprotos --python_out=services \
		--pyi_out=services --grpc_python_out=services --connectrpc_out=services \
		--connectrpc_opt=protobuf=google $(PROTOS)
	touch $@

proto: $(PROTO_STAMP) ## Generate the Python code and the API reference (/api/) for protos/ (never edit or commit them)

api-docs: $(API_DOCS) ## The API reference alone (the gateway's /api/), from protos/, its guides and the scopes

lint: $(PROTO_STAMP) ## buf lint on the contracts, ruff on the code, mypy on every service package
	$(BIN)/buf lint
	$(BIN)/ruff check services tests bench dev deploy
	$(BIN)/ruff format --check services tests bench dev deploy
	$(BIN)/mypy

test: lint ## Lint, then the test suite but its slow tests (real processes), on TEST_WORKERS processes
	$(BIN)/pytest -m 'not slow' -n $(TEST_WORKERS) --dist loadfile $(PYTEST_ARGS)

test-slow: $(PROTO_STAMP) ## The slow tests: processes SIGKILLed, broker outages, hard bots on a clock
	$(BIN)/pytest -m slow $(PYTEST_ARGS)

demo: $(PROTO_STAMP) ## Start the stack, play a bot match of every title through it, stop
	$(PY) -m dev.demo

run: $(PROTO_STAMP) ## Run Redis (embedded unless REDIS_URL), rules, orchestrator, a worker, gateway
	PLAYHALL_RUN_GATEWAY_PORT=$(GATEWAY_PORT) $(PY) -m dev.devstack

bench: $(PROTO_STAMP) ## Engine, rules-service, orchestrator, parking and notice benchmarks: bench/results/
	$(PY) -m bench.engine
	$(PY) -m bench.einstein_cards
	$(PY) -m bench.orchestrator
	$(PY) -m bench.turnbased
	$(PY) -m bench.notify

bench-peer: $(PROTO_STAMP) ## SubmitMove beside boardgame.io (npm), in-memory and FlatFile (~5 min; skipped without node): bench/results/peer.md
	$(PY) -m bench.peer

bench-bots: $(PROTO_STAMP) ## The bot ladder of every title, decision and task time (resumable, 30 min per run): bench/results/bots.md
	$(PY) -m bench.bots

canary: $(PROTO_STAMP) ## Replay canary over 200 archived matches of each title (~15 min): bench/results/canary.md
	$(PY) -m bench.canary

chaos: $(PROTO_STAMP) ## Bot matches while each component is SIGKILLed: bench/results/chaos.md
	$(PY) -m bench.chaos

screens: $(PROTO_STAMP) ## Portal screenshots (system chromium): bench/results/screens/
	$(PY) -m bench.screens

image: ## Build the container image (needs Docker with BuildKit)
	docker build -f deploy/Dockerfile -t playhall:dev .

k8s: ## Render the Kubernetes base (deploy/k8s/base; overlays: deploy/k8s/overlays/{dev,prod})
	kubectl kustomize deploy/k8s/base

k8s-rules: ## Write the prod overlay's PrometheusRules from deploy/prometheus/rules
	$(PY) -m deploy.prometheus_rules

deploy-titles: $(VENV)/.installed ## Write every title's k8s, Compose and Prometheus files from deploy/titles.yaml
	$(PY) -m deploy.titles

clean: ## Remove the virtualenv, generated code and caches
	rm -rf $(VENV) $(PROTO_STAMP) .pytest_cache .ruff_cache services/playhall/gateway/portal/api
	find services/playhall -path '*/v1/*_pb2*.py*' -delete -o -path '*/v1/*_connect.py' -delete
