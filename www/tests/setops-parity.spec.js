// Every set operation of the JS API (window.rscope) gives, byte for byte,
// what the native CLI (target/release/rscope, built before Playwright runs)
// prints for the same documents: the same core call on both sides.
import { test, expect } from './fixtures.js';
import { cli, fixture } from './rscope.js';

const encode = (...args) => cli(['R', 'encode', ...args]).stdout;

const docs = {
  gpu: fixture('r/gpu-cluster.json'),
  ooo: fixture('r/out-of-order-ranks.json'),
  one: fixture('r/one-node-one-core.R'),
  nonodes: fixture('r/no-nodelist.json'),
  a: encode('-r', '0-3', '-c', '0-7', '-H', 'n[0-3]', '-p', 'big:0-1'),
  b: encode('-r', '2-5', '-c', '4-11', '-g', '0-1', '-H', 'n[2-5]'),
  c: encode('-r', '3', '-c', '0-1', '-H', 'n3'),
  found: encode('-r', '2', '-c', '0-9', '-H', 'n2'),
  short: encode('-r', '2', '-c', '0-3', '-H', 'n2'),
};

// [JS function, CLI subcommand, document names]
const cases = [
  ['union', 'decode', ['gpu']],
  ['union', 'decode', ['gpu', 'ooo']],
  ['union', 'decode', ['a', 'b', 'c']],
  ['union', 'decode', ['nonodes']],
  ['append', 'append', ['gpu', 'ooo']],
  ['append', 'append', ['a', 'b']],
  ['diff', 'diff', ['a', 'b']],
  ['diff', 'diff', ['b', 'a']],
  ['diff', 'diff', ['gpu', 'ooo']],
  ['intersect', 'intersect', ['a', 'b']],
  ['intersect', 'intersect', ['gpu', 'ooo']],
  ['intersect', 'intersect', ['a', 'c']],
];

test('the JS API prints what rscope R prints', async ({ page, rscope, problems }) => {
  await rscope.load();
  const page_out = await page.evaluate(([cases, docs]) => cases.map(([fn, , names]) => {
    try {
      return { out: window.rscope[fn](...names.map((n) => docs[n])) };
    } catch (e) {
      return { error: e.message };
    }
  }), [cases, docs]);
  const cli_out = cases.map(([, sub, names]) => {
    const r = cli(['R', sub], names.map((n) => docs[n]).join(''));
    return r.status === 0 ? { out: r.stdout } : { error: r.stderr.replace(/^rscope R: /, '').replace(/\n$/, '') };
  });
  expect(page_out).toEqual(cli_out);
  // One case is refused, in the same words on both sides.
  expect(cli_out.filter((c) => c.error)).toEqual([
    { error: "R objects 'rank[0-3]/core[0-7]' and 'rank[2-5]/core[4-11],gpu[0-1]' overlap on rank[2-3]/core[4-7]" },
  ]);
  expect(problems).toEqual([]);
});

test('verify gives what rscope R verify says', async ({ page, rscope, problems }) => {
  await rscope.load();
  const pairs = [['a', 'found'], ['a', 'short'], ['a', 'b']];
  const verdicts = await page.evaluate(([pairs, docs]) => pairs.map(([x, y]) => window.rscope.verify(docs[x], docs[y])), [pairs, docs]);
  const fromCli = pairs.map(([x, y]) => {
    const r = cli(['R', 'verify'], docs[x] + docs[y]);
    expect(r.stdout).toBe('');
    return { ok: r.status === 0, message: r.stderr.replace(/^rscope R: /, '').replace(/\n$/, '') };
  });
  expect(verdicts).toEqual(fromCli);
  expect(verdicts[0]).toEqual({ ok: true, message: 'rank 2 (n2) has extra resources: core[8-9]' });
  expect(verdicts[1].ok).toBe(false);
  expect(problems).toEqual([]);
});

test('evalSetExpression prints what rscope R eval prints', async ({ page, rscope, problems }, testInfo) => {
  await rscope.load();
  const files = {};
  for (const [letter, name] of [['A', 'a'], ['B', 'b'], ['C', 'c']]) {
    files[letter] = testInfo.outputPath(`${name}.json`);
    (await import('node:fs')).writeFileSync(files[letter], docs[name]);
  }
  const exprs = ['A', 'A | B', 'A & B', 'A - B', 'A ^ B', '(A | B) - C', 'A - C + C', 'A-(B-C)', 'A ^ B - C'];
  const fromPage = await page.evaluate(([exprs, docs]) => exprs.map((x) => window.rscope.evalSetExpression(x, { A: docs.a, B: docs.b, C: docs.c })), [exprs, docs]);
  const fromCli = exprs.map((x) => {
    const r = cli(['R', 'eval', x, ...Object.entries(files).map(([l, f]) => `${l}=${f}`)]);
    expect(r.stderr).toBe('');
    return r.stdout;
  });
  expect(fromPage).toEqual(fromCli);
  expect(fromPage[3]).toBe(cli(['R', 'diff'], docs.a + docs.b).stdout);
  expect(problems).toEqual([]);
});

test('decode by host names and intersect keepData print what rscope R prints', async ({ page, rscope, problems }) => {
  await rscope.load();
  const runs = [
    [['a', 'b'], { include: 'n[1-4]' }, ['-i', 'n[1-4]']],
    [['a', 'b'], { exclude: 'n[0,5]', nodelist: true }, ['-x', 'n[0,5]', '-n']],
    [['a', 'b'], { include: 'n[2-5]', exclude: '3', short: true }, ['-i', 'n[2-5]', '-x', '3', '-s']],
    [['a', 'b'], { include: 'n[0-1]', properties: 'big', ranks: true }, ['-i', 'n[0-1]', '-p', 'big', '-r']],
    [['gpu'], { include: 'cpu7,gpu4', short: true }, ['-i', 'cpu7,gpu4', '-s']],
    [['gpu'], { include: 'n9' }, ['-i', 'n9']],
    [['a'], { exclude: 'n[' }, ['-x', 'n[']],
  ];
  const fromPage = await page.evaluate(([runs, docs]) => runs.map(([names, options]) => {
    try {
      return { out: window.rscope.decode(names.map((n) => docs[n]).join(''), options) };
    } catch (e) {
      return { error: e.message };
    }
  }), [runs, docs]);
  const fromCli = runs.map(([names, , args]) => {
    const r = cli(['R', 'decode', ...args], names.map((n) => docs[n]).join(''));
    return r.status === 0 ? { out: r.stdout } : { error: `decode: ${r.stderr.replace(/^rscope R: /, '').replace(/\n$/, '')}` };
  });
  expect(fromPage).toEqual(fromCli);
  expect(fromCli[0].out).toBe(cli(['R', 'decode', '-i', '1-4'], docs.a + docs.b).stdout);
  expect(fromCli.filter((c) => c.error).length).toBe(2);

  const pairs = [['a', 'b'], ['gpu', 'ooo'], ['a', 'c']];
  const kept = await page.evaluate(([pairs, docs]) => pairs.map(([x, y]) => window.rscope.intersect(docs[x], docs[y], { keepData: true })), [pairs, docs]);
  expect(kept).toEqual(pairs.map(([x, y]) => cli(['R', 'intersect', '--keep-data'], docs[x] + docs[y]).stdout));
  expect(problems).toEqual([]);
});
