// An El Capitan-sized document opened from a file (issue 17): an R+JGF
// of 11 136 nodes and 1.17 M vertices (337.5 MB) from
// scripts/gen-elcap.py, generated once into $RSCOPE_BENCH_DIR (default
// target/bench-scale, as scripts/bench-scale.sh does). Prints the time
// from choosing the file to the summary and to the first grid paint, and
// the long main-thread tasks meanwhile; asserts nothing about speed.
import { test, expect } from '../tests/fixtures.js';
import { report, recordLongTasks, longest, inWords } from './common.js';
import { existsSync, mkdirSync, openSync, closeSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

recordLongTasks(test);

const root = fileURLToPath(new URL('../..', import.meta.url));
const NODES = Number(process.env.RSCOPE_ELCAP_NODES || 11136);

/** The generated document's path, made if it is not there yet. */
function elcap() {
  const dir = process.env.RSCOPE_BENCH_DIR || join(root, 'target', 'bench-scale');
  const file = join(dir, `elcap${NODES}.json`);
  if (!existsSync(file) || statSync(file).size === 0) {
    mkdirSync(dir, { recursive: true });
    const out = openSync(file, 'w');
    const made = spawnSync('python3', [join(root, 'scripts', 'gen-elcap.py'), String(NODES)], { stdio: ['ignore', out, 'inherit'] });
    closeSync(out);
    if (made.status !== 0) throw new Error(`gen-elcap.py failed with status ${made.status}`);
  }
  return file;
}

test.setTimeout(300_000);

test('El Capitan-sized R+JGF opened from a file: summary, grid, long tasks', async ({ page, rscope }) => {
  const file = elcap();
  // The device's memory as a machine that opens it reports (the limit
  // follows it; headless browsers may report less).
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'deviceMemory', { get: () => 8, configurable: true });
  });
  await rscope.load();
  // The page's own start is not part of opening the file.
  await page.waitForFunction(() => performance.getEntriesByName('rscope:mounted').length > 0);
  const t0 = await page.evaluate(() => performance.now());
  await page.getByTestId('open-file').setInputFiles(file);
  const when = (fn) => page.waitForFunction(fn, null, { timeout: 280_000, polling: 100 }).then(() => page.evaluate(() => performance.now()));
  const summary = await when(() => document.querySelector('[data-testid=nodes]'));
  const grid = await when(() => document.querySelector('[data-testid=grid] canvas'));
  // The whole analysis: the graph read and its tree shown.
  const whole = await when(() => performance.getEntriesByName('rscope:unpacked').length > 0
    && !document.querySelector('[data-testid=progress]'));
  const nodes = await rscope.summary('nodes').textContent();
  report(`elcap${NODES}.json (${(statSync(file).size / 1e6).toFixed(1)} MB): file chosen to the summary (${nodes} nodes)`, (summary - t0).toFixed(0), 'ms');
  report(`elcap${NODES}.json: file chosen to the first grid paint`, (grid - t0).toFixed(0), 'ms');
  report(`elcap${NODES}.json: file chosen to the whole analysis shown (graph, tree, findings)`, (whole - t0).toFixed(0), 'ms');
  const l = await longest(page, t0);
  report(`elcap${NODES}.json: longest main-thread task from choosing the file`, inWords(l), '');
  report(`elcap${NODES}.json: longest gap between frames`, l.gap.toFixed(0), 'ms');
  // Where the time went: the page's own marks (rscope:*), from t0.
  const marks = await page.evaluate((t0) => performance.getEntriesByType('mark')
    .filter((m) => m.startTime >= t0 && m.name.startsWith('rscope:'))
    .map((m) => `${m.name.slice(7)} ${(m.startTime - t0).toFixed(0)}`).join(', '), t0);
  report(`elcap${NODES}.json: marks (ms from choosing the file)`, marks, '');
  // Wasm memory only grows: its size now is the most each thread's wasm
  // has held (index.html and static/worker.js leave it in rscopeMemory).
  const size = statSync(file).size;
  const inPage = await page.evaluate(() => window.rscopeMemory.buffer.byteLength);
  const inWorkers = await Promise.all(page.workers().map((w) => w.evaluate(() => self.rscopeMemory?.buffer.byteLength ?? 0)));
  const inWorker = Math.max(...inWorkers);
  const mb = (n) => `${(n / 1e6).toFixed(0)} MB (${(n / size).toFixed(2)}× the document)`;
  report(`elcap${NODES}.json: wasm memory of the page`, mb(inPage), '');
  report(`elcap${NODES}.json: wasm memory of the analysis worker`, mb(inWorker), '');
  expect(nodes).toBe(String(NODES));
});
