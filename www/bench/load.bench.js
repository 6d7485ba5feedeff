// The first load over an ordinary link (#30's budgets): a fresh profile,
// the site served by the same server `make serve` runs, and a link of
// 40 ms round trip and 10/5 Mbit/s for every request the page and its
// workers make (bench/throttle.mjs, a proxy: DevTools throttling would
// leave the workers' requests out). The RFC 20 example is pasted as soon
// as the editor exists. Reported, from the navigation's start: the editor
// ready, the summary painted, and the bytes that crossed the link until
// then; then the same on a second visit in the same profile.
import { test, expect, example } from '../tests/fixtures.js';
import { report } from './common.js';
import { startThrottle } from './throttle.mjs';

const EDITOR = 'textarea[aria-label="R document (JSON)"]';
const HOSTS = 'node[186-189]';

/** Before the page's scripts: note when the editor first exists and when
 * the summary first names the example's hosts (ms from the navigation's
 * start), and ask the proxy what had crossed by then. */
const watch = (page) => page.addInitScript(([editor, hosts]) => {
  window.BENCH_LOAD = {};
  new MutationObserver(() => {
    const at = performance.now();
    if (!window.BENCH_LOAD.editor && document.querySelector(editor)) window.BENCH_LOAD.editor = at;
    const summary = document.querySelector('[data-testid=summary]');
    if (!window.BENCH_LOAD.summary && summary?.textContent.includes(hosts)) {
      window.BENCH_LOAD.summary = at;
      window.benchCrossed().then((bytes) => { window.BENCH_LOAD.bytes = bytes; });
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}, [EDITOR, HOSTS]);

/** Open the page through `proxy`, paste the example once the editor
 * exists, and give the moments `watch` noted. */
async function visit(page, rscope, proxy) {
  await page.goto(`${proxy.url}/`);
  await page.waitForSelector(EDITOR);
  await rscope.paste(example('rfc20.json'));
  await page.waitForFunction(() => window.BENCH_LOAD.bytes !== undefined, null, { timeout: 60_000 });
  await expect(rscope.summary('nodes')).toHaveText('4');
  return page.evaluate(() => window.BENCH_LOAD);
}

test('first load over a 40 ms, 10/5 Mbit/s link: editor, summary, bytes; second visit', async ({ page, rscope, baseURL }) => {
  // The server compresses each file once, when it starts: wait for the
  // wasm's, as a host that keeps compressed copies would have it.
  await fetch(`${baseURL}/pkg/rscope_bg.wasm`, { headers: { 'accept-encoding': 'br' } }).then((r) => r.arrayBuffer());
  const proxy = await startThrottle({ target: baseURL });
  try {
    await page.exposeFunction('benchCrossed', () => proxy.crossed());
    await watch(page);
    const first = await visit(page, rscope, proxy);
    report('first visit: editor ready', first.editor.toFixed(0), 'ms');
    report('first visit: summary of the pasted RFC 20 example', first.summary.toFixed(0), 'ms');
    report('first visit: bytes over the link before the summary', first.bytes, 'B');
    // The same profile (its HTTP cache) without the documents the first
    // visit kept, so the second one starts empty as the first did.
    await page.goto(`${proxy.url}/static/icon.svg`);
    await page.evaluate(() => new Promise((done) => {
      localStorage.clear();
      const r = indexedDB.deleteDatabase('rscope');
      r.onsuccess = r.onerror = r.onblocked = done;
    }));
    const before = proxy.crossed();
    const second = await visit(page, rscope, proxy);
    report('second visit: editor ready', second.editor.toFixed(0), 'ms');
    report('second visit: summary of the pasted RFC 20 example', second.summary.toFixed(0), 'ms');
    report('second visit: bytes over the link before the summary', second.bytes - before, 'B');
  } finally {
    await proxy.close();
  }
});

test('first use of the jobs part over the same link: fetched, compiled and answering', async ({ page, baseURL }) => {
  // #48 item 3: a part loaded on first use shows within 1 s on this link.
  await fetch(`${baseURL}/pkg/rscope_jobs_bg.wasm`, { headers: { 'accept-encoding': 'br' } }).then((r) => r.arrayBuffer());
  const proxy = await startThrottle({ target: baseURL });
  try {
    await page.goto(`${proxy.url}/`);
    await page.waitForSelector(EDITOR);
    await page.waitForFunction(() => window.rscopeParts !== undefined);
    const before = proxy.crossed();
    const took = await page.evaluate(async () => {
      const start = performance.now();
      const part = await window.rscopeParts.jobs();
      const printed = part.jobs('{"id": 1, "userid": 1, "t_submit": 1.0, "state": 16}\n', { now: 2 });
      if (printed.code !== 0) throw new Error(printed.stderr);
      return performance.now() - start;
    });
    report('first use of the jobs part: fetched, compiled, first answer', took.toFixed(0), 'ms');
    report('first use of the jobs part: bytes over the link', proxy.crossed() - before, 'B');
  } finally {
    await proxy.close();
  }
});
