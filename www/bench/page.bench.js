// Page performance on the 16 384-node fragmented R (3.5 MB) and the RFC 20
// example: paste to first complete grid paint, hover latency, memory, time
// to interactive. Prints the figures; asserts nothing about speed.
import { test, expect } from '../tests/fixtures.js';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const generator = fileURLToPath(new URL('../../scripts/gen-fragmented-r.py', import.meta.url));
const report = (name, value, unit) => console.log(`bench: ${name}: ${value} ${unit}`);

// The page leaves performance marks only when asked (window.RSCOPE_MARKS).
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => { window.RSCOPE_MARKS = true; });
});

/** Time from an action in the page to the grid's next paint. */
const untilPaint = (page, action) => page.evaluate(async (action) => {
  const before = performance.getEntriesByName('rscope:grid-painted').length;
  const t0 = performance.now();
  if (action.click) document.querySelector(action.click).click();
  if (action.scroll !== undefined) document.querySelector('[data-testid=grid]').scrollTop = action.scroll;
  if (action.check) document.querySelector(action.check).click();
  await new Promise((resolve) => {
    const poll = () => (performance.getEntriesByName('rscope:grid-painted').length > before ? resolve() : setTimeout(poll, 1));
    poll();
  });
  return performance.now() - t0;
}, action);

test('16 384-node fragmented R: paste to grid, hover, memory', async ({ page, rscope }) => {
  const text = execFileSync('python3', [generator, '16384'], { maxBuffer: 64 << 20 }).toString();
  report('document size', (text.length / 1e6).toFixed(2), 'MB');
  await page.goto('/');
  await page.waitForFunction(() => window.rscope !== undefined);
  const paint = await page.evaluate(async (doc) => {
    const area = document.getElementById('r-input');
    performance.clearMarks();
    const t0 = performance.now();
    // A real paste: the page takes large pastes without the textarea.
    const data = new DataTransfer();
    data.setData('text/plain', doc);
    area.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    // Wait for the first grid paint that follows the analysis.
    await new Promise((resolve) => {
      const poll = () => {
        const end = performance.getEntriesByName('rscope:analyze-end')[0];
        const painted = performance.getEntriesByName('rscope:grid-painted').find((m) => end && m.startTime >= end.startTime);
        if (painted) resolve(); else setTimeout(poll, 5);
      };
      poll();
    });
    const marks = performance.getEntriesByType('mark').filter((m) => m.name.startsWith('rscope:')).map((m) => `${m.name}@${(m.startTime - t0).toFixed(0)}`);
    const mark = (n) => performance.getEntriesByName(n).at(-1).startTime;
    return {
      total: mark('rscope:grid-painted') - t0,
      analyze: mark('rscope:analyze-end') - mark('rscope:analyze-start'),
      debounce: mark('rscope:analyze-start') - t0,
      marks,
    };
  }, text);
  report('marks after the paste', paint.marks.join(' '), '');
  report('paste to first complete grid paint', paint.total.toFixed(0), 'ms');
  report('  of which core analysis (parse, validate, summary, grid, tree)', paint.analyze.toFixed(0), 'ms');
  report('  of which waiting for typing to pause', paint.debounce.toFixed(0), 'ms');
  await expect(page.getByTestId('nodes')).toHaveText('16384');

  // Cells come from the grid's own geometry (the page object); the pointer
  // event is dispatched by hand to time it, once the reveal has repainted.
  const hovers = [];
  for (let i = 0; i < 20; i++) {
    const { x, y } = await rscope.cellPoint((i * 7) % 25, (i * 37) % 60);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
    hovers.push(await page.evaluate(async ([x, y]) => {
      const el = document.elementFromPoint(x, y);
      const t0 = performance.now();
      el.dispatchEvent(new MouseEvent('mousemove', { clientX: x, clientY: y, bubbles: true }));
      await new Promise((r) => requestAnimationFrame(() => r()));
      return performance.now() - t0;
    }, [x, y]));
  }
  hovers.sort((a, b) => a - b);
  report('hover to next frame, median of 20', hovers[10].toFixed(1), 'ms');
  report('hover to next frame, worst of 20', hovers[19].toFixed(1), 'ms');

  // Scroll 1500 rows at a time, then 150 strips at a time.
  const { cell } = await rscope.geometry();
  const scrolls = [];
  for (let i = 1; i <= 10; i++) {
    scrolls.push(await page.evaluate(async (top) => {
      const el = document.querySelector('[data-testid=grid]');
      const t0 = performance.now();
      el.scrollTop = top;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
      return performance.now() - t0;
    }, i * 1500 * cell));
  }
  scrolls.sort((a, b) => a - b);
  report('scroll to repaint, median of 10', scrolls[5].toFixed(1), 'ms');

  // Folding (nothing folds in a fragmented R: every row is compared).
  report('fold identical nodes, to repaint', (await untilPaint(page, { check: '[data-testid=fold]' })).toFixed(0), 'ms');
  await untilPaint(page, { check: '[data-testid=fold]' });
  // Zoom out step by step to the density strips, then scroll them.
  const zooms = [];
  for (let i = 0; i < 7; i++) zooms.push(await untilPaint(page, { click: 'button[aria-label="Zoom out"]' }));
  report('zoom out, each step to repaint (13 px … strips of 64)', zooms.map((z) => z.toFixed(0)).join(' / '), 'ms');
  await untilPaint(page, { click: 'button[aria-label="Zoom in"]' });
  const strip = (await rscope.geometry()).cell;
  const stripScrolls = [];
  for (let i = 1; i <= 6; i++) stripScrolls.push(await untilPaint(page, { scroll: i * 150 * strip }));
  stripScrolls.sort((a, b) => a - b);
  report('strips of 8: scroll to repaint, median of 6', stripScrolls[3].toFixed(1), 'ms');

  const mem = await page.evaluate(() => ({
    wasm: window.rscope.wasmMemoryBytes(),
    js: performance.memory ? performance.memory.usedJSHeapSize : 0,
  }));
  report('wasm linear memory', (mem.wasm / 1048576).toFixed(0), 'MiB');
  report('JS heap used', (mem.js / 1048576).toFixed(0), 'MiB');
});

test('RFC 20 example: time to interactive from page load', async ({ page }) => {
  await page.goto('/?url=static/examples/rfc20.json');
  await expect(page.getByTestId('nodes')).toHaveText('4');
  const t = await page.evaluate(() => ({
    mounted: performance.getEntriesByName('rscope:mounted')[0].startTime,
    shown: performance.now(),
  }));
  report('page load to app mounted', t.mounted.toFixed(0), 'ms');
  report('page load to RFC 20 example summarized', t.shown.toFixed(0), 'ms');
});
