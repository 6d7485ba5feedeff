#!/usr/bin/env python3
"""Generate a fragmented R document: one R_lite entry per rank, each rank
holding its own scattered cores (of 128) and GPUs (of 8), as a busy
cluster's allocations look. 16384 ranks give about 3.5 MB of JSON.

usage: gen-fragmented-r.py [NRANKS] [SEED] > R.json
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


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 16384
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    r_lite = []
    for rank in range(n):
        cores = sorted(c for c in range(128) if rng.random() < 0.5)
        gpus = sorted(g for g in range(8) if rng.random() < 0.5)
        children = {"core": idset(cores) or "0"}
        if gpus:
            children["gpu"] = idset(gpus)
        r_lite.append({"rank": str(rank), "children": children})
    doc = {
        "version": 1,
        "execution": {
            "R_lite": r_lite,
            "starttime": 0,
            "expiration": 0,
            "nodelist": [f"node[0-{n - 1}]"],
        },
    }
    json.dump(doc, sys.stdout, separators=(",", ":"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
