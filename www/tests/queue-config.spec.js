// A configuration typed beside a status payload colours each node by the
// queues it is in, names them in the tooltip, lists each queue's nodes,
// and points out nodes two queues share and a queue no node can serve.
import { test, expect } from './fixtures.js';

const EXAMPLE = 'Node states — 16 nodes drained, offline, torpid and excluded, as flux resource status reads them';
const CONFIG = `[queues.batch]
[queues.debug]
requires = ["debug"]
[queues.gpu]
requires = ["gpu"]
`;

test('a configuration colours the grid by queue and points out shared nodes', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample(EXAMPLE);
  await expect(rscope.drainRows).toHaveCount(3);
  await rscope.typeConfig(CONFIG);
  await expect(rscope.legendItems).toHaveText([
    'queue batch: 12 nodes',
    'queues batch and debug: 4 nodes',
  ]);
  await expect.poll(() => rscope.colorChoice()).toBe('queue (from the configuration)');
  await expect(rscope.queueLines).toHaveText([
    'batch — every node — 16 nodes: tioga[1-16]',
    'debug — requires debug — 4 nodes: tioga[1-4]',
    'gpu — requires gpu — no nodes',
  ]);
  await expect(rscope.queueFindings).toHaveText([
    '4 nodes are in more than one queue (batch and debug), which share them: tioga[1-4]',
    "queue 'gpu' requires property 'gpu', which no node has, so the queue has no nodes",
  ]);
  await rscope.hoverCell(0, 0);
  await expect(rscope.tooltip).toHaveText('tioga1 rank 0 — core 0 — properties: debug — avail — queues batch and debug');
  expect(problems).toEqual([]);
});

test('coloured by node state again, a drained node names its queues in the tooltip', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample(EXAMPLE);
  await expect(rscope.drainRows).toHaveCount(3);
  await rscope.typeConfig(CONFIG);
  await expect(rscope.queueLines).toHaveCount(3);
  await rscope.colorCellsBy('state');
  await expect(rscope.legendItems.first()).toHaveText('avail: 9 nodes');
  await rscope.hoverCell(4, 0);
  await expect(rscope.tooltip).toHaveText(/^tioga5 rank 4 — core 0 — properties: batch — drained — drained \d+ \w+ ago: bad DIMM, ticket 4411 — queue batch$/);
  expect(problems).toEqual([]);
});

test('coloured by queue, a drained node still gives its state and reason in the tooltip', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample(EXAMPLE);
  await expect(rscope.drainRows).toHaveCount(3);
  await rscope.typeConfig(CONFIG);
  await expect(rscope.legendItems.first()).toHaveText('queue batch: 12 nodes');
  await rscope.hoverCell(4, 0);
  await expect(rscope.tooltip).toHaveText(/^tioga5 rank 4 — core 0 — properties: batch — drained — drained \d+ \w+ ago: bad DIMM, ticket 4411 — queue batch$/);
  expect(problems).toEqual([]);
});
