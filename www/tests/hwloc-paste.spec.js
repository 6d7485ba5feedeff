// Pasting an lstopo XML into the editor is recognised as a topology, as
// opening or dropping one is.
import { test, expect } from './fixtures.js';
import { topology } from './rscope.js';

test('a pasted lstopo XML is read as a topology', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.paste(topology('one-core.xml'));
  await expect(rscope.hwlocRead).toHaveText('Read: 0 packages, 1 NUMA node, 1 core, 1 PU, 0 GPUs');
  await expect(rscope.hwlocR).toHaveText(
    '{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["localhost"]}}');
  expect(problems).toEqual([]);
});
