// Stepping back undoes the last action: the job waits again and its cores
// are free; the action stays ahead, to step forward to.
import { test, expect } from './fixtures.js';
import { FOUR_NODES } from './rscope.js';

test('step back undoes the last allocation', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(FOUR_NODES);
  await rscope.queueAdd('node=2/slot/core=6', 'slot/core=4');
  await rscope.queueAllocate(1);
  await rscope.queueAllocate(2);
  await expect(rscope.queueStep).toHaveText('Step 2 of 2');
  await rscope.queuePress('back');
  await expect(rscope.queueJob(2)).toHaveAttribute('data-state', 'waiting');
  await expect(rscope.queueJob(1)).toHaveAttribute('data-state', 'running');
  await expect(rscope.queueNote).toHaveText('stepped back over: allocate job 2');
  await expect(rscope.queueStep).toHaveText('Step 1 of 2');
  expect(await rscope.queueCoreRows()).toEqual([[8, 2], [2, 2]]);
  expect(problems).toEqual([]);
});
