// A resource eventlog's timeline under the grid: the chart of nodes by
// state over the log's range (drained nodes stacked by reason), and a
// slider whose moment the grid shows, stepped by event with the arrow keys
// and by day with Page Up and Page Down or the buttons. The worker replays
// the log to the moment, as rscope resource replay --at does.
import { readFile } from 'node:fs/promises';
import { test, expect, Rscope } from './fixtures.js';
import { ev, journal } from './journals.js';

/** A journal (flux resource eventlog -f json) whose response carries R:
 * a drain, an hour offline, and an undrain a day and a half hour after
 * the node went offline. */
const JOURNAL = JSON.stringify({
  events: [
    { timestamp: 1738091754.2, name: 'restart', context: { ranks: '0-3', online: '', nodelist: 'node[1-4]' } },
    { timestamp: 1738091754.6, name: 'online', context: { idset: '0-3' } },
    { timestamp: 1738091800.4, name: 'drain', context: { idset: '1', nodelist: 'node2', reason: 'bad <dimm>', overwrite: 0 } },
    { timestamp: 1738092100.0, name: 'offline', context: { idset: '3' } },
    { timestamp: 1738095700.0, name: 'online', context: { idset: '3' } },
    { timestamp: 1738180300.0, name: 'undrain', context: { idset: '1', nodelist: 'node2' } },
  ],
  R: {
    version: 1,
    execution: { R_lite: [{ rank: '0-3', children: { core: '0-3' } }], nodelist: ['node[1-4]'], starttime: 0, expiration: 0 },
  },
});

const R = JSON.stringify(JSON.parse(JOURNAL).R);

test('an eventlog shows its timeline: nodes by state over its range, the grid after the last event', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('journal.json', JOURNAL);
  await expect(rscope.timelineLegend).toHaveText([
    'available: 72.8 node-hours',
    'drained: bad <dimm>: 24.6 node-hours',
    'offline: 1.0 node-hours',
  ]);
  await expect(rscope.timeline).toContainText('The grid shows the system after its last event.');
  await expect(rscope.timelineMoment).toHaveText('2025-01-29 19:51:40 UTC, moment 6 of 6');
  await expect(rscope.timelineSlider).toHaveAttribute('aria-valuetext', '2025-01-29 19:51:40 UTC, moment 6 of 6');
  await expect(rscope.legendItems).toHaveText(['avail: 4 nodes']);
  expect(problems).toEqual([]);
});

test('Page Down on the slider shows the system a day before: the offline node is offline again', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('journal.json', JOURNAL);
  await expect(rscope.timelineMoment).toHaveText('2025-01-29 19:51:40 UTC, moment 6 of 6');
  await rscope.stepTimeline('PageDown');
  await expect(rscope.timelineMoment).toHaveText('2025-01-28 19:21:40 UTC, moment 4 of 6');
  await expect(rscope.timeline).toContainText('The grid shows the system at 2025-01-28 19:21:40 UTC, moment 4 of 6.');
  await expect(rscope.legendItems).toHaveText(['avail: 2 nodes', 'avail* (offline): 1 node', 'drained: 1 node']);
  await rscope.hoverCell(3, 0);
  await expect(rscope.tooltip).toHaveText('node4 rank 3 — core 0 — avail* (offline)');
  expect(problems).toEqual([]);
});

test('the previous-event button steps back one event: the node drained then, with its reason', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('journal.json', JOURNAL);
  await expect(rscope.timelineMoment).toHaveText('2025-01-29 19:51:40 UTC, moment 6 of 6');
  await rscope.clickTimeline('previous');
  await expect(rscope.timelineMoment).toHaveText('2025-01-28 20:21:40 UTC, moment 5 of 6');
  await expect(rscope.legendItems).toHaveText(['avail: 3 nodes', 'drained: 1 node']);
  await expect(rscope.drainRows).toHaveCount(1);
  await expect(rscope.drainRows.first().locator('td').nth(4)).toHaveText('bad <dimm>');
  expect(problems).toEqual([]);
});

test("an eventlog added to an R's system gives the R's grid the timeline, and Home shows the first moment", async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openSystem(R, JOURNAL);
  await expect(rscope.timelineMoment).toHaveText('2025-01-29 19:51:40 UTC, moment 6 of 6');
  await rscope.stepTimeline('Home');
  await expect(rscope.timelineMoment).toHaveText('2025-01-28 19:15:54 UTC, moment 1 of 6');
  // The restart: every rank known, none online yet.
  await expect(rscope.legendItems).toHaveText(['avail* (offline): 4 nodes']);
  expect(problems).toEqual([]);
});

test('the timeline exports as an SVG file with the moment shown and the reasons escaped', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('journal.json', JOURNAL);
  const download = await rscope.exportTimeline();
  expect(download.suggestedFilename()).toBe('rscope-timeline.svg');
  const svg = await readFile(await download.path(), 'utf8');
  expect(svg).toContain('>Nodes by state, 2025-01-28 19:15:54 UTC to 2025-01-29 19:51:40 UTC</text>');
  expect(svg).toContain('<title>drained: bad &lt;dimm&gt;</title>');
  expect(svg).toContain('>drained: bad &lt;dimm&gt;: 24.6 node-hours</text>');
  expect(problems).toEqual([]);
});

test('a share link keeps the moment the timeline shows', async ({ browser, page, context, rscope, problems }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await rscope.load();
  await rscope.openFile('journal.json', JOURNAL);
  await rscope.stepTimeline('PageDown');
  await expect(rscope.timelineMoment).toHaveText('2025-01-28 19:21:40 UTC, moment 4 of 6');
  await page.getByTestId('share').click();
  await expect(page).toHaveURL(/#r=[\w-]+&v=[\w-]+$/);
  const elsewhere = await browser.newContext();
  const other = new Rscope(await elsewhere.newPage());
  await other.load(page.url());
  await expect(other.timelineMoment).toHaveText('2025-01-28 19:21:40 UTC, moment 4 of 6');
  await expect(other.legendItems).toHaveText(['avail: 2 nodes', 'avail* (offline): 1 node', 'drained: 1 node']);
  // The figures follow the chart while the slider asks its moment.
  await expect(other.figuresTable('Drain reasons').locator('summary')).toHaveText('Drain reasons (1 row)');
  await elsewhere.close();
  expect(problems).toEqual([]);
});

test('the timeline exports as a PNG of the picture its SVG file holds', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('journal.json', JOURNAL);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('timeline-export-png').click(),
  ]);
  expect(download.suggestedFilename()).toBe('rscope-timeline.png');
  const png = await readFile(await download.path());
  expect([...png.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
  // 720 units of chart and 10 of margin each side; the title, the chart,
  // its ends and three legend lines.
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([740, 334]);
  expect(problems).toEqual([]);
});

/** Two jobs on the journal's nodes: ƒJG ran on node1 from a few seconds
 * after the restart until 19:36:40, ƒbX runs on node3 from 20:23:20. */
const JOBS = JSON.stringify({
  jobs: [
    {
      id: 1001, userid: 5001, state: 'INACTIVE', name: 'lammps', t_submit: 1738091700, t_run: 1738091760,
      t_cleanup: 1738093000, ranks: '0', nodelist: 'node1', annotations: { sched: { resource_summary: 'rank0/core[0-1]' } },
    },
    {
      id: 2002, userid: 5002, state: 'RUN', name: 'hostname', t_submit: 1738095790, t_run: 1738095800,
      ranks: '2', nodelist: 'node3', annotations: { sched: { resource_summary: 'rank2/core[0-3]' } },
    },
  ],
});

test("with a job list in the eventlog's system, the slider's moment shows the jobs running then", async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('journal.json', JOURNAL);
  await expect(rscope.timelineMoment).toHaveText('2025-01-29 19:51:40 UTC, moment 6 of 6');
  await rscope.joinSystem.check();
  await rscope.openFile('jobs.json', JOBS);
  await expect(rscope.legendItems).toHaveText(['ƒbX (hostname): 4 cores on 1 node', 'free (held by no running job)']);
  await rscope.stepTimeline('PageDown');
  await expect(rscope.timelineMoment).toHaveText('2025-01-28 19:21:40 UTC, moment 4 of 6');
  await expect(rscope.legendItems).toHaveText(['ƒJG (lammps): 2 cores on 1 node', 'free (held by no running job)']);
  await expect(rscope.jobTable.getByRole('heading')).toHaveText('Jobs running at 2025-01-28 19:21:40 UTC (1 job)');
  await rscope.hoverCell(0, 1);
  await expect(rscope.tooltip).toHaveText('node1 rank 0 — core 1 — avail — job ƒJG (lammps), user 5001, running 5 minutes 40 seconds');
  expect(problems).toEqual([]);
});

/** Four nodes, n[1-4]: node n(i + 2) drained for `reasons[i]` (i + 1) × 10
 * minutes after the restart. */
const drains = (...reasons) => journal([
  ev(0, 'restart', { ranks: '0-3', online: '0-3', nodelist: 'n[1-4]' }),
  ...reasons.map((reason, i) => ev(600 * (i + 1), 'drain', { idset: String(i + 1), nodelist: `n${i + 2}`, reason, overwrite: 0 })),
]);

test("a step of the slider keeps the drain table's sort, with that moment's rows", async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('journal.json', drains('psu', 'fan', 'dimm'));
  await expect(rscope.drainRows).toHaveCount(3);
  await rscope.sortDrains('Reason');
  await expect(rscope.drainRows.locator('td:nth-child(5)')).toHaveText(['dimm', 'fan', 'psu']);
  await rscope.stepTimeline('ArrowLeft');
  await expect(rscope.timelineMoment).toHaveText('2023-11-14 22:33:20 UTC, moment 3 of 4');
  await expect(rscope.drainRows.locator('td:nth-child(5)')).toHaveText(['fan', 'psu']);
  await expect(rscope.drains.locator('th[aria-sort="ascending"]')).toHaveText('Reason');
  expect(problems).toEqual([]);
});

test('a step of the slider keeps the state chosen, its nodes those of the moment', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('journal.json', drains('psu', 'fan'));
  await rscope.stateFilter.selectOption('drained');
  await expect(rscope.stateFilterWords).toHaveText('drained: 2 nodes, n[2-3] (ranks 1-2), outlined on the grid');
  await rscope.stepTimeline('ArrowLeft');
  await expect(rscope.timelineMoment).toHaveText('2023-11-14 22:23:20 UTC, moment 2 of 3');
  await expect(rscope.stateFilter).toHaveValue('drained');
  await expect(rscope.stateFilterWords).toHaveText('drained: 1 node, n2 (ranks 1), outlined on the grid');
  expect(problems).toEqual([]);
});
