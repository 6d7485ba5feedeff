// Copy beside a demo of docs.html puts its HTML snippet on the clipboard
// and says so.
import { test, expect } from './fixtures.js';

test('Copy puts the snippet on the clipboard', async ({ page, context, problems }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/docs.html');
  const copy = page.getByRole('button', { name: /^Copy the HTML of “A JGF document's tree”/ });
  await copy.click();
  await expect(page.getByText('Copied: paste it into your page.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe('<rscope-view src="static/examples/jgf.json" view="summary tree" fold="1"></rscope-view>');
  await expect(page.locator('.demo pre code').nth(2)).toHaveText(copied);
  expect(problems).toEqual([]);
});
