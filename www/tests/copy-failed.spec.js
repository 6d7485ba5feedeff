// A copy the browser refuses says so, and what to do instead.
import { test, expect } from './fixtures.js';

const DOC = '{"version":1,"execution":{"R_lite":[{"rank":"0-2","children":{"core":"0-3","gpu":"0"}}]}}';

test('a refused copy says what to do instead', async ({ page, rscope, problems }) => {
  // A browser that refuses the clipboard (a permission policy, an insecure page).
  await page.addInitScript(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('refused', 'NotAllowedError'));
  });
  await rscope.load();
  await rscope.fill(DOC);
  await expect(rscope.summary('nodes')).toHaveText('3');
  const button = rscope.copyButton('short-form');
  await button.click();
  await expect(button).toHaveText('Not copied');
  await expect(rscope.copyNote(button)).toHaveText(
    'The browser did not let the page copy. Select the text and copy it with Ctrl+C (⌘C on a Mac).',
  );
  await expect(rscope.copyNote(button)).toBeVisible();
  expect(problems).toEqual([]);
});
