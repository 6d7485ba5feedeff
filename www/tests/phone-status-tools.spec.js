// On a phone 390 px wide, what #47 added for status payloads never
// scrolls the page sideways: the table of changes between two snapshots,
// the state filter with its nodes alone, and the constraint readings'
// note.
import { test, expect } from './fixtures.js';
import { FOUR_NODES_PROPERTIES, fixture } from './rscope.js';

test.use({ viewport: { width: 390, height: 844 } });

const pageWidth = (page) => page.evaluate(() => document.documentElement.scrollWidth);

test('the status changes table fits a phone', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.openTabs([
    ['offline.json', fixture('flux-resource/status/offline.json')],
    ['torpid.json', fixture('flux-resource/status/torpid.json')],
  ]);
  await rscope.selectTab('A');
  await rscope.compareWith('B', 'torpid.json');
  await expect(rscope.changeRows).toHaveCount(4);
  await rscope.statusChanges.scrollIntoViewIfNeeded();
  await expect(rscope.statusChanges).toBeInViewport();
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  // Words wrap whole: no cell is narrower than its longest word.
  const broken = await rscope.statusChanges.locator('th, td').evaluateAll((cells) => cells
    .filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent));
  expect(broken).toEqual([]);
  expect(problems).toEqual([]);
});

test("a state's nodes alone fit a phone", async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('Node states — 16 nodes drained, offline, torpid and excluded, as flux resource status reads them');
  await rscope.stateFilter.selectOption('drain');
  await rscope.stateFilterOnly.check();
  await expect(rscope.gridShape).toHaveText(/^4 nodes × /);
  await expect(rscope.stateFilterOnly).toBeInViewport();
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  expect(problems).toEqual([]);
});

test("the constraint readings' note fits a phone", async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.fill(FOUR_NODES_PROPERTIES);
  await expect(rscope.grid).toBeVisible();
  await rscope.typeConstraint('{"or": []}');
  await expect(rscope.constraintNote).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  expect(problems).toEqual([]);
});
