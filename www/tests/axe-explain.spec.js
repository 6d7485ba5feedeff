// The explain card and an unfolded finding have no accessibility violation
// in either theme, and fit a phone-wide page.
import { test, expect } from './fixtures.js';
import { violations } from './rscope.js';

const doc = '{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0-3"}}], "nodelist": ["n[0-1]"], "starttime": 1676560542, "nslots": 0}}';

for (const scheme of ['light', 'dark']) {
  test(`the explain card in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load();
    await rscope.fill(doc);
    await expect(rscope.findings("'nslots' must be greater than 0")).toHaveCount(1);
    await rscope.caretAt(doc.indexOf('1676560542') + 1);
    await rscope.editor.press('ArrowRight');
    await expect(rscope.explainTitle).toHaveText('starttime');
    await expect(rscope.explainDecoded.first()).toHaveText('2023-02-16 15:15:42 UTC');
    await rscope.whyOf("'nslots' must be greater than 0").locator('summary').click();
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the explain card does not widen the page', async ({ page, rscope, problems }) => {
    await rscope.load();
    await rscope.fill(doc);
    await rscope.caretAt(doc.indexOf('"0-3"') + 1);
    await rscope.editor.press('ArrowRight');
    await expect(rscope.explainTitle).toHaveText('core');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
  });
});
