// ArrowLeft on a leaf of the graph tree moves the focus to its parent.
import { test, expect } from './fixtures.js';

test('ArrowLeft on a leaf goes to its parent', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('With a JGF graph — an R whose scheduling key holds the Fluxion graph');
  await expect(rscope.treeRows).toHaveCount(13);
  await rscope.tree.focus();
  // Rows: cluster0, node0, core0 … core3, gpu0, node1, core0 …; End is node1's gpu0.
  await page.keyboard.press('End');
  await expect(rscope.tree).toHaveAttribute('aria-activedescendant', 'tree-row-12');
  await page.keyboard.press('ArrowLeft');
  await expect(rscope.tree).toHaveAttribute('aria-activedescendant', 'tree-row-7');
  await expect(rscope.treeRows.nth(7)).toHaveAttribute('aria-selected', 'true');
  await expect(rscope.treeRows.nth(7)).toHaveText('▾node1 node rank 1 — 4 cores, 1 gpu');
  await expect(rscope.treeRows).toHaveCount(13);
  expect(problems).toEqual([]);
});
