// The PNG export draws 18-pixel cells with labels, a title and a legend,
// whatever the zoom on screen; a grid too large for one PNG is cut, and the
// page says so.
import { test, expect } from './fixtures.js';
import { downloadBytes, pngSize } from './rscope.js';

const machine = (nodes) => ({
  version: 1,
  execution: {
    R_lite: [
      { rank: `0-${nodes - 5}`, children: { core: '0-35' } },
      { rank: `${nodes - 4}-${nodes - 1}`, children: { core: '0-35', gpu: '0-3' } },
    ],
    nodelist: [`quartz[1-${nodes}]`],
  },
});

test('a zoomed-out grid exports at the fixed scale', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(machine(20));
  await rscope.zoomOut(6);
  await expect(rscope.gridShape).toHaveText('20 nodes in 3 strips of 8 — opacity shows how many nodes have each resource');
  const png = await rscope.exportGrid('png');
  expect(png.suggestedFilename()).toBe('rscope-grid.png');
  // 18-pixel cells: 8 of margin, 150 of labels, 41 columns, 8 of margin
  // wide; 50 of title and legend, 28 of axis, 3 strips and 8 of margin tall.
  expect(pngSize(await downloadBytes(png))).toEqual({ width: 904, height: 140 });
  await expect(rscope.pngNote).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('a grid too tall for one PNG is cut and says so', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(machine(2000));
  await expect(rscope.gridShape).toHaveText('2000 nodes × 41 columns');
  await expect(rscope.pngNote).toHaveText(
    'PNG: Too large for one picture: shows the first 904 of 2000 rows; zoom out to density strips to fit more nodes',
  );
  const png = await rscope.exportGrid('png');
  // 904 rows of 18 pixels under a title, legend, note (68) and axis (28).
  expect(pngSize(await downloadBytes(png))).toEqual({ width: 904, height: 16376 });
  expect(problems).toEqual([]);
});
