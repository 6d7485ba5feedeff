// The iframe mode with view=timeline: a resource eventlog's timeline
// above its grid, on the page's bundle (the element's has no timeline),
// starting at the moment at= names (an offset from the last event here).
import { test, expect } from './fixtures.js';
import { FOUR_NODES } from './journals.js';

/** Four nodes: node2 drained at 0:10, node4 offline from 1:00 to 2:00. */
const JOURNAL = FOUR_NODES;

test('view=timeline draws the eventlog\'s timeline and its grid at the moment at= names', async ({ page, rscope, problems }) => {
  // The page's own view, kept for its next visit, which the iframe (on
  // the same origin) must leave as it is.
  const kept = '{"zoom":2}';
  await page.addInitScript((v) => localStorage.setItem('rscope-view', v), kept);
  await rscope.serve('journal.json', JOURNAL);
  await rscope.embed({ url: 'journal.json', view: 'timeline,grid', at: '-1h' });
  // An hour before the last event: as node4 went offline.
  await expect(rscope.timelineSlider).toHaveAttribute('aria-valuetext', '2023-11-14 23:13:20 UTC, moment 3 of 4');
  await expect(rscope.legendItems).toHaveText(['avail: 2 nodes', 'avail* (offline): 1 node', 'drained: 1 node']);
  await expect(page.getByTestId('embed-note')).toHaveCount(0);
  // The slider steps by keyboard, as on the page.
  await rscope.stepTimeline('End');
  await expect(rscope.timelineSlider).toHaveAttribute('aria-valuetext', '2023-11-15 00:13:20 UTC, moment 4 of 4');
  await expect(rscope.legendItems).toHaveText(['avail: 3 nodes', 'drained: 1 node']);
  expect(await page.evaluate(() => localStorage.getItem('rscope-view'))).toBe(kept);
  expect(problems).toEqual([]);
});
