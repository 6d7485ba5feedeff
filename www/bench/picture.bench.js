// The resource picture (issue 18): paste to the first paint of the
// drawing for power.json (4 042 vertices, from ../shared when it is there)
// and for 2 048-node sets whose generated graphs have about 223 000
// vertices (identical nodes, which fold into one box, and nodes that all
// differ, which the box budget draws in part and closed), then the time of
// a zoom step in and out. Prints the figures; asserts nothing about speed.
import { test, expect } from '../tests/fixtures.js';
import { report, recordLongTasks } from './common.js';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const POWER = fileURLToPath(new URL('../../../shared/samples/flux-sched/jgf/power.json', import.meta.url));

recordLongTasks(test);

/** A 2 048-node R without a graph: node i has `cores(i)` cores and a GPU. */
const wideR = (cores) => JSON.stringify({
  version: 1,
  execution: {
    R_lite: Array.from({ length: 2048 }, (_, i) => ({ rank: `${i}`, children: { core: `0-${cores(i) - 1}`, gpu: '0' } })),
    nodelist: ['n[0-2047]'],
  },
});

/** Paste `text` (a real paste event over 1 MiB, else an input) and time it
 * to the first paint of the picture after the analysis is shown. */
const pasteToPicture = async (page, text) => {
  await page.evaluate((text) => {
    window.BENCH_DOC = text;
    window.BENCH_CLIPBOARD = new DataTransfer();
    window.BENCH_CLIPBOARD.setData('text/plain', text);
  }, text);
  return page.evaluate(async () => {
    const doc = window.BENCH_DOC;
    const area = document.getElementById('r-input');
    performance.clearMarks();
    const t0 = performance.now();
    if (doc.length > (1 << 20)) {
      area.dispatchEvent(new ClipboardEvent('paste', { clipboardData: window.BENCH_CLIPBOARD, bubbles: true, cancelable: true }));
    } else {
      area.value = doc;
      area.dispatchEvent(new InputEvent('input', { bubbles: true }));
    }
    const after = (name, t) => performance.getEntriesByName(name).find((m) => m.startTime >= t);
    // Told of each mark as it is made: a poll on a timer would be work of
    // its own on the thread it measures.
    await new Promise((resolve) => {
      const look = () => {
        const done = after('rscope:unpacked', t0);
        if (done && after('rscope:picture-painted', done.startTime)) {
          observer.disconnect();
          resolve();
        }
      };
      const observer = new PerformanceObserver(look);
      observer.observe({ type: 'mark' });
      look();
    });
    const done = after('rscope:unpacked', t0).startTime;
    const painted = after('rscope:picture-painted', done).startTime;
    return { total: painted - t0, drawing: painted - done };
  });
};

/** Press `key` on the picture and time it to the picture's next paint. */
const keyToPaint = (page, key) => page.evaluate(async (key) => {
  const el = document.querySelector('[data-testid=picture]');
  const before = performance.getEntriesByName('rscope:picture-painted').length;
  const t0 = performance.now();
  el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  // A key that changes nothing paints nothing: give up after 2 s (null).
  const painted = await new Promise((resolve) => {
    const poll = () => {
      if (performance.getEntriesByName('rscope:picture-painted').length > before) resolve(true);
      else if (performance.now() - t0 > 2000) resolve(false);
      else setTimeout(poll, 1);
    };
    poll();
  });
  return painted ? performance.now() - t0 : null;
}, key);

const load = () => (Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]));

/** Paste, then zoom into the first child box and out again, five times. */
async function measure(page, rscope, name, text, expectBoxes) {
  await rscope.load();
  const loadBefore = load();
  const first = await pasteToPicture(page, text);
  await expect(rscope.picture).toHaveAttribute('data-boxes', expectBoxes);
  report(`${name}: paste to first paint of the picture`, first.total.toFixed(0), 'ms');
  report(`${name}: analysis shown to first paint of the picture (layout and paint)`, first.drawing.toFixed(0), 'ms');
  await rscope.picture.focus();
  const zooms = [];
  // From the top box: down to its first child, zoom in, zoom out (which
  // focuses the top box again).
  for (let i = 0; i < 5; i++) {
    await keyToPaint(page, 'ArrowDown');
    zooms.push(await keyToPaint(page, 'Enter'));
    zooms.push(await keyToPaint(page, 'Backspace'));
  }
  expect(zooms.every((z) => z !== null), 'every zoom step repaints').toBe(true);
  zooms.sort((a, b) => a - b);
  report(`${name}: zoom step (in or out) to paint, median and worst of ${zooms.length}`,
    `${zooms[zooms.length >> 1].toFixed(1)} ${zooms.at(-1).toFixed(1)}`, 'ms');
  report(`${name}: 1-minute load average before and after`, `${loadBefore} ${load()}`, '');
}

test('power.json: paste to picture, zoom steps', async ({ page, rscope }) => {
  test.skip(!existsSync(POWER), `${POWER} is not there`);
  await measure(page, rscope, 'power.json (4 042 vertices)', readFileSync(POWER, 'utf8'), /^\d+$/);
});

test('2 048 identical nodes (223 233 vertices): paste to picture, zoom steps', async ({ page, rscope }) => {
  // Each node: itself, 108 cores, a GPU: 1 + 2 048 × 110 vertices would be
  // over; 107 cores make 1 + 2 048 × 109 = 223 233.
  await measure(page, rscope, '2 048 identical nodes', wideR(() => 107), '4');
});

test('2 048 nodes that all differ (223 223 vertices): paste to picture, zoom steps', async ({ page, rscope }) => {
  // 103 to 111 cores, 107 on average (1 + 2 048 × 2 + 219 126 = 223 223
  // vertices): no two neighbours alike, so no fold;
  // the first level is over the box budget and drawn in part.
  await measure(page, rscope, '2 048 differing nodes', wideR((i) => 103 + (i % 9)), '1500');
});
