// The <rscope-view> element (issue 15's budgets): load to first paint for
// a page with one element of the RFC 20 example and a page with ten, and
// the bytes the page fetches (wasm, JS, CSS), raw and gzipped as a static
// host would send them. Prints the figures; asserts nothing about speed
// (the size budget is a test: www/tests/element-size.spec.js).
import { test, expect } from '../tests/fixtures.js';
import { report } from './common.js';
import { gzipSync } from 'node:zlib';
import { elementHost, viewTag } from '../tests/rscope.js';

// The browser and the server have just started: their first requests are
// slow for reasons of their own (about 160 ms each here), which a visitor
// of a documentation page, with a browser already running, never sees.
// One unrelated page in a context of its own warms them; each measured
// page then runs in a new context, its HTTP and compiled-code caches empty.
test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/static/examples/busy-cluster.json');
  await context.close();
});

// From the navigation's start, the time at which the first element and
// then every element has drawn its grid (checked at each frame).
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.BENCH_DRAWN = { first: null, all: null };
    const drawn = (el) => el.shadowRoot?.querySelector('[data-testid=grid] canvas');
    const frame = () => {
      const views = [...document.querySelectorAll('rscope-view')];
      const done = views.filter(drawn).length;
      if (done > 0 && window.BENCH_DRAWN.first === null) window.BENCH_DRAWN.first = performance.now();
      if (views.length > 0 && done === views.length) window.BENCH_DRAWN.all = performance.now();
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
});

/** Every response of the page while `action` runs, by path: raw and
 * gzipped bytes. The bodies are read once `action` is done: reading them
 * through the DevTools protocol while the page loads slowed what it
 * measures (by 60 to 80 ms here). */
async function fetched(page, action) {
  const responses = [];
  const on = (response) => responses.push(response);
  page.on('response', on);
  await action();
  page.off('response', on);
  const sizes = [];
  await Promise.all(responses.map((response) => response.body().then((body) => {
    sizes.push({ path: new URL(response.url()).pathname, raw: body.length, gz: gzipSync(body, { level: 9 }).length });
  }, () => {})));
  return sizes;
}

async function measure(page, what, count) {
  const body = Array.from({ length: count }, () =>
    viewTag({ src: '/static/examples/rfc20.json', view: 'summary grid', height: count > 1 ? '160' : '' })).join('\n');
  const sizes = await fetched(page, async () => {
    await elementHost(page, body.replaceAll(' height=""', ''), '', { once: true });
    await page.waitForFunction(() => window.BENCH_DRAWN.all !== null, null, { timeout: 60_000 });
  });
  const drawn = await page.evaluate(() => window.BENCH_DRAWN);
  // Where the time went: when each file was asked for and had arrived.
  const timeline = await page.evaluate(() => performance.getEntriesByType('resource')
    .map((e) => `${e.name.split('/').pop()} ${e.startTime.toFixed(0)}–${e.responseEnd.toFixed(0)}`).join(', '));
  report(`${what}: files asked for and arrived (ms)`, timeline, '');
  report(`${what}: load to first element's grid painted`, drawn.first.toFixed(0), 'ms');
  report(`${what}: load to every element's grid painted`, drawn.all.toFixed(0), 'ms');
  const code = sizes.filter((s) => /\.(wasm|js|css)$/.test(s.path));
  for (const s of code) report(`${what}: fetched ${s.path}`, `${s.raw} raw, ${s.gz} gzipped`, 'bytes');
  const total = (k) => code.reduce((n, s) => n + s[k], 0);
  report(`${what}: wasm + JS + CSS fetched`, `${total('raw')} raw, ${total('gz')} gzipped`, 'bytes');
  expect(code.filter((s) => s.path.endsWith('.wasm'))).toHaveLength(1);
}

test('one element of the RFC 20 example', async ({ page, problems }) => {
  await measure(page, 'one element', 1);
  expect(problems).toEqual([]);
});

test('ten elements on one page', async ({ page, problems }) => {
  // Tall enough that all ten are in view and start at once.
  await page.setViewportSize({ width: 1280, height: 2400 });
  await measure(page, 'ten elements', 10);
  expect(problems).toEqual([]);
});
