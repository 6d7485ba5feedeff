// The configuration box with what [resource] and [bootstrap] make (the R,
// its re-ranked form, what rscope config prints) beside an R, and the
// nodes [resource] exclude names marked on the grid, has no accessibility
// violation, in either theme.
import { test, expect } from './fixtures.js';
import { FOUR_NODES, violations } from './rscope.js';

const CONFIG = '[[resource.config]]\nhosts = "node[0-3]"\ncores = "0-7"\n\n[resource]\nexclude = "3"\n\n[bootstrap]\nhosts = [{ host = "node[1,0,2-3]" }]\n';

for (const scheme of ['light', 'dark']) {
  test(`the configuration view in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load();
    await rscope.fill(FOUR_NODES);
    await expect(rscope.grid).toBeVisible();
    await rscope.typeConfig(CONFIG);
    await expect(rscope.configReport).toBeVisible();
    await expect(rscope.legendItems).toHaveText(['excluded by [resource] exclude: 1 node', 'in the one default queue: 3 nodes']);
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the tour from configuration to running jobs, at its constraint, does not widen the page', async ({ page, rscope, problems }) => {
    await rscope.load();
    await rscope.takeSystemTour();
    await expect(rscope.systemTourStep).toBeFocused();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await expect(rscope.grid).toHaveAttribute('data-linked', '3');
    await expect(rscope.configReport).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
  });
});
