// An applied fix is undone with one click, and the problem is back.
import { test, expect } from './fixtures.js';

const broken = '{"version": 1, "execution": {"R_lite": [{"rank": "0,0-1,1-2,2-95", "children": {"core": "0"}}], "nodelist": ["n[0-95]"]}}';

test('undo fix restores the text before the fix', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.fill(broken);
  await rscope.applyFix();
  await expect(rscope.diagnostics).toContainText('No problems found.');
  await rscope.undo();
  await expect(rscope.editor).toHaveValue(broken);
  await expect(rscope.diagnostics).not.toContainText('No problems found.');
  await expect(page.getByTestId('redo')).toHaveText('Redo fix');
  expect(problems).toEqual([]);
});
