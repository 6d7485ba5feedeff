// In the compare view, hovering a cell names the documents that hold it.
import { test, expect } from './fixtures.js';
import { COMPARE_A, COMPARE_B } from './rscope.js';

test('compare hover names the documents holding the cell', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openTabs([['a.json', COMPARE_A], ['b.json', COMPARE_B]]);
  await rscope.selectTab('A');
  await rscope.compareWith('B', 'b.json');
  await rscope.hoverCell(2, 3);
  await expect(rscope.tooltip).toHaveText('node2 rank 2 — core 3 — in A (a.json) and B (b.json)');
  await rscope.hoverCell(5, 0);
  await expect(rscope.tooltip).toHaveText('node5 rank 5 — core 0 — only in B (b.json)');
  expect(problems).toEqual([]);
});
