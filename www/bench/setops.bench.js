// Set workbench performance (issue 13's budget): a union, diff or
// intersect of two 16 384-node fragmented R documents, from the click on
// Run to the result tab's first grid paint, and the longest main-thread
// task meanwhile. Prints the figures; asserts nothing about speed.
import { test, expect } from '../tests/fixtures.js';
import { report, recordLongTasks, longest, inWords } from './common.js';
import { spawnSync } from 'node:child_process';

const generate = (seed) => spawnSync('python3', [new URL('../../scripts/gen-fragmented-r.py', import.meta.url).pathname, '16384', String(seed)], { encoding: 'utf8', maxBuffer: 64 << 20 }).stdout;

recordLongTasks(test);

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
    report(`${op}: longest main-thread task`, inWords(await longest(page, r.t0)), '');
    await rscope.selectTab('A');
    await page.getByTestId('setops-tab-A').check();
    await page.getByTestId('setops-tab-B').check();
    letter = String.fromCharCode(letter.charCodeAt(0) + 1);
  }
});
