// The union of two tabs opens as a new tab named A ∪ B, holding exactly
// what `rscope R decode` prints for the two documents.
import { test, expect } from './fixtures.js';
import { cli, fixture } from './rscope.js';

test('union of two tabs opens A ∪ B', async ({ rscope, problems }) => {
  const a = fixture('r/gpu-cluster.json');
  const b = fixture('r/out-of-order-ranks.json');
  await rscope.load();
  await rscope.openTabs([['gpu.json', a], ['ooo.json', b]]);
  await rscope.combine('union', ['A', 'B']);
  await expect(rscope.tab('C')).toHaveAttribute('aria-selected', 'true');
  await expect(rscope.tab('C')).toContainText('A ∪ B');
  expect(await rscope.shownText()).toBe(cli(['R', '--indent', 'decode'], a + b).stdout);
  expect(problems).toEqual([]);
});
