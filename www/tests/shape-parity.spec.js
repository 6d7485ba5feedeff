// The page's JS API answers as the CLI does, byte for byte: rscope.shape
// against `rscope shape` with each option, rscope.formatShape against
// `rscope shape --format`, and rscope.fit against `rscope fit` (and
// `--r`) under every policy. The CLI is the newest of target/release and
// target/debug (scripts/test.sh builds the debug one before this tier).
import { test, expect, example } from './fixtures.js';
import { spawnSync } from 'node:child_process';
import { existsSync, statSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const binaries = ['target/release/rscope', 'target/debug/rscope']
  .map((p) => join(root, p))
  .filter(existsSync)
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);

/** Run the CLI; its standard output, standard error and exit status. */
function cli(args) {
  expect(binaries.length, 'build the rscope binary first (cargo build)').toBeGreaterThan(0);
  const run = spawnSync(binaries[0], args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return { out: run.stdout, err: run.stderr, status: run.status };
}

const SHAPES = [
  'node', 'slot/core', 'slot=4/core=2', 'node=2/slot=4/core', 'node=2{x}/slot/core=4',
  'slot=2/[core=4;gpu=1]', 'node=2-4/slot/core', 'slot=1+/core=4', 'slot=2/node{-x}/core=2',
  '[slot{a}/core;slot{b}/gpu]', 'node=1-9:2/slot/core{foo:"bar"}', 'node/slot=30-3/core',
];
const OPTIONS = [
  {}, { yaml: true }, { rangedict: true }, { wrapresources: true }, { label: 'default' },
  { yaml: true, rangedict: true, wrapresources: true, label: 'x' },
];
const flags = (o) => [
  ...(o.yaml ? ['--yaml'] : []), ...(o.rangedict ? ['--rangedict'] : []),
  ...(o.wrapresources ? ['--wrapresources'] : []), ...(o.label ? ['--label', o.label] : []),
];
const FITS = ['node=2/slot/core=2', 'node/slot/gpu=8', 'node=3{x}', 'slot=4/core=2', 'slot=1+/[core=4;gpu=1]', 'node=7', 'slot=2/node{-x}/core=2', 'slot=4/node/core=2'];
const RS = ['rfc20.json', 'laptop.json', 'busy-cluster.json', 'status.json'];

test('the JS API answers as the CLI does', async ({ page, rscope, problems }) => {
  await rscope.load();
  const dir = mkdtempSync(join(tmpdir(), 'rscope-parity-'));
  const shapeCases = SHAPES.flatMap((s) => OPTIONS.map((o) => ({ s, o })));
  const pageShapes = await page.evaluate((cases) => cases.map(({ s, o }) => window.rscope.shape(s, o)), shapeCases);
  shapeCases.forEach(({ s, o }, i) => {
    expect(pageShapes[i], `${s} ${JSON.stringify(o)}`).toBe(cli(['shape', ...flags(o), s]).out);
  });
  // Back again: each JSON expansion, as a file, to its shortest shape.
  const formats = await page.evaluate((shapes) => shapes.map((s) => window.rscope.formatShape(window.rscope.shape(s, { wrapresources: true }))), SHAPES);
  SHAPES.forEach((s, i) => {
    const file = join(dir, `f${i}.json`);
    writeFileSync(file, cli(['shape', '--wrapresources', s]).out);
    expect(`${formats[i]}\n`, s).toBe(cli(['shape', '--format', file]).out);
  });
  const docs = Object.fromEntries(RS.map((name) => [name, example(name)]));
  const fitCases = RS.flatMap((r) => FITS.flatMap((s) => ['worst', 'first', 'best'].map((policy) => ({ r, s, policy }))));
  const answers = await page.evaluate(({ cases, docs }) => cases.map(({ r, s, policy }) => window.rscope.fit(s, docs[r], { policy })), { cases: fitCases, docs });
  const statuses = { 0: 'now', 3: 'notnow', 4: 'never' };
  fitCases.forEach(({ r, s, policy }, i) => {
    const file = join(root, 'static/examples', r);
    const said = cli(['fit', '--policy', policy, s, file]);
    const what = `${s} into ${r} (${policy})`;
    expect(answers[i].text, what).toBe(said.out);
    expect(answers[i].status, what).toBe(statuses[said.status]);
    // The note on how flux-core reads a slot of nodes is the CLI's stderr.
    expect(answers[i].note === null ? '' : `note: ${answers[i].note}\n`, what).toBe(said.err);
    const asR = cli(['fit', '--r', '--policy', policy, s, file]).out;
    expect(answers[i].R ?? answers[i].text, what).toBe(asR);
  });
  // Each status and a never reason in words appear in the table.
  expect(new Set(answers.map((a) => a.status))).toEqual(new Set(['now', 'notnow', 'never']));
  expect(problems).toEqual([]);
});
