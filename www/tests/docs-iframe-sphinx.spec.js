// docs.html says how to embed Rscope every way it can be: besides the
// element, the iframe mode with each of its parameters, and the Sphinx
// directive with its configuration, and which ways of loading work.
import { test, expect } from './fixtures.js';

test('docs.html lists the iframe parameters and shows the Sphinx directive', async ({ page, problems }) => {
  await page.goto('/docs.html');
  await expect(page.getByTestId('iframe-parameters').locator('dt')).toHaveText([
    'embed', 'url', 'r', 'view, height, theme, color-by, fold, shape', 'view=timeline', 'at',
  ]);
  const sphinx = page.getByRole('region', { name: 'In Sphinx' });
  await expect(sphinx.locator('pre').first()).toContainText('extensions = ["rscope_sphinx"]');
  await expect(sphinx.locator('pre').nth(1)).toContainText('.. rscope::\n   :file: r.json\n   :view: summary grid');
  const ways = page.getByTestId('ways-of-loading');
  await expect(ways.locator('dt')).toHaveText([
    'From the Rscope site', 'A copy on your own site', 'Sphinx', 'npm', 'An iframe', 'What does not work',
  ]);
  await expect(ways.locator('dd').nth(1)).toContainText('Set page on each element to an Rscope page');
  expect(problems).toEqual([]);
});
