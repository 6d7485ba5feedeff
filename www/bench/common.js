// What every page benchmark shares: printing a figure, recording long
// tasks and frames from the page's start, and the longest task after an
// action once the page is idle.

/** Print one figure, as `bench: NAME: VALUE UNIT`. */
export const report = (name, value, unit) => console.log(`bench: ${name}: ${value} ${unit}`);

/** Before each test of `test`: performance marks on (window.RSCOPE_MARKS),
 * and every long task (over 50 ms) and animation frame recorded from the
 * page's start (a frozen page paints no frame). */
export function recordLongTasks(test) {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      window.RSCOPE_MARKS = true;
      window.BENCH_LONG_TASKS = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.BENCH_LONG_TASKS.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
      window.BENCH_FRAMES = [];
      const frame = (t) => { window.BENCH_FRAMES.push(t); requestAnimationFrame(frame); };
      requestAnimationFrame(frame);
    });
  });
}

/** The long tasks that ended after `t0` (the action's own task counts: it
 * read t0) and the longest gap between frames since, once no long task
 * has run for `quiet` ms. */
export const longest = (page, t0, quiet = 1000) => page.evaluate(async ([t0, quiet]) => {
  const after = (t) => t.start + t.duration > t0;
  await new Promise((resolve) => {
    const check = () => {
      const ends = window.BENCH_LONG_TASKS.filter(after).map((t) => t.start + t.duration);
      if (performance.now() - Math.max(t0, ...ends) >= quiet) resolve(); else setTimeout(check, 50);
    };
    check();
  });
  const long = window.BENCH_LONG_TASKS.filter(after);
  const frames = window.BENCH_FRAMES.filter((t) => t >= t0);
  let gap = 0;
  for (let i = 1; i < frames.length; i++) gap = Math.max(gap, frames[i] - frames[i - 1]);
  return {
    task: long.length ? Math.max(...long.map((t) => t.duration)) : 0,
    count: long.length,
    gap,
    at: long.map((t) => `${(t.start - t0).toFixed(0)}+${t.duration.toFixed(0)}`),
  };
}, [t0, quiet]);

/** The long tasks (over 50 ms, the Long Tasks API's `longtask` entries)
 * that ended after `t0`, watched until `until` (a `performance.now()`
 * time, e.g. 1.5 s after the summary showed), in `longest`'s form. */
export const watchUntil = (page, t0, until) => page.evaluate(async ([t0, until]) => {
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, until - performance.now())));
  const long = window.BENCH_LONG_TASKS.filter((t) => t.start + t.duration > t0 && t.start < until);
  return {
    task: long.length ? Math.max(...long.map((t) => t.duration)) : 0,
    count: long.length,
    gap: 0,
    at: long.map((t) => `${(t.start - t0).toFixed(0)}+${t.duration.toFixed(0)}`),
  };
}, [t0, until]);

/** `longest`'s answer in words: the longest task, and when each began. */
export const inWords = (l) => (l.count
  ? `${l.task.toFixed(0)} ms (${l.count} over 50 ms, start+duration: ${l.at.join(' ')})`
  : 'none over 50 ms');

/** Start tracing the page's main-thread tasks through the DevTools
 * protocol (the `toplevel` category alone: little overhead), which sees
 * tasks of any length where the Long Tasks API sees those over 50 ms.
 * Returns a function that stops and gives the tasks that began at or
 * after `t0` (a `performance.now()` time, read in the page after this
 * resolved), as `{ start, duration, marks }` in ms from `t0`, with the
 * page's `rscope:` marks left in each. */
export const traceTasks = async (page) => {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  await cdp.send('Tracing.start', { categories: 'toplevel,blink.user_timing', transferMode: 'ReportEvents' });
  return async (mark) => {
    const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
    await cdp.send('Tracing.end');
    await done;
    await cdp.detach();
    const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
    const onMain = events.filter((e) => mains.has(`${e.pid}:${e.tid}`));
    // The trace's clock is not the page's: the action leaves a mark.
    const zero = events.find((e) => e.name === mark)?.ts;
    const all = onMain.filter((e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'));
    // A task's own nested RunTask events are not tasks of their own.
    const outer = all.filter((e) => !all.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur && o.dur > e.dur));
    // The page's own marks (window.RSCOPE_MARKS) name what a task did.
    const marks = events.filter((e) => e.cat === 'blink.user_timing' && e.name.startsWith('rscope:'));
    return outer
      .filter((e) => zero === undefined || e.ts + e.dur >= zero)
      .map((e) => ({
        start: (e.ts - (zero ?? 0)) / 1000,
        duration: e.dur / 1000,
        marks: [...new Set(marks.filter((m) => m.ts >= e.ts && m.ts <= e.ts + e.dur).map((m) => m.name.slice(7)))],
      }));
  };
};
