// Identical neighbours fold into one row with a count; at the lowest zooms
// nodes collapse into density strips.
import { test, expect } from './fixtures.js';

test('folding and density strips', async ({ page, problems }) => {
  await page.goto('/');
  await page.getByLabel('R document (JSON)').fill(JSON.stringify({
    version: 1,
    execution: {
      R_lite: [
        { rank: '0-15', children: { core: '0-35' } },
        { rank: '16-19', children: { core: '0-35', gpu: '0-3' } },
      ],
      nodelist: ['quartz[1-20]'],
    },
  }));
  const grid = page.getByTestId('grid');
  const shape = page.getByTestId('grid-shape');
  await expect(shape).toHaveText('20 nodes × 41 columns');
  await page.getByTestId('fold').check();
  await expect(shape).toHaveText('20 nodes in 2 rows — identical neighbours folded');
  await grid.scrollIntoViewIfNeeded();
  const box = await grid.boundingBox();
  await page.mouse.move(box.x + 150 + 2 * 13 + 6, box.y + 6);
  await expect(page.getByTestId('tooltip')).toHaveText('quartz[1-16] (0-15) ×16 — core 2 on 16 of 16 nodes');
  await page.getByTestId('fold').uncheck();

  // Six steps out from 13px cells: 2px cells, eight nodes per strip.
  for (let i = 0; i < 6; i++) await page.getByRole('button', { name: 'Zoom out' }).click();
  await expect(shape).toHaveText('20 nodes in 3 strips of 8 — opacity shows how many nodes have each resource');
  await expect(page.getByTestId('fold')).toBeDisabled();
  const strips = await grid.boundingBox();
  // Strip 2 (nodes 16-19) at GPU 1: column 36 + 1 gap + 1 = 38.
  await page.mouse.move(strips.x + 38 * 2 + 1, strips.y + 2 * 2 + 1);
  await expect(page.getByTestId('tooltip')).toHaveText('quartz[17-20] (16-19) ×4 — gpu 1 on 4 of 4 nodes');
  await page.mouse.move(strips.x + 5 * 2 + 1, strips.y + 1 * 2 + 1);
  await expect(page.getByTestId('tooltip')).toHaveText('quartz[9-16] (8-15) ×8 — core 5 on 8 of 8 nodes');
  expect(problems).toEqual([]);
});
