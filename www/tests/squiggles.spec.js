// Typing a broken id set underlines it in the editor; hovering the squiggle
// says why, and fixing the text removes it.
import { test, expect } from './fixtures.js';

const doc = (cores) => `{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "${cores}"}}]}}`;

test('a reversed range is underlined while typing, with its message on hover', async ({ page, problems }) => {
  await page.goto('/');
  const input = page.getByLabel('R document (JSON)');
  await input.fill(doc('3-1'));
  const squiggle = page.getByTestId('backdrop').locator('.sq-error');
  await expect(squiggle).toHaveText(['3-1']);
  // The textarea is on top; the page finds the character under the pointer.
  const box = await squiggle.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByTestId('squiggle-tip')).toHaveText("error: invalid 'core' id set: reversed range '3-1'");
  await page.mouse.move(box.x + box.width / 2, box.y + 200);
  await expect(page.getByTestId('squiggle-tip')).toHaveCount(0);
  await input.fill(doc('1-3'));
  await expect(squiggle).toHaveCount(0);
  await expect(page.getByTestId('cores')).toHaveText('3');
  expect(problems).toEqual([]);
});
