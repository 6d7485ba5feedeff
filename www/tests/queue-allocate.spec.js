// "Allocate next" runs the first waiting job where the policy puts it, and
// the free cores per node and the largest request that still fits follow.
import { test, expect } from './fixtures.js';
import { FOUR_NODES } from './rscope.js';

test('allocate next runs the first waiting job', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(FOUR_NODES);
  await rscope.queueAdd('node=2/slot/core=6', 'slot/core=4');
  await rscope.queuePress('next');
  await expect(rscope.queueJob(1)).toHaveAttribute('data-state', 'running');
  await expect(rscope.queueJob(1)).toContainText('fits now: 2 nodes, node[0-1], 12 cores rank[0-1]/core[0-5]');
  await expect(rscope.queueJob(2)).toHaveAttribute('data-state', 'waiting');
  await expect(rscope.queueNote).toHaveText('job 1 runs: fits now: 2 nodes, node[0-1], 12 cores');
  expect(await rscope.queueCoreRows()).toEqual([[8, 2], [2, 2]]);
  await expect(rscope.queueLargest.locator('li')).toHaveText([
    'node=2: 2 whole nodes with nothing busy',
    'slot/core=8: the most free cores on one node: 8',
    'node=2/core=8: 16 cores, the most a request for the same cores on each node gets',
  ]);
  expect(problems).toEqual([]);
});
