// PageDown and PageUp move the tree's focus a page of rows at a time.
import { test, expect } from './fixtures.js';

/** 64 nodes of 4 cores: the tree shows the cluster, then each node and its cores (321 rows). */
const doc = {
  version: 1,
  execution: { R_lite: [{ rank: '0-63', children: { core: '0-3' } }], nodelist: ['n[0-63]'] },
};

test('PageDown moves a page down, PageUp back', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.fill(doc);
  await expect(rscope.treeRows.first()).toHaveText('▾cluster0 cluster — 64 nodes, 256 cores');
  await rscope.tree.focus();
  await page.keyboard.press('PageDown');
  // A page is the rows the viewport shows less one: 14.
  await expect(rscope.tree).toHaveAttribute('aria-activedescendant', 'tree-row-14');
  await expect(page.locator('#tree-row-14')).toHaveText('·core2 core rank 2');
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageUp');
  await expect(rscope.tree).toHaveAttribute('aria-activedescendant', 'tree-row-14');
  await page.keyboard.press('PageUp');
  await page.keyboard.press('PageUp');
  await expect(rscope.tree).toHaveAttribute('aria-activedescendant', 'tree-row-0');
  expect(problems).toEqual([]);
});
