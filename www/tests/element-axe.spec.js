// A page with an element showing every view is axe-clean in the light and
// the dark theme, set by the theme attribute against the system's.
import { test, expect } from './fixtures.js';
import { elementHost, rscopeView, viewDrawn, viewTag, violations } from './rscope.js';

for (const scheme of ['light', 'dark']) {
  test(`an element with every view is accessible (${scheme})`, async ({ page, problems }) => {
    await page.emulateMedia({ colorScheme: scheme === 'light' ? 'dark' : 'light' });
    await elementHost(page, viewTag({
      src: '/static/examples/jgf.json', view: 'summary grid tree problems shape', theme: scheme, shape: 'node=1/core=2', height: '600',
    }));
    const view = rscopeView(page);
    await viewDrawn(view);
    await expect(view.getByTestId('tree')).toBeVisible();
    await expect(view.getByTestId('grid')).toBeVisible();
    await expect(view.getByTestId('embed-shape')).toBeVisible();
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
