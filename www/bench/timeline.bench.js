// A resource eventlog's timeline on a generated year of a 16 384-node
// system (scripts/gen-resource-eventlog.py --seed 1, at two sizes): from
// opening the file to the timeline's chart, the longest main-thread task
// meanwhile, then a step of the slider (Page Down, a day back) to the grid
// painted at that moment (once the figures under the chart are shown and
// the page is quiet), with the main thread's tasks during the step from a
// trace. Prints the figures; asserts nothing about speed.
import { test, expect } from '../tests/fixtures.js';
import { report, recordLongTasks, longest, traceTasks } from './common.js';
import { execFileSync } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const generator = fileURLToPath(new URL('../../scripts/gen-resource-eventlog.py', import.meta.url));

recordLongTasks(test);

for (const events of [100_000, 1_000_000]) {
  test(`timeline of ${events} events on 16 384 nodes`, async ({ page, rscope }) => {
    test.setTimeout(600_000);
    const path = join(mkdtempSync(join(tmpdir(), 'rscope-bench-')), 'resource.eventlog');
    writeFileSync(path, execFileSync('python3', [generator, '--seed', '1', '--events', String(events)], { maxBuffer: 1 << 30 }));
    await rscope.load();
    const t0 = await page.evaluate(() => performance.now());
    await page.getByTestId('open-file').setInputFiles(path);
    await expect(rscope.timeline.getByTestId('timeline-chart')).toBeVisible({ timeout: 500_000 });
    const shown = await page.evaluate(() => performance.now());
    report(`${events} events: file chosen to timeline shown`, (shown - t0).toFixed(0), 'ms');
    const l = await longest(page, t0);
    report(`${events} events: longest main-thread task while opening`, l.count ? l.task.toFixed(0) : 'none over 50', 'ms');
    // The figures follow the chart, a part a task; the user steps once
    // the page has settled.
    await expect(rscope.figuresTable('Drain reasons')).toBeVisible({ timeout: 120_000 });
    await longest(page, shown);
    // The first step leaves the last moment (the tab's own grid); the
    // second is one more, as each of a drag's steps is.
    await step(page, rscope, 'PageDown', `${events} events: slider step`);
    await step(page, rscope, 'ArrowLeft', `${events} events: next slider step`);
  });
}

/** Press `key` on the slider and report the time to the grid at the new
 * moment and the main thread's tasks meanwhile, from a trace. */
async function step(page, rscope, key, name) {
  const label = await rscope.timelineMoment.textContent();
  const stop = await traceTasks(page);
  const s0 = await page.evaluate(() => { performance.mark('bench:step'); return performance.now(); });
  await rscope.stepTimeline(key);
  await expect(rscope.timelineMoment).not.toHaveText(label);
  await expect(rscope.timelineMoment).not.toContainText('replaying', { timeout: 120_000 });
  const stepped = await page.evaluate(() => performance.now());
  const main = (await stop('bench:step')).filter((t) => t.start >= 0);
  report(`${name} to the grid at that moment`, (stepped - s0).toFixed(0), 'ms');
  report(`${name}: longest main-thread task`, Math.max(0, ...main.map((t) => t.duration)).toFixed(1), 'ms');
  // Which tasks: when each began after the key press, and the page's marks in it.
  const long = main.filter((t) => t.duration > 16).map((t) => `+${t.start.toFixed(0)}:${t.duration.toFixed(1)}[${t.marks.join(',')}]`);
  report(`${name}: main-thread tasks over 16 ms`, long.join(' ') || 'none', '');
}
