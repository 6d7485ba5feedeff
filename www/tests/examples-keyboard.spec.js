// Arrow keys in the examples menu only choose: the example opens with the
// Open button, so a keyboard user can reach any example.
import { test, expect } from './fixtures.js';

test('arrow keys choose an example without opening one', async ({ page, rscope, problems }) => {
  await rscope.load();
  await expect(rscope.examples.locator('option')).toHaveCount(12);
  await rscope.examples.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  // The choice enables Open; a Tab before that would pass over it.
  await expect(rscope.openExample).toBeEnabled();
  await page.keyboard.press('Tab');
  await expect(rscope.openExample).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(rscope.status).toHaveText('opened The RFC 20 example');
  await expect(rscope.tab('A')).toHaveText('A RFC 20 example');
  await expect(rscope.tab('B')).toHaveCount(0);
  expect(problems).toEqual([]);
});
