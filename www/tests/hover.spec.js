// Hovering a grid cell shows what it is.
import { test, expect } from './fixtures.js';

test('the tooltip names host, rank, resource and properties', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill({
    version: 1,
    execution: {
      R_lite: [{ rank: '0-1', children: { core: '0-7', gpu: '0' } }],
      nodelist: ['tux[3-4]'],
      properties: { fast: '1' },
    },
  });
  await expect(rscope.grid).toBeVisible();
  // Zoom in and back out to the default zoom, where host labels are drawn.
  await rscope.zoomIn();
  await rscope.zoomOut();
  // Rank 1's core 2, then rank 0's GPU 0 (column 8 is the gap after the cores).
  await rscope.hoverCell(1, 2);
  await expect(rscope.tooltip).toHaveText('tux4 rank 1 — core 2 — properties: fast');
  await rscope.hoverCell(0, 9);
  await expect(rscope.tooltip).toHaveText('tux3 rank 0 — gpu 0');
  expect(problems).toEqual([]);
});
