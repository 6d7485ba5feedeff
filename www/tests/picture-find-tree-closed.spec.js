// A closed row of the tree says how many of the picture's find matches it
// hides.
import { test, expect } from './fixtures.js';

test('a closed node says how many matches it holds', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('With a JGF graph — an R whose scheduling key holds the Fluxion graph');
  // Close node1 (row 8) from the keyboard: End moves to its gpu0, Left
  // to node1, Left again closes it.
  await rscope.tree.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(rscope.treeRows).toHaveCount(8);
  await rscope.findInPicture('type=core');
  await expect(rscope.pictureFound).toHaveText('8 found');
  await expect(rscope.treeFound).toHaveText([
    '·core0 core rank 0 · found',
    '·core1 core rank 0 · found',
    '·core2 core rank 0 · found',
    '·core3 core rank 0 · found',
    '▸node1 node rank 1 — 4 cores, 1 gpu · 4 found inside',
  ]);
  expect(problems).toEqual([]);
});
