import { test, expect } from '../tests/fixtures.js';
import { elementHost, viewTag } from '../tests/rscope.js';
test('trace one element', async ({ page }) => {
  await page.addInitScript(() => {
    window.BENCH = { first: null };
    const drawn = (el) => el.shadowRoot?.querySelector('[data-testid=grid] canvas');
    const frame = () => {
      const v = document.querySelector('rscope-view');
      if (v && drawn(v)) window.BENCH.first = performance.now(); else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    new PerformanceObserver((l) => { for (const e of l.getEntries()) (window.LT ??= []).push([e.startTime|0, e.duration|0]); }).observe({ type: 'longtask', buffered: true });
  });
  for (let i = 0; i < 3; i++) {
  await elementHost(page, viewTag({ src: '/static/examples/rfc20.json', view: 'summary grid' }));
  await page.waitForFunction(() => window.BENCH.first !== null, null, { timeout: 60_000 });
  const r = await page.evaluate(() => ({
    first: window.BENCH.first,
    lt: window.LT,
    res: performance.getEntriesByType('resource').map((e) => [e.name.split('/').pop(), e.startTime | 0, e.responseEnd | 0]),
    nav: performance.getEntriesByType('navigation').map((e) => [e.domInteractive|0, e.domContentLoadedEventEnd|0, e.loadEventEnd|0]),
    marks: performance.getEntriesByType('mark').map((e) => [e.name, e.startTime | 0]),
    paint: performance.getEntriesByType('paint').map((e) => [e.name, e.startTime | 0]),
  }));
  console.log(JSON.stringify(r));
  }
});
