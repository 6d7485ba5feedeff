#!/usr/bin/env bash
# Compare `rscope resource` with flux-core's `flux resource … --from-stdin`
# case by case: stdout, stderr and exit status. A development aid, never
# part of `make test` (it needs a built flux-core, see ../shared/DESIGN.md).
#
#   scripts/compare-flux-resource.sh FLUX_CORE_CHECKOUT [RSCOPE]
#
# Prints one line per differing case and a count. The cases are the
# payloads of tests/fixtures/flux-resource and, when present, the 16 384-
# node payloads of target/bench-scale (scripts/gen-resource-payload.py),
# under formats and options that exercise the format language. Left out:
# `drain` (the reference lists drained nodes only from an instance) and
# `list -o {properties}` alone, whose order the reference takes from a
# Python set, so it changes from run to run.
set -u
core=$(readlink -f "$1")
rscope=$(readlink -f "${2:-target/release/rscope}")
flux="$core/src/cmd/flux"
fix=tests/fixtures/flux-resource
export TZ=${TZ:-America/Los_Angeles}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0 bad=0

case_() { # INPUT ARGS...
  local input=$1
  shift
  n=$((n + 1))
  "$flux" resource "$@" <"$input" >"$tmp/ref.out" 2>"$tmp/ref.err"
  local rc_ref=$?
  "$rscope" resource "$@" <"$input" >"$tmp/our.out" 2>"$tmp/our.err"
  local rc_our=$?
  # The reference logs a traceback at debug level; keep its ERROR/INFO lines.
  grep -E '^flux-resource: (ERROR|INFO)' "$tmp/ref.err" >"$tmp/ref.err2"
  if ! cmp -s "$tmp/ref.out" "$tmp/our.out" || [ $rc_ref != $rc_our ] ||
     ! cmp -s "$tmp/ref.err2" "$tmp/our.err"; then
    bad=$((bad + 1))
    echo "DIFF ($rc_ref vs $rc_our): resource $* < $input"
    diff <(cat "$tmp/ref.out" "$tmp/ref.err2") <(cat "$tmp/our.out" "$tmp/our.err") | head -${DIFF_LINES:-6}
  fi
}

status_formats=(default long "{state:>10} {nnodes:>6} {ranks:<15} {nodelist}"
  "{timestamp!d:%b%d %R::<12} {state:<8.8} {ranks:<8.8+} +:{reason:<30.30} {nodelist}"
  "?:{reason:>5} {statex} {status} {up.ascii} {nnodes:04d}"
  "sort:-nnodes,state {nnodes:>+6} {state:^12} {timestamp!d:%FT%T::h}"
  "{reason:<5.5h+}|{timestamp:>20}|{nnodes:,}" "{timestamp!D} {timestamp!F} {timestamp!H}")
status_inputs=("$fix"/status/*.json)
[ -s target/bench-scale/status16k.json ] && status_inputs+=(target/bench-scale/status16k.json)
for f in "${status_inputs[@]}"; do
  for fmt in "${status_formats[@]}"; do
    case_ "$f" status --from-stdin -o "$fmt"
  done
  for s in all online offline drain avail,torpid exclude,offline allocated help bogus; do
    case_ "$f" status --from-stdin -s "$s"
  done
  case_ "$f" status --from-stdin -s all --skip-empty -L always
  case_ "$f" status --from-stdin -i 0-2 -o long
  case_ "$f" status --from-stdin -i 'foo[2-3],node[5-9]'
  case_ "$f" status --from-stdin -i 'bad['
  case_ "$f" status --from-stdin -o nosuch
  case_ "$f" status --from-stdin -o '{nosuch}'
  case_ "$f" status --from-stdin -o 'sort:nosuch {state}'
  case_ "$f" status --from-stdin -o help
done
for f in "$fix"/status/fluke.json; do
  for q in debug batch debug,batch nosuch; do
    case_ "$f" status --from-stdin --config-file "$fix/status/fluke.config" -q "$q"
  done
done
list_formats=(default rlist "{state:>10} {properties:<10} {nnodes:>6} {ncores:>8} {ngpus:>8}"
  "{nnodes} {ranks} {nodelist}" "{state} {propertiesx:>5.5+} {queue}"
  "sort:-ncores {state} {ncores} {ngpus}")
list_inputs=("$fix"/list/*.json "$fix"/list/*.in)
[ -s target/bench-scale/list16k.json ] && list_inputs+=(target/bench-scale/list16k.json)
for f in "${list_inputs[@]}"; do
  for fmt in "${list_formats[@]}"; do
    case_ "$f" list --from-stdin -o "$fmt"
  done
  for s in all up down free,allocated bogus; do
    case_ "$f" list --from-stdin -s "$s"
    case_ "$f" R --from-stdin -s "$s"
    case_ "$f" info --from-stdin -s "$s"
  done
  case_ "$f" list --from-stdin -i 0-3 --skip-empty
  case_ "$f" list --from-stdin -i 0-3 --no-skip-empty
  case_ "$f" info --from-stdin
  case_ "$f" R --from-stdin
done
for q in debug batch debug,batch nosuch; do
  for sub in list info R; do
    # `-q a,b` lists empty lines in the order of a Python set: random.
    [ "$sub" = list ] && [ "$q" = debug,batch ] && continue
    case_ "$fix/list/fluke.json" "$sub" --from-stdin --config-file "$fix/list/fluke.config" -q "$q"
  done
done
echo "$bad of $n cases differ"
