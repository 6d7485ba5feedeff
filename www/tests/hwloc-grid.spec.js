// A topology's tab draws the R its panel makes: the grid and the graph
// tree of one node with the topology's cores, with no button to press.
import { test, expect } from './fixtures.js';
import { topology } from './rscope.js';

test("a topology's tab shows the grid and tree of its R", async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.drop('pack2.xml', topology('pack2-numa2-core6-pu2.xml'), 'header');
  await expect(rscope.gridShape).toHaveText('1 node × 24 columns');
  await expect(rscope.treeRows.nth(0)).toHaveText('▾cluster0 cluster — 1 node, 24 cores');
  await expect(rscope.treeRows.nth(1)).toHaveText('▾localhost node rank 0 — 24 cores');
  expect(problems).toEqual([]);
});
