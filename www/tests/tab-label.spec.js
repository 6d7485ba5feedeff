// A tab says its letter once: "A laptop", not "A A laptop", to the eye and
// to a screen reader.
import { test, expect } from './fixtures.js';

test('an example tab reads its letter once', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('A laptop — one node, 8 cores and a GPU');
  await expect(rscope.tab('A')).toHaveText('A laptop');
  await expect(rscope.tab('A')).toHaveAccessibleName('A laptop');
  await expect(page.getByRole('tab', { name: 'A laptop', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(rscope.tab('A')).toHaveAttribute('title', 'A laptop');
  expect(problems).toEqual([]);
});
