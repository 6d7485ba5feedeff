# Rscope's two everyday commands: `make serve` and `make test`.
# Everything they need is installed by scripts/setup.sh, which skips what is
# already there.

PORT ?= 8080

.PHONY: serve test setup build bench bench-page fuzz
serve: build
	node www/serve.mjs --port $(PORT)

test: setup
	bash scripts/test.sh

setup:
	bash scripts/setup.sh

build: setup
	bash scripts/build.sh

# Benchmarks: criterion for the core, a Playwright spec for the page.
bench: setup
	cargo bench

bench-page: build
	cd www && npx playwright test --config playwright.bench.config.js

# Run every fuzz target for FUZZ_SECONDS each (installs cargo-fuzz if missing).
FUZZ_SECONDS ?= 60
fuzz:
	bash scripts/fuzz.sh $(FUZZ_SECONDS)
