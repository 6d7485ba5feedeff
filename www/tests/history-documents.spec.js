// The documents about a system's history are recognised by their content
// and named, as every other kind is: an RFC 44 resource eventlog (RFC 18
// entries, a line each) and a job list (what flux jobs --json prints).
// They hold no resources, so a tab of their own says where they belong,
// and a tab's system they join names each with what it holds.
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

test('an eventlog opened as a tab says what it is and where it belongs', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('resource.eventlog', LOG);
  await expect(rscope.summary('summary').getByTestId('error')).toHaveText(
    "this is an RFC 44 resource eventlog (3 events from 2023-05-02 17:17:51 UTC to 2023-05-02 17:53:20 UTC), "
    + "which holds no resources: open it into the system of a tab that holds the system's R or a payload",
  );
  expect(problems).toEqual([]);
});

test("a job list opened into a tab's system is named with its jobs", async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.openSystem(R, JOBS);
  await page.getByTestId('system-read').locator('summary').click();
  await expect(page.getByTestId('system-output')).toHaveText([
    'r.json: an R (RFC 20): resources',
    'status.json: a job list (flux jobs --json), 2 jobs',
    'resources: 4 nodes, node[1-4], 16 cores (from r.json)',
    'rank order: 0-3 are node[1-4]',
    '',
  ].join('\n'));
  expect(problems).toEqual([]);
});
