// [resource] exclude beside an R: the nodes it names are marked on the
// grid in a colour of their own, named by the legend and the findings.
import { test, expect } from './fixtures.js';
import { FOUR_NODES } from './rscope.js';

test('nodes [resource] exclude names are marked as excluded on the grid', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(FOUR_NODES);
  await expect(rscope.grid).toBeVisible();
  await rscope.typeConfig('[resource]\nexclude = "node[2-3]"\n');
  await expect(rscope.legendItems).toHaveText(['excluded by [resource] exclude: 2 nodes', 'in the one default queue: 2 nodes']);
  await expect(rscope.queueFindings).toHaveText([
    '2 nodes are excluded by [resource] exclude, so the scheduler never gives them out: node[2-3]',
  ]);
  expect(problems).toEqual([]);
});
