// A panel that colours the grid (the queue's running jobs) shows that
// colouring in the grid's own "colour by" menu; picking there hands the
// grid back to the menu.
import { test, expect } from './fixtures.js';
import { FOUR_NODES } from './rscope.js';

async function runAJob(rscope) {
  await rscope.load();
  await rscope.fill(FOUR_NODES);
  await rscope.queueAdd('node=2');
  await rscope.queueAllocate(1);
}

test("the queue's running jobs show as the grid's colouring in its menu", async ({ rscope, problems }) => {
  await runAJob(rscope);
  await expect.poll(() => rscope.colorChoice()).toBe("the queue's jobs (Shape panel)");
  expect(problems).toEqual([]);
});

test('picking a colouring in the menu puts the queue colours aside', async ({ rscope, problems }) => {
  await runAJob(rscope);
  await expect.poll(() => rscope.colorChoice()).toBe("the queue's jobs (Shape panel)");
  await rscope.colorCellsBy('type');
  await expect.poll(() => rscope.colorChoice()).toBe('resource type');
  await expect(rscope.legendItems).toHaveText(['core']);
  expect(problems).toEqual([]);
});
