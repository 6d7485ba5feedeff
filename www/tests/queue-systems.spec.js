// The job queue fills every kind of system that has resources, read as
// the system model reads it: a status payload's drained, offline and
// torpid nodes stay busy, a bare graph gives its nodes; a tab with no
// resources says what to open.
import { test, expect } from './fixtures.js';
import { fixture } from './rscope.js';

test('the queue runs a job around a status payload\'s unavailable nodes', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(fixture('flux-resource/status/drain.json'));
  await rscope.queueAdd('node=2');
  await rscope.queuePress('next');
  await expect(rscope.queueJob(1)).toHaveAttribute('data-state', 'running');
  await expect(rscope.queueNote).toHaveText('job 1 runs: fits now: 2 nodes, foo[3-4], 8 cores');
  expect(problems).toEqual([]);
});

test('the queue runs a job on a bare graph', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(fixture('jgf/power.json'));
  await rscope.queueAdd('node=1');
  await rscope.queuePress('next');
  await expect(rscope.queueNote).toHaveText('job 1 runs: fits now: 1 node, node0, 2 cores');
  expect(problems).toEqual([]);
});

test('the queue of a tab with no resources says what to open', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.typeShape('node=1');
  await page.getByTestId('queue-add').click();
  await expect(rscope.queueNote).toHaveText('the job queue needs resources: open an R, a payload, a graph, a topology or a configuration with [resource] config');
  expect(problems).toEqual([]);
});
