// An applied fix is an edit the editor's own undo takes back: Ctrl+Z in
// the editor, right after Apply, restores the text before the fix.
import { test, expect } from './fixtures.js';

const broken = '{"version": 1, "execution": {"R_lite": [{"rank": "0,0-1,1-2,2-95", "children": {"core": "0"}}], "nodelist": ["n[0-95]"]}}';

test('ctrl+z in the editor undoes an applied fix', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.fill(broken);
  await rscope.applyFix();
  await expect(rscope.diagnostics).toContainText('No problems found.');
  await expect(rscope.editor).toBeFocused();
  await page.keyboard.press('Control+z');
  await expect(rscope.editor).toHaveValue(broken);
  await expect(rscope.diagnostics).not.toContainText('No problems found.');
  expect(problems).toEqual([]);
});
