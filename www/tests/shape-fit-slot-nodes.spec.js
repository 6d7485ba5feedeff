// A slot of nodes takes whole nodes, as RFC 14 reads it; the answer says
// so, and what flux-core's scheduler reads it as instead.
import { test, expect } from './fixtures.js';

test('a slot of nodes says it takes whole nodes and what flux-core would do', async ({ rscope, problems }) => {
  await rscope.load('/?url=static/examples/rfc20.json');
  await expect(rscope.grid).toBeVisible();
  await rscope.typeShape('slot=4/node/core=2');
  await rscope.fitShape('worst');
  await expect(rscope.fitReason).toHaveText(
    'fits now: 4 nodes, node[186-189], 192 cores, 32 GPUs; note: each slot takes 1 whole node here, '
    + "as RFC 14 reads a slot of nodes; flux-core's scheduler reads it as 4 nodes with 4 slots of 2 cores on each (32 cores)",
  );
  await expect(rscope.fitShort).toHaveText('rank[19-22]/core[0-47],gpu[0-7]');
  expect(problems).toEqual([]);
});
