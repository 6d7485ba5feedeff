// Switching the playground's format puts an example of that format in both
// boxes: no operand of the old format is left to be read as the new one.
import { test, expect } from './fixtures.js';

test('switching to id sets combines two id sets, bracketed once', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.playFormat.selectOption('idset');
  await expect(rscope.playText).toHaveValue('1-4,7');
  await expect(rscope.playOther).toHaveValue('3-9');
  await expect(rscope.play('result')).toHaveText("flux hostlist -u '[1-4,7]' '[3-9]' gives 1-9");
  expect(problems).toEqual([]);
});

test('a shape reads with no count, since it is not a list', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.playFormat.selectOption('shape');
  await expect(rscope.playText).toHaveValue('node=2/slot=4/core=2');
  await expect(rscope.play('canonical')).toHaveText('node=2/slot=4/core=2');
  await expect(rscope.play('count')).toHaveCount(0);
  await expect(rscope.playOther).toHaveCount(0);
  expect(problems).toEqual([]);
});
