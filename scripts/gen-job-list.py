#!/usr/bin/env python3
"""A job list as `flux jobs --from-stdin` reads it (job-list objects, one a
line) for a 16 384-node system: JOBS jobs, mostly finished, some running
and pending, with ranks, host lists and resource summaries.

usage: gen-job-list.py [JOBS] [SEED]   (default 100000 1)"""
import json
import random
import sys

jobs = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
nodes = 16384
t0 = 1_790_000_000.0
names = ["sleep", "hostname", "lammps", "namd", "python3", "a.out", "hpl", "sim-long-name"]
out = sys.stdout
for i in range(jobs):
    t_submit = t0 + i * 3.1 + rng.random()
    job = {"id": (int(t_submit - t0) * 1000 << 24) + i, "userid": rng.choice([0, 1000, 1001, 5000]),
           "urgency": 16, "priority": rng.choice([16, 0, 1000]), "t_submit": t_submit,
           "t_depend": t_submit + 0.01, "name": rng.choice(names), "cwd": "/home/u",
           "queue": rng.choice(["batch", "debug", "pbatch"]), "duration": rng.choice([0.0, 3600.0, 60.0])}
    r = rng.random()
    nn = rng.choice([1, 1, 2, 4, 16, 128])
    first = rng.randrange(0, nodes - nn)
    job["ntasks"] = nn * rng.choice([1, 4, 112])
    job["ncores"] = job["ntasks"]
    if r < 0.05:
        job["state"] = rng.choice([2, 4, 8])
    else:
        job.update({"t_priority": t_submit + 0.02, "t_sched": t_submit + 0.03, "t_run": t_submit + 1.5,
                    "nnodes": nn, "ranks": f"[{first}-{first + nn - 1}]" if nn > 1 else str(first),
                    "nodelist": f"elcap[{first + 1001}-{first + nn + 1000}]" if nn > 1 else f"elcap{first + 1001}",
                    "expiration": t_submit + 86400.0,
                    "annotations": {"sched": {"resource_summary": f"rank[{first}-{first + nn - 1}]/core[0-95]"}}})
        if r < 0.15:
            job["state"] = 16
        else:
            result = rng.choice([1, 1, 1, 1, 2, 4, 8])
            job.update({"state": 64, "t_cleanup": t_submit + 2.5 + rng.random() * 1000,
                        "t_inactive": t_submit + 2600.0, "result": result, "success": result == 1,
                        "exception_occurred": result != 1, "waitstatus": 0 if result == 1 else 256})
            if result == 4:
                job.update({"exception_type": "cancel", "exception_severity": 0, "exception_note": ""})
    out.write(json.dumps(job) + "\n")
