// Fitting a shape into the active R says where it lands, in words, and
// outlines the cells it would take on the grid.
import { test, expect } from './fixtures.js';

test('a shape that fits says where it lands', async ({ rscope, problems }) => {
  await rscope.load('/?url=static/examples/rfc20.json');
  await expect(rscope.grid).toBeVisible();
  await rscope.typeShape('node=2/slot/core=2');
  await rscope.fitShape('worst');
  await expect(rscope.fitReason).toHaveText('fits now: 2 nodes, node[186-187], 4 cores');
  await expect(rscope.fitShort).toHaveText('rank[19-20]/core[0-1]');
  await expect(rscope.fitAnswer).toHaveAttribute('data-status', 'now');
  // The allocation is one group of ranks: the grid outlines it.
  await expect(rscope.grid).toHaveAttribute('data-linked', '19-20');
  expect(problems).toEqual([]);
});
