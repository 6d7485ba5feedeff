// The JS API's R, list and graph functions answer as the CLI does, byte
// for byte, on the project's fixtures: validate against `rscope R
// validate`, summary against `rscope summary`, decode and encode against
// `rscope R decode/encode`, hostlist against `rscope hostlist` (and idset
// against it on bracketed lists), graph/graphCheck/graphFind against
// `rscope jgf tree/check/find`. The CLI is the newest of target/release
// and target/debug (scripts/test.sh builds the debug one before this tier).
import { test, expect } from './fixtures.js';
import { execFileSync } from 'node:child_process';
import { existsSync, statSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const binaries = ['target/release/rscope', 'target/debug/rscope']
  .map((p) => join(root, p))
  .filter(existsSync)
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);

/** Run the CLI with `input` on standard input; its output and status. */
function cli(args, input = '') {
  expect(binaries.length, 'build the rscope binary first (cargo build)').toBeGreaterThan(0);
  try {
    return { out: execFileSync(binaries[0], args, { encoding: 'utf8', input, stdio: ['pipe', 'pipe', 'ignore'] }), status: 0 };
  } catch (e) {
    return { out: e.stdout, status: e.status };
  }
}

const fixtures = (dir) => readdirSync(join(root, 'tests/fixtures', dir)).sort().map((f) => `tests/fixtures/${dir}/${f}`);
const R_FILES = [...fixtures('r'), ...fixtures('status')];
const GRAPH_FILES = [...fixtures('jgf'), 'tests/fixtures/r/with-graph.json', 'tests/fixtures/r/shorthand.json', 'tests/fixtures/r/gpu-cluster.json'];
const read = (f) => readFileSync(join(root, f), 'utf8');

/** Call window.rscope[name](...args) for each case in the page: its value or its error's message. */
async function calls(page, cases) {
  return page.evaluate((cases) => cases.map(([name, args]) => {
    try {
      return { value: window.rscope[name](...args) };
    } catch (e) {
      return { error: e instanceof Error ? e.message : `not an Error: ${String(e)}` };
    }
  }), cases);
}

test('validate, summary, decode and encode answer as rscope R and rscope summary', async ({ page, rscope, problems }) => {
  await rscope.load();
  const texts = R_FILES.map(read);
  const found = await calls(page, texts.map((t) => ['validate', [t]]));
  R_FILES.forEach((f, i) => {
    // The CLI's first line of each finding: FILE:LINE:COL: SEVERITY: MESSAGE.
    const heads = cli(['R', 'validate', join(root, f)]).out.split('\n')
      .filter((l) => l.startsWith(join(root, f) + ':'))
      .map((l) => l.slice(join(root, f).length + 1));
    expect(found[i].value.map((d) => `${d.line}:${d.column}: ${d.severity}: ${d.message}`), f).toEqual(heads);
    for (const d of found[i].value) {
      expect(d.span[0] <= d.span[1] && typeof d.pointer === 'string', f).toBe(true);
    }
  });
  const summaries = await calls(page, texts.map((t) => ['summary', [t]]));
  R_FILES.forEach((f, i) => {
    const { out, status } = cli(['summary', join(root, f)]);
    if (status === 0) expect(summaries[i].value.text, f).toBe(out);
    else expect(summaries[i].error, f).toMatch(/^summary: /);
  });
  const OPTIONS = [{}, { short: true }, { nodelist: true }, { ranks: true }, { count: 'core' }, { count: 'gpu' },
    { short: true, ranks: true, count: 'node' }, { include: '0-1', short: true }, { exclude: '0', ranks: true }, { properties: '^big', short: true }];
  const flags = (o) => [
    ...(o.short ? ['--short'] : []), ...(o.nodelist ? ['--nodelist'] : []), ...(o.ranks ? ['--ranks'] : []),
    ...(o.count ? ['--count', o.count] : []), ...(o.include ? ['--include', o.include] : []),
    ...(o.exclude ? ['--exclude', o.exclude] : []), ...(o.properties ? ['--properties', o.properties] : []),
  ];
  const decodeCases = R_FILES.flatMap((f, i) => OPTIONS.map((o) => ({ f, t: texts[i], o })));
  const decoded = await calls(page, decodeCases.map(({ t, o }) => ['decode', [t, o]]));
  decodeCases.forEach(({ f, t, o }, i) => {
    const { out, status } = cli(['R', 'decode', ...flags(o)], t);
    if (status === 0) expect(decoded[i].value, `${f} ${JSON.stringify(o)}`).toBe(out);
    else expect(decoded[i].error, `${f} ${JSON.stringify(o)}`).toMatch(/^decode: /);
  });
  const ENCODE = [{ hosts: 'n[0-3]' }, { hosts: 'a,b', cores: '0-7', gpus: '0-1' }, { ranks: '2-3', hosts: 'x[2-3]', gpus: '0' },
    { hosts: 'n[0-2]', property: ['big:1', 'small', 'big:0-1'] }, { ranks: '0-1', hosts: 'one' }, { hosts: 'n1', cores: 'x' }];
  const eflags = (o) => [
    ...(o.ranks ? ['--ranks', o.ranks] : []), ...(o.cores ? ['--cores', o.cores] : []), ...(o.gpus ? ['--gpus', o.gpus] : []),
    ...(o.hosts ? ['--hosts', o.hosts] : []), ...(o.property ?? []).flatMap((p) => ['--property', p]),
  ];
  const encoded = await calls(page, ENCODE.map((o) => ['encode', [o]]));
  ENCODE.forEach((o, i) => {
    const { out, status } = cli(['R', 'encode', ...eflags(o)]);
    if (status === 0) expect(encoded[i].value, JSON.stringify(o)).toBe(out);
    else expect(encoded[i].error, JSON.stringify(o)).toMatch(/^encode: /);
  });
  expect(problems).toEqual([]);
});

test('hostlist answers as rscope hostlist, and idset as it does on bracketed lists', async ({ page, rscope, problems }) => {
  await rscope.load();
  const FLAG = { append: [], union: ['-u'], intersect: ['-i'], minus: ['-m'], xor: ['-X'], sort: ['-S'], count: ['-c'], expand: ['-e'] };
  const LISTS = [['node[3,1-2]', 'node[2-5]'], ['a[1-4],b7', 'a[3-9]', 'b[7-8]'], ['x1'], ['c[01-10]', 'c[05-12]']];
  const cases = Object.keys(FLAG).flatMap((op) => LISTS.map((lists) => ({ op, lists })));
  const got = await calls(page, cases.map(({ op, lists }) => ['hostlist', [op, lists]]));
  cases.forEach(({ op, lists }, i) => {
    const { out } = cli(['hostlist', ...FLAG[op], ...lists]);
    const v = got[i].value;
    const printed = op === 'count' ? `${v}\n` : op === 'expand' ? (v.length ? `${v.join(' ')}\n` : '') : (v ? `${v}\n` : '');
    expect(printed, `${op} ${lists}`).toBe(out);
  });
  const SETS = [['0-5', '3-9'], ['1,3,5', '2-4', '5'], ['0-100', '50']];
  const idCases = ['union', 'intersect', 'minus', 'xor', 'count', 'expand'].flatMap((op) => SETS.map((sets) => ({ op, sets })));
  const ids = await calls(page, idCases.map(({ op, sets }) => ['idset', [op, sets]]));
  idCases.forEach(({ op, sets }, i) => {
    const flag = op === 'count' ? ['-u', '-c'] : op === 'expand' ? ['-u', '-e'] : FLAG[op];
    const { out } = cli(['hostlist', ...flag, ...sets.map((s) => `h[${s}]`)]);
    const v = ids[i].value;
    const asHosts = op === 'count' ? `${v}\n` : op === 'expand' ? `${v.map((n) => `h${n}`).join(' ')}\n`
      : v === '' ? '' : (v.includes(',') || v.includes('-') ? `h[${v}]\n` : `h${v}\n`);
    expect(asHosts, `${op} ${sets}`).toBe(out);
  });
  expect(problems).toEqual([]);
});

test('graph, graphCheck, graphFind and graphExport answer as rscope jgf tree, check, find and export', async ({ page, rscope, problems }) => {
  await rscope.load();
  const texts = GRAPH_FILES.map(read);
  const DEPTHS = [undefined, 0, 1, 2];
  const treeCases = GRAPH_FILES.flatMap((f, i) => DEPTHS.map((depth) => ({ f, t: texts[i], depth })));
  const trees = await calls(page, treeCases.map(({ t, depth }) => ['graph', [t, depth === undefined ? {} : { depth }]]));
  treeCases.forEach(({ f, depth }, i) => {
    const { out, status } = cli(['jgf', 'tree', ...(depth === undefined ? [] : ['--depth', `${depth}`]), join(root, f)]);
    if (status === 0) expect(trees[i].value, `${f} ${depth}`).toBe(out);
    else expect(trees[i].error, `${f} ${depth}`).toMatch(/^graph: /);
  });
  const checks = await calls(page, texts.map((t) => ['graphCheck', [t]]));
  GRAPH_FILES.forEach((f, i) => {
    const { out, status } = cli(['jgf', 'check', join(root, f)]);
    if (checks[i].error) {
      expect(status, f).toBe(1);
      expect(out, f).toBe('');
      expect(checks[i].error, f).toMatch(/^graphCheck: /);
    } else {
      expect(checks[i].value.text, f).toBe(out);
      expect(checks[i].value.differences.map((d) => `${d}\n`).join(''), f).toBe(out);
      expect(checks[i].value.consistent, f).toBe(status === 0);
    }
  });
  const QUERIES = ['type=node', 'type=core', 'rank=1', 'name=rack0', 'path=/lab0/rack0', 'property=x', 'basename=core', 'id=3', 'type=nothing'];
  const findCases = GRAPH_FILES.flatMap((f, i) => QUERIES.map((q) => ({ f, t: texts[i], q })));
  const finds = await calls(page, findCases.map(({ t, q }) => ['graphFind', [t, q]]));
  findCases.forEach(({ f, q }, i) => {
    const { out, status } = cli(['jgf', 'find', q, join(root, f)]);
    if (status === 0) expect(finds[i].value.map((p) => `${p}\n`).join(''), `${f} ${q}`).toBe(out);
    else expect(finds[i].error, `${f} ${q}`).toMatch(/^graphFind: /);
  });
  // Every subsystem (no option), some, and one a graph may lack.
  const PARTS = [undefined, ['containment'], ['containment', 'power'], ['ibnet']];
  const exportCases = GRAPH_FILES.flatMap((f, i) => ['dot', 'graphml'].flatMap((format) => PARTS.map((subsystems) => ({ f, t: texts[i], format, subsystems }))));
  const exports = await calls(page, exportCases.map(({ t, format, subsystems }) => ['graphExport', subsystems ? [t, format, { subsystems }] : [t, format]]));
  exportCases.forEach(({ f, format, subsystems }, i) => {
    const flags = (subsystems ?? []).flatMap((s) => ['--subsystem', s]);
    const { out, status } = cli(['jgf', 'export', '--format', format, ...flags, join(root, f)]);
    if (status === 0) expect(exports[i].value, `${f} ${format} ${subsystems}`).toBe(out);
    else expect(exports[i].error, `${f} ${format} ${subsystems}`).toMatch(/^graphExport: /);
  });
  expect(problems).toEqual([]);
});

test('resourceChanges answers as rscope resource changes, every pair of flux-core status payloads', async ({ page, rscope, problems }) => {
  await rscope.load();
  const files = fixtures('flux-resource/status').filter((f) => f.endsWith('.json'));
  const pairs = files.flatMap((a) => files.map((b) => [a, b]));
  const found = await calls(page, pairs.map(([a, b]) => ['resourceChanges', [read(a), read(b)]]));
  pairs.forEach(([a, b], i) => {
    const table = cli(['resource', 'changes', join(root, a), join(root, b)]);
    const json = JSON.parse(cli(['resource', 'changes', '--json', join(root, a), join(root, b)]).out);
    expect(found[i].value, `${a} ${b}`).toEqual({ ...json, table: table.out });
  });
  const [bad] = await calls(page, [['resourceChanges', ['[1]', read(files[0])]]]);
  expect(bad.error).toBe('resourceChanges: before: the resource.status payload must be a JSON object');
  expect(problems).toEqual([]);
});
