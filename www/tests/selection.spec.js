// Dragging over cells selects them as an R, which opens as a new tab.
import { test, expect } from './fixtures.js';

test('a dragged selection opens as a new tab', async ({ page, problems }) => {
  await page.goto('/');
  await page.getByLabel('R document (JSON)').fill(JSON.stringify({
    version: 1,
    execution: { R_lite: [{ rank: '0-3', children: { core: '0-7' } }], nodelist: ['n[0-3]'] },
  }));
  const grid = page.getByTestId('grid');
  await expect(grid).toBeVisible();
  await grid.scrollIntoViewIfNeeded();
  // 13px cells after a 150px label column: from rank 1 core 2 to rank 2 core 4.
  const at = async (row, col) => {
    const box = await grid.boundingBox();
    return [box.x + 150 + col * 13 + 6, box.y + row * 13 + 6];
  };
  await page.mouse.move(...(await at(1, 2)));
  await page.mouse.down();
  await expect(page.getByTestId('selection-short')).toHaveText('rank1/core2');
  await page.mouse.move(...(await at(2, 4)), { steps: 4 });
  await page.mouse.up();
  await expect(page.getByTestId('selection-short')).toHaveText('rank[1-2]/core[2-4]');
  await page.getByText('R as JSON').click();
  await expect(page.getByTestId('selection-json')).toHaveText(
    '{"version": 1, "execution": {"R_lite": [{"rank": "1-2", "children": {"core": "2-4"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["n[1-2]"]}}',
  );
  await page.getByTestId('open-selection').click();
  await expect(page.getByTestId('tab-B')).toHaveText('B selection 2');
  await expect(page.getByLabel('R document (JSON)')).toHaveValue(
    '{"version": 1, "execution": {"R_lite": [{"rank": "1-2", "children": {"core": "2-4"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["n[1-2]"]}}',
  );
  await expect(page.getByTestId('cores')).toHaveText('6');
  expect(problems).toEqual([]);
});
