// The resource graph shows as a tree that opens with the keyboard.
import { test, expect } from './fixtures.js';

test('the JGF example shows its graph as a tree', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('With a JGF graph — an R whose scheduling key holds the Fluxion graph');
  const rows = rscope.treeRows;
  await expect(rows.first()).toHaveText('▾cluster0 cluster — 2 nodes, 8 cores, 2 gpus');
  await expect(rows.nth(1)).toHaveText('▾node0 node rank 0 — 4 cores, 1 gpu');
  await expect(rows).toHaveCount(13);
  // Down to node0, then Left closes it.
  await rscope.tree.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowLeft');
  await expect(rows).toHaveCount(8);
  await expect(rows.nth(1)).toHaveText('▸node0 node rank 0 — 4 cores, 1 gpu');
  expect(problems).toEqual([]);
});

test('an R without a graph gets one generated from R_lite', async ({ page, rscope, problems }) => {
  await rscope.load('/?url=static/examples/laptop.json');
  await expect(rscope.treeRows.first()).toHaveText('▾cluster0 cluster — 1 node, 8 cores, 1 gpu');
  await expect(page.getByText('generated from R_lite (the document has no graph)')).toBeVisible();
  expect(problems).toEqual([]);
});
