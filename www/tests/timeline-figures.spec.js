// The figures of rscope resource history under the timeline: drain
// reasons by node-hours (each with a bar), nodes and weeks, each a table
// sorted by the button in a column's heading. The reasons' table is open;
// the others open when asked.
import { test, expect } from './fixtures.js';
import { ev, journal } from './journals.js';

/** Two reasons: fan (two drains, 3 node-hours) and psu (one, 2). */
const JOURNAL = journal([
  ev(0, 'restart', { ranks: '0-3', online: '0-3', nodelist: 'n[1-4]' }),
  ev(3600, 'drain', { idset: '1', nodelist: 'n2', reason: 'fan', overwrite: 0 }),
  ev(3600, 'drain', { idset: '2', nodelist: 'n3', reason: 'psu', overwrite: 0 }),
  ev(7200, 'drain', { idset: '3', nodelist: 'n4', reason: 'fan', overwrite: 0 }),
  ev(10800, 'undrain', { idset: '1-3', nodelist: 'n[2-4]' }),
  ev(14400, 'online', { idset: '0' }),
]);

const rows = (rscope, table) => rscope.cellTexts(table.getByTestId('figure-row'));

test('the drain reasons are listed by node-hours, most first, with their drains', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('journal.json', JOURNAL);
  const reasons = rscope.figuresTable('Drain reasons');
  await expect(reasons.locator('summary')).toHaveText('Drain reasons (2 rows)');
  await expect.poll(() => rows(rscope, reasons)).toEqual([['fan', '3.0', '2'], ['psu', '2.0', '1']]);
  await expect(reasons.getByRole('columnheader', { name: 'Node-hours' })).toHaveAttribute('aria-sort', 'descending');
  expect(problems).toEqual([]);
});

test("a heading's button sorts the other way: the reason with the fewest node-hours first", async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('journal.json', JOURNAL);
  await rscope.sortFigures('Drain reasons', 'Node-hours');
  const reasons = rscope.figuresTable('Drain reasons');
  await expect.poll(() => rows(rscope, reasons)).toEqual([['psu', '2.0', '1'], ['fan', '3.0', '2']]);
  await expect(reasons.getByRole('columnheader', { name: 'Node-hours' })).toHaveAttribute('aria-sort', 'ascending');
  expect(problems).toEqual([]);
});

test('the nodes table opens with each node by rank: availability, hours drained and offline, drains', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('journal.json', JOURNAL);
  await rscope.openFigures('Nodes');
  await expect.poll(() => rows(rscope, rscope.figuresTable('Nodes'))).toEqual([
    ['0', 'n1', '100.0 %', '0.0', '0.0', '0', '0.0'],
    ['1', 'n2', '50.0 %', '2.0', '0.0', '1', '2.0'],
    ['2', 'n3', '50.0 %', '2.0', '0.0', '1', '2.0'],
    ['3', 'n4', '75.0 %', '1.0', '0.0', '1', '1.0'],
  ]);
  expect(problems).toEqual([]);
});
