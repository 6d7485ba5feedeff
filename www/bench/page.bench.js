// Page performance on the 16 384-node fragmented R (3.5 MB) and the RFC 20
// example: paste to first complete grid paint, hover latency, memory, time
// to interactive. Prints the figures; asserts nothing about speed.
import { test, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const generator = fileURLToPath(new URL('../../scripts/gen-fragmented-r.py', import.meta.url));
const report = (name, value, unit) => console.log(`bench: ${name}: ${value} ${unit}`);

test('16 384-node fragmented R: paste to grid, hover, memory', async ({ page }) => {
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

  const grid = page.getByTestId('grid');
  await grid.scrollIntoViewIfNeeded();
  const box = await grid.boundingBox();
  const hovers = [];
  for (let i = 0; i < 20; i++) {
    const x = box.x + 150 + ((i * 37) % 60) * 13 + 6;
    const y = box.y + ((i * 7) % 25) * 13 + 6;
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

  const scrolls = [];
  for (let i = 1; i <= 10; i++) {
    scrolls.push(await page.evaluate(async (top) => {
      const el = document.querySelector('[data-testid=grid]');
      const t0 = performance.now();
      el.scrollTop = top;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
      return performance.now() - t0;
    }, i * 20000));
  }
  scrolls.sort((a, b) => a - b);
  report('scroll to repaint, median of 10', scrolls[5].toFixed(1), 'ms');

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
