// Freeing a running job gives its cores back, and a job that waited for
// them can run next.
import { test, expect } from './fixtures.js';
import { FOUR_NODES } from './rscope.js';

test('free gives a job\'s cores back', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(FOUR_NODES);
  await rscope.queueAdd('node=3/core=8', 'node=2');
  await rscope.queueAllocate(1);
  await rscope.queuePress('next');
  await expect(rscope.queueNote).toHaveText('job 2 waits: not now: 1 of 2 nodes free; free a job to make room');
  await rscope.queueFree(1);
  await expect(rscope.queueJob(1)).toHaveAttribute('data-state', 'freed');
  await expect(rscope.queueNote).toHaveText('job 1 freed');
  expect(await rscope.queueCoreRows()).toEqual([[8, 4]]);
  await expect(rscope.queueJob(1).getByRole('button')).toHaveCount(0);
  expect(problems).toEqual([]);
});
