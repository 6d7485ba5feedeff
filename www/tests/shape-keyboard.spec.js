// The shape panel works from the keyboard alone: Tab to the shape, type
// it, read its expansion, Tab to Fit and press Enter.
import { test, expect } from './fixtures.js';
import { FOUR_NODES } from './rscope.js';

test('a shape is expanded and fitted with the keyboard only', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.fill(FOUR_NODES);
  await rscope.tabTo(rscope.shapeInput);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('node=2/core=4');
  await expect(rscope.shapeOutput).toHaveText(
    '[{"type": "node", "count": 2, "with": [{"type": "core", "count": 4}]}]\n',
  );
  await rscope.tabTo(page.getByTestId('shape-fit-button'));
  await page.keyboard.press('Enter');
  await expect(rscope.fitReason).toHaveText('fits now: 2 nodes, node[0-1], 8 cores');
  expect(problems).toEqual([]);
});
