// A bare JGF graph (Fluxion's `match --format=jgf` output, a graph file of
// flux-sched) opens as the R its vertices describe: summary, grid and tree,
// with the graph's own findings after a note that says how it was read.
import { test, expect } from './fixtures.js';
import { example } from './rscope.js';

test('a bare JGF graph opens with its summary, grid and tree', async ({ rscope, problems }) => {
  const graph = JSON.parse(example('jgf.json')).scheduling.graph;
  await rscope.load();
  await rscope.fill(JSON.stringify({ graph }, null, 2));
  await expect(rscope.summary('nodes')).toHaveText('2');
  await expect(rscope.grid).toBeVisible();
  await expect(rscope.tree).toBeVisible();
  await expect(rscope.findings().locator('.sev')).toHaveText(['note', 'note', 'note', 'note']);
  await expect(rscope.findings().locator('.msg').first()).toHaveText(
    'a bare resource graph (RFC 40 JGF), not an R: the summary and the grid show the R its vertices describe, one rank per node with its cores and GPUs');
  expect(problems).toEqual([]);
});
