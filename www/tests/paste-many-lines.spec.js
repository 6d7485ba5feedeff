// A short document of many lines (20 001 here, 20 kB) is shown read-only
// too, since a textarea lays its text out line by line (64 KiB of line
// breaks froze the page for over half a second); the banner says why.
import { test, expect } from './fixtures.js';

test('a paste of many lines opens in the read-only viewer', async ({ page, rscope, problems }) => {
  const r = '{"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-5"}}]}}';
  const doc = `${r}${'\n'.repeat(20000)}`;
  await rscope.load();
  await rscope.paste(doc);
  await expect(rscope.viewer).toContainText('This document is 20\u00a0001 lines long, so it is shown read-only to keep the page fast.');
  await expect(rscope.summary('nodes')).toHaveText('4');
  await expect(rscope.viewer.locator('.vline .num').first()).toHaveText('1');
  await page.getByRole('button', { name: 'edit it anyway' }).click();
  await expect(rscope.editor).toHaveValue(doc);
  expect(problems).toEqual([]);
});
