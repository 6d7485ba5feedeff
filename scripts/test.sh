#!/usr/bin/env bash
# Every test tier, in order: lints, native tests, in-browser wasm tests,
# release build, end-to-end Playwright specs, then the corpus tier (tests
# over the Flux samples and specs in ../shared, which only some clones have).
# A tier fails when its command fails or when it ran no test; the script
# exits non-zero if any tier failed. `.ci/run` and `make check` run this.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
export CHROMEDRIVER=/usr/bin/chromedriver
# A clean clone builds everything once: incremental caches would only fill
# the disk (about 4 GB of the 7 GB a run left in target/, which once ran a
# CI machine out of space), so they are off unless the caller wants them.
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"

logdir=$(mktemp -d)
failed=()
total_passed=0
total_failed=0

# Sum the counts of libtest-style summary lines ("test result: ok. 3 passed; 0 failed").
count_libtest() {
  local log=$1 p f
  p=$(grep -oE 'test result: [a-zA-Z]+\. [0-9]+ passed' "$log" | grep -oE '[0-9]+ passed' | awk '{s+=$1} END {print s+0}')
  f=$(grep -oE '; [0-9]+ failed' "$log" | grep -oE '[0-9]+' | awk '{s+=$1} END {print s+0}')
  echo "$p $f"
}

# Playwright's list reporter ends with "  N passed (1.2s)" and maybe "  N failed".
count_playwright() {
  local log=$1 p f
  p=$(grep -oE '^ +[0-9]+ passed' "$log" | tail -1 | grep -oE '[0-9]+' || true)
  f=$(grep -oE '^ +[0-9]+ failed' "$log" | tail -1 | grep -oE '[0-9]+' || true)
  echo "${p:-0} ${f:-0}"
}

# tier NAME COUNTER|- COMMAND...
tier() {
  local name=$1 counter=$2; shift 2
  local log="$logdir/$name.log"
  printf '\n==== %s: %s\n' "$name" "$*"
  "$@" 2>&1 | tee "$log"
  local rc=${PIPESTATUS[0]}
  if [ "$counter" != "-" ]; then
    read -r p f < <("$counter" "$log")
    total_passed=$((total_passed + p)); total_failed=$((total_failed + f))
    if [ "$rc" -eq 0 ] && [ "$p" -eq 0 ]; then
      echo "==== $name ran no test"; rc=1
    fi
  fi
  if [ "$rc" -ne 0 ]; then failed+=("$name"); fi
  printf '==== %s: %s\n' "$name" "$([ "$rc" -eq 0 ] && echo ok || echo FAILED)"
}

# The corpus: the Flux samples and specs beside the clone. CI always has
# them; a clone elsewhere does not, and then its tier is skipped, saying so.
# Half a corpus is a failure, not a skip.
corpus_tier() {
  local samples=../shared/samples specs=../shared/specs
  if [ -d "$samples" ] && [ -d "$specs" ]; then
    tier corpus count_libtest cargo test -p rscope-cli --locked --test corpus
    # The page opens every sample; runs after the e2e tier (same port).
    tier corpus-e2e count_playwright bash -c 'cd www && npx playwright test --config playwright.corpus.config.js'
  elif [ -d "$samples" ] || [ -d "$specs" ]; then
    printf '\n==== corpus: FAILED: %s is there but %s is not\n' \
      "$([ -d "$samples" ] && echo "$samples" || echo "$specs")" \
      "$([ -d "$samples" ] && echo "$specs" || echo "$samples")"
    failed+=(corpus)
  else
    printf '\n==== corpus: skipped: ../shared/samples and ../shared/specs not found beside the clone (CI always has them)\n'
  fi
}

tier fmt - cargo fmt --all --check
# `--all-targets` leaves out the corpus target (test = false in the CLI's
# Cargo.toml), so it is linted by name.
tier clippy-native - bash -c 'cargo clippy --workspace --all-targets --locked -- -D warnings && cargo clippy -p rscope-cli --test corpus --locked -- -D warnings'
# The crates the page is built from; the CLI is native only. The element's
# bundle (rscope-web without `page`) is linted too: its cfgs differ.
tier clippy-wasm32 - bash -c 'cargo clippy -p rscope-core -p rscope-web --lib --tests --target wasm32-unknown-unknown --locked -- -D warnings && cargo clippy -p rscope-web --no-default-features --lib --target wasm32-unknown-unknown --locked -- -D warnings && cargo clippy -p rscope-web --no-default-features --features jobs-part --lib --target wasm32-unknown-unknown --locked -- -D warnings && cargo clippy -p rscope-web --no-default-features --features timeline-part --lib --target wasm32-unknown-unknown --locked -- -D warnings'
# Everything but the corpus target: unit, integration (tests/it) and doc tests.
tier native count_libtest cargo test --workspace --locked
tier wasm-browser count_libtest bash -c 'cd crates/rscope-web && wasm-pack test --headless --chrome -- --lib --locked'
tier build - bash scripts/build.sh
# pkg/rscope.d.ts against a usage file: each right call and each refused one is a test.
tier types count_libtest bash -c 'cd www && npx tsc -p types && echo "test result: ok. $(($(grep -c @ts-expect-error types/usage.ts) + 1)) passed; 0 failed"'
tier e2e count_playwright bash -c 'cd www && npx playwright test'
# Generated cases (www/differential/generate.js, seeded) through the CLI and window.rscope: identical answers.
tier differential count_playwright bash -c 'cd www && npx playwright test --config playwright.differential.config.js'
# The Sphinx extension's unit tests (sphinx-rscope/tests, in the .venv-sphinx set-up makes).
tier sphinx count_libtest .venv-sphinx/bin/python sphinx-rscope/tests/run.py
# In Chromium: the fixture Sphinx project built with -W, and a page importing the npm tarball installed in a folder of its own.
tier packaging-e2e count_playwright bash -c 'cd www && npx playwright test --config playwright.packaging.config.js'
corpus_tier

# CI shows only the end of the output, so the names of the tests that failed,
# or passed only on their retry, are repeated here.
report_failures() {
  local lines
  lines=$(grep -hE '^ *✘|^test .* \.\.\. FAILED$' "$logdir"/*.log 2>/dev/null | sed 's/^ *//' | sort -u)
  if [ -n "$lines" ]; then
    echo "tests that failed at least once:"
    printf '%s\n' "$lines" | sed 's/^/  /'
    grep -hE '^ +Error: ' "$logdir"/*.log 2>/dev/null | head -10 | sed 's/^ */  /'
  fi
}

echo
report_failures
if [ ${#failed[@]} -gt 0 ]; then
  echo "failed tiers: ${failed[*]}"
  echo "total: $total_passed passed, $((total_failed > 0 ? total_failed : 1)) failed"
  exit 1
fi
echo "all tiers passed"
echo "total: $total_passed passed, $total_failed failed"
