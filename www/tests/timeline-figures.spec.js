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

/**
 * 4 200 drain reasons, one drain each on node n2, drain i lasting i + 1
 * minutes: more rows than one part of the worker's answer holds (4 096,
 * timeline.rs, FIGURE_ROWS_PER_PART), and some 880 weeks.
 */
function manyReasons() {
  const events = [ev(0, 'restart', { ranks: '0-3', online: '0-3', nodelist: 'n[1-4]' })];
  let t = 60;
  for (let i = 0; i < 4200; i++) {
    events.push(ev(t, 'drain', { idset: '1', nodelist: 'n2', reason: `r${i}`, overwrite: 0 }));
    t += 60 * (i + 1);
    events.push(ev(t, 'undrain', { idset: '1', nodelist: 'n2' }));
    t += 60;
  }
  return journal(events);
}

test("a table longer than a part of the worker's answer is read whole, a part a task", async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('journal.json', manyReasons());
  const reasons = rscope.figuresTable('Drain reasons');
  await expect(reasons.locator('summary')).toHaveText('Drain reasons (4200 rows)', { timeout: 20_000 });
  await expect.poll(() => rscope.cellTexts(reasons.getByTestId('figure-row').first())).toEqual([['r4199', '70.0', '1']]);
  await expect(reasons.locator('.hint')).toHaveText('The first 50 rows are shown, 4\u00a0150 more are not: sort by another column to see them first.');
  await rscope.sortFigures('Drain reasons', 'Node-hours');
  await expect.poll(() => rscope.cellTexts(reasons.getByTestId('figure-row').first())).toEqual([['r0', '0.0', '1']]);
  expect(problems).toEqual([]);
});

/**
 * A resource eventlog of some 5 MB as JSON lines: a reason's `é` starts
 * one byte before 4 MiB, where the page cuts the log's first piece as it
 * crosses to the worker (analysis_worker.rs, log_piece), so a piece ends
 * inside the character.
 */
function longEventlog() {
  const line = (e) => JSON.stringify(e);
  const lines = [line(ev(0, 'restart', { ranks: '0-3', online: '0-3', nodelist: 'n[1-4]' }))];
  let size = lines[0].length + 1;
  for (let i = 1; size < (4 << 20) - 400; i++) {
    const l = line(ev(i, i % 2 ? 'offline' : 'online', { idset: '0' }));
    lines.push(l);
    size += l.length + 1;
  }
  const head = `{"timestamp": ${ev(90000, 'x').timestamp}, "name": "drain", "context": {"idset": "1", "nodelist": "n2", "overwrite": 0, `;
  const pad = ' '.repeat((4 << 20) - 1 - size - head.length - '"reason": "caf'.length);
  lines.push(`${head}${pad}"reason": "café"}}`);
  for (let i = 0; i < 8000; i++) lines.push(line(ev(90000 + (i + 1) / 2, i % 2 ? 'online' : 'offline', { idset: '0' })));
  lines.push(line(ev(97200, 'undrain', { idset: '1', nodelist: 'n2' })));
  const text = lines.join('\n') + '\n';
  expect(Buffer.from(text).subarray((4 << 20) - 1, (4 << 20) + 1).toString()).toBe('é');
  return text;
}

test('a resource eventlog of several megabytes crosses to the worker in pieces, whole', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('resource.eventlog', longEventlog());
  const reasons = rscope.figuresTable('Drain reasons');
  await expect.poll(() => rows(rscope, reasons), { timeout: 20_000 }).toEqual([['café', '2.0', '1']]);
  expect(problems).toEqual([]);
});
