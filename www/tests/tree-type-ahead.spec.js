// Typing in the graph tree moves the focus to the next row whose name
// starts with the letters typed.
import { test, expect } from './fixtures.js';

test('typing a name moves to its row', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('With a JGF graph — an R whose scheduling key holds the Fluxion graph');
  await expect(rscope.treeRows).toHaveCount(13);
  await rscope.tree.focus();
  await page.keyboard.type('g');
  await expect(rscope.tree).toHaveAttribute('aria-activedescendant', 'tree-row-6');
  await expect(page.locator('#tree-row-6')).toHaveText('·gpu0 gpu rank 0');
  await expect(page.locator('#tree-row-6')).toHaveAttribute('aria-selected', 'true');
  expect(problems).toEqual([]);
});
