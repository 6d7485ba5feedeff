// The event list under a resource eventlog's timeline: the newest events
// first, filtered by node, name, reason and time; a row's time moves the
// timeline and the grid to its moment, and its ranks outline their nodes.
import { test, expect } from './fixtures.js';
import { ev, journal } from './journals.js';

const JOURNAL = journal([
  ev(0, 'restart', { ranks: '0-3', online: '0-3', nodelist: 'n[1-4]' }),
  ev(3600, 'drain', { idset: '1', nodelist: 'n2', reason: 'fan <hot>', overwrite: 0 }),
  ev(3600, 'drain', { idset: '2', nodelist: 'n3', reason: 'psu', overwrite: 0 }),
  ev(7200, 'offline', { idset: '3' }),
  ev(10800, 'undrain', { idset: '1-2', nodelist: 'n[2-3]' }),
  ev(14400, 'online', { idset: '3' }),
], {
  version: 1,
  execution: { R_lite: [{ rank: '0-3', children: { core: '0-3' } }], nodelist: ['n[1-4]'], starttime: 0, expiration: 0 },
});

const rows = (rscope) => rscope.cellTexts(rscope.eventRows);

test('the event list opens with every event, newest first', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('journal.json', JOURNAL);
  await rscope.openEvents();
  await expect(rscope.eventsCount).toHaveText('6 of 6 events match, newest first');
  await expect.poll(() => rows(rscope)).toEqual([
    ['2023-11-15 02:13:20 UTC', 'online', '3', '', ''],
    ['2023-11-15 01:13:20 UTC', 'undrain', '1-2', 'n[2-3]', ''],
    ['2023-11-15 00:13:20 UTC', 'offline', '3', '', ''],
    ['2023-11-14 23:13:20 UTC', 'drain', '2', 'n3', 'psu'],
    ['2023-11-14 23:13:20 UTC', 'drain', '1', 'n2', 'fan <hot>'],
    ['2023-11-14 22:13:20 UTC', 'restart', '0-3', 'n[1-4]', ''],
  ]);
  expect(problems).toEqual([]);
});

test('typing a host keeps the events that name it', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('journal.json', JOURNAL);
  await rscope.filterEvents('node', 'n3');
  await expect(rscope.eventsCount).toHaveText('3 of 6 events match, newest first');
  await expect.poll(() => rows(rscope)).toEqual([
    ['2023-11-15 01:13:20 UTC', 'undrain', '1-2', 'n[2-3]', ''],
    ['2023-11-14 23:13:20 UTC', 'drain', '2', 'n3', 'psu'],
    ['2023-11-14 22:13:20 UTC', 'restart', '0-3', 'n[1-4]', ''],
  ]);
  expect(problems).toEqual([]);
});

test("a time that does not read says why, and the other filters still apply", async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('journal.json', JOURNAL);
  await rscope.filterEvents('since', 'tuesday');
  await expect(rscope.eventsProblem).toHaveText(
    "from: invalid time 'tuesday': give seconds since the epoch, an ISO 8601 time (2024-05-01T12:00:00Z) or an offset from the first or last event (+2h, -3d)",
  );
  await expect(rscope.eventsCount).toHaveText('6 of 6 events match, newest first');
  expect(problems).toEqual([]);
});

test("a row's time shows the grid at that moment, and the row is marked", async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('journal.json', JOURNAL);
  await rscope.openEvents();
  await rscope.eventRows.filter({ hasText: 'offline' }).getByRole('button', { name: '2023-11-15 00:13:20 UTC' }).click();
  await expect(rscope.timelineMoment).toHaveText('2023-11-15 00:13:20 UTC, moment 3 of 5');
  await expect(rscope.legendItems).toHaveText(['avail: 1 node', 'avail* (offline): 1 node', 'drained: 2 nodes']);
  await expect(rscope.eventRows.filter({ hasText: 'offline' })).toHaveAttribute('aria-current', 'true');
  expect(problems).toEqual([]);
});

test("a click on a node of the grid lists its events and draws its history strip", async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('journal.json', JOURNAL);
  await expect(rscope.timelineMoment).toHaveText('2023-11-15 02:13:20 UTC, moment 5 of 5');
  await rscope.clickCell(2, 0);
  await expect(page.getByTestId('events-node')).toHaveValue('2');
  await expect(rscope.eventsCount).toHaveText('3 of 6 events match, newest first');
  const strip = page.getByTestId('node-strip');
  await expect(strip.locator('figcaption')).toHaveText('Rank 2: 3 stretches from 2023-11-14 22:13:20 UTC to 2023-11-15 02:13:20 UTC');
  await expect(page.getByTestId('node-stretches').locator('li')).toHaveText([
    'available, 2023-11-14 22:13:20 UTC to 2023-11-14 23:13:20 UTC (1 hour)',
    'drained: psu, 2023-11-14 23:13:20 UTC to 2023-11-15 01:13:20 UTC (2 hours)',
    'available, 2023-11-15 01:13:20 UTC to 2023-11-15 02:13:20 UTC (1 hour)',
  ]);
  expect(problems).toEqual([]);
});

test('the pointer on a node of the grid shows its history strip and events, the filter left as it was', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('journal.json', JOURNAL);
  await expect(rscope.timelineMoment).toHaveText('2023-11-15 02:13:20 UTC, moment 5 of 5');
  await rscope.hoverCell(1, 0);
  await expect(page.getByTestId('events-peek')).toHaveText(
    "Rank 1, under the pointer: its history and events. Move the pointer off the grid to see your filters' events again; click the node to keep it.",
  );
  await expect(page.getByTestId('node-strip').locator('figcaption')).toHaveText('Rank 1: 3 stretches from 2023-11-14 22:13:20 UTC to 2023-11-15 02:13:20 UTC');
  await expect(page.getByTestId('node-stretches').locator('li').nth(1)).toHaveText('drained: fan <hot>, 2023-11-14 23:13:20 UTC to 2023-11-15 01:13:20 UTC (2 hours)');
  await expect(rscope.eventsCount).toHaveText('3 of 6 events match, newest first');
  await expect(page.getByTestId('events-node')).toHaveValue('');
  expect(problems).toEqual([]);
});
