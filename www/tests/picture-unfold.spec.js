// Clicking a folded box unfolds it into one box per member.
import { test, expect } from './fixtures.js';

test('clicking a folded box unfolds its members', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('With a JGF graph — an R whose scheduling key holds the Fluxion graph');
  await expect(rscope.picture).toHaveAttribute('data-boxes', '7');
  await rscope.clickBox(['ArrowDown', 'ArrowDown']);
  // node0's "core ×4" is now core0 … core3: three boxes more.
  await expect(rscope.picture).toHaveAttribute('data-boxes', '10');
  await expect(rscope.picture).toHaveAttribute('data-focus', 'core0');
  expect(problems).toEqual([]);
});
