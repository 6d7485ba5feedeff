// The constraint field over the grid, with what it selects, its JSON and
// a node left out, has no accessibility violation, in either theme.
import { test, expect } from './fixtures.js';
import { FOUR_NODES_PROPERTIES, violations } from './rscope.js';

for (const scheme of ['light', 'dark']) {
  test(`the constraint field in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load();
    await rscope.fill(FOUR_NODES_PROPERTIES);
    await expect(rscope.grid).toBeVisible();
    await rscope.typeConstraint('gpu -host:node1');
    await expect(rscope.constraintWhy).toBeVisible();
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
