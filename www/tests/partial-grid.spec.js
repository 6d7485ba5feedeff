// A document flux-core refuses still shows what can be shown: the grid of
// the nodes read before the error, marked partial, beside the finding.
import { test, expect } from './fixtures.js';

const REFUSED = '{"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-7"}}], "nodelist": ["node[1-3]"]}}';

test('a refused R shows its partial grid beside the finding', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(REFUSED);
  await expect(rscope.findings().locator('.msg')).toHaveText(['nodelist names 3 hosts but R_lite has 4 ranks']);
  await expect(rscope.page.getByTestId('grid-partial')).toHaveText(
    'Partial: 4 nodes read before the first error flux-core refuses, without host names. Fix the problems listed to see the whole set.');
  await expect.poll(() => rscope.rowLabels()).toEqual(['rank 0', 'rank 1', 'rank 2', 'rank 3']);
  expect(problems).toEqual([]);
});
