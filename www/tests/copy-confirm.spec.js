// A Copy button says "Copied" for a moment, in its text and in a live
// region screen readers announce, then reads "Copy" again.
import { test, expect } from './fixtures.js';

const DOC = '{"version":1,"execution":{"R_lite":[{"rank":"0-2","children":{"core":"0-3","gpu":"0"}}]}}';

test('copying the short form confirms, then the button reads Copy again', async ({ page, context, rscope, problems }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await rscope.load();
  await rscope.fill(DOC);
  await expect(rscope.summary('short-form')).toHaveText('rank[0-2]/core[0-3],gpu0');
  const button = rscope.copyButton('short-form');
  await expect(button).toHaveAccessibleName('Copy the short form');
  await button.click();
  await expect(button).toHaveText('Copied');
  await expect(button).toHaveAccessibleName('Copied the short form');
  await expect(rscope.copyNote(button)).toHaveText('Copied to the clipboard.');
  await expect(rscope.copyNote(button)).toHaveAttribute('aria-live', 'polite');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('rank[0-2]/core[0-3],gpu0');
  await expect(button).toHaveText('Copy');
  await expect(button).toHaveAccessibleName('Copy the short form');
  await expect(rscope.copyNote(button)).toHaveText('');
  expect(problems).toEqual([]);
});
