// Dropping an lstopo XML opens it as a topology: what was read, and the R
// of one node with the topology's host name, rank 0.
import { test, expect } from './fixtures.js';
import { topology } from './rscope.js';

test('a dropped lstopo XML is read as a topology and shown as an R', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.drop('gpunode7.xml', topology('nvidia-three-backends.xml'), 'header');
  await expect(rscope.tab('A')).toHaveText('A gpunode7.xml');
  await expect(rscope.hwlocRead).toHaveText(
    'Read: 2 packages, 1 NUMA node, 4 cores, 4 PUs, 2 GPUs (6 OS devices, de-duplicated)');
  await expect(rscope.hwlocR).toHaveText(
    '{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"gpu": "0-1", "core": "0-3"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["gpunode7"]}}');
  // The XML is no R document: none of the R reader's findings under it.
  await expect(rscope.status).toHaveText('opened gpunode7.xml');
  await expect(rscope.squiggles()).toHaveCount(0);
  expect(problems).toEqual([]);
});
