# Rscope's everyday commands: `make serve`, `make quick`, `make test` and
# `make check`.
# Everything they need is installed by scripts/setup.sh, which skips what is
# already there.

PORT ?= 8080

.PHONY: serve quick test check setup build bench bench-scale bench-page screenshots fuzz
serve: build
	node www/serve.mjs --port $(PORT)

# The fast loop, fast checks first (as egui's scripts/check.sh): formatting,
# clippy natively and for wasm32, then the native tests. Needs only Rust's
# toolchain with the wasm32 target; no browser, no ../shared.
quick:
	cargo fmt --all --check
	cargo clippy --workspace --all-targets --locked -- -D warnings
	cargo clippy -p rscope-core -p rscope-web --lib --tests --target wasm32-unknown-unknown --locked -- -D warnings
	cargo test --workspace --locked

test: setup
	bash scripts/test.sh

# Exactly what CI runs, as egui's check.sh: .ci/run itself (set-up, then
# every tier of scripts/test.sh with no terminal input, the corpus tier
# included when ../shared is beside the clone). Green here is green in CI.
check:
	bash .ci/run

setup:
	bash scripts/setup.sh

build: setup
	bash scripts/build.sh

# Benchmarks: criterion for the core, a Playwright spec for the page.
bench: setup
	cargo bench

# Whole-process CPU time and peak memory against `jq -c .` on generated
# El Capitan-like and fragmented documents (scripts/bench-scale.sh).
bench-scale: setup
	bash scripts/bench-scale.sh

bench-page: build
	cd www && npx playwright test --config playwright.bench.config.js

# The README's screenshots (docs/screenshots/), taken from the built page
# at 1440x900 and 390x844 by www/screenshots/readme.shots.js.
screenshots: build
	cd www && npx playwright test --config playwright.screenshots.config.js

# Run every fuzz target for FUZZ_SECONDS each (installs cargo-fuzz if missing).
FUZZ_SECONDS ?= 60
fuzz:
	bash scripts/fuzz.sh $(FUZZ_SECONDS)
