// Fit and the job queue read the tab's document and the configuration as
// one system: a configuration alone gives the resources its [resource]
// config makes, and beside an R its exclusions take nodes out.
import { test, expect } from './fixtures.js';
import { FOUR_NODES } from './rscope.js';
import { readFileSync } from 'node:fs';

const SYSTEM = readFileSync(new URL('../../static/examples/system.toml', import.meta.url), 'utf8');

test('a shape fits into the resources of a configuration opened alone', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('system.toml', SYSTEM);
  await expect(rscope.queueConfig.getByLabel('Flux configuration')).toHaveValue(SYSTEM);
  await rscope.typeShape('node=2/core=4');
  await rscope.fitShape('worst');
  await expect(rscope.fitReason).toHaveText('fits now: 2 nodes, node[7-8], 8 cores');
  expect(problems).toEqual([]);
});

test('a configuration beside an R takes its excluded node out of a fit', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(FOUR_NODES);
  await rscope.typeConfig('[resource]\nexclude = "node0"\n');
  await rscope.typeShape('node=4');
  await rscope.fitShape('worst');
  await expect(rscope.fitReason).toHaveText('never: needs 4 nodes and the R has 3 that qualify');
  expect(problems).toEqual([]);
});

test('the job queue leaves out the node the configuration excludes', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(FOUR_NODES);
  await rscope.typeConfig('[resource]\nexclude = "node0"\n');
  await rscope.queueAdd('node=3');
  await rscope.queuePress('next');
  await expect(rscope.queueNote).toHaveText('job 1 runs: fits now: 3 nodes, node[1-3], 24 cores');
  expect(problems).toEqual([]);
});
