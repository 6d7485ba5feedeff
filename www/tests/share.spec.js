// A share link reopens exactly the shared document.
import { test, expect } from './fixtures.js';

test('share link round trip', async ({ page, context, problems }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  const doc = '{"version":1,"execution":{"R_lite":[{"rank":"0-2","children":{"core":"0-3","gpu":"0"}}]}}';
  await page.getByLabel('R document (JSON)').fill(doc);
  await page.getByTestId('share').click();
  await expect(page.getByTestId('status')).toContainText('copied to the clipboard');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#r=[A-Za-z0-9_-]+$/);
  expect(page.url()).toBe(link);

  const other = await context.newPage();
  await other.evaluate(() => localStorage.clear()).catch(() => {});
  await other.goto(link);
  await expect(other.getByLabel('R document (JSON)')).toHaveValue(doc);
  await expect(other.getByTestId('gpus')).toHaveText('3');
  expect(problems).toEqual([]);
});
