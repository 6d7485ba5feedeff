// Comparing two tabs lays both out on one grid, from their union, each
// cell coloured by where it is; the legend counts each region in words and
// the diff summary says what B adds and removes.
import { test, expect } from './fixtures.js';
import { COMPARE_A, COMPARE_B, example } from './rscope.js';

test('compare view colours cells by region', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openTabs([['a.json', COMPARE_A], ['b.json', COMPARE_B]]);
  await rscope.selectTab('A');
  await rscope.compareWith('B', 'b.json');
  await expect(rscope.legendItems).toHaveText([
    'only in A: 16 cores on 2 nodes',
    'only in B: 16 cores on 2 nodes',
    'in both: 16 cores on 2 nodes',
  ]);
  expect(new Set(await rscope.legendColors()).size).toBe(3);
  await expect(rscope.gridShape).toHaveText('6 nodes × 8 columns');
  await expect(rscope.compareSummary).toHaveText('B against A: adds node[4-5]; removes node[0-1]');
  expect(problems).toEqual([]);
});

test('a tab that holds an hwloc topology is compared by its resources', async ({ rscope, problems }) => {
  await rscope.load();
  const r = {
    version: 1,
    execution: {
      R_lite: [{ rank: '0-1', children: { core: '0-7' } }],
      nodelist: ['localhost,node1'], starttime: 0, expiration: 0,
    },
  };
  await rscope.openTabs([['two.json', JSON.stringify(r)], ['node.xml', example('node.xml')]]);
  await rscope.selectTab('A');
  await rscope.compareWith('B', 'node.xml');
  await expect(rscope.legendItems).toHaveText([
    'only in A: 8 cores on 1 node',
    'only in B: 8 cores on 1 node',
    'in both: 8 cores on 1 node',
  ]);
  await expect(rscope.compareSummary).toHaveText('B against A: adds core[8-15] on localhost; removes node1');
  expect(problems).toEqual([]);
});
