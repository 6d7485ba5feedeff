// Where R_lite and the graph disagree, the picture marks the node and
// lists the difference, as rscope jgf check says it.
import { test, expect } from './fixtures.js';
import { example } from './rscope.js';

test('a node whose cores R_lite gives otherwise is marked', async ({ rscope, problems }) => {
  await rscope.load();
  const doc = JSON.parse(example('jgf.json'));
  doc.execution.R_lite = [{ rank: '0', children: { core: '0-3', gpu: '0' } }, { rank: '1', children: { core: '0-1', gpu: '0' } }];
  await rscope.fill(JSON.stringify(doc, null, 2));
  await expect(rscope.picture).toHaveAttribute('data-disagree', '1');
  const list = rscope.page.getByTestId('picture-differences');
  await expect(list.locator('li')).toHaveText(['rank 1: core 2-3 only in the graph']);
  await rscope.pressPicture('ArrowDown', 'ArrowRight');
  await expect(rscope.pictureAbout).toContainText('R_lite disagrees: rank 1: core 2-3 only in the graph');
  expect(problems).toEqual([]);
});
