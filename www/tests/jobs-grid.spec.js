// A job list opened into the system of a tab that holds its instance's R
// colours the grid by the running job holding each core and GPU (#50):
// the legend names each job and what it holds, the free cells are grey,
// hovering a held cell names its job, and the menu regroups the same
// cells by user. The job list's times are set from the clock with half an
// hour to spare, so the words the tooltip says of them hold while the
// spec runs.
import { test, expect, Rscope } from './fixtures.js';

const R = JSON.stringify({
  version: 1,
  execution: {
    R_lite: [{ rank: '0-3', children: { core: '0-3', gpu: '0-1' } }],
    nodelist: ['n[0-3]'], starttime: 0, expiration: 0,
  },
});

/** Two running jobs of two users (ids 1001 and 2002: ƒJG and ƒbX), one finished. */
function jobList() {
  const now = Date.now() / 1000;
  const day = 86400;
  const jobs = [
    {
      id: 1001, userid: 5001, state: 'RUN', name: 'lammps', queue: 'batch', t_submit: now - 3 * day,
      t_run: now - (2 * day + 3 * 3600 + 1800), expiration: now + 5 * day + 3600 + 1800,
      ranks: '[0-1]', nodelist: 'n[0-1]', annotations: { sched: { resource_summary: 'rank[0-1]/core[0-3],gpu[0-1]' } },
    },
    {
      id: 2002, userid: 5002, state: 'RUN', name: 'hostname', queue: 'debug', t_submit: now - day,
      ranks: '2', nodelist: 'n2', annotations: { sched: { resource_summary: 'rank2/core[0-1]' } },
    },
    { id: 3003, userid: 5001, state: 'INACTIVE', name: 'sleep', t_submit: now - day, ranks: '3' },
  ];
  return JSON.stringify({ jobs });
}

/** Tab A holds the R; then the job list joins its system. */
async function rAndJobs(rscope) {
  await rscope.load();
  await rscope.openFile('r.json', R);
  await expect(rscope.grid).toBeVisible();
  await rscope.joinSystem.check();
  await rscope.openFile('jobs.json', jobList());
  await expect(rscope.systemDocuments.getByTestId('system-document')).toHaveText(['jobs.json Take out']);
}

const FREE = 'free (held by no running job)';

test('a job list opened into the system colours the grid by the job holding each cell', async ({ rscope, problems }) => {
  await rAndJobs(rscope);
  await expect(rscope.legendItems).toHaveText([
    'ƒJG (lammps): 8 cores and 4 gpus on 2 nodes',
    'ƒbX (hostname): 2 cores on 1 node',
    FREE,
  ]);
  await expect.poll(() => rscope.colorChoice()).toBe('job (from the job list)');
  expect(problems).toEqual([]);
});

test("hovering a held cell names its job, its user, queue and times", async ({ rscope, problems }) => {
  await rAndJobs(rscope);
  await expect(rscope.legendItems).toHaveCount(3);
  await rscope.hoverCell(1, 6);
  await expect(rscope.tooltip).toHaveText(
    'n1 rank 1 — gpu 1 — job ƒJG (lammps), user 5001, queue batch, running 2 days 3 hours, 5 days 1 hour left',
  );
  expect(problems).toEqual([]);
});

test('the menu regroups the running jobs by user, each cell still naming its job', async ({ rscope, problems }) => {
  await rAndJobs(rscope);
  await rscope.colorCellsBy({ label: 'user of the job' });
  await expect(rscope.legendItems).toHaveText(['user 5001: 1 running job', 'user 5002: 1 running job', FREE]);
  await rscope.hoverCell(2, 1);
  await expect(rscope.tooltip).toHaveText('n2 rank 2 — core 1 — user 5002 (1 running job) — job ƒbX (hostname), user 5002, queue debug');
  expect(problems).toEqual([]);
});

test('a share link keeps the job list and the colouring by user', async ({ browser, page, context, rscope, problems }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await rAndJobs(rscope);
  await rscope.colorCellsBy({ label: 'user of the job' });
  await expect(rscope.legendItems.first()).toHaveText('user 5001: 1 running job');
  await page.getByTestId('share').click();
  await expect(page).toHaveURL(/&j=/);
  const elsewhere = await browser.newContext();
  const other = new Rscope(await elsewhere.newPage());
  await other.load(page.url());
  await expect(other.legendItems).toHaveText(['user 5001: 1 running job', 'user 5002: 1 running job', FREE]);
  await expect.poll(() => other.colorChoice()).toBe('user of the job');
  await elsewhere.close();
  expect(problems).toEqual([]);
});

/** Each row's cells of the job table, in order. */
const jobCells = (rscope) => rscope.jobRows.evaluateAll((rows) => rows.map((r) => [...r.cells].map((c) => c.textContent)));

test('the job table lists each running job; pressing one outlines its nodes on the grid', async ({ rscope, problems }) => {
  await rAndJobs(rscope);
  await expect(rscope.jobRows).toHaveCount(2);
  expect(await jobCells(rscope)).toEqual([
    ['ƒJG', 'lammps', '5001', 'batch', '0-1', '8 cores and 4 gpus on 2 nodes', '2 days 3 hours', '5 days 1 hour'],
    ['ƒbX', 'hostname', '5002', 'debug', '2', '2 cores on 1 node', '—', 'no limit'],
  ]);
  await rscope.jobTable.getByRole('button', { name: 'ƒJG' }).click();
  await expect(rscope.grid).toHaveAttribute('data-linked', '0-1');
  await expect(rscope.jobTable.getByRole('button', { name: 'ƒJG' })).toHaveAttribute('aria-pressed', 'true');
  expect(problems).toEqual([]);
});

test('the job table keeps the jobs whose words match the filter', async ({ rscope, problems }) => {
  await rAndJobs(rscope);
  await rscope.jobFilter.fill('DEBUG');
  await expect(rscope.jobRows.locator('td:first-child')).toHaveText(['ƒbX']);
  await expect(rscope.jobTable.getByTestId('job-matches')).toHaveText('1 of 2 jobs match.');
  expect(problems).toEqual([]);
});

test("the job table sorts by a column's heading", async ({ rscope, problems }) => {
  await rAndJobs(rscope);
  await rscope.jobTable.getByRole('button', { name: 'User' }).click();
  await expect(rscope.jobRows.locator('td:first-child')).toHaveText(['ƒbX', 'ƒJG']);
  await expect(rscope.jobTable.getByRole('columnheader', { name: 'User' })).toHaveAttribute('aria-sort', 'descending');
  expect(problems).toEqual([]);
});

test('selecting nodes on the grid lists the jobs on them', async ({ rscope, problems }) => {
  await rAndJobs(rscope);
  await expect(rscope.jobRows).toHaveCount(2);
  await rscope.dragCells([2, 0], [3, 1]);
  await expect(rscope.jobTable.getByTestId('job-nodes')).toHaveText('Jobs on the 2 nodes selected on the grid.');
  await expect(rscope.jobRows.locator('td:first-child')).toHaveText(['ƒbX']);
  expect(problems).toEqual([]);
});

test("a job's own R opened into the system says what the job holds, over the list's summary", async ({ rscope, problems }) => {
  await rAndJobs(rscope);
  await expect(rscope.legendItems).toHaveCount(3);
  // What `flux job info ƒbX R` prints, kept under the job's id: all four
  // cores of n2, where the list's summary says two.
  const own = JSON.stringify({ version: 1, execution: { R_lite: [{ rank: '2', children: { core: '0-3' } }], nodelist: ['n2'], starttime: 0, expiration: 0 } });
  await rscope.openFile('ƒbX.R', own);
  await expect(rscope.legendItems).toHaveText([
    'ƒJG (lammps): 8 cores and 4 gpus on 2 nodes',
    'ƒbX (hostname): 4 cores on 1 node',
    FREE,
  ]);
  expect(problems).toEqual([]);
});

test("taking out the job list takes a pressed job's outline off the grid", async ({ rscope, problems }) => {
  await rAndJobs(rscope);
  await rscope.jobTable.getByRole('button', { name: 'ƒJG' }).click();
  await expect(rscope.grid).toHaveAttribute('data-linked', '0-1');
  await rscope.systemDocuments.getByRole('button', { name: 'Take out' }).click();
  await expect(rscope.jobTable).toHaveCount(0);
  await expect(rscope.grid).not.toHaveAttribute('data-linked');
  expect(problems).toEqual([]);
});

/** A job list of some 9 MB, one job a line: ƒJG first, ƒbX last, and
 * between them ƒtn, whose name's `é` begins one byte before the first
 * 4 MiB (its two bytes cross to the worker in two pieces), among
 * thousands of finished jobs. */
function longJobList() {
  const line = (job) => JSON.stringify(job);
  const filler = (i) => line({ id: 10000 + i, state: 'INACTIVE', t_submit: 1, cwd: `/${'x'.repeat(1000)}` });
  const first = line({
    id: 1001, userid: 5001, state: 'RUN', name: 'lammps', t_submit: 1,
    annotations: { sched: { resource_summary: 'rank[0-1]/core[0-3],gpu[0-1]' } },
  });
  const before = [first, ...Array.from({ length: 3500 }, (_, i) => filler(i))].join('\n') + '\n';
  const head = '{"id": 3003, "state": "RUN", "t_submit": 1, "cwd": "/';
  const pad = (4 << 20) - 1 - Buffer.byteLength(before + head) - Buffer.byteLength('", "name": "caf');
  const middle = `${head}${'y'.repeat(pad)}", "name": "café", "annotations": {"sched": {"resource_summary": "rank3/core0"}}}`;
  const after = Array.from({ length: 4500 }, (_, i) => filler(5000 + i));
  const last = line({ id: 2002, state: 'RUN', name: 'hostname', t_submit: 1, annotations: { sched: { resource_summary: 'rank2/core[0-1]' } } });
  const text = [before + middle, ...after, last].join('\n') + '\n';
  expect(Buffer.from(text).subarray((4 << 20) - 1, (4 << 20) + 1).toString()).toBe('é');
  return text;
}

test('a job list of several megabytes crosses to the worker in pieces, whole', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('r.json', R);
  await expect(rscope.grid).toBeVisible();
  await rscope.joinSystem.check();
  await rscope.openFile('jobs.jsonl', longJobList());
  await expect(rscope.legendItems).toHaveText([
    'ƒJG (lammps): 8 cores and 4 gpus on 2 nodes',
    'ƒtn (café): 1 core on 1 node',
    'ƒbX (hostname): 2 cores on 1 node',
    FREE,
  ]);
  expect(problems).toEqual([]);
});
