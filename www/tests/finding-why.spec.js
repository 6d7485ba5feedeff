// Each finding unfolds, by keyboard, the rule it enforces with its RFC and
// a line on how to fix it.
import { test, expect } from './fixtures.js';

test('a finding says why and how to fix it', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.fill('{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "3-1"}}], "nodelist": ["a"]}}');
  const why = rscope.whyOf("reversed range '3-1'");
  await expect(why).toHaveCount(1);
  await why.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(why).toContainText('Ranks, cores, GPUs and property ranks are RFC 22 id sets');
  await expect(why.locator('.how')).toHaveText(
    'How to fix: Write the set in its canonical form (Apply does it when it can): ascending, ranges merged, no spaces.');
  await expect(why.getByRole('link', { name: 'RFC 22' })).toHaveAttribute(
    'href', 'https://flux-framework.readthedocs.io/projects/flux-rfc/en/latest/spec_22.html#implementation');
  expect(problems).toEqual([]);
});
