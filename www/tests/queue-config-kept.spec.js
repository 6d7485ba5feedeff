// The queue box's configuration is kept across a reload, as the tabs
// are: the grid comes back coloured by queue.
import { test, expect } from './fixtures.js';

test('a configuration typed in the queue box is there after a reload', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('Node states — 16 nodes drained, offline, torpid and excluded, as flux resource status reads them');
  await expect(rscope.drainRows).toHaveCount(3);
  await rscope.typeConfig('[queues.debug]\nrequires = ["debug"]\n');
  await expect(rscope.queueLines).toHaveCount(1);
  await page.reload();
  await expect(rscope.queueConfig.getByLabel('Flux configuration')).toHaveValue('[queues.debug]\nrequires = ["debug"]\n');
  await expect(rscope.legendItems).toHaveText(['queue debug: 4 nodes', 'in no queue: 12 nodes']);
  expect(problems).toEqual([]);
});
