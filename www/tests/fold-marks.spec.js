// #47 item 7: folded rows keep a node state's second channel. Folding the
// node-states example puts tioga[5-6] (drained, the same reason) on one
// row: still striped; tioga16 (excluded) is still cross-hatched.
import { test, expect } from './fixtures.js';
import { NODE_STATES_LEGEND } from './rscope.js';

test('folded rows keep their stripes and cross-hatching', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('Node states — 16 nodes drained, offline, torpid and excluded, as flux resource status reads them');
  await expect(rscope.legendItems).toHaveText(NODE_STATES_LEGEND);
  await rscope.fold.check();
  await expect(rscope.gridShape).toHaveText('16 nodes in 11 rows — identical neighbours folded');
  expect((await rscope.rowLabels())[1]).toBe('tioga[5-6] ×2');
  expect(await rscope.cellColors(1, 0)).toEqual(['#d55e00', '#471f00']);
  expect(await rscope.cellColors(10, 0)).toEqual(['#5f6a74', '#1f2326']);
  expect(problems).toEqual([]);
});
