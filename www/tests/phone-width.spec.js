// On a phone 390 px wide the page never scrolls sideways, whatever the
// examples menu holds.
import { test, expect } from './fixtures.js';

test.use({ viewport: { width: 390, height: 844 } });

test('a phone-wide page has no horizontal scroll', async ({ page, rscope, problems }) => {
  await rscope.load();
  await expect(rscope.examples.locator('option')).toHaveCount(12);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(problems).toEqual([]);
});
