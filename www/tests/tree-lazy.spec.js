// A large graph's tree opens at its top, builds rows only for open
// subtrees, and draws only the rows in view: 2 048 closed nodes of 108
// children each (223 233 vertices) give 17 DOM rows, and opening the last
// node shows its children without drawing more.
import { test, expect } from './fixtures.js';

const doc = {
  version: 1,
  execution: { R_lite: [{ rank: '0-2047', children: { core: '0-106', gpu: '0' } }], nodelist: ['n[0-2047]'] },
};

test('a large tree draws only the rows in view, and none of a closed subtree', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.fill(doc);
  const rows = rscope.treeRows;
  await expect(rows.first()).toHaveText('▾cluster0 cluster — 2048 nodes, 219136 cores, 2048 gpus');
  await expect(rows.nth(1)).toHaveText('▸n0 node rank 0 — 107 cores, 1 gpu');
  await expect(rows).toHaveCount(17);
  const focused = page.locator('[data-testid=tree-row][aria-selected=true]');
  await rscope.tree.focus();
  await page.keyboard.press('End');
  await expect(focused).toHaveText('▸n2047 node rank 2047 — 107 cores, 1 gpu');
  await page.keyboard.press('ArrowRight');
  await expect(focused).toHaveText('▾n2047 node rank 2047 — 107 cores, 1 gpu');
  await page.keyboard.press('ArrowDown');
  await expect(focused).toHaveText('·core0 core rank 2047');
  await expect(rows).toHaveCount(17);
  expect(problems).toEqual([]);
});
