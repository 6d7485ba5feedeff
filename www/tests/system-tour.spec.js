// The tour from configuration to running jobs, by keyboard: each step
// sets the page up (a tab of the tour's own, the R the instance uses with
// the configuration in its box; a constraint over the grid) and lists
// what the page shows there; the person's own tabs are never touched.
import { test, expect } from './fixtures.js';

test('taking the tour puts its configuration in the box and focuses its first step', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.takeSystemTour();
  await expect(rscope.systemTourStep).toHaveText("Step 1 of 9: A system's configuration");
  await expect(rscope.systemTourStep).toBeFocused();
  await expect(rscope.configRWords).toHaveText('[resource] config makes an R of 4 nodes: tiny[1-4], 16 cores, as flux R parse-config prints it.');
  expect(problems).toEqual([]);
});

test('stepping to the constraint opens the R the instance uses and outlines what it selects', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.systemTourTo(6);
  await expect(rscope.systemTourStep).toHaveText('Step 6 of 9: A constraint');
  await expect(rscope.systemTourDecoded).toHaveText([
    '1 of 4 nodes match: tiny3 (ranks 3)',
    '{"and": [{"properties": ["gpu"]}, {"not": [{"hostlist": ["tiny4"]}]}]}',
  ]);
  await expect(rscope.editor).toHaveValue(/"nodelist": \["tiny\[4,1-3\]"\]/);
  await expect(page.getByLabel('Outline nodes matching a constraint')).toHaveValue('gpu -host:tiny4');
  await expect(rscope.grid).toHaveAttribute('data-linked', '3');
  await expect(rscope.legendItems).toContainText(['excluded by [resource] exclude: 1 node']);
  expect(problems).toEqual([]);
});

test("the jobs step adds the tour's job list: the grid coloured by job, each job's R a subset, their union the allocated set", async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.systemTourTo(8);
  await expect(rscope.systemTourStep).toHaveText('Step 8 of 9: Running jobs');
  await expect(rscope.systemTourDecoded).toHaveText([
    "ƒbX's R: rank[0-1]/core[0-3]; less the instance's R: nothing, so it is a subset",
    "ƒJG's R: rank3/core[0-1],gpu0; less the instance's R: nothing, so it is a subset",
    'Their union: rank[0-1]/core[0-3] rank3/core[0-1],gpu0, the allocated set',
  ]);
  await expect(rscope.systemDocuments.getByTestId('system-document')).toHaveText(['Tour: the running jobs (flux jobs --json) Take out']);
  await expect(rscope.legendItems).toHaveText([
    'ƒbX (build): 8 cores on 2 nodes',
    'ƒJG (train): 2 cores and 1 gpu on 1 node',
    'free (held by no running job)',
  ]);
  await expect(rscope.jobRows).toHaveCount(2);
  // A step back shows the system as that step describes it: no job list.
  await page.keyboard.press('ArrowLeft');
  await expect(rscope.systemTourStep).toHaveText('Step 7 of 9: Where a job fits');
  await expect(rscope.systemDocuments.getByTestId('system-document')).toHaveCount(0);
  await expect(rscope.jobRows).toHaveCount(0);
  expect(problems).toEqual([]);
});

// A small year of the project's own: two nodes, one drained for a day.
const YEAR = [
  '{"timestamp":1700000000,"name":"restart","context":{"ranks":"0-1","online":"0-1","nodelist":"a[0-1]"}}',
  '{"timestamp":1700000000,"name":"drain","context":{"idset":"1","reason":"bad disk","overwrite":0}}',
  '{"timestamp":1700086400,"name":"undrain","context":{"idset":"1"}}',
  '{"timestamp":1700172800,"name":"offline","context":{"idset":"0"}}',
].join('\n') + '\n';

test("the year step fetches a year's eventlog into a tab of its own, lists its history, and leaving closes it", async ({ page, rscope, problems }) => {
  await rscope.answerTourYear(YEAR);
  await rscope.load();
  await rscope.systemTourTo(9);
  await expect(rscope.systemTourStep).toHaveText('Step 9 of 9: A year of history');
  await expect(rscope.systemTourDecoded).toHaveText([
    '4 events from 2023-11-14 22:13:20 UTC to 2023-11-16 22:13:20 UTC, 2 nodes',
    "Available 75.0% of the time its nodes' states are known",
    'Least available week: the week of 2023-11-13, 75.0%',
    'Drained for "bad disk": 24.0 node-hours, 1 drain',
  ]);
  await expect(rscope.tab('B')).toHaveText('B Tour: a year of thing2 (resource.eventlog)');
  await expect(rscope.tab('B')).toHaveAttribute('aria-selected', 'true');
  await expect(rscope.timelineSlider).toBeVisible();
  await expect(page.getByLabel('Outline nodes matching a constraint')).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(rscope.tab('B')).toHaveCount(0);
  await expect(rscope.tab('A')).not.toContainText('Tour');
  expect(problems).toEqual([]);
});

test("the year step says why the year could not be fetched, and what to do", async ({ page, rscope, problems }) => {
  await rscope.answerTourYear(null);
  await rscope.load();
  await rscope.systemTourTo(9);
  await expect(rscope.systemTourStep).toHaveText('Step 9 of 9: A year of history');
  const url = 'https://raw.githubusercontent.com/flux-framework/flux-core/4a5e79f56b850a58cbbfc4b5af5a5b1fcd04c049/t/resource/resource.eventlog.thing2';
  await expect(rscope.status).toHaveText(`cannot load ${url}: the server answered HTTP 404 Not Found. Check the address, or open the file instead`);
  await expect(rscope.systemTourDecoded).toHaveText([`The year's eventlog is read from ${url}`]);
  // The answer the test gave, as the browser reports it.
  expect(problems).toEqual([
    `http 404: ${url}`,
    'console error: Failed to load resource: the server responded with a status of 404 (Not Found)',
  ]);
});

test("the tour opens a tab of its own and leaves the person's tab and configuration alone", async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.typeConfig('[queues.debug]\nrequires = ["debug"]\n');
  await rscope.takeSystemTour();
  await expect(rscope.configRWords).toBeVisible();
  await expect(rscope.tab('B')).toHaveAttribute('aria-selected', 'true');
  await expect(rscope.configText).toHaveValue(/^# Four nodes/);
  await rscope.selectTab('A');
  await expect(rscope.configText).toHaveValue('[queues.debug]\nrequires = ["debug"]\n');
  expect(problems).toEqual([]);
});

test("leaving the tour from a blank page leaves it blank, the configuration box empty again", async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.takeSystemTour();
  await expect(rscope.configRWords).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(rscope.systemTourStart).toBeVisible();
  await expect(rscope.configText).toHaveValue('');
  await expect(rscope.tab('A')).not.toContainText('Tour');
  await expect(rscope.tab('B')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test("leaving the tour shows the person's tab again; the tour's tab stays", async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.typeConfig('[queues.debug]\n');
  await rscope.takeSystemTour();
  await expect(rscope.configRWords).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(rscope.tab('A')).toHaveAttribute('aria-selected', 'true');
  await expect(rscope.configText).toHaveValue('[queues.debug]\n');
  await expect(rscope.tab('B')).toContainText('Tour: the R the instance uses');
  expect(problems).toEqual([]);
});

// Step 3 scrolls the page to the configuration's report: the card, held
// at the window's corner, stays in view with its buttons, and the other
// tour's Resume button waits until this one is left.
for (const [width, height] of [[1440, 900], [390, 844]]) {
  test(`at step 3 the card stays in view beside the report, alone, at ${width}x${height}`, async ({ page, rscope, problems }) => {
    await page.setViewportSize({ width, height });
    await page.addInitScript(() => localStorage.setItem('rscope-tour-step', '7'));
    await rscope.load();
    await expect(page.getByTestId('tour-start')).toHaveText('Resume the tour (step 8 of 8)');
    await rscope.takeSystemTour();
    // One step at a time, once the card has the focus: a key pressed
    // before (or while the card drew a step) was lost on a loaded machine.
    await expect(rscope.systemTourStep).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(rscope.systemTourStep).toHaveText('Step 2 of 9: The R it makes');
    await page.keyboard.press('ArrowRight');
    await expect(rscope.systemTourStep).toHaveText('Step 3 of 9: Ranks follow [bootstrap] hosts');
    await expect(page.locator('#config-report')).toBeInViewport();
    await expect(page.getByTestId('system-tour-next')).toBeInViewport({ ratio: 1 });
    await expect(rscope.systemTourStep).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('tour-start')).toHaveCount(0);
    expect(problems).toEqual([]);
  });
}
