// The compare view (legend, diff summary, grid) has no accessibility
// violation, in either theme.
import { test, expect } from './fixtures.js';
import { COMPARE_A, COMPARE_B, violations } from './rscope.js';

for (const scheme of ['light', 'dark']) {
  test(`the compare view in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load();
    await rscope.openTabs([['a.json', COMPARE_A], ['b.json', COMPARE_B]]);
    await rscope.compareWith('A', 'a.json');
    await expect(rscope.legendItems).toHaveCount(3);
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
