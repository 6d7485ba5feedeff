// A page with an element showing every view, one showing a
// resource.status payload's grid coloured by node state, and one showing
// a resource eventlog's timeline (drawn by the timeline part), is
// axe-clean in the light and the dark theme, set by the theme attribute
// against the system's.
import { test, expect } from './fixtures.js';
import { elementHost, rscopeView, viewDrawn, viewTag, violations } from './rscope.js';
import { ev, journal } from './journals.js';

const JOURNAL = journal([
  ev(0, 'restart', { ranks: '0-1', online: '0-1', nodelist: 'node[1-2]' }),
  ev(600, 'drain', { idset: '1', reason: 'bad dimm', overwrite: 0 }),
]);

for (const scheme of ['light', 'dark']) {
  test(`an element with every view is accessible (${scheme})`, async ({ page, problems }) => {
    await page.emulateMedia({ colorScheme: scheme === 'light' ? 'dark' : 'light' });
    await elementHost(page, viewTag({
      src: '/static/examples/jgf.json', view: 'summary grid tree problems shape', theme: scheme, shape: 'node=1/core=2', height: '600',
    }) + viewTag({ src: '/static/examples/node-states.json', view: 'grid', 'color-by': 'state', theme: scheme })
      + viewTag({ view: 'timeline grid', theme: scheme }, JOURNAL));
    const view = rscopeView(page);
    await viewDrawn(view);
    await expect(view.getByTestId('tree')).toBeVisible();
    await expect(view.getByTestId('grid')).toBeVisible();
    await expect(view.getByTestId('embed-shape')).toBeVisible();
    const states = rscopeView(page, 1);
    await viewDrawn(states);
    await expect(states.getByTestId('legend').locator('li')).toHaveCount(6);
    const log = rscopeView(page, 2);
    await log.scrollIntoViewIfNeeded();
    await viewDrawn(log);
    await expect(log.getByTestId('still-timeline')).toBeVisible();
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
