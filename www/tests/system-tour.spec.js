// The tour from configuration to running jobs, by keyboard: each step
// sets the page up (a tab of the tour's own, the R the instance uses with
// the configuration in its box; a constraint over the grid) and lists
// what the page shows there; the person's own tabs are never touched.
import { test, expect } from './fixtures.js';

test('taking the tour puts its configuration in the box and focuses its first step', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.takeSystemTour();
  await expect(rscope.systemTourStep).toHaveText("Step 1 of 7: A system's configuration");
  await expect(rscope.systemTourStep).toBeFocused();
  await expect(rscope.configRWords).toHaveText('[resource] config makes an R of 4 nodes: tiny[1-4], 16 cores, as flux R parse-config prints it.');
  expect(problems).toEqual([]);
});

test('stepping to the constraint opens the R the instance uses and outlines what it selects', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.takeSystemTour();
  await expect(rscope.systemTourStep).toBeFocused();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await expect(rscope.systemTourStep).toHaveText('Step 6 of 7: A constraint');
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

test("leaving the tour keeps its tab as it was, the person's tab untouched", async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.typeConfig('[queues.debug]\n');
  await rscope.takeSystemTour();
  await expect(rscope.configRWords).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(rscope.systemTourStart).toBeVisible();
  await expect(rscope.configText).toHaveValue(/^# Four nodes/);
  await rscope.selectTab('A');
  await expect(rscope.configText).toHaveValue('[queues.debug]\n');
  expect(problems).toEqual([]);
});
