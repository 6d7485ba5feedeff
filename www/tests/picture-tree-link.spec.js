// Selecting a box in the picture focuses its vertex's row in the tree,
// opening the rows above it.
import { test, expect } from './fixtures.js';

test('a box selected in the picture is the row focused in the tree', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('With a JGF graph — an R whose scheduling key holds the Fluxion graph');
  await expect(rscope.picture).toHaveAttribute('data-boxes', '7');
  // Close node1 in the tree, then select its gpu in the picture.
  await rscope.tree.focus();
  await rscope.page.keyboard.press('End');
  await rscope.page.keyboard.press('ArrowLeft');
  await rscope.page.keyboard.press('ArrowLeft');
  await expect(rscope.treeRows).toHaveCount(8);
  await rscope.clickBox(['ArrowDown', 'ArrowRight', 'ArrowDown', 'ArrowRight']);
  await expect(rscope.picture).toHaveAttribute('data-focus', 'gpu0');
  await expect(rscope.treeRows).toHaveCount(13);
  const focused = rscope.tree.locator('[aria-selected="true"]');
  await expect(focused).toHaveText('·gpu0 gpu rank 1');
  await expect(rscope.tree).toHaveAttribute('aria-activedescendant', 'tree-row-12');
  expect(problems).toEqual([]);
});
