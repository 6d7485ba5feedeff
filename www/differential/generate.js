// The differential tier's cases, generated from a seed: R documents (RFC 20)
// with random ranks, core and GPU id sets, host names, properties, start
// and expiration times, some with a `scheduling` graph (RFC 40 JGF), and
// the questions to put to the CLI and to `window.rscope` about them. The
// same seed gives the same cases on every machine (no Math.random, no
// clock), so a difference found once can be found again. Plain ESM, no
// dependency: the specs beside it import it, and so can a person at a Node
// prompt who wants to look at case 17.
//
// Every R is cut from a *cluster*: ranks, each with its host, cores and
// GPUs, and properties over the ranks. Two documents cut from one cluster
// agree on every rank's host; a cluster renamed (another prefix, or the
// same prefix with shifted numbers) gives the same ranks other hosts,
// which is what the `conflict` flag of a case records.

/** The seed when RSCOPE_DIFF_SEED is not set: fixed, so runs repeat. */
export const DEFAULT_SEED = 4620;

/** The seed of a run: RSCOPE_DIFF_SEED when it is an integer, else [`DEFAULT_SEED`]. */
export function seedOf(env) {
  const text = env.RSCOPE_DIFF_SEED;
  if (text === undefined || text === '') return DEFAULT_SEED;
  if (!/^[0-9]+$/.test(text)) throw new Error(`RSCOPE_DIFF_SEED must be a non-negative integer, not '${text}'`);
  return Number(text) >>> 0;
}

/**
 * A seeded generator (mulberry32): small, fast and the same in every
 * JavaScript engine, which is all a test generator needs.
 */
export function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const g = {
    next,
    /** An integer in [lo, hi]. */
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    /** One element of `xs`. */
    pick: (xs) => xs[Math.floor(next() * xs.length)],
    /** True with probability `p`. */
    chance: (p) => next() < p,
    /** The elements of `xs` each kept with probability `p`, in order. */
    some: (xs, p) => xs.filter(() => next() < p),
    /** A non-empty random part of `xs` (all of it when `xs` has one element). */
    part: (xs, p = 0.6) => {
      const kept = g.some(xs, p);
      return kept.length ? kept : [g.pick(xs)];
    },
  };
  return g;
}

/** Integers from `lo` to `hi` inclusive. */
const span = (lo, hi) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);

/** Sorted, de-duplicated integers as an RFC 22 id set: `0-3,8`. */
export function idset(ids) {
  const xs = [...new Set(ids)].sort((a, b) => a - b);
  const runs = [];
  for (const x of xs) {
    const last = runs[runs.length - 1];
    if (last && last[1] + 1 === x) last[1] = x;
    else runs.push([x, x]);
  }
  return runs.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(',');
}

/** A host's name: its prefix and its number, zero-padded to `width`. */
export const hostName = (h) => `${h.prefix}${String(h.n).padStart(h.width, '0')}`;

/**
 * Hosts, in order, as RFC 29 host lists: one list for each run of hosts
 * that share a prefix and a width (`node[0-3,7]`, `cab5`). The order is
 * kept, so the lists read back give the hosts rank by rank.
 */
export function hostlists(hosts) {
  const groups = [];
  for (const h of hosts) {
    const last = groups[groups.length - 1];
    if (last && last.prefix === h.prefix && last.width === h.width) last.ns.push(h.n);
    else groups.push({ prefix: h.prefix, width: h.width, ns: [h.n] });
  }
  return groups.map(({ prefix, width, ns }) => {
    if (ns.length === 1) return hostName({ prefix, width, n: ns[0] });
    const pad = (n) => String(n).padStart(width, '0');
    const runs = [];
    for (const n of ns) {
      const last = runs[runs.length - 1];
      if (last && last[1] + 1 === n) last[1] = n;
      else runs.push([n, n]);
    }
    return `${prefix}[${runs.map(([a, b]) => (a === b ? pad(a) : `${pad(a)}-${pad(b)}`)).join(',')}]`;
  });
}

const PREFIXES = ['node', 'cab', 'foo', 'tioga', 'fat', 'quartz'];
const CORES = [[0], span(0, 1), span(0, 3), span(0, 7), span(0, 15), [...span(0, 3), ...span(8, 11)], span(0, 47)];
const GPUS = [[], [], [], [0], span(0, 1), span(0, 3)];
const PROPERTIES = ['big', 'ssd', 'debug', 'login'];

/**
 * A cluster: 1 to 10 ranks (from 0 mostly, sometimes with gaps), one or
 * two kinds of node, hosts named after their rank, and up to two
 * properties. Every document is cut from one.
 */
export function cluster(g) {
  const ranks = [];
  let r = g.chance(0.8) ? 0 : g.int(1, 6);
  for (let i = g.int(1, 10); i > 0; i--) {
    ranks.push(r);
    r += g.chance(0.15) ? g.int(2, 4) : 1;
  }
  const kinds = [{ cores: g.pick(CORES), gpus: g.pick(GPUS) }, { cores: g.pick(CORES), gpus: g.pick(GPUS) }];
  const split = g.int(0, ranks.length);
  const prefix = g.pick(PREFIXES);
  const offset = g.chance(0.6) ? 0 : g.int(1, 20);
  const width = g.chance(0.2) ? 2 : 0;
  const nodes = new Map(ranks.map((rank, i) => {
    const kind = kinds[i < split ? 0 : 1];
    return [rank, { rank, host: { prefix, width, n: rank + offset }, cores: kind.cores, gpus: kind.gpus }];
  }));
  const properties = Object.fromEntries(g.some(PROPERTIES, 0.35).map((p) => [p, g.part(ranks, 0.5)]));
  return { ranks, nodes, properties };
}

/**
 * The same cluster with other host names for the same ranks: another
 * prefix, or the same prefix with the numbers shifted.
 */
export function renamed(g, c) {
  const shift = g.chance(0.5);
  const prefix = g.pick(PREFIXES.filter((p) => p !== [...c.nodes.values()][0].host.prefix));
  const by = g.int(1, 8);
  const nodes = new Map([...c.nodes].map(([rank, n]) => [rank, {
    ...n,
    host: shift ? { ...n.host, n: n.host.n + by } : { ...n.host, prefix },
  }]));
  return { ...c, nodes };
}

/** Some of `ids`: all, the lower or upper half, or a random part. */
function cut(g, ids, how = g.pick(['all', 'all', 'low', 'high', 'part'])) {
  if (ids.length < 2 || how === 'all') return ids;
  const half = Math.ceil(ids.length / 2);
  if (how === 'low') return ids.slice(0, half);
  if (how === 'high') return ids.slice(half);
  return g.part(ids, 0.5);
}

const TIMES = [null, [0, 0], [1700000000, 1700003600], [1712345678.25, 1712349278.5], [1600000000, 0]];

/**
 * An R document (a model, not yet text) of cluster `c` on `ranks`, each
 * rank with `how` of its cores (see [`cut`]) and its GPUs or none; with
 * the cluster's properties on those ranks, times and a graph by chance.
 */
export function document(g, c, ranks, how) {
  const nodes = ranks.map((rank) => {
    const n = c.nodes.get(rank);
    const gpus = g.chance(0.85) ? n.gpus : [];
    return { rank, host: n.host, cores: cut(g, n.cores, how), gpus };
  });
  const properties = {};
  if (g.chance(0.7)) {
    for (const [name, has] of Object.entries(c.properties)) {
      const on = has.filter((r) => ranks.includes(r));
      if (on.length) properties[name] = on;
    }
  }
  const hosts = g.chance(0.95);
  return {
    nodes,
    properties,
    times: g.pick(TIMES),
    hosts,
    scheduling: hosts && g.chance(0.3),
    split: g.chance(0.3),
    pretty: g.chance(0.3),
  };
}

/** R_lite: ranks with the same children in one entry, entries by first rank. */
function rLite(nodes) {
  const entries = new Map();
  for (const n of [...nodes].sort((a, b) => a.rank - b.rank)) {
    const children = { core: idset(n.cores), ...(n.gpus.length ? { gpu: idset(n.gpus) } : {}) };
    const key = JSON.stringify(children);
    if (!entries.has(key)) entries.set(key, { ranks: [], children });
    entries.get(key).ranks.push(n.rank);
  }
  return [...entries.values()].map((e) => ({ rank: idset(e.ranks), children: e.children }));
}

/**
 * A `scheduling` graph for `nodes` in the shape Fluxion writes (and
 * tests/fixtures/r/with-graph.json holds): a cluster vertex containing
 * one vertex per node (named after its host, numbered after it, with its
 * rank), each containing its cores and GPUs.
 */
function graph(nodes) {
  const vertices = [];
  const edges = [];
  const first = nodes[0].host;
  const vertex = (metadata) => {
    vertices.push({ id: String(vertices.length), metadata });
    return String(vertices.length - 1);
  };
  const contains = (source, target) => edges.push({ source, target, metadata: { name: { containment: 'contains' } } });
  const top = `/${first.prefix}0`;
  const root = vertex({ type: 'cluster', basename: first.prefix, name: `${first.prefix}0`, id: 0, rank: -1, paths: { containment: top } });
  for (const n of [...nodes].sort((a, b) => a.rank - b.rank)) {
    const name = hostName(n.host);
    const path = `${top}/${name}`;
    const node = vertex({ type: 'node', basename: n.host.prefix, name, id: n.host.n, rank: n.rank, paths: { containment: path } });
    contains(root, node);
    for (const [type, ids] of [['core', n.cores], ['gpu', n.gpus]]) {
      for (const id of ids) {
        contains(node, vertex({ type, basename: type, name: `${type}${id}`, id, rank: n.rank, paths: { containment: `${path}/${type}${id}` } }));
      }
    }
  }
  return { graph: { nodes: vertices, edges } };
}

/** The text of document `d`: compact or indented, as people paste them. */
export function render(d) {
  const sorted = [...d.nodes].sort((a, b) => a.rank - b.rank);
  const execution = { R_lite: rLite(d.nodes) };
  if (d.hosts) {
    const lists = hostlists(sorted.map((n) => n.host));
    execution.nodelist = d.split ? lists : [lists.join(',')];
  }
  if (Object.keys(d.properties).length) {
    execution.properties = Object.fromEntries(Object.entries(d.properties).map(([k, v]) => [k, idset(v)]));
  }
  if (d.times) [execution.starttime, execution.expiration] = d.times;
  const doc = { version: 1, execution, ...(d.scheduling ? { scheduling: graph(d.nodes) } : {}) };
  return d.pretty ? JSON.stringify(doc, null, 2) : JSON.stringify(doc);
}

/** The rank→host map of the documents with host names. */
function hostsOf(docs) {
  return docs.filter((d) => d.hosts).map((d) => new Map(d.nodes.map((n) => [n.rank, hostName(n.host)])));
}

/** Whether some rank is one host in one document and another in a later one. */
export function conflicting(docs) {
  const seen = new Map();
  for (const hosts of hostsOf(docs)) {
    for (const [rank, h] of hosts) {
      if (seen.has(rank) && seen.get(rank) !== h) return true;
      if (!seen.has(rank)) seen.set(rank, h);
    }
  }
  return false;
}

/** Document `d` with only `nodes`, its properties kept to their ranks. */
function restricted(d, nodes) {
  const ranks = nodes.map((n) => n.rank);
  const properties = Object.fromEntries(Object.entries(d.properties)
    .map(([k, v]) => [k, v.filter((r) => ranks.includes(r))]).filter(([, v]) => v.length));
  return { ...d, nodes, properties };
}

/**
 * Two documents to combine, in one of several relations: cut from one
 * cluster (overlapping, the second inside the first, equal, disjoint
 * ranks or disjoint cores of the same ranks), from the cluster and a
 * renamed copy (same ranks, other hosts), or from two unrelated clusters.
 */
export function pair(g) {
  const c = cluster(g);
  const relation = g.pick(['overlap', 'overlap', 'inside', 'equal', 'ranks', 'cores', 'renamed', 'renamed', 'unrelated']);
  if (relation === 'ranks' && c.ranks.length > 1) {
    const k = g.int(1, c.ranks.length - 1);
    return { relation, docs: [document(g, c, c.ranks.slice(0, k)), document(g, c, c.ranks.slice(k))] };
  }
  if (relation === 'cores' || relation === 'ranks') {
    // The GPUs stay with the first: the two share no resource at all.
    const ranks = g.part(c.ranks);
    const high = document(g, c, ranks, 'high');
    const b = { ...high, nodes: high.nodes.map((n) => ({ ...n, gpus: [] })) };
    return { relation: 'cores', docs: [document(g, c, ranks, 'low'), b] };
  }
  const a = document(g, c, g.part(c.ranks));
  const b = {
    overlap: () => document(g, c, g.part(c.ranks)),
    inside: () => ({
      ...restricted(a, g.part(a.nodes).map((n) => ({ ...n, cores: cut(g, n.cores, 'part') }))),
      scheduling: a.hosts && g.chance(0.3),
      pretty: g.chance(0.3),
    }),
    equal: () => ({ ...a, pretty: !a.pretty }),
    renamed: () => document(g, renamed(g, c), g.part(c.ranks)),
    unrelated: () => {
      const other = cluster(g);
      return document(g, other, g.part(other.ranks));
    },
  }[relation]();
  return { relation, docs: [a, b] };
}

/** What a case of a group records: its kind, a label, its inputs and whether hosts conflict. */
function caseOf(kind, label, docs, extra = {}) {
  return { kind, label, texts: docs.map(render), conflict: conflicting(docs), ...extra };
}

/**
 * The set operations over `count` pairs, each put to diff (both ways),
 * intersect (with and without keep-data), append and union (sometimes
 * with a third document of one rank).
 */
export function setopsCases(seed, count = 40) {
  const g = random(seed ^ 0x5e7095);
  const cases = [];
  for (let i = 0; i < count; i++) {
    const { relation, docs } = pair(g);
    const label = `pair ${i} (${relation})`;
    cases.push(caseOf('diff', label, docs));
    cases.push(caseOf('diff', `${label} reversed`, [...docs].reverse()));
    cases.push(caseOf('intersect', label, docs, { keepData: false }));
    cases.push(caseOf('intersect', `${label} keep-data`, docs, { keepData: true }));
    cases.push(caseOf('append', label, docs));
    const more = cluster(g);
    const third = g.chance(0.25) ? [document(g, more, [g.pick(more.ranks)])] : [];
    cases.push(caseOf('union', label, [...docs, ...third]));
  }
  return cases;
}

/**
 * `verify` pairs: an R and one rank as found, with that rank's cores and
 * GPUs as expected, with more, with fewer, under another host name, a
 * rank the R lacks, or two ranks where one is wanted.
 */
export function verifyCases(seed, count = 50) {
  const g = random(seed ^ 0xfe21f7);
  const cases = [];
  for (let i = 0; i < count; i++) {
    const c = cluster(g);
    const expected = document(g, c, g.part(c.ranks));
    const how = g.pick(['same', 'same', 'more', 'fewer', 'gpus', 'host', 'absent', 'two']);
    const n = g.pick(expected.nodes);
    const found = { ...document(g, c, [n.rank]), properties: {} };
    const node = { ...n };
    if (how === 'more') node.cores = [...n.cores, Math.max(...n.cores) + 1, Math.max(...n.cores) + 2];
    if (how === 'fewer') node.cores = n.cores.length > 1 ? n.cores.slice(1) : n.cores;
    if (how === 'gpus') node.gpus = n.gpus.length ? [] : [0];
    if (how === 'host') node.host = { ...n.host, prefix: `${n.host.prefix}x` };
    if (how === 'absent') node.rank = Math.max(...c.ranks) + 1;
    found.nodes = [node];
    if (how === 'two') found.nodes = expected.nodes.slice(0, 2);
    cases.push(caseOf('verify', `verify ${i} (${how})`, [expected, found]));
  }
  return cases;
}

/** A target list for `--include`/`--exclude`: ranks, hosts, unknown hosts or a bad list. */
function targets(g, docs) {
  const nodes = docs.flatMap((d) => (d.hosts ? d.nodes : []));
  const ranks = docs.flatMap((d) => d.nodes.map((n) => n.rank));
  const how = g.pick(['ranks', 'ranks', 'hosts', 'hosts', 'unknown', 'bad']);
  if (how === 'hosts' && nodes.length) return hostlists(g.part(nodes).map((n) => n.host)).join(',');
  if (how === 'unknown') return `${nodes.length ? `${hostName(nodes[0].host)},` : ''}zz9`;
  if (how === 'bad') return g.pick(['n[', '3-1', '0,,1']);
  return idset(g.chance(0.8) ? g.part(ranks) : [...g.part(ranks), 99]);
}

/**
 * `R decode` with option combinations (short, nodelist, ranks, count,
 * include, exclude, properties) over one document or two concatenated.
 */
export function decodeCases(seed, count = 120) {
  const g = random(seed ^ 0xdec0de);
  const cases = [];
  for (let i = 0; i < count; i++) {
    const c = cluster(g);
    const docs = g.chance(0.6) ? [document(g, c, g.part(c.ranks))] : pair(g).docs;
    const options = {};
    if (g.chance(0.35)) options.short = true;
    if (g.chance(0.25)) options.nodelist = true;
    if (g.chance(0.25)) options.ranks = true;
    if (g.chance(0.25)) options.count = g.pick(['node', 'core', 'gpu', 'socket']);
    if (g.chance(0.3)) options.include = targets(g, docs);
    if (g.chance(0.25)) options.exclude = targets(g, docs);
    if (g.chance(0.25)) options.properties = g.pick(['big', '^big', 'ssd,big', '^ssd', 'big,^debug', 'nosuch', '^']);
    const one = caseOf('decode', `decode ${i} ${JSON.stringify(options)}`, docs, { options });
    cases.push({ ...one, text: one.texts.join(g.pick(['', '\n'])) });
  }
  return cases;
}

const TYPES = ['node', 'socket', 'core', 'gpu'];

/** A count as RFC 46 writes one: `=4`, `=2-4`, `=1+`, `=1-9:2`, or none. */
function countOf(g) {
  return g.pick(['', '', `=${g.int(1, 4)}`, `=${g.int(1, 2)}-${g.int(3, 5)}`, `=${g.int(1, 3)}+`, `=1-9:${g.int(2, 3)}`]);
}

/** A vertex of a shape: a type, a count and, sometimes, braces. */
function vertexOf(g, type) {
  // A slot's braces hold its label; other vertices' hold exclusivity or attributes.
  const braces = g.pick(type === 'slot' ? ['', '', '{a}', '{b}'] : ['', '', '', '{x}', '{-x}', '{foo:"bar"}']);
  return `${type}${countOf(g)}${braces}`;
}

/**
 * An RFC 46 shape: levels from node down, one of them maybe a slot, the
 * last maybe a bracketed list; now and then broken on purpose.
 */
export function shapeText(g) {
  if (g.chance(0.1)) return g.pick(['node=0', 'slot=/core', 'core=-1', 'node//core', '[core;', 'node{', 'slot=2/', 'gpu=a', 'node=3-1']);
  const start = g.int(0, 2);
  const levels = TYPES.slice(start, g.int(start + 1, 3)).map((t) => vertexOf(g, t));
  if (g.chance(0.6)) levels.splice(g.int(0, Math.max(0, levels.length - 1)), 0, vertexOf(g, 'slot'));
  if (g.chance(0.2)) levels.push(`[${vertexOf(g, 'core')};${vertexOf(g, 'gpu')}]`);
  return levels.join('/');
}

/** `shape` with each option and none: yaml, rangedict, wrapresources, label. */
export function shapeCases(seed, count = 70) {
  const g = random(seed ^ 0x54a9e);
  return Array.from({ length: count }, (_, i) => {
    const options = {};
    if (g.chance(0.3)) options.yaml = true;
    if (g.chance(0.3)) options.rangedict = true;
    if (g.chance(0.3)) options.wrapresources = true;
    if (g.chance(0.2)) options.label = g.pick(['default', 'x']);
    const shape = shapeText(g);
    return { kind: 'shape', label: `shape ${i} ${shape} ${JSON.stringify(options)}`, shape, options, conflict: false };
  });
}

/** A request to fit: nodes, slots of cores, cores and GPUs, now and then a bad one. */
function fitShape(g) {
  if (g.chance(0.1)) return g.pick(['core=4', 'node=0', 'slot=2/']);
  const n = g.int(1, 4);
  const c = g.pick([1, 2, 4, 8, 16]);
  return g.pick([
    `node=${n}/slot/core=${c}`, `slot=${g.int(1, 12)}/core=${c}`, `node=${n}`, `node=${n}{x}`,
    `slot=${n}/[core=${c};gpu=${g.int(1, 2)}]`, `node/slot/gpu=${g.int(1, 4)}`, `slot=${n}/node{-x}/core=${c}`,
    `node=${n}/core`, 'slot=1+/core=4',
  ]);
}

/**
 * A document to fit into: an R, or a status document whose allocated and
 * down parts are cut from its R.
 */
function fitTarget(g) {
  const c = cluster(g);
  const all = document(g, c, g.part(c.ranks, 0.8), 'all');
  if (g.chance(0.5)) return { docs: [all], text: render(all) };
  const ranks = all.nodes.map((n) => n.rank);
  const part = () => ({ ...document(g, c, g.part(ranks, 0.6), g.pick(['all', 'all', 'part'])), times: null, scheduling: false, properties: {} });
  const busy = (p) => (g.chance(p) ? render(part()) : 'null');
  return { docs: [all], text: `{"all": ${render({ ...all, scheduling: false })}, "allocated": ${busy(0.8)}, "down": ${busy(0.3)}}` };
}

/** `fit` of a shape into an R or status document, under each policy, some with a constraint. */
export function fitCases(seed, count = 80) {
  const g = random(seed ^ 0xf17);
  return Array.from({ length: count }, (_, i) => {
    const { docs, text } = fitTarget(g);
    const shape = fitShape(g);
    const options = { policy: g.pick(['worst', 'first', 'best']) };
    if (g.chance(0.2)) options.requires = g.pick(['big', '^big', 'ssd', 'nosuch']);
    return { kind: 'fit', label: `fit ${i} ${shape} ${JSON.stringify(options)}`, shape, text, options, conflict: conflicting(docs) };
  });
}
