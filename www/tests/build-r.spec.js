// Build an R by keyboard: the form writes the JSON into its own tab, which
// the page checks and draws; a wrong field says why; editing the JSON
// fills the form again.
import { test, expect } from './fixtures.js';

test('the form builds an R, and the JSON fills the form', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.buildField('hosts').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('n[1-3]');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('0-3');
  await page.keyboard.press('Tab');
  await page.keyboard.type('0');
  await page.keyboard.press('Tab');
  await page.keyboard.type('big=n3');
  await expect(rscope.tab('B')).toContainText('Built R');
  await expect.poll(() => rscope.shownText()).toBe(`{
  "version": 1,
  "execution": {
    "R_lite": [
      {
        "rank": "0-2",
        "children": {
          "core": "0-3",
          "gpu": "0"
        }
      }
    ],
    "nodelist": [
      "n[1-3]"
    ],
    "properties": {
      "big": "2"
    }
  }
}
`);
  await expect(rscope.summary('nodes')).toHaveText('3');
  await expect(rscope.summary('cores')).toHaveText('12');
  await expect(rscope.grid).toBeVisible();
  // A wrong field says why and leaves the JSON as it was.
  await rscope.buildField('cores').fill('3-1');
  await expect(rscope.buildProblems).toHaveText(["not an id set: reversed range '3-1'"]);
  await expect(rscope.summary('cores')).toHaveText('12');
  // Editing the JSON fills the form.
  const text = await rscope.shownText();
  await rscope.fill(text.replace('"0-3"', '"0-7"'));
  await expect(rscope.buildField('cores')).toHaveValue('0-7');
  await expect(rscope.buildProblems).toHaveCount(0);
  expect(problems).toEqual([]);
});
