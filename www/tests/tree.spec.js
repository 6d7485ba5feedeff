// The resource graph shows as a tree that opens with the keyboard.
import { test, expect } from './fixtures.js';

test('the JGF example shows its graph as a tree', async ({ page, problems }) => {
  await page.goto('/');
  await page.getByLabel('Open an example').selectOption({ label: "With a JGF graph — an R whose scheduling key holds the Fluxion graph" });
  const tree = page.getByTestId('tree');
  await expect(tree.getByTestId('tree-row').first()).toHaveText('▾cluster0 cluster — 2 node, 8 core, 2 gpu');
  await expect(tree.getByTestId('tree-row').nth(1)).toHaveText('▾node0 node rank 0 — 4 core, 1 gpu');
  await expect(tree.getByTestId('tree-row')).toHaveCount(13);
  // Down to node0, then Left closes it.
  await tree.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowLeft');
  await expect(tree.getByTestId('tree-row')).toHaveCount(8);
  await expect(tree.getByTestId('tree-row').nth(1)).toHaveText('▸node0 node rank 0 — 4 core, 1 gpu');
  expect(problems).toEqual([]);
});

test('an R without a graph gets one generated from R_lite', async ({ page, problems }) => {
  await page.goto('/?url=static/examples/laptop.json');
  await expect(page.getByTestId('tree').getByTestId('tree-row').first()).toHaveText('▾cluster0 cluster — 1 node, 8 core, 1 gpu');
  await expect(page.getByText('generated from R_lite (the document has no graph)')).toBeVisible();
  expect(problems).toEqual([]);
});
