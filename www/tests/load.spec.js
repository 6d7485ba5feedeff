// Opening the page: it starts, says what to do, and nothing fails.
import { test, expect } from './fixtures.js';

test('the page loads with no console error and no failed request', async ({ page, rscope, problems }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Rscope' })).toBeVisible();
  await expect(rscope.hint).toHaveText(
    'Paste an R document, open a file or pick an example to see its nodes, cores and GPUs.',
  );
  await expect(page.locator('#loading')).toHaveCount(0);
  expect(problems).toEqual([]);
});
