// The Hosts and Ranks typed beside one topology stay with it: moving to
// another topology's tab shows that topology's own R, host and grid.
import { test, expect } from './fixtures.js';
import { topology } from './rscope.js';

test("a topology's fields do not follow to another topology's tab", async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openTabs([
    ['pack2.xml', topology('pack2-numa2-core6-pu2.xml')],
    ['gpu.xml', topology('nvidia-three-backends.xml')],
  ]);
  await rscope.hwlocHosts.fill('g[1-3]');
  await expect(rscope.gridShape).toHaveText('3 nodes × 7 columns');
  await rscope.selectTab('A');
  await expect(rscope.hwlocHosts).toHaveValue('');
  await expect(rscope.hwlocR).toHaveText(
    '{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0-23"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["localhost"]}}');
  await expect(rscope.gridShape).toHaveText('1 node × 24 columns');
  expect(problems).toEqual([]);
});
