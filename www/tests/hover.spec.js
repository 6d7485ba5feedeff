// Hovering a grid cell shows what it is.
import { test, expect } from './fixtures.js';

test('the tooltip names host, rank, resource and properties', async ({ page, problems }) => {
  await page.goto('/');
  await page.getByLabel('R document (JSON)').fill(JSON.stringify({
    version: 1,
    execution: {
      R_lite: [{ rank: '0-1', children: { core: '0-7', gpu: '0' } }],
      nodelist: ['tux[3-4]'],
      properties: { fast: '1' },
    },
  }));
  const grid = page.getByTestId('grid');
  await expect(grid).toBeVisible();
  // Zoom in and back out to the default 13px cells, where host labels are drawn.
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await grid.scrollIntoViewIfNeeded();
  const box = await grid.boundingBox();
  // Cells are 13px, labels 150px wide: core 2 is x = 150 + 2*13 + 4, row 1 is y = 13 + 4.
  await page.mouse.move(box.x + 150 + 2 * 13 + 4, box.y + 13 + 4);
  await expect(page.getByTestId('tooltip')).toHaveText('tux4 rank 1 — core 2 — properties: fast');
  await page.mouse.move(box.x + 150 + 9 * 13 + 4, box.y + 4);
  await expect(page.getByTestId('tooltip')).toHaveText('tux3 rank 0 — gpu 0');
  expect(problems).toEqual([]);
});
