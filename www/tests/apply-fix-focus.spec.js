// After Apply, the button is gone with its problem: the focus goes back to
// the editor, with the caret where the fix went.
import { test, expect } from './fixtures.js';

test('apply puts the caret in the editor at the fix', async ({ rscope, problems }) => {
  const doc = '{"version": 1, "execution": {"R_lite": [{"rank": "0,0-1,1-2,2-95", "children": {"core": "0"}}], "nodelist": ["n[0-95]"]}}';
  await rscope.load();
  await rscope.fill(doc);
  await rscope.applyFix();
  await expect(rscope.diagnostics).toContainText('No problems found.');
  await expect(rscope.editor).toBeFocused();
  const at = doc.indexOf('"0,0-1');
  expect(await rscope.editor.evaluate((el) => [el.selectionStart, el.selectionEnd])).toEqual([at, at]);
  expect(problems).toEqual([]);
});
