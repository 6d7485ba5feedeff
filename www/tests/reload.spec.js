// Reloading the page keeps the open documents.
import { test, expect } from './fixtures.js';

test('documents survive a reload', async ({ page, problems }) => {
  await page.goto('/');
  await page.getByLabel('R document (JSON)').fill('{"version":1,"execution":{"R_lite":[{"rank":"0","children":{"core":"0-5"}}]}}');
  await expect(page.getByTestId('cores')).toHaveText('6');
  await page.waitForTimeout(800); // saving waits for edits to settle
  await page.reload();
  await expect(page.getByTestId('cores')).toHaveText('6');
  expect(problems).toEqual([]);
});
