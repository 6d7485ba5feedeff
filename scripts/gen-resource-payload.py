#!/usr/bin/env python3
"""Generate `flux resource` payloads of a busy, heterogeneous cluster for
the benchmarks of `rscope resource` (issue 31's budgets): NRANKS nodes,
each with its own scattered cores (of 128) and GPUs (of 8), three
properties, and DRAINED drained nodes with reasons and times, some of them
offline, plus offline and torpid nodes.

  status: `resource.status`, as `flux resource status --from-stdin` reads it
  list:   `sched.resource-status` ({all, allocated, down}), as `flux
          resource list --from-stdin` reads it

Written indented, as `flux resource ... | jq .` saves it.

usage: gen-resource-payload.py status|list [NRANKS] [DRAINED] [SEED] > payload.json
"""
import json
import random
import sys


def idset(ids):
    """RFC 22 encoding of a sorted list of ids."""
    out, i = [], 0
    while i < len(ids):
        j = i
        while j + 1 < len(ids) and ids[j + 1] == ids[j] + 1:
            j += 1
        out.append(str(ids[i]) if i == j else f"{ids[i]}-{ids[j]}")
        i = j + 1
    return ",".join(out)


def r_of(nodes, n, props):
    r_lite = []
    for rank, (cores, gpus) in nodes:
        children = {"core": idset(cores) or "0"}
        if gpus:
            children["gpu"] = idset(gpus)
        r_lite.append({"rank": str(rank), "children": children})
    ranks = {rank for rank, _ in nodes}
    return {
        "version": 1,
        "execution": {
            "R_lite": r_lite,
            "starttime": 0,
            "expiration": 0,
            "nodelist": [f"node[{idset(sorted(ranks))}]"] if ranks else [],
            "properties": {
                name: idset(sorted(r for r in ids if r in ranks))
                for name, ids in props.items()
                if any(r in ranks for r in ids)
            },
        },
    }


def main():
    kind = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 16384
    ndrained = int(sys.argv[3]) if len(sys.argv) > 3 else 500
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 1)
    nodes = []
    for rank in range(n):
        cores = sorted(c for c in range(128) if rng.random() < 0.5)
        gpus = sorted(g for g in range(8) if rng.random() < 0.5)
        nodes.append((rank, (cores, gpus)))
    props = {
        "pbatch": list(range(0, n * 3 // 4)),
        "pdebug": list(range(n * 3 // 4, n)),
        "bigmem": list(range(0, n, 16)),
    }
    drained = sorted(rng.sample(range(n), ndrained))
    offline = sorted(set(rng.sample(range(n), n // 100)) | set(drained[::5]))
    torpid = sorted(rng.sample(range(n), 20))
    reasons = ["bad DIMM", "gpu xid 79", "nodediag failed", "kernel panic", "admin: swap PSU"]
    if kind == "status":
        doc = {
            "R": r_of(nodes, n, props),
            "drain": {
                str(r): {"timestamp": 1760000000.0 + rng.random() * 1e6, "reason": rng.choice(reasons)}
                for r in drained
            },
            "exclude": "0-1",
            "torpid": idset(torpid),
            "offline": idset(offline),
            "online": idset(sorted(set(range(n)) - set(offline))),
        }
    else:
        down = set(drained) | set(offline)
        allocated = [(r, (c[: len(c) // 2], g[:1])) for r, (c, g) in nodes if r not in down and r % 3 == 0]
        doc = {
            "all": r_of(nodes, n, props),
            "allocated": r_of(allocated, n, props),
            "down": r_of([x for x in nodes if x[0] in down], n, props),
        }
    json.dump(doc, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
