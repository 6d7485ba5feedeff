// Reloading a page opened from a share link does not add a copy of the
// shared document.
import { test, expect } from './fixtures.js';

test('reloading a shared link keeps one tab', async ({ page, context, rscope, problems }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await rscope.load();
  const doc = '{"version":1,"execution":{"R_lite":[{"rank":"0-2","children":{"core":"0-3"}}]}}';
  await rscope.fill(doc);
  await page.getByTestId('share').click();
  await expect(page).toHaveURL(/#r=/);
  await page.reload();
  await expect(rscope.editor).toHaveValue(doc);
  await expect(page).not.toHaveURL(/#r=/);
  await expect(rscope.tab('B')).toHaveCount(0);
  expect(problems).toEqual([]);
});
