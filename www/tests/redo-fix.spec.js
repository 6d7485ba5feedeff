// Redo applies an undone fix again.
import { test, expect } from './fixtures.js';

const broken = '{"version": 1, "execution": {"R_lite": [{"rank": "0,0-1,1-2,2-95", "children": {"core": "0"}}], "nodelist": ["n[0-95]"]}}';

test('redo puts an undone fix back', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.fill(broken);
  await rscope.applyFix();
  await rscope.undo();
  await expect(rscope.editor).toHaveValue(broken);
  await rscope.redo();
  await expect(rscope.editor).toHaveValue(broken.replace('0,0-1,1-2,2-95', '0-95'));
  await expect(page.getByTestId('undo')).toHaveText('Undo fix');
  expect(problems).toEqual([]);
});
