// An edit made just before a reload is kept: the page saves when it is hidden.
import { test, expect } from './fixtures.js';

test('an edit right before a reload survives it', async ({ page, rscope, problems }) => {
  const doc = '{"version":1,"execution":{"R_lite":[{"rank":"0-1","children":{"core":"0-3"}}]}}';
  await rscope.load();
  await rscope.fill(doc);
  // No wait for the debounced save: reload at once.
  await page.reload();
  await expect(rscope.editor).toHaveValue(doc);
  await expect(rscope.summary('cores')).toHaveText('8');
  expect(problems).toEqual([]);
});
