// A status document shows its sets and colours cells by state.
import { test, expect } from './fixtures.js';

test('status document: counts per state and state colours', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('A status document — all, down and allocated sets, as flux resource list reads');
  await expect(rscope.states).toContainText('all812816');
  await expect(rscope.states).toContainText('down2324');
  // A status document opens coloured by state.
  await expect(rscope.legendItems).toHaveText(['free: 56 cores, 7 GPUs', 'allocated: 40 cores, 5 GPUs', 'down: 32 cores, 4 GPUs']);
  await rscope.colorCellsBy('type');
  await expect(rscope.legend).toHaveText('coregpu');
  expect(problems).toEqual([]);
});
