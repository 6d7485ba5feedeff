// A step of the tour from configuration to running jobs, with the page
// it set up (configuration, R tab, constraint over the grid), has no
// accessibility violation, in either theme.
import { test, expect } from './fixtures.js';
import { violations } from './rscope.js';

for (const scheme of ['light', 'dark']) {
  test(`the configuration tour in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load();
    await rscope.takeSystemTour();
    await expect(rscope.systemTourStep).toBeFocused();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await expect(rscope.grid).toHaveAttribute('data-linked', '3');
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
