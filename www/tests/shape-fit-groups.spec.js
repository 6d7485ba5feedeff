// A fit whose allocation spans several R_lite groups colours every cell it
// would take, and the legend counts them.
import { test, expect } from './fixtures.js';

const SPLIT = {
  version: 1,
  execution: {
    R_lite: [{ rank: '0', children: { core: '0-3' } }, { rank: '1', children: { core: '4-7' } }],
    nodelist: ['n[0-1]'],
  },
};

test('a fit over two groups shows all its cells', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(SPLIT);
  await rscope.typeShape('node=2/slot/core=4');
  await rscope.fitShape('worst');
  await expect(rscope.fitAnswer).toHaveAttribute('data-status', 'now');
  await expect(rscope.legendItems).toHaveText(['the fit would take: 8 cores on 2 nodes', 'not taken']);
  await rscope.hoverCell(1, 5);
  await expect(rscope.tooltip).toHaveText('n1 rank 1 — core 5 — the fit would take this');
  expect(problems).toEqual([]);
});
