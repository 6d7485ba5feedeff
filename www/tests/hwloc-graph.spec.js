// "Open Fluxion's graph" opens the graph Fluxion's hwloc reader builds
// from the topology, which the page draws as a tree.
import { test, expect } from './fixtures.js';
import { topology } from './rscope.js';

test("a topology's Fluxion graph opens as a tree", async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.drop('caches.xml', topology('caches.xml'), 'header');
  await expect(rscope.hwlocR).toContainText('"core": "0-11"');
  await page.getByTestId('hwloc-graph').press('Enter');
  await expect(rscope.tab('B')).toHaveText('B caches.xml graph');
  await expect(rscope.treeRows.first()).toHaveText('▾cluster0 cluster — 1 numanode, 2 sockets, 4 caches, 12 cores, 24 pus');
  expect(problems).toEqual([]);
});
