// Each running job of the queue is in its own colour on the grid, the
// colour of its swatch, and the legend names the jobs.
import { test, expect } from './fixtures.js';
import { FOUR_NODES } from './rscope.js';

test('allocated jobs each have their colour on the grid', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(FOUR_NODES);
  await rscope.queueAdd('node=2/slot/core=6', 'slot/core=4');
  await rscope.queueAllocate(1);
  await rscope.queueAllocate(2);
  await expect(rscope.legendItems).toHaveText([
    'job 1 (node=2/slot/core=6): 12 cores on 2 nodes',
    'job 2 (slot/core=4): 4 cores on 1 node',
    'in no running job',
  ]);
  expect(await rscope.legendColors()).toEqual(['#0072B2', '#E69F00', '#5f6a74']);
  const swatch = (n) => rscope.queueJob(n).locator('.queue-swatch')
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect([await swatch(1), await swatch(2)]).toEqual(['rgb(0, 114, 178)', 'rgb(230, 159, 0)']);
  await rscope.hoverCell(0, 0);
  await expect(rscope.tooltip).toHaveText('node0 rank 0 — core 0 — job 1 (node=2/slot/core=6)');
  expect(problems).toEqual([]);
});
