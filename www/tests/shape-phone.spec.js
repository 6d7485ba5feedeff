// On a phone 390 px wide the shape panel, with a fit and a queue shown,
// never scrolls the page sideways.
import { test, expect } from './fixtures.js';
import { FOUR_NODES } from './rscope.js';

test.use({ viewport: { width: 390, height: 844 } });

test('the shape panel fits a phone-wide page', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.fill(FOUR_NODES);
  await rscope.queueAdd('node=2/slot=4/[core=1;gpu=1]', 'node=4/slot/core=2');
  await rscope.queueAllocate(1);
  await expect(rscope.queueLargest).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(problems).toEqual([]);
});
