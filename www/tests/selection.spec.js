// Dragging over cells selects them as an R, which opens as a new tab.
import { test, expect } from './fixtures.js';

test('a dragged selection opens as a new tab', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.fill({
    version: 1,
    execution: { R_lite: [{ rank: '0-3', children: { core: '0-7' } }], nodelist: ['n[0-3]'] },
  });
  await expect(rscope.grid).toBeVisible();
  // From rank 1 core 2 to rank 2 core 4.
  await rscope.pressCell(1, 2);
  await expect(rscope.selectionShort).toHaveText('rank1/core2');
  await rscope.releaseOnCell(2, 4);
  await expect(rscope.selectionShort).toHaveText('rank[1-2]/core[2-4]');
  await page.getByText('R as JSON').click();
  await expect(rscope.selectionJson).toHaveText(
    '{"version": 1, "execution": {"R_lite": [{"rank": "1-2", "children": {"core": "2-4"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["n[1-2]"]}}',
  );
  await page.getByTestId('open-selection').click();
  await expect(rscope.tab('B')).toHaveText('B selection 2');
  await expect(rscope.editor).toHaveValue(
    '{"version": 1, "execution": {"R_lite": [{"rank": "1-2", "children": {"core": "2-4"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["n[1-2]"]}}',
  );
  await expect(rscope.summary('cores')).toHaveText('6');
  expect(problems).toEqual([]);
});
