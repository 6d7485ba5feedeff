// Colour one document's cells by whether another open tab holds them.
import { test, expect } from './fixtures.js';

test('cells are coloured by membership in another tab', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill({
    version: 1, execution: { R_lite: [{ rank: '0-1', children: { core: '0-3' } }] },
  });
  await expect(rscope.summary('nodes')).toHaveText('2');
  await rscope.pickExample('The RFC 20 example — 4 nodes with 48 cores and 8 GPUs each');
  await expect(rscope.tab('B')).toHaveText('B RFC 20 example');
  await rscope.colorCellsBy({ label: 'also in tab A (untitled)' });
  await expect(rscope.legendItems).toHaveText(['also in the other document', 'only here']);

  // A tab that holds no resources falls back to colouring by type, and says so.
  await rscope.selectTab('A');
  await rscope.fill('not json');
  await rscope.selectTab('B');
  await expect(rscope.memberProblem).toHaveText(
    'tab A has no resources (open an R, a payload, a graph, a topology or a configuration with [resource] config in it), so cells are coloured by type',
  );
  await expect(rscope.legendItems).toHaveText(['core', 'gpu']);

  // Closing a tab shifts the letters: the choice goes back to the default.
  await rscope.closeTab('A');
  await expect(rscope.colorBy).toHaveValue('type');
  await expect(rscope.memberProblem).toHaveCount(0);
  expect(problems).toEqual([]);
});
