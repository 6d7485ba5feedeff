// The drain table sorts by the column whose heading is chosen.
import { test, expect } from './fixtures.js';

test('the drain table sorts by reason', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('Node states — 16 nodes drained, offline, torpid and excluded, as flux resource status reads them');
  await expect(rscope.drainRows).toHaveCount(3);
  await rscope.sortDrains('Reason');
  await expect(rscope.drainRows.locator('td:nth-child(5)')).toHaveText([
    'GPU 1 fell off the bus',
    'bad DIMM, ticket 4411',
    'node will not boot',
  ]);
  await expect(rscope.drains.locator('th[aria-sort="ascending"]')).toHaveText('Reason');
  expect(problems).toEqual([]);
});
