// The tree draws only the rows in view; the focused row stays in the DOM
// when it scrolls away, so aria-activedescendant always names an element.
import { test, expect } from './fixtures.js';

const doc = {
  version: 1,
  execution: { R_lite: [{ rank: '0-63', children: { core: '0-3' } }], nodelist: ['n[0-63]'] },
};

test('the focused row exists after a scroll', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.fill(doc);
  await expect(rscope.treeRows.first()).toHaveText('▾cluster0 cluster — 64 nodes, 256 cores');
  await rscope.tree.hover();
  await page.mouse.wheel(0, 1200);
  // The second row leaves the DOM once the tree has scrolled past it.
  await expect(page.locator('#tree-row-1')).toHaveCount(0);
  const id = await rscope.tree.getAttribute('aria-activedescendant');
  expect(id).toBe('tree-row-0');
  await expect(page.locator(`#${id}`)).toHaveText('▾cluster0 cluster — 64 nodes, 256 cores');
  expect(problems).toEqual([]);
});
