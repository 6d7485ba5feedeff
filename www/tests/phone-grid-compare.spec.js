// On a phone 390 px wide the compare view never scrolls the page sideways.
import { test, expect } from './fixtures.js';
import { COMPARE_A, COMPARE_B } from './rscope.js';

test.use({ viewport: { width: 390, height: 844 } });

test('the compare view fits a phone', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.openTabs([['a.json', COMPARE_A], ['b.json', COMPARE_B]]);
  await rscope.compareWith('A', 'a.json');
  await expect(rscope.legendItems).toHaveCount(3);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(problems).toEqual([]);
});
