// A status document's set opens as an R tab of its own, where the set
// workbench can combine it with the others.
import { test, expect } from './fixtures.js';

test('the all set of a status document opens as an R tab', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('A status document — all, down and allocated sets, as flux resource list reads');
  await expect(rscope.states).toContainText('all812816');
  await page.getByRole('button', { name: 'Open as R: the down set, in a tab of its own' }).click();
  await expect(rscope.tab('B')).toContainText('down of A');
  await expect(rscope.summary('nodes')).toHaveText('2');
  await expect(rscope.summary('cores')).toHaveText('32');
  expect(problems).toEqual([]);
});
