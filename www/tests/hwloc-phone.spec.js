// On a phone 390 px wide, a topology's panel (a long R, its fields) and the
// grid drawn from it never make the page scroll sideways.
import { test, expect } from './fixtures.js';
import { topology } from './rscope.js';

test.use({ viewport: { width: 390, height: 844 } });

test('a topology on a phone-wide page has no horizontal scroll', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.drop('gpunode7.xml', topology('nvidia-three-backends.xml'), 'header');
  await expect(rscope.hwlocR).toContainText('"gpu": "0-1"');
  await expect(rscope.gridShape).toHaveText('1 node × 7 columns');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(problems).toEqual([]);
});
