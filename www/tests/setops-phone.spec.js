// On a phone 390 px wide, the set workbench with a long refusal shown
// never makes the page scroll sideways.
import { test, expect } from './fixtures.js';
import { fixture } from './rscope.js';

test.use({ viewport: { width: 390, height: 844 } });

test('the workbench fits a phone', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.openTabs([['gpu.json', fixture('r/gpu-cluster.json')], ['messy.json', fixture('r/messy.json')]]);
  await rscope.combine('diff', ['A', 'B']);
  await expect(rscope.setopsRefusal).toContainText('In tab B:');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(problems).toEqual([]);
});
