// Clicking a diagnostic selects the offending text in the editor.
import { test, expect } from './fixtures.js';

test('a clicked diagnostic selects its value in the editor', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill('{"version": 1, "execution": {"R_lite": {}}}');
  const finding = rscope.findings("'R_lite' must be an array");
  await expect(finding).toContainText('1:40');
  await expect(finding).toContainText('/execution/R_lite');
  await rscope.locateFinding("'R_lite' must be an array");
  await expect(rscope.editor).toBeFocused();
  expect(await rscope.selectedText()).toBe('{}');
  expect(problems).toEqual([]);
});
