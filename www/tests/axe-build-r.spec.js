// The build-an-R form, with a wrong field, has no accessibility violation
// in either theme, and fits a phone-wide page.
import { test, expect } from './fixtures.js';
import { violations } from './rscope.js';

for (const scheme of ['light', 'dark']) {
  test(`the build-an-R form in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load();
    await rscope.buildField('hosts').fill('n[1-');
    await expect(rscope.buildProblems).toHaveText(["not a host list: unclosed '['"]);
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the build-an-R form does not widen the page', async ({ page, rscope, problems }) => {
    await rscope.load();
    await rscope.buildField('hosts').fill('node[1-16]');
    await expect(rscope.summary('nodes')).toHaveText('16');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
  });
});
