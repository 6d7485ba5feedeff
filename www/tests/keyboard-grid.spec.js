// The grid works without a mouse: arrows move a cell cursor that shows the
// tooltip, shift-arrows select, Escape clears.
import { test, expect } from './fixtures.js';

test('arrow keys move, shift-arrows select', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.fill({
    version: 1,
    execution: { R_lite: [{ rank: '0-1', children: { core: '0-7' } }], nodelist: ['tux[3-4]'] },
  });
  await rscope.focusGrid();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await expect(rscope.tooltip).toHaveText('tux4 rank 1 — core 1');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(rscope.selectionShort).toHaveText('rank1/core[1-3]');
  await page.keyboard.press('Escape');
  await expect(rscope.selectionShort).toHaveCount(0);
  await expect(rscope.tooltip).toHaveCount(0);
  expect(problems).toEqual([]);
});
