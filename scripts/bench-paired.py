#!/usr/bin/env python3
"""Paired whole-process timing of `rscope R` commands against `jq -c .`.

This machine is shared and noisy, and a command of a few tens of
milliseconds is below `/usr/bin/time`'s resolution; so each round runs jq
and the command (and, when given, a second `rscope` binary, the "before")
back to back on the same input, at 16 384 and at 4 096 ranks, and takes
each process's own CPU time (user + system, from wait4, in microseconds).
The ratios are per round, and the medians of the rounds are printed:

  - time: the command's CPU time over jq's, at 16 384 ranks;
  - growth: the command's CPU time at 16 384 ranks over 4 096 ranks
    (4x the input; jq's own growth is printed beside it).

Run by scripts/bench-scale.sh (RSCOPE_BENCH_ONLY_R=1 runs only the R
rows); not part of the pass/fail suite.

usage: bench-paired.py RSCOPE DIR [ROUNDS]
  DIR holds frag1.json and frag12.json (16 384 ranks: one document, and
  two concatenated) and frag4k1.json and frag4k12.json (4 096 ranks).
  RSCOPE_BENCH_BEFORE=path/to/rscope adds that binary's figures, paired.
"""
import os
import statistics
import subprocess
import sys


def cpu(argv, path):
    """CPU seconds (user + system) of argv with path on standard input."""
    with open(path, "rb") as f:
        p = subprocess.Popen(argv, stdin=f, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        _, status, ru = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        sys.exit(f"bench-paired: {' '.join(argv)} < {path} failed ({p.returncode})")
    return ru.ru_utime + ru.ru_stime


COMMANDS = [
    ("R decode --short", ["R", "decode", "--short"], "1"),
    ("R diff", ["R", "diff"], "12"),
    ("R intersect", ["R", "intersect"], "12"),
]


def main():
    rscope, d = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 15
    binaries = [("rscope", rscope)]
    if os.environ.get("RSCOPE_BENCH_BEFORE"):
        binaries.insert(0, ("before", os.environ["RSCOPE_BENCH_BEFORE"]))
    with open("/proc/loadavg") as f:
        print("load before: " + " ".join(f.read().split()[:3]))
    print(f"paired, median of {rounds} rounds (CPU time, user + system)")
    for label, args, doc in COMMANDS:
        big, small = f"{d}/frag{doc}.json", f"{d}/frag4k{doc}.json"
        # name -> list of (cpu at 16k, cpu at 4k), one per round
        t = {name: [] for name in ["jq"] + [b for b, _ in binaries]}
        for _ in range(rounds):
            for name, argv in [("jq", ["jq", "-c", "."])] + [
                (b, [path] + args) for b, path in binaries
            ]:
                t[name].append((cpu(argv, big), cpu(argv, small)))
        jq_growth = statistics.median(a / b for a, b in t["jq"])
        jq_big = statistics.median(a for a, _ in t["jq"])
        for name, _ in binaries:
            ratio = statistics.median(a / j for (a, _), (j, _) in zip(t[name], t["jq"]))
            growth = statistics.median(a / b for a, b in t[name])
            ms = statistics.median(a for a, _ in t[name]) * 1e3
            print(f"{label:<18} {name:<7} 16384 ranks {ms:6.1f} ms  "
                  f"time {ratio:.3f}x jq ({jq_big * 1e3:.0f} ms)  "
                  f"growth 4096->16384 {growth:.2f}x (jq {jq_growth:.2f}x)")
    with open("/proc/loadavg") as f:
        print("load after: " + " ".join(f.read().split()[:3]))


if __name__ == "__main__":
    main()
