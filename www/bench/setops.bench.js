// Set workbench performance (issue 13's budget): a union, diff or
// intersect of two 16 384-node fragmented R documents, from the click on
// Run to the result tab's first grid paint, and the longest main-thread
// task meanwhile. Prints the figures; asserts nothing about speed.
import { test, expect } from '../tests/fixtures.js';
import { spawnSync } from 'node:child_process';

const generate = (seed) => spawnSync('python3', [new URL('../../scripts/gen-fragmented-r.py', import.meta.url).pathname, '16384', String(seed)], { encoding: 'utf8', maxBuffer: 64 << 20 }).stdout;
const report = (name, value, unit) => console.log(`bench: ${name}: ${value} ${unit}`);

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.RSCOPE_MARKS = true;
    window.BENCH_LONG_TASKS = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.BENCH_LONG_TASKS.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
});

/** Click Run and wait for the result tab (`letter`) to paint its grid. */
const runToPaint = (page, letter) => page.evaluate(async (letter) => {
  const painted = () => performance.getEntriesByName('rscope:grid-painted').length;
  const before = painted();
  const t0 = performance.now();
  document.querySelector('[data-testid=setops-run]').click();
  await new Promise((resolve) => {
    const poll = () => {
      const tab = document.querySelector(`[data-testid=tab-${letter}]`);
      if (tab && tab.getAttribute('aria-selected') === 'true' && painted() > before) resolve();
      else requestAnimationFrame(poll);
    };
    poll();
  });
  const answer = performance.getEntriesByName('rscope:setops-answer').at(-1).startTime;
  return { t0, total: performance.now() - t0, answer: answer - t0 };
}, letter);

/** The longest task that ended after `t0`, once the page was idle for 1 s. */
const longest = (page, t0) => page.evaluate(async (t0) => {
  const after = (t) => t.start + t.duration > t0;
  await new Promise((resolve) => {
    const check = () => {
      const ends = window.BENCH_LONG_TASKS.filter(after).map((t) => t.start + t.duration);
      if (performance.now() - Math.max(t0, ...ends) >= 1000) resolve(); else setTimeout(check, 50);
    };
    check();
  });
  const long = window.BENCH_LONG_TASKS.filter(after);
  return long.length ? `${Math.max(...long.map((t) => t.duration)).toFixed(0)} ms (${long.map((t) => `${(t.start - t0).toFixed(0)}+${t.duration.toFixed(0)}`).join(' ')})` : 'none over 50 ms';
}, t0);

test('union, diff and intersect of two 16 384-node R documents', async ({ page, rscope }) => {
  test.setTimeout(180_000);
  await rscope.load();
  await rscope.openTabs([['big1.json', generate(1)], ['big2.json', generate(2)]]);
  await expect(rscope.summary('nodes')).toHaveText(/16384|16 384/, { timeout: 60_000 });
  await page.getByTestId('setops-tab-A').check();
  await page.getByTestId('setops-tab-B').check();
  // A person picks the operation and the tabs before clicking Run; the
  // second spent doing so is left to the page.
  let letter = 'C';
  for (const op of ['union', 'diff', 'intersect']) {
    await page.getByTestId('setops-op').selectOption(op);
    await page.waitForTimeout(1000);
    const r = await runToPaint(page, letter);
    report(`${op}: click to the result tab's first grid paint`, r.total.toFixed(0), 'ms');
    report(`${op}:   of which the worker, until its answer`, r.answer.toFixed(0), 'ms');
    report(`${op}: longest main-thread task`, await longest(page, r.t0), '');
    await rscope.selectTab('A');
    await page.getByTestId('setops-tab-A').check();
    await page.getByTestId('setops-tab-B').check();
    letter = String.fromCharCode(letter.charCodeAt(0) + 1);
  }
});
