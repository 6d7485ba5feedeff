// Clicking a diagnostic selects the offending text in the editor.
import { test, expect } from './fixtures.js';

test('a clicked diagnostic selects its value in the editor', async ({ page, problems }) => {
  await page.goto('/');
  const editor = page.getByLabel('R document (JSON)');
  await editor.fill('{"version": 1, "execution": {"R_lite": {}}}');
  const finding = page.getByTestId('finding').filter({ hasText: "'R_lite' must be an array" });
  await expect(finding).toContainText('1:40');
  await expect(finding).toContainText('/execution/R_lite');
  await finding.getByRole('button').first().click();
  await expect(editor).toBeFocused();
  const selected = await editor.evaluate((el) => el.value.slice(el.selectionStart, el.selectionEnd));
  expect(selected).toBe('{}');
  expect(problems).toEqual([]);
});
