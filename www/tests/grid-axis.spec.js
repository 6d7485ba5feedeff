// A column axis over the cells names the core and GPU blocks and their ids,
// and stays in view while the rows scroll under it.
import { test, expect } from './fixtures.js';
import { quartz } from './rscope.js';

const MACHINE = quartz(200, 8);

// Wide enough for the grid's column to show all 41 columns.
test.use({ viewport: { width: 1600, height: 900 } });

test('the axis names core and GPU ids and stays over scrolled rows', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(MACHINE);
  await expect(rscope.gridShape).toHaveText('200 nodes × 41 columns');
  await rscope.gridAxis.scrollIntoViewIfNeeded();
  await rscope.scrollGrid(1000);
  await expect.poll(() => rscope.rowLabels().then((l) => l[0])).not.toBe('quartz1 (0)');
  // 13-pixel cells: every other id, per block.
  await expect.poll(() => rscope.axisIds()).toBe(
    'core: 0 2 4 6 8 10 12 14 16 18 20 22 24 26 28 30 32 34; gpu: 0 2',
  );
  await expect(rscope.gridAxis).toBeInViewport();
  const axis = await rscope.gridAxis.boundingBox();
  const grid = await rscope.grid.boundingBox();
  expect(axis.y + axis.height).toBeLessThanOrEqual(grid.y + 1);
  expect(problems).toEqual([]);
});
