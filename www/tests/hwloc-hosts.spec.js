// Typing host names beside a topology makes one rank per host, each with
// the topology's cores and GPUs, as `rscope R encode --xml --hosts` does.
import { test, expect } from './fixtures.js';
import { topology } from './rscope.js';

test('the hosts typed beside a topology give one rank each', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.drop('pack2.xml', topology('pack2-numa2-core6-pu2.xml'), 'header');
  await expect(rscope.hwlocRead).toHaveText('Read: 2 packages, 4 NUMA nodes, 24 cores, 48 PUs, 0 GPUs');
  await rscope.hwlocHosts.pressSequentially('n[1-2]');
  await expect(rscope.hwlocR).toHaveText(
    '{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0-23"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["n[1-2]"]}}');
  expect(problems).toEqual([]);
});
