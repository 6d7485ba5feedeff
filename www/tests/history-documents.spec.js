// The documents about a system's history are recognised by their content
// and named, as every other kind is: an RFC 44 resource eventlog (RFC 18
// entries, a line each) and a job list (what flux jobs --json prints).
// A resource eventlog in a tab of its own is the system after its last
// event, each node coloured by the state rscope resource replay gives it;
// a job list holds no resources, so its tab says where it belongs, and a
// tab's system they join names each with what it holds.
import { test, expect } from './fixtures.js';

const LOG = [
  '{"timestamp":1683047871.7,"name":"resource-init","context":{"restart":false,"drain":{},"online":"","exclude":"0-2"}}',
  '{"timestamp":1683047873.7,"name":"online","context":{"idset":"0"}}',
  '{"timestamp":1683050000.2,"name":"drain","context":{"idset":"1","reason":"fan failed","overwrite":0}}',
  '',
].join('\n');

const JOBS = JSON.stringify({
  jobs: [
    { id: 106958577205248, userid: 1000, urgency: 16, t_submit: 1607972908.43, state: 16, name: 'sleep', ntasks: 4, nnodes: 4, ranks: '[0-3]' },
    { id: 106958577205249, userid: 1000, urgency: 16, t_submit: 1607972909.01, state: 8, name: 'hostname', ntasks: 1, nnodes: 1, ranks: '2' },
  ],
});

const R = JSON.stringify({
  version: 1,
  execution: { R_lite: [{ rank: '0-3', children: { core: '0-3' } }], nodelist: ['node[1-4]'], starttime: 0, expiration: 0 },
});

/** A journal (flux resource eventlog -f json) whose response carries R. */
const JOURNAL = JSON.stringify({
  events: [
    { timestamp: 1738091754.2, name: 'restart', context: { ranks: '0-3', online: '', nodelist: 'node[1-4]' } },
    { timestamp: 1738091754.6, name: 'online', context: { idset: '0-3' } },
    { timestamp: 1738091800.4, name: 'drain', context: { idset: '1', nodelist: 'node2', reason: 'bad dimm', overwrite: 0 } },
    { timestamp: 1738092100.0, name: 'offline', context: { idset: '3' } },
  ],
  R: JSON.parse(R),
});

test('an eventlog opened as a tab shows the system after its last event', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('resource.eventlog', LOG);
  await expect(rscope.summary('nodes')).toHaveText('3');
  // resource-init excluded ranks 0-2, the only ones the log names.
  await expect(rscope.legendItems).toHaveText(['exclude: 3 nodes']);
  await expect(rscope.drainRows).toHaveCount(1);
  await expect(rscope.drainRows.first().locator('td').nth(4)).toHaveText('fan failed');
  await expect(page.getByTestId('diagnostics')).toContainText(
    "a resource eventlog, shown as the system was after its last event (2023-05-02 17:53:20 UTC), as rscope resource replay prints it: "
    + "the log names ranks and hosts but no cores or GPUs, so open the instance's R into this tab's system to see them",
  );
  expect(problems).toEqual([]);
});

test("a journal's R gives its tab the cores, each coloured by its node's state then", async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('journal.json', JOURNAL);
  await expect(rscope.summary('nodes')).toHaveText('4');
  await rscope.hoverCell(1, 0);
  await expect(rscope.tooltip).toHaveText(/^node2 rank 1 — core 0 — drained — drained \d+ \w+ ago: bad dimm$/);
  await rscope.hoverCell(3, 0);
  await expect(rscope.tooltip).toHaveText('node4 rank 3 — core 0 — avail* (offline)');
  expect(problems).toEqual([]);
});

test("an eventlog opened into an R's system colours its grid by the states after its last event", async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openSystem(R, LOG);
  await expect.poll(() => rscope.colorChoice()).toBe('node state (as flux resource status lists it)');
  await expect(rscope.drainRows).toHaveCount(1);
  await expect(rscope.drainRows.first().locator('td').nth(4)).toHaveText('fan failed');
  // The log names no host (before flux-core 0.62): the R's name it.
  await expect(rscope.drainRows.first().locator('td').nth(5)).toHaveText('node2');
  expect(problems).toEqual([]);
});

test("a job list opened into a tab's system is named with its jobs", async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.openSystem(R, JOBS);
  await page.getByTestId('system-read').locator('summary').click();
  // The running job holds its ranks' nodes whole: it has no resource summary.
  await expect(page.getByTestId('system-output')).toHaveText([
    'r.json: an R (RFC 20): resources',
    'status.json: a job list (flux jobs --json), 2 jobs, 1 running: the allocation',
    'resources: 4 nodes, node[1-4], 16 cores (from r.json)',
    'running jobs: 1, on ranks 0-3',
    'rank order: 0-3 are node[1-4]',
    '',
  ].join('\n'));
  expect(problems).toEqual([]);
});
