// The iframe mode with every view is axe-clean in the light and the dark
// theme, set by theme= and by the system.
import { test, expect } from './fixtures.js';
import { violations } from './rscope.js';

for (const scheme of ['light', 'dark']) {
  test(`the embed with every view is accessible (${scheme})`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme === 'light' ? 'dark' : 'light' });
    await rscope.embed({ url: 'static/examples/jgf.json', view: 'summary,grid,tree,problems', theme: scheme });
    await expect(page.getByTestId('tree')).toBeVisible();
    await expect(page.getByTestId('grid')).toBeVisible();
    await expect(page.getByTestId('embed-problems')).toBeVisible();
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
