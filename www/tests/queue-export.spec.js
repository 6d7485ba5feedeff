// "Export status document" opens the queue's state in a new tab as the
// status document {all, allocated, down} that flux resource list reads.
import { test, expect } from './fixtures.js';
import { FOUR_NODES } from './rscope.js';

test('export opens the queue state as a status document', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(FOUR_NODES);
  await rscope.queueAdd('node=2/slot/core=6');
  await rscope.queueAllocate(1);
  await rscope.queuePress('export');
  await expect(rscope.tab('B')).toHaveAttribute('aria-selected', 'true');
  await expect(rscope.editor).toHaveValue(
    '{"all": {"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-7"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["node[0-3]"]}}, '
    + '"allocated": {"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0-5"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["node[0-1]"]}}, '
    + '"down": null}\n',
  );
  expect(problems).toEqual([]);
});
