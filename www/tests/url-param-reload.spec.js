// A ?url= document is opened once: the address is cleaned, and a reload
// does not open it again.
import { test, expect } from './fixtures.js';

test('reloading after ?url= keeps one tab', async ({ page, rscope, problems }) => {
  await rscope.load('/?url=static/examples/laptop.json&keep=1');
  await expect(rscope.tab('A')).toHaveText('A laptop.json');
  await expect(page).toHaveURL(/\/\?keep=1$/);
  await page.reload();
  await expect(rscope.tab('A')).toHaveText('A laptop.json');
  await expect(rscope.summary('cores')).toHaveText('8');
  await expect(page).toHaveURL(/\/\?keep=1$/);
  await expect(rscope.tab('B')).toHaveCount(0);
  expect(problems).toEqual([]);
});
