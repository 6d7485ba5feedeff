#!/usr/bin/env python3
"""Generate a year of a large system's resource eventlog (RFC 44) for the
benchmarks of `rscope resource replay` and `history` (issue 49's budgets):
NODES nodes (node0 ... nodeN-1, rank r on host node<r>) and about EVENTS
events from 2025-01-01 UTC on, one year long, in the journal's form: one
event a line as `flux resource eventlog -f json` prints the journal,
including the events the KVS eventlog does not hold (online, offline,
torpid, lively).

What happens: the instance restarts every two weeks or so (a `restart`
with the whole nodelist, `resource-define`, then the nodes come online in
bursts); in between, nodes go offline and come back, stop answering
(torpid) and answer again, and are drained and undrained, one at a time
or a rack of up to 64 for maintenance. Drain reasons are realistic and
some carry job ids (F58, `f` or `ƒ`) and numbers (`Epilog failed for job
f3MNb1xy`, `memory errors: 12 correctable ECC on DIMM 3`), so that
`--group-reasons` has something to group; some drains use overwrite 1 or 2
on drained nodes, some overwrite 0.

usage: gen-resource-eventlog.py [--seed N] [--nodes N] [--events N] > log.jsonl
"""
import argparse
import json
import random
import sys

YEAR = 365 * 86400.0
START = 1735689600.0  # 2025-01-01 00:00:00 UTC
BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def idset(lo, hi):
    return str(lo) if lo == hi else f"{lo}-{hi}"


def hosts(lo, hi):
    return f"node{lo}" if lo == hi else f"node[{lo}-{hi}]"


class Pool:
    """A set with O(1) random choice, insert and remove."""

    def __init__(self, items=()):
        self.items, self.where = [], {}
        for i in items:
            self.add(i)

    def add(self, x):
        if x not in self.where:
            self.where[x] = len(self.items)
            self.items.append(x)

    def remove(self, x):
        i = self.where.pop(x, None)
        if i is None:
            return
        last = self.items.pop()
        if i < len(self.items):
            self.items[i] = last
            self.where[last] = i

    def choice(self, rng):
        return rng.choice(self.items) if self.items else None

    def __len__(self):
        return len(self.items)

    def __contains__(self, x):
        return x in self.where


def jobid(rng):
    digits = "".join(rng.choice(BASE58) for _ in range(8))
    return rng.choice("fƒ") + rng.choice("123456789") + digits


def reason(rng):
    r = rng.random()
    if r < 0.30:
        return "broker was unresponsive"
    if r < 0.42:
        return "nodediag failed " + rng.choice(["amdgpu", "pci", "cxi", "clocksource", "dmi"])
    if r < 0.60:
        return f"Epilog failed for job {jobid(rng)}"
    if r < 0.68:
        return f"memory errors: {rng.randint(1, 500)} correctable ECC on DIMM {rng.randint(0, 15)}"
    if r < 0.74:
        return f"temp {rng.randint(80, 99)}.{rng.randint(0, 9)}C on gpu{rng.randint(0, 3)}"
    if r < 0.80:
        return f"slingshot link flap on hsn{rng.randint(0, 3)} (port {rng.randint(1, 64)})"
    if r < 0.86:
        return "kernel panic"
    if r < 0.92:
        return f"job {jobid(rng)} killed the node: oom"
    return rng.choice(["reboot", "power", "bad dimm", "rebooting for firmware 2.3.1", ""])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--nodes", type=int, default=16384)
    ap.add_argument("--events", type=int, default=1_000_000)
    a = ap.parse_args()
    rng, n = random.Random(a.seed), a.nodes
    out = sys.stdout
    gap = YEAR / a.events
    t = START
    count = 0

    def emit(name, context=None):
        nonlocal count
        ev = {"timestamp": round(t, 6), "name": name}
        if context is not None:
            ev["context"] = context
        out.write(json.dumps(ev, separators=(",", ":")) + "\n")
        count += 1

    online, offline, drained, torpid = Pool(), Pool(range(n)), Pool(), Pool()

    def restart():
        nonlocal t, online, offline, torpid
        emit("restart", {"ranks": idset(0, n - 1), "online": "", "nodelist": hosts(0, n - 1)})
        emit("resource-define", {"method": "configuration"})
        online, offline, torpid = Pool(), Pool(range(n)), Pool()
        # Nodes come up in bursts of contiguous ranks, a few seconds apart.
        lo = 0
        while lo < n:
            hi = min(n - 1, lo + rng.randint(64, 1024))
            t += rng.uniform(0.1, 5.0)
            emit("online", {"idset": idset(lo, hi)})
            for r in range(lo, hi + 1):
                online.add(r)
                offline.remove(r)
            lo = hi + 1
        # a few stay down
        for _ in range(rng.randint(0, 20)):
            r = online.choice(rng)
            online.remove(r)
            offline.add(r)
            emit("offline", {"idset": str(r)})

    restart()
    next_restart = t + rng.uniform(10, 18) * 86400
    while count < a.events:
        t += rng.expovariate(1.0 / gap)
        if t >= next_restart:
            restart()
            next_restart = t + rng.uniform(10, 18) * 86400
            continue
        r = rng.random()
        if r < 0.24:
            if rng.random() < 0.03:
                lo = rng.randrange(0, n, 64)
                hi = min(n - 1, lo + rng.randint(1, 63))
                why = rng.choice(["rack maintenance", f"PY: updating to BIOS {rng.randint(1, 9)}.{rng.randint(0, 9)}"])
                emit("drain", {"idset": idset(lo, hi), "nodelist": hosts(lo, hi), "reason": why, "overwrite": 0})
                for x in range(lo, hi + 1):
                    drained.add(x)
                continue
            x = drained.choice(rng) if rng.random() < 0.1 and len(drained) else rng.randrange(n)
            overwrite = rng.choice([0, 0, 0, 1, 1, 2]) if x in drained else 0
            emit("drain", {"idset": str(x), "nodelist": hosts(x, x), "reason": reason(rng), "overwrite": overwrite})
            drained.add(x)
        elif r < 0.46:
            x = drained.choice(rng)
            if x is None:
                continue
            emit("undrain", {"idset": str(x), "nodelist": hosts(x, x)})
            drained.remove(x)
        elif r < 0.66:
            x = online.choice(rng)
            if x is None:
                continue
            emit("offline", {"idset": str(x)})
            online.remove(x)
            offline.add(x)
            torpid.remove(x)
        elif r < 0.86:
            x = offline.choice(rng)
            if x is None:
                continue
            emit("online", {"idset": str(x)})
            offline.remove(x)
            online.add(x)
        elif r < 0.93:
            x = online.choice(rng)
            if x is None or x in torpid:
                continue
            emit("torpid", {"idset": str(x)})
            torpid.add(x)
        else:
            x = torpid.choice(rng)
            if x is None:
                continue
            emit("lively", {"idset": str(x)})
            torpid.remove(x)


if __name__ == "__main__":
    main()
