// The JSON flux config get prints, opened as a file beside an R, shows
// the nodes no queue uses; a configuration that does not read says where.
import { test, expect } from './fixtures.js';

const CONFIG = JSON.stringify({ queues: { debug: { requires: ['debug'] } } });

test('a configuration file opened beside a payload names the nodes in no queue', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('Node states — 16 nodes drained, offline, torpid and excluded, as flux resource status reads them');
  await expect(rscope.drainRows).toHaveCount(3);
  await rscope.openConfigFile('flux-config.json', CONFIG);
  await expect(rscope.legendItems).toHaveText(['queue debug: 4 nodes', 'in no queue: 12 nodes']);
  await expect(rscope.queueFindings).toHaveText([
    '12 nodes are in no queue, so no job can run there: tioga[5-16]',
  ]);
  expect(problems).toEqual([]);
});

test('a configuration that does not read says where', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('Node states — 16 nodes drained, offline, torpid and excluded, as flux resource status reads them');
  await expect(rscope.drainRows).toHaveCount(3);
  await rscope.typeConfig('[queues.batch\nrequires = 1\n');
  await expect(rscope.queueConfigError).toHaveText('the configuration does not read: 1:14: unclosed table, expected `]`');
  await expect.poll(() => rscope.colorChoice()).toBe('node state (as flux resource status lists it)');
  expect(problems).toEqual([]);
});
