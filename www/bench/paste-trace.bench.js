// Where a paste's main-thread time goes: the pastes of page.bench.js's
// issue-12 sizes, traced through the DevTools protocol (task trace events
// and a sampling CPU profile), printing every main-thread task over
// RSCOPE_TRACE_MS (default 20) ms with what ran in it. A tool for finding
// a long task's cause; prints, asserts nothing about speed. Off in `npm run
// bench` (its output is long): run it with RSCOPE_TRACE=1 (or
// RSCOPE_TRACE_SIZES=bytes,bytes), e.g.
//   RSCOPE_TRACE_SIZES=67108864 npx playwright test --config playwright.bench.config.js bench/paste-trace.bench.js
// RSCOPE_TRACE_PROFILE=0 leaves out the sampling profiler (less overhead),
// RSCOPE_TRACE_SAMPLE_US sets its interval (200). Wasm frames have names
// only in a bundle built with them (wasm-bindgen, then wasm-opt -g).
import { test, expect } from '../tests/fixtures.js';
import { report } from './common.js';

const over = Number(process.env.RSCOPE_TRACE_MS || 20);
const SIZES = (process.env.RSCOPE_TRACE_SIZES || `${1 << 20},${4 << 20},${64 << 20}`).split(',').map(Number);

const CATEGORIES = [
  'toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline',
  'v8', 'v8.execute', 'blink.user_timing', 'IndexedDB', 'blink',
].join(',');

/** Trace `action` in `page`: the trace events and a CPU profile. */
const traced = async (page, action) => {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: Number(process.env.RSCOPE_TRACE_SAMPLE_US || 200) });
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  // RSCOPE_TRACE_PROFILE=0: trace events only, without the sampling
  // profiler's overhead.
  const sampling = process.env.RSCOPE_TRACE_PROFILE !== '0';
  if (sampling) await cdp.send('Profiler.start');
  const t0 = await action();
  const { profile } = sampling ? await cdp.send('Profiler.stop') : { profile: { nodes: [], samples: [], timeDeltas: [], startTime: 0 } };
  await cdp.send('Tracing.end');
  await done;
  return { events, profile, t0 };
};

/** Per function (name, script line), the profile's samples within
 * [from, to) microseconds: self and inclusive time. */
const functionsIn = (profile, from, to) => {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children || []) parent.set(c, n.id);
  const name = (n) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
  const self = new Map();
  const total = new Map();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (t < from || t >= to) continue;
    let id = profile.samples[i];
    const n = byId.get(id);
    self.set(name(n), (self.get(name(n)) || 0) + dt);
    const seen = new Set();
    while (id !== undefined) {
      const k = name(byId.get(id));
      if (!seen.has(k)) total.set(k, (total.get(k) || 0) + dt);
      seen.add(k);
      id = parent.get(id);
    }
  }
  // The heaviest call paths, leaf last, without the glue between.
  const paths = new Map();
  t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (t < from || t >= to) continue;
    const path = [];
    for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const f = byId.get(id).callFrame.functionName.replace(/::h[0-9a-f]{16}/, '');
      if (/^(rscope|yew|web_sys|js_sys)::/.test(f) || (!f.includes('::') && f && !/^(real|\(root\))$/.test(f))) path.unshift(f.replace(/<|>/g, '').slice(0, 70));
    }
    const k = path.slice(-5).join(' > ');
    paths.set(k, (paths.get(k) || 0) + dt);
  }
  const top = (m) => [...m].sort((a, b) => b[1] - a[1]).slice(0, 14).map(([k, v]) => `      ${v.toFixed(1)} ms  ${k}`).join('\n');
  return `    self:\n${top(self)}\n    inclusive:\n${top(total)}\n    paths:\n${top(paths)}`;
};

/** The page's main thread tasks over `over` ms, with their parts. */
const longTasks = ({ events, profile }) => {
  const names = events.filter((e) => e.ph === 'M' && e.name === 'thread_name');
  const mains = names.filter((e) => e.args.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`);
  const onMain = events.filter((e) => mains.includes(`${e.pid}:${e.tid}`));
  const mark = onMain.find((e) => e.name === 'bench:t0') || events.find((e) => e.name === 'bench:t0');
  const zero = mark ? mark.ts : 0;
  const all = onMain.filter((e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'));
  // Outermost tasks only (a RunTask holds a ThreadControllerImpl one).
  const tasks = all.filter((e) => e.dur > over * 1000 && !all.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur && o.dur > e.dur));
  const out = [];
  for (const task of tasks) {
    const end = task.ts + task.dur;
    const inside = onMain.filter((e) => e !== task && e.ph === 'X' && e.ts >= task.ts && e.ts < end && e.dur > 2000);
    const parts = inside.map((e) => {
      const d = e.args?.data || {};
      const what = d.functionName || d.type || d.url || d.timerId || '';
      return `      ${(e.ts - task.ts) / 1000 | 0}+${(e.dur / 1000).toFixed(1)} ${e.name} ${String(what).slice(0, 80)}`;
    });
    out.push(`  task at ${((task.ts - zero) / 1000).toFixed(0)} ms: ${(task.dur / 1000).toFixed(1)} ms\n${parts.join('\n')}\n${functionsIn(profile, task.ts, end)}`);
  }
  return out.join('\n');
};

for (const size of SIZES) {
  test(`${size}-byte paste traced`, async ({ page }) => {
    test.skip(!process.env.RSCOPE_TRACE && !process.env.RSCOPE_TRACE_SIZES, 'a profiling tool: set RSCOPE_TRACE=1');
    test.setTimeout(180_000);
    await page.addInitScript(() => { window.RSCOPE_MARKS = true; });
    await page.goto('/');
    await page.waitForFunction(() => window.rscope !== undefined);
    await page.waitForSelector('#r-input');
    await page.evaluate((size) => {
      const r = '{"version":1,"execution":{"R_lite":[{"rank":"0-3","children":{"core":"0-5"}}]}}';
      window.BENCH_DOC = `${r}${'\n'.repeat(size - r.length)}`;
    }, size);
    await page.evaluate(() => {
      window.BENCH_CLIPBOARD = new DataTransfer();
      window.BENCH_CLIPBOARD.setData('text/plain', window.BENCH_DOC);
    });
    const trace = await traced(page, async () => {
      await page.evaluate(() => {
        performance.mark('bench:t0');
        const area = document.getElementById('r-input');
        area.dispatchEvent(new ClipboardEvent('paste', { clipboardData: window.BENCH_CLIPBOARD, bubbles: true, cancelable: true }));
      });
      // Polled in the page without Playwright's own scripts, which would
      // show up in the trace.
      await page.waitForFunction(() => document.querySelector('[data-testid=nodes]')?.textContent === '4', null, { timeout: 60_000, polling: 100 });
      // Until the saves and the line index are done.
      await page.waitForTimeout(3000);
    });
    report(`${size} bytes: main-thread tasks over ${over} ms`, `\n${longTasks(trace)}`, '');
  });
}

// A file opened through the page's file input, traced the same way: set
// RSCOPE_TRACE_FILE to its path (e.g. target/bench-scale/elcap11136.json,
// which bench/elcap.bench.js makes).
test('file open traced', async ({ page }) => {
  const file = process.env.RSCOPE_TRACE_FILE;
  test.skip(!file, 'a profiling tool: set RSCOPE_TRACE_FILE=path');
  test.setTimeout(300_000);
  await page.addInitScript(() => {
    window.RSCOPE_MARKS = true;
    Object.defineProperty(Navigator.prototype, 'deviceMemory', { get: () => 8, configurable: true });
  });
  await page.goto('/');
  await page.waitForFunction(() => window.rscope !== undefined);
  await page.waitForSelector('#r-input');
  const trace = await traced(page, async () => {
    await page.evaluate(() => performance.mark('bench:t0'));
    await page.getByTestId('open-file').setInputFiles(file);
    await page.waitForFunction(() => performance.getEntriesByName('rscope:unpacked').length > 0
      && !document.querySelector('[data-testid=progress]'), null, { timeout: 280_000, polling: 200 });
    await page.waitForTimeout(2000);
  });
  report(`${file}: main-thread tasks over ${over} ms`, `\n${longTasks(trace)}`, '');
  const marks = await page.evaluate(() => {
    const t0 = performance.getEntriesByName('bench:t0')[0].startTime;
    return performance.getEntriesByType('mark').filter((m) => m.name.startsWith('rscope:'))
      .map((m) => `${m.name.slice(7)} ${(m.startTime - t0).toFixed(0)}`).join(', ');
  });
  report(`${file}: marks (ms from choosing the file)`, marks, '');
});
