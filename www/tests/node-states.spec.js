// A resource.status payload opens as its R, each node coloured by the
// state flux resource status gives it, the legend counting nodes, and a
// drained node's tooltip saying why and how long ago.
import { test, expect } from './fixtures.js';
import { NODE_STATES_LEGEND } from './rscope.js';

const EXAMPLE = 'Node states — 16 nodes drained, offline, torpid and excluded, as flux resource status reads them';

test('a status payload colours nodes by state, with counts and drain reasons', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample(EXAMPLE);
  await expect(rscope.summary('nodes')).toHaveText('16');
  await expect(rscope.legendItems).toHaveText(NODE_STATES_LEGEND);
  await expect.poll(() => rscope.colorChoice()).toBe('node state (as flux resource status lists it)');
  await rscope.hoverCell(4, 0);
  await expect(rscope.tooltip).toHaveText(/^tioga5 rank 4 — core 0 — properties: batch — drained — drained \d+ \w+ ago: bad DIMM, ticket 4411$/);
  await expect(rscope.drainRows).toHaveCount(3);
  await expect(rscope.drainRows.first().locator('td')).toHaveText([
    /^2025-11-2\d \d\d:\d\d \(\d+ \w+ ago\)$/, 'drained*', '1', '9', 'node will not boot', 'tioga10',
  ]);
  expect(problems).toEqual([]);
});
