// <rscope-view view="timeline grid" at=…> (#49) on the element's small
// bundle: the timeline part (rscope_timeline.js, which only such an
// element loads) draws the eventlog's chart with the moment marked, says
// it in words, and colours the grid by each node's state then, as the
// iframe mode starts its slider there. A document that is no eventlog,
// and a moment that reads as no time, are said in the element. On the
// page's bundle the element draws the page's own timeline, with its
// slider, and loads no part.
import { test, expect } from './fixtures.js';
import { elementHost, rscopeView, viewDrawn, viewTag } from './rscope.js';
import { FOUR_NODES, ev, journal } from './journals.js';

/** Four nodes: node2 drained at 0:10, node4 offline from 1:00 to 2:00. */
const JOURNAL = FOUR_NODES;

test('an element with view=timeline draws the chart and its grid at the moment at= names', async ({ rscope, page, problems }) => {
  const parts = [];
  page.on('request', (r) => { if (r.url().includes('rscope_timeline')) parts.push(new URL(r.url()).pathname.split('/').pop()); });
  await rscope.serve('journal.json', JOURNAL);
  await elementHost(page, viewTag({ src: '/journal.json', view: 'timeline grid', at: '-1h' }));
  const view = rscopeView(page);
  await viewDrawn(view);
  const chart = view.getByTestId('still-timeline');
  // An hour before the last event: as node4 went offline.
  await expect(chart.locator('figcaption')).toHaveText(
    'Nodes by state, 2023-11-14 22:13:20 UTC to 2023-11-15 00:13:20 UTC; the grid at 2023-11-14 23:13:20 UTC, moment 3 of 4: avail: 2 nodes, avail* (offline): 1 node, drained: 1 node',
  );
  await expect(view.getByTestId('legend').locator('li')).toHaveText(['avail: 2 nodes', 'avail* (offline): 1 node', 'drained: 1 node']);
  // The chart is an image of the SVG the page exports (740 wide).
  await expect.poll(() => chart.locator('img').evaluate((img) => img.complete && img.naturalWidth)).toBe(740);
  await expect(view.getByTestId('embed-note')).toHaveCount(0);
  await expect(view.getByTestId('embed-error')).toHaveCount(0);
  expect(parts.sort()).toEqual(['rscope_timeline.js', 'rscope_timeline_bg.wasm']);
  expect(problems).toEqual([]);
});

test('a timeline of no eventlog, and a moment that is no time, are said in the element', async ({ page, problems }) => {
  await elementHost(page, [
    viewTag({ view: 'timeline grid' }, '{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0-3"}}]}}'),
    viewTag({ view: 'timeline', at: 'tuesday' }, JOURNAL),
  ].join('\n'));
  const r = rscopeView(page, 0);
  await viewDrawn(r);
  await expect(r.getByTestId('embed-error')).toHaveText(
    "view=timeline draws a resource eventlog's timeline, and this document is none: give src= a resource eventlog (flux resource eventlog -f json, or the KVS resource.eventlog)",
  );
  await expect(r.getByTestId('grid')).toBeVisible();
  const log = rscopeView(page, 1);
  await log.scrollIntoViewIfNeeded();
  await viewDrawn(log);
  await expect(log.getByTestId('embed-note')).toHaveText([
    "at= ignored: invalid time 'tuesday': give seconds since the epoch, an ISO 8601 time (2024-05-01T12:00:00Z) or an offset from the first or last event (+2h, -3d)",
  ]);
  // After the last event, as without at=.
  await expect(log.getByTestId('still-timeline').locator('figcaption')).toHaveText(/moment 4 of 4: avail: 3 nodes, drained: 1 node$/);
  expect(problems).toEqual([]);
});

test("on the page's bundle, an element with view=timeline draws the page's timeline, its slider at at=", async ({ rscope, page, problems }) => {
  const parts = [];
  page.on('request', (r) => { if (r.url().includes('rscope_timeline')) parts.push(r.url()); });
  await rscope.serve('journal.json', JOURNAL);
  await elementHost(page, viewTag({ src: '/journal.json', view: 'timeline grid', at: '-1h' }), '', { module: '/pkg/rscope-view.js' });
  const view = rscopeView(page);
  await viewDrawn(view);
  const slider = view.getByTestId('timeline-slider');
  await expect(slider).toHaveAttribute('aria-valuetext', '2023-11-14 23:13:20 UTC, moment 3 of 4');
  await expect(view.getByTestId('legend').locator('li')).toHaveText(['avail: 2 nodes', 'avail* (offline): 1 node', 'drained: 1 node']);
  await slider.press('End');
  await expect(slider).toHaveAttribute('aria-valuetext', '2023-11-15 00:13:20 UTC, moment 4 of 4');
  await expect(view.getByTestId('legend').locator('li')).toHaveText(['avail: 3 nodes', 'drained: 1 node']);
  await expect(view.getByTestId('still-timeline')).toHaveCount(0);
  expect(parts).toEqual([]);
  expect(problems).toEqual([]);
});

test('src= changed while the first document loads: the element keeps the newest, drawn once', async ({ rscope, page, problems }) => {
  await rscope.serve('a.json', JOURNAL);
  await rscope.serve('b.json', journal([ev(0, 'restart', { ranks: '0-1', online: '0-1', nodelist: 'b[1-2]' }), ev(60, 'offline', { idset: '1' })]));
  // The first document is held until the second is drawn: the first
  // start then ends last, and must not draw over the second.
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route('**/a.json', async (route) => { await held; await route.fallback(); });
  const asked = page.waitForRequest('**/a.json');
  await elementHost(page, viewTag({ src: '/a.json', view: 'timeline grid' }));
  await asked;
  await page.locator('rscope-view').evaluate((e) => e.setAttribute('src', '/b.json'));
  const view = rscopeView(page);
  const caption = view.getByTestId('still-timeline').locator('figcaption');
  await expect(caption).toHaveText(/moment 2 of 2: avail: 1 node, avail\* \(offline\): 1 node$/);
  const answered = page.waitForResponse('**/a.json');
  release();
  await answered;
  await page.evaluate(() => new Promise((r) => setTimeout(r, 500)));
  await expect(caption).toHaveText(/moment 2 of 2: avail: 1 node, avail\* \(offline\): 1 node$/);
  await expect(view.getByTestId('still-timeline')).toHaveCount(1);
  expect(problems).toEqual([]);
});
