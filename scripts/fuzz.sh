#!/bin/sh
# Run every cargo-fuzz target in fuzz/fuzz_targets for N seconds each
# (default 60), one after the other, installing cargo-fuzz when missing.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#
# Uses the stable toolchain with RUSTC_BOOTSTRAP=1 (cargo-fuzz needs
# nightly-only flags). Corpora and crash artifacts stay in fuzz/corpus and
# fuzz/artifacts, which git ignores. Exits non-zero on the first crash.
set -eu

seconds=${1:-60}
[ $# -gt 0 ] && shift
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root/fuzz"

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "fuzz.sh: installing cargo-fuzz" >&2
    cargo install cargo-fuzz --locked
fi

if [ $# -gt 0 ]; then
    targets="$*"
else
    targets=$(for f in fuzz_targets/*.rs; do basename "$f" .rs; done)
fi

export RUSTC_BOOTSTRAP=1
for t in $targets; do
    echo "fuzz.sh: $t for ${seconds}s" >&2
    mkdir -p "corpus/$t"
    cargo fuzz run "$t" "corpus/$t" -- -max_total_time="$seconds" -print_final_stats=1
done
