// The fit panel takes an RFC 31 constraint as flux submit --requires
// does: the shape is placed only on the nodes it selects.
import { test, expect } from './fixtures.js';
import { FOUR_NODES_PROPERTIES } from './rscope.js';

test('a fit with a constraint lands only on the nodes it selects', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(FOUR_NODES_PROPERTIES);
  await expect(rscope.grid).toBeVisible();
  await rscope.typeShape('node=1');
  await rscope.typeFitConstraint('ssd -host:node1');
  await rscope.fitShape('worst');
  // The reason the JS API's fit gives for the same question.
  await expect(rscope.fitReason).toHaveText('fits now: 1 node, node3, 8 cores');
  await expect(rscope.fitShort).toHaveText('rank3/core[0-7]');
  await expect(rscope.grid).toHaveAttribute('data-linked', '3');
  expect(problems).toEqual([]);
});
