// The grid works without a mouse: arrows move a cell cursor that shows the
// tooltip, shift-arrows select, Escape clears.
import { test, expect } from './fixtures.js';

test('arrow keys move, shift-arrows select', async ({ page, problems }) => {
  await page.goto('/');
  await page.getByLabel('R document (JSON)').fill(JSON.stringify({
    version: 1,
    execution: { R_lite: [{ rank: '0-1', children: { core: '0-7' } }], nodelist: ['tux[3-4]'] },
  }));
  const grid = page.getByTestId('grid');
  await grid.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('tooltip')).toHaveText('tux4 rank 1 — core 1');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(page.getByTestId('selection-short')).toHaveText('rank1/core[1-3]');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('selection-short')).toHaveCount(0);
  await expect(page.getByTestId('tooltip')).toHaveCount(0);
  expect(problems).toEqual([]);
});
