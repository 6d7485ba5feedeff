// Fit runs on every tab that has resources, read as one system: a
// `flux resource status` payload (its drained, offline and torpid nodes in
// the way, its excluded node out), a bare resource graph, and an hwloc
// topology.
import { test, expect } from './fixtures.js';
import { fixture, topology } from './rscope.js';

const STATUS = 'Node states — 16 nodes drained, offline, torpid and excluded, as flux resource status reads them';

test('a shape fits into a status payload around its unavailable nodes', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample(STATUS);
  await expect(rscope.summary('nodes')).toHaveText('16');
  await rscope.typeShape('node=10');
  await rscope.fitShape('worst');
  await expect(rscope.fitReason).toHaveText('not now: 9 of 10 nodes free');
  await expect(rscope.fitAnswer).toHaveAttribute('data-status', 'notnow');
  expect(problems).toEqual([]);
});

test('a shape fits into a bare resource graph', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(fixture('jgf/power.json'));
  await expect(rscope.summary('nodes')).toHaveText('3');
  await rscope.typeShape('node=2/core=2');
  await rscope.fitShape('worst');
  await expect(rscope.fitReason).toHaveText('fits now: 2 nodes, node[0-1], 4 cores');
  expect(problems).toEqual([]);
});

test('a shape fits into an hwloc topology', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.drop('caches.xml', topology('caches.xml'), 'header');
  await expect(rscope.hwlocR).toContainText('"core": "0-11"');
  await rscope.typeShape('node=1/core=12');
  await rscope.fitShape('worst');
  await expect(rscope.fitReason).toHaveText('fits now: 1 node, localhost, 12 cores');
  expect(problems).toEqual([]);
});
