// Reloading the page keeps the open documents.
import { test, expect } from './fixtures.js';

test('documents survive a reload', async ({ page, rscope, problems }) => {
  const doc = '{"version":1,"execution":{"R_lite":[{"rank":"0","children":{"core":"0-5"}}]}}';
  await rscope.load();
  await rscope.fill(doc);
  await expect(rscope.summary('cores')).toHaveText('6');
  // Saving waits for edits to settle: wait until the text is stored.
  await rscope.saved(doc);
  await page.reload();
  await expect(rscope.summary('cores')).toHaveText('6');
  expect(problems).toEqual([]);
});
