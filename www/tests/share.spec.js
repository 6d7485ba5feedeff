// A share link reopens exactly the shared document.
import { test, expect, Rscope } from './fixtures.js';

test('share link round trip', async ({ page, context, rscope, problems }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await rscope.load();
  const doc = '{"version":1,"execution":{"R_lite":[{"rank":"0-2","children":{"core":"0-3","gpu":"0"}}]}}';
  await rscope.fill(doc);
  await page.getByTestId('share').click();
  await expect(rscope.status).toContainText('copied to the clipboard');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#r=[A-Za-z0-9_-]+$/);
  expect(page.url()).toBe(link);

  const other = new Rscope(await context.newPage());
  await other.page.evaluate(() => localStorage.clear()).catch(() => {});
  await other.load(link);
  await expect(other.editor).toHaveValue(doc);
  await expect(other.summary('gpus')).toHaveText('3');
  expect(problems).toEqual([]);
});
