// The grid and tree beside a topology follow its Hosts field as the user
// types: two host names make two ranks, each with the topology's cores.
import { test, expect } from './fixtures.js';
import { topology } from './rscope.js';

test("typing hosts beside a topology redraws its grid", async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.drop('pack2.xml', topology('pack2-numa2-core6-pu2.xml'), 'header');
  await expect(rscope.treeRows.nth(1)).toHaveText('▾localhost node rank 0 — 24 cores');
  await rscope.hwlocHosts.pressSequentially('n[1-2]');
  await expect(rscope.gridShape).toHaveText('2 nodes × 24 columns');
  await expect(rscope.treeRows.nth(0)).toHaveText('▾cluster0 cluster — 2 nodes, 48 cores');
  await expect(rscope.treeRows.nth(1)).toHaveText('▾n1 node rank 0 — 24 cores');
  expect(problems).toEqual([]);
});
