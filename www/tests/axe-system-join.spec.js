// A tab whose system holds a status payload beside its R (the toolbar's
// "Open into tab A's system" ticked, the list of added documents with its
// Take out buttons, the drain table the payload brings) has no
// accessibility violation, in either theme, and does not widen a phone's
// page.
import { test, expect } from './fixtures.js';
import { example, violations } from './rscope.js';

const PAYLOAD = example('node-states.json');
const R = JSON.stringify(JSON.parse(PAYLOAD).R);

for (const scheme of ['light', 'dark']) {
  test(`a tab of two documents in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load();
    await rscope.openSystem(R, PAYLOAD);
    await expect(rscope.drainRows).toHaveCount(3);
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('a tab of two documents does not widen the page', async ({ page, rscope, problems }) => {
    await rscope.load();
    await rscope.openSystem(R, PAYLOAD);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
  });
});
