// Fluxion's `find --format=rv1` output has R_lite entries with no rank,
// which flux-core refuses. The page still draws its nodes, numbered in
// order, in a grid marked partial, and says why.
import { test, expect } from './fixtures.js';

// flux-sched's t/data/resource/expected/find-format-rv1-nosched.json
// (LGPL-3.0), with a second node.
const FOUND = '{"version": 1, "execution": {"R_lite": [{"children": {"core": "0-15"}}, {"children": {"core": "0-7"}}], "nodelist": ["cab[1234-1235]"]}}';

test('a find output shows its nodes in a partial grid', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(FOUND);
  await expect(rscope.findings().locator('.msg')).toHaveText([
    "missing key 'rank'",
    "missing key 'rank'",
    "Fluxion's find --format=rv1 writes entries with no rank: the partial view numbers them from the last rank read, in order",
  ]);
  await expect(rscope.page.getByTestId('grid-partial')).toContainText('Partial: 2 nodes');
  await expect.poll(() => rscope.rowLabels()).toEqual(['cab1234 (0)', 'cab1235 (1)']);
  expect(problems).toEqual([]);
});
