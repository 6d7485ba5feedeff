// The compare view on two 16 384-node fragmented R documents (issue 13):
// from picking "compare with tab A" to the regions painted, and the
// longest main-thread task meanwhile. Prints the figures; asserts nothing
// about speed.
import { test, expect } from '../tests/fixtures.js';
import { report, recordLongTasks, longest, inWords } from './common.js';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const generator = fileURLToPath(new URL('../../scripts/gen-fragmented-r.py', import.meta.url));

recordLongTasks(test);

test('compare two 16 384-node fragmented R documents on the grid', async ({ page, rscope }) => {
  test.slow();
  const gen = (seed) => execFileSync('python3', [generator, '16384', seed], { maxBuffer: 64 << 20 }).toString();
  await rscope.load();
  await rscope.openTabs([['a.json', gen('1')], ['b.json', gen('2')]]);
  await expect(page.getByTestId('nodes')).toHaveText('16384', { timeout: 60_000 });
  const t0 = await page.evaluate(() => performance.now());
  await rscope.colorCellsBy({ label: 'compare with tab A (a.json)' });
  await expect(rscope.legendItems.first()).toContainText('only in B:', { timeout: 60_000 });
  const ms = await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(performance.now()))));
  report('compare 16 384 × 2: pick to regions painted', (ms - t0).toFixed(0), 'ms');
  report('compare: longest main-thread task', inWords(await longest(page, t0)), '');
  report('compare: legend', (await rscope.legendItems.allTextContents()).join(' | '), '');
});
