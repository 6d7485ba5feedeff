// A job list beside a 16 384-node R in the page (#50's budget: the grid
// coloured by job within 500 ms, no main-thread task over 50 ms, a
// hovered core named within a frame): scripts/gen-job-list.py's lists
// (seed 1; about a tenth of the jobs running) opened into the system of
// a tab holding scripts/gen-fragmented-r.py's R. From choosing the job
// list's file to the grid's legend naming its jobs, the longest
// main-thread task meanwhile, then a hover to its tooltip. Prints the
// figures; asserts nothing about speed.
import { test, expect } from '../tests/fixtures.js';
import { report, recordLongTasks, longest } from './common.js';
import { execFileSync } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const script = (name) => fileURLToPath(new URL(`../../scripts/${name}`, import.meta.url));
const generated = (name, args) => {
  const path = join(mkdtempSync(join(tmpdir(), 'rscope-bench-')), name);
  writeFileSync(path, execFileSync('python3', [script(args[0]), ...args.slice(1)], { maxBuffer: 1 << 30 }));
  return path;
};

recordLongTasks(test);

for (const jobs of [10_000, 100_000]) {
  test(`${jobs} jobs beside a 16 384-node R`, async ({ page, rscope }) => {
    test.setTimeout(600_000);
    const r = generated('r.json', ['gen-fragmented-r.py', '16384', '1']);
    const list = generated('jobs.jsonl', ['gen-job-list.py', String(jobs), '1']);
    await rscope.load();
    await page.getByTestId('open-file').setInputFiles(r);
    await expect(rscope.grid).toBeVisible({ timeout: 120_000 });
    await rscope.joinSystem.check();
    const t0 = await page.evaluate(() => performance.now());
    await page.getByTestId('open-file').setInputFiles(list);
    await expect(rscope.legendItems.filter({ hasText: 'in the same colours in turn' })).toHaveCount(1, { timeout: 500_000 });
    const shown = await page.evaluate(() => performance.now());
    report(`${jobs} jobs: file chosen to the grid coloured by job`, (shown - t0).toFixed(0), 'ms');
    const l = await longest(page, t0);
    report(`${jobs} jobs: longest main-thread task while opening`, l.count ? l.task.toFixed(0) : 'none over 50', 'ms');
    await expect(rscope.jobRows.first()).toBeVisible({ timeout: 120_000 });
    const h0 = await page.evaluate(() => performance.now());
    await rscope.hoverCell(0, 0);
    await expect(rscope.tooltip).toBeVisible();
    const hovered = await page.evaluate(() => performance.now());
    report(`${jobs} jobs: hover to tooltip`, (hovered - h0).toFixed(0), 'ms');
  });
}
