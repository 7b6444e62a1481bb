# Anquan: the two commands a newcomer needs are `make run` and `make test`.
SHELL := /bin/bash
GO ?= go
GOBIN ?= $(shell $(GO) env GOPATH)/bin
export PATH := $(GOBIN):$(PATH)
MODULES = $(shell $(GO) list -m -f '{{.Dir}}')
DATA ?= ./data

.PHONY: run build web tools third_party proto proto-check migrations vet lint modules test test-go test-web bench cluster cluster-test clean

run: web build ## build the web app and start everything with embedded defaults
	./bin/anquan --target=all --http=127.0.0.1:8080 --data=$(DATA)

# Version, commit and build time reach `anquan version` through -ldflags.
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
COMMIT ?= $(shell git rev-parse --short HEAD 2>/dev/null || echo unknown)
LDFLAGS = -X main.version=$(VERSION) -X main.commit=$(COMMIT) -X main.built=$(shell date -u +%Y-%m-%dT%H:%M:%SZ)

build:
	$(GO) build -ldflags "$(LDFLAGS)" -o bin/anquan ./cmd/anquan

web:
	@if [ -f web/package.json ]; then cd web && npm install --no-audit --no-fund && npm run build; else echo "web/ not present: the gateway serves a placeholder page"; fi

tools: ## install the pinned code generators (tools/go.mod)
	cd tools && GOWORK=off $(GO) install tool

third_party: ## google/api and buf/validate (protovalidate) protos, copied from the Go module cache (never committed)
	@mkdir -p third_party/google/api third_party/buf/validate
	@dir=$$(cd tools && GOWORK=off $(GO) mod download -json github.com/go-kratos/kratos/v2@v2.9.2 | sed -n 's/.*"Dir": "\(.*\)".*/\1/p'); \
	cp -f $$dir/third_party/google/api/{annotations,http,httpbody}.proto third_party/google/api/ && \
	cp -f $$dir/third_party/buf/validate/validate.proto third_party/buf/validate/ && chmod 644 third_party/google/api/*.proto third_party/buf/validate/*.proto

proto: tools third_party ## regenerate Go, gateway and OpenAPI code
	buf generate --path proto/blade

proto-check: proto
	@git diff --exit-code -- proto gateway/openapi || (echo "generated code is stale: run make proto and commit"; exit 1)
	@test -z "$$(git status --porcelain -- proto gateway/openapi)" || (git status --porcelain -- proto gateway/openapi; echo "generated code is stale: run make proto and commit"; exit 1)

# Baseline migration files (00001_baseline.sql) of databases that have none yet, per dialect,
# generated from the models on empty databases (PostgreSQL and MySQL must answer at 127.0.0.1).
# Existing baselines are kept: a schema change is a new numbered file (docs/ARCHITECTURE.md).
migrations:
	$(GO) run ./scripts/genmigrations

vet:
	$(GO) vet $(addsuffix /...,$(MODULES))

# golangci-lint (pinned in tools/go.mod, installed by make tools) over every module in one
# run through go.work, with the root config; the generated proto module is skipped. One run
# type-checks kit and the shared dependencies once: a run per module redid that 27 times
# (4-10 min per module on a cold cache on a loaded 2-core machine; one run took 11 min for all).
lint:
	golangci-lint run --config $(CURDIR)/.golangci.yml $(addsuffix /...,$(filter-out $(CURDIR)/proto,$(MODULES)))

modules: ## each module builds on its own (go.mod/go.sum complete, not only inside go.work)
	@for m in $(MODULES); do (cd $$m && GOWORK=off $(GO) build ./...) || { echo "module $$m does not build alone: run go mod tidy in it"; exit 1; }; done

# tests/api runs the whole platform on SQLite, PostgreSQL, MySQL and Redis+NATS in one
# package: about 5 minutes on a quiet 2-core machine, past go test's default 10-minute
# package limit on a loaded one. The limit is a hang guard, not a speed check.
test-go:
	$(GO) test -count=1 -timeout 40m $(addsuffix /...,$(MODULES))

test-web:
	@if [ -f web/package.json ]; then cd web && npm install --no-audit --no-fund && npm test && npm run build && ANQUAN_BIN=$(CURDIR)/bin/anquan npm run e2e; fi

test: proto-check vet lint modules build test-go test-web ## every check

bench: build
	$(GO) run ./scripts/bench --bin=bin/anquan

# Two processes of every target on this machine's PostgreSQL, Redis, NATS
# (and Mosquitto), behind a round-robin front (scripts/cluster).
cluster: build
	$(GO) run ./scripts/cluster

# The API suite's core scenarios against that cluster (docs/OPERATIONS.md
# "Horizontal scaling"): a few minutes; not part of make test.
CLUSTER_TESTS = TestAPI$$|TestWorkticket$$|TestEndedSessionStopsItsAccessTokensEverywhere$$|TestCluster
cluster-test: build
	$(GO) test -c -o bin/api.test ./tests/api
	$(GO) run ./scripts/cluster -run 'cd tests/api && ../../bin/api.test -test.count=1 -test.timeout=20m -test.v -test.run "$(CLUSTER_TESTS)"'

clean:
	rm -rf bin third_party
