#!/usr/bin/env python3
"""Generate an El Capitan-like R document with its Fluxion graph.

Each node is one rank with 4 sockets; a socket holds 24 cores and one GPU
(an MI300A APU), so a node is 105 vertices: 11 136 nodes give about
1.17 M vertices, the size of the machine's full resource graph. The R_lite
is one entry (every rank alike, as Flux writes a whole machine), the
nodelist one host list, and `scheduling` the JGF Fluxion writes: vertices
with all of its metadata keys, then containment edges (with `subsystem` metadata, as current Fluxion writes them), compact as
jansson's `json_dumps(v, JSON_COMPACT)` writes them.

The document is written as it is generated, so memory stays small at any
size.

usage: gen-elcap.py [NODES] > R.json
"""
import sys

SOCKETS = 4
CORES_PER_SOCKET = 24
FIRST_HOST = 1001


def vertex(out, uid, kind, basename, name, ident, rank, path, exclusive=False):
    """One JGF vertex, with the keys in the order Fluxion writes them."""
    out.write(
        '{"id":"%d","metadata":{"type":"%s","basename":"%s","name":"%s",'
        '"id":%d,"uniq_id":%d,"rank":%d,"exclusive":%s,"unit":"","size":1,'
        '"paths":{"containment":"%s"}}}'
        % (uid, kind, basename, name, ident, uid, rank,
           "true" if exclusive else "false", path)
    )


def node_vertices(out, rank, first):
    """Write one node's vertices from uniq id `first`; returns its edges."""
    host = "elcap%d" % (FIRST_HOST + rank)
    base = "/cluster0/" + host
    edges = [(0, first)]
    out.write(",")
    vertex(out, first, "node", "elcap", host, FIRST_HOST + rank, rank, base)
    uid = first + 1
    for s in range(SOCKETS):
        sock = uid
        spath = "%s/socket%d" % (base, s)
        out.write(",")
        vertex(out, sock, "socket", "socket", "socket%d" % s, s, rank, spath)
        edges.append((first, sock))
        uid += 1
        for c in range(s * CORES_PER_SOCKET, (s + 1) * CORES_PER_SOCKET):
            out.write(",")
            vertex(out, uid, "core", "core", "core%d" % c, c, rank,
                   "%s/core%d" % (spath, c))
            edges.append((sock, uid))
            uid += 1
        out.write(",")
        vertex(out, uid, "gpu", "gpu", "gpu%d" % s, s, rank,
               "%s/gpu%d" % (spath, s))
        edges.append((sock, uid))
        uid += 1
    return edges, uid


def main():
    nodes = int(sys.argv[1]) if len(sys.argv) > 1 else 11136
    if nodes < 1:
        sys.exit("gen-elcap.py: NODES must be at least 1")
    out = sys.stdout
    last = FIRST_HOST + nodes - 1
    hosts = "elcap%d" % FIRST_HOST if nodes == 1 else "elcap[%d-%d]" % (FIRST_HOST, last)
    ranks = "0" if nodes == 1 else "0-%d" % (nodes - 1)
    cores = "0-%d" % (SOCKETS * CORES_PER_SOCKET - 1)
    out.write(
        '{"version":1,"execution":{"R_lite":[{"rank":"%s","children":'
        '{"core":"%s","gpu":"0-%d"}}],"starttime":0.0,"expiration":0.0,'
        '"nodelist":["%s"]},"scheduling":{"writer":"fluxion:jgf","graph":{"nodes":['
        % (ranks, cores, SOCKETS - 1, hosts)
    )
    vertex(out, 0, "cluster", "cluster", "cluster0", 0, -1, "/cluster0")
    edges = []
    uid = 1
    for rank in range(nodes):
        more, uid = node_vertices(out, rank, uid)
        edges.extend(more)
    out.write('],"edges":[')
    out.write(",".join(
        '{"source":"%d","target":"%d","metadata":{"subsystem":"containment"}}'
        % e for e in edges))
    out.write("]}}}\n")


if __name__ == "__main__":
    main()
