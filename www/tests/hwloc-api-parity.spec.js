// fromHwloc and graphFromHwloc answer as `rscope R encode --xml` and
// `rscope jgf from-hwloc` do, byte for byte, on the project's hwloc
// topologies; where the CLI refuses, the JS API throws, naming itself.
// The CLI is the newest of target/release and target/debug.
import { test, expect } from './fixtures.js';
import { execFileSync } from 'node:child_process';
import { existsSync, statSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const binaries = ['target/release/rscope', 'target/debug/rscope']
  .map((p) => join(root, p))
  .filter(existsSync)
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);

/** Run the CLI; its output and status. */
function cli(args) {
  expect(binaries.length, 'build the rscope binary first (cargo build)').toBeGreaterThan(0);
  try {
    return { out: execFileSync(binaries[0], args, { encoding: 'utf8', stdio: ['pipe', 'pipe', 'ignore'] }), status: 0 };
  } catch (e) {
    return { out: e.stdout, status: e.status };
  }
}

const FILES = readdirSync(join(root, 'tests/fixtures/hwloc')).sort().map((f) => `tests/fixtures/hwloc/${f}`);

test('fromHwloc and graphFromHwloc answer as rscope R encode --xml and rscope jgf from-hwloc', async ({ page, rscope, problems }) => {
  await rscope.load();
  const texts = FILES.map((f) => readFileSync(join(root, f), 'utf8'));
  const answers = await page.evaluate((texts) => texts.map((t) => {
    const call = (f) => { try { return { value: f() }; } catch (e) { return { error: e.message }; } };
    return {
      r: call(() => window.rscope.fromHwloc(t, { ranks: '0-1', hosts: 'n[0-1]', properties: ['x:1'] })),
      graph: call(() => window.rscope.graphFromHwloc(t)),
    };
  }), texts);
  FILES.forEach((f, i) => {
    const r = cli(['R', 'encode', '--xml', join(root, f), '-r', '0-1', '-H', 'n[0-1]', '-p', 'x:1']);
    if (r.status === 0) expect(answers[i].r.value, f).toBe(r.out);
    else expect(answers[i].r.error, f).toMatch(/^fromHwloc: /);
    const g = cli(['jgf', 'from-hwloc', join(root, f)]);
    if (g.status === 0) expect(answers[i].graph.value, f).toBe(g.out);
    else expect(answers[i].graph.error, f).toMatch(/^graphFromHwloc: /);
  });
  expect(answers.filter((a) => a.r.error).length).toBe(1);
  expect(problems).toEqual([]);
});
