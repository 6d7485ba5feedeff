// The diff of two 16 384-node fragmented R documents runs in the set
// worker and opens its result tab. The times to the answer and the long
// tasks are written to the test's annotations; they are figures for the
// page benchmark, not asserted here (a busy machine makes any task long).
import { test, expect } from './fixtures.js';
import { spawnSync } from 'node:child_process';

const generate = (seed) => spawnSync('python3', [new URL('../../scripts/gen-fragmented-r.py', import.meta.url).pathname, '16384', String(seed)], { encoding: 'utf8', maxBuffer: 64 << 20 }).stdout;

test('a diff of two 16 384-node documents opens its result tab', async ({ page, rscope, problems }, testInfo) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => { window.RSCOPE_MARKS = true; });
  await rscope.load();
  await rscope.openTabs([['big1.json', generate(1)], ['big2.json', generate(2)]]);
  await expect(rscope.summary('nodes')).toHaveText(/16384|16 384/, { timeout: 60_000 });
  await page.getByTestId('setops-op').selectOption('diff');
  await page.getByTestId('setops-tab-A').check();
  await page.getByTestId('setops-tab-B').check();
  await page.evaluate(() => {
    window.RSCOPE_LONG = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.RSCOPE_LONG.push([e.startTime, e.duration]); })
      .observe({ type: 'longtask' });
  });
  await page.getByTestId('setops-run').click();
  await expect(rscope.tab('C')).toHaveAttribute('aria-selected', 'true', { timeout: 60_000 });
  const t = await page.evaluate(() => {
    const at = (n) => performance.getEntriesByName(n).at(-1)?.startTime;
    return { run: at('rscope:setops-run'), answer: at('rscope:setops-answer'), long: window.RSCOPE_LONG };
  });
  testInfo.annotations.push({ type: 'click to answer (ms)', description: String(Math.round(t.answer - t.run)) });
  testInfo.annotations.push({ type: 'long tasks after the answer (ms)', description: t.long.filter(([s, d]) => s + d >= t.answer).map(([, d]) => Math.round(d)).join(' ') });
  const click = t.long.filter(([s, d]) => s <= t.run && s + d >= t.run).map(([, d]) => Math.round(d));
  testInfo.annotations.push({ type: "Run's own long task (ms)", description: click.join(' ') || 'none' });
  const during = t.long.filter(([s, d]) => s > t.run && s + d < t.answer).map(([, d]) => Math.round(d));
  testInfo.annotations.push({ type: 'long tasks while the worker computed (ms)', description: during.join(' ') || 'none' });
  expect(t.answer).toBeGreaterThan(t.run);
  expect(problems).toEqual([]);
});
