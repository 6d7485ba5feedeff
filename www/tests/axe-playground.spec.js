// The playground, with a reading and with an error, has no accessibility
// violation in either theme, and fits a phone-wide page.
import { test, expect } from './fixtures.js';
import { violations } from './rscope.js';

for (const scheme of ['light', 'dark']) {
  test(`the playground in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load();
    await expect(rscope.play('canonical')).toHaveText('node[1-4,7]');
    expect(await violations(page)).toEqual([]);
    await rscope.playText.fill('node[1-');
    await expect(rscope.play('error')).toBeVisible();
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the playground does not widen the page', async ({ page, rscope, problems }) => {
    await rscope.load();
    await rscope.playFormat.selectOption('shape');
    await rscope.playText.fill('slot=2/core');
    await expect(rscope.play('canonical')).toHaveText('slot=2/core');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
  });
});
