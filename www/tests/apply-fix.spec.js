// A suggested fix is applied with one click and the problem goes away.
import { test, expect } from './fixtures.js';

test('apply rewrites a non-canonical idset', async ({ page, problems }) => {
  await page.goto('/');
  const editor = page.getByLabel('R document (JSON)');
  await editor.fill('{"version": 1, "execution": {"R_lite": [{"rank": "0,0-1,1-2,2-95", "children": {"core": "0"}}], "nodelist": ["n[0-95]"]}}');
  await page.getByTestId('apply-fix').first().click();
  await expect(editor).toHaveValue('{"version": 1, "execution": {"R_lite": [{"rank": "0-95", "children": {"core": "0"}}], "nodelist": ["n[0-95]"]}}');
  await expect(page.getByTestId('diagnostics')).toContainText('No problems found.');
  await expect(page.getByTestId('nodes')).toHaveText('96');
  expect(problems).toEqual([]);
});
