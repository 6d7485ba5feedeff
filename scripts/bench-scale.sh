#!/usr/bin/env bash
# Whole-process timing of the CLI against `jq -c .` on the same files, in
# one run (issue 17's budgets are ratios, and this machine is noisy): CPU
# time (user + system) and peak memory of each, for
#   - `rscope R validate` on El Capitan-like R+JGF documents of 2 048,
#     4 096 and 11 136 nodes (scripts/gen-elcap.py; 11 136 nodes is 1.17 M
#     vertices, the machine's whole graph);
#   - `rscope R decode --short`, `diff` and `intersect` on 16 384-rank
#     and 4 096-rank fragmented R documents (scripts/gen-fragmented-r.py),
#     then the same commands paired with jq run after run
#     (scripts/bench-paired.py: the median ratio to jq over
#     $RSCOPE_BENCH_PAIRS rounds, default 15, and the growth from 4 096 to
#     16 384 ranks; RSCOPE_BENCH_BEFORE=path/to/old/rscope adds an older
#     binary's figures, paired in the same rounds);
#   - `rscope resource status` and `list` on 16 384-node payloads with 500
#     drained nodes (scripts/gen-resource-payload.py; issue 31's budget is
#     0.2x jq);
#   - `rscope jobs` (default format, `-o long`, `--json`) on 100 000 jobs
#     of a 16 384-node system (scripts/gen-job-list.py; issue 50's budget
#     is 0.2x jq);
#   - `rscope resource replay` and `history` on a year of a 16 384-node
#     system's resource eventlog, 10^6 events in JSON lines
#     (scripts/gen-resource-eventlog.py --seed 1; issue 49's budgets are
#     0.2x and 0.3x jq).
# The documents are generated once into $RSCOPE_BENCH_DIR (default
# target/bench-scale). Not part of the pass/fail suite: `make bench-scale`.
#
# usage: bench-scale.sh [NODES...]   (default: 2048 4096 11136)
#        RSCOPE_BENCH_ONLY_R=1 bench-scale.sh   (only the fragmented R rows)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

dir=${RSCOPE_BENCH_DIR:-target/bench-scale}
mkdir -p "$dir"
cargo build --release --locked --bin rscope >&2
rscope=target/release/rscope
command -v jq >/dev/null || { echo "bench-scale: jq is needed (scripts/setup.sh installs it)" >&2; exit 1; }

# measure NAME INPUT COMMAND...: prints "cpu_seconds peak_kb" of COMMAND
# with INPUT on standard input.
measure() {
  local input=$1
  shift
  /usr/bin/time -f "%U %S %M" -o "$dir/time.txt" "$@" <"$input" >/dev/null 2>&1 || true
  awk '{ printf "%.2f %d\n", $1 + $2, $3 }' "$dir/time.txt"
}

# row LABEL FILE COMMAND...: one line comparing COMMAND with jq on FILE.
row() {
  local label=$1 file=$2
  shift 2
  local jq_t jq_m our_t our_m size
  read -r jq_t jq_m < <(measure "$file" jq -c .)
  read -r our_t our_m < <(measure "$file" "$@")
  size=$(stat -c %s "$file")
  awk -v l="$label" -v s="$size" -v jt="$jq_t" -v jm="$jq_m" -v ot="$our_t" -v om="$our_m" 'BEGIN {
    printf "%-34s %7.1f MB  jq %6.2f s %7.0f MB  rscope %6.2f s %7.0f MB  time %.2fx jq  memory %.1fx the document\n",
      l, s / 1e6, jt, jm / 1024, ot, om / 1024, (jt > 0 ? ot / jt : 0), om * 1024 / s }'
}

echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -z "${RSCOPE_BENCH_ONLY_R:-}" ]; then
[ -s "$dir/status16k.json" ] || python3 scripts/gen-resource-payload.py status 16384 500 >"$dir/status16k.json"
[ -s "$dir/list16k.json" ] || python3 scripts/gen-resource-payload.py list 16384 500 >"$dir/list16k.json"
row "resource status, 16384 nodes" "$dir/status16k.json" "$rscope" resource status
row "resource status -o long, 16384 nodes" "$dir/status16k.json" "$rscope" resource status -o long
row "resource drain, 16384 nodes" "$dir/status16k.json" "$rscope" resource drain
row "resource list, 16384 nodes" "$dir/list16k.json" "$rscope" resource list
[ -s "$dir/jobs100k.jsonl" ] || python3 scripts/gen-job-list.py 100000 1 >"$dir/jobs100k.jsonl"
row "jobs, 100k jobs" "$dir/jobs100k.jsonl" "$rscope" jobs
row "jobs -o long, 100k jobs" "$dir/jobs100k.jsonl" "$rscope" jobs -o long
row "jobs --json, 100k jobs" "$dir/jobs100k.jsonl" "$rscope" jobs --json
[ -s "$dir/eventlog16k.jsonl" ] || python3 scripts/gen-resource-eventlog.py --seed 1 --nodes 16384 --events 1000000 >"$dir/eventlog16k.jsonl"
row "resource replay, 1M events" "$dir/eventlog16k.jsonl" "$rscope" resource replay
row "resource history, 1M events" "$dir/eventlog16k.jsonl" "$rscope" resource history
row "resource history --by reason" "$dir/eventlog16k.jsonl" "$rscope" resource history --by reason --group-reasons
if [ "${RSCOPE_BENCH_ONLY_RESOURCE:-}" ]; then exit 0; fi
for n in "${@:-2048 4096 11136}"; do
  for size in $n; do
    f="$dir/elcap$size.json"
    [ -s "$f" ] || python3 scripts/gen-elcap.py "$size" >"$f"
    row "R validate, $size nodes" "$f" "$rscope" R validate
  done
done
fi
for seed in 1 2; do
  f="$dir/frag$seed.json"
  [ -s "$f" ] || python3 scripts/gen-fragmented-r.py 16384 "$seed" >"$f"
  f="$dir/frag4k$seed.json"
  [ -s "$f" ] || python3 scripts/gen-fragmented-r.py 4096 "$seed" >"$f"
done
cat "$dir/frag1.json" "$dir/frag2.json" >"$dir/frag12.json"
cat "$dir/frag4k1.json" "$dir/frag4k2.json" >"$dir/frag4k12.json"
for n in 16384 4096; do
  k=$([ "$n" = 4096 ] && echo 4k || true)
  row "R decode --short, $n ranks" "$dir/frag${k}1.json" "$rscope" R decode --short
  row "R diff, two of $n ranks" "$dir/frag${k}12.json" "$rscope" R diff
  row "R intersect, two of $n ranks" "$dir/frag${k}12.json" "$rscope" R intersect
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 scripts/bench-paired.py "$rscope" "$dir" "${RSCOPE_BENCH_PAIRS:-15}"
