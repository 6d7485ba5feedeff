// Three tabs compared on one grid: all seven regions, each counted.
import { test, expect } from './fixtures.js';
import { COMPARE_A, COMPARE_B } from './rscope.js';

const C = '{"version": 1, "execution": {"R_lite": [{"rank": "3", "children": {"core": "0-1"}}], "nodelist": ["node3"], "starttime": 0, "expiration": 0}}';

test('three tabs compared show seven regions', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openTabs([['a.json', COMPARE_A], ['b.json', COMPARE_B], ['c.json', C]]);
  await rscope.selectTab('A');
  await rscope.colorCellsBy({ label: 'compare with tab B (b.json) and tab C (c.json)' });
  await expect(rscope.legendItems).toHaveText([
    'only in A: 16 cores on 2 nodes',
    'only in B: 16 cores on 2 nodes',
    'in A and B, not C: 14 cores on 2 nodes',
    'only in C: nothing',
    'in A and C, not B: nothing',
    'in B and C, not A: nothing',
    'in all 3 documents: 2 cores on 1 node',
  ]);
  await expect(rscope.compareSummary.locator('p')).toHaveText([
    'B against A: adds node[4-5]; removes node[0-1]',
    'C against A: removes node[0-2]; removes core[2-7] on node3',
  ]);
  expect(problems).toEqual([]);
});
