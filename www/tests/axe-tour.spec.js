// A step of the tour has no accessibility violation in either theme, and
// fits a phone-wide page.
import { test, expect } from './fixtures.js';
import { violations } from './rscope.js';

for (const scheme of ['light', 'dark']) {
  test(`the tour in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load();
    await rscope.tourStart.click();
    await expect(rscope.tourStep).toHaveText('Step 1 of 8: What R is for');
    await expect(rscope.grid).toBeVisible();
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the tour does not widen the page', async ({ page, rscope, problems }) => {
    await rscope.load();
    await rscope.tourStart.click();
    await page.keyboard.press('ArrowRight');
    await expect(rscope.tourStep).toHaveText('Step 2 of 8: R_lite entries');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
  });
});
