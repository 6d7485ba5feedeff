// Shape panel performance (issue 14's budgets): live expansion of a
// 10 000-vertex shape, a fit of node=1000/slot=4/[core=8;gpu=1] into the
// 16 384-node fragmented R, and a queue of 100 small shapes allocated into
// it. Prints the figures; asserts nothing about speed.
import { test, expect } from '../tests/fixtures.js';
import { report, recordLongTasks, longest, inWords } from './common.js';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const generator = fileURLToPath(new URL('../../scripts/gen-fragmented-r.py', import.meta.url));

recordLongTasks(test);

/** Paste a large document as a real paste does and wait for the grid. */
const pasteLarge = async (page, doc) => {
  await page.evaluate((doc) => {
    const data = new DataTransfer();
    data.setData('text/plain', doc);
    document.getElementById('r-input').dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, doc);
  await expect(page.getByTestId('nodes')).toHaveText('16384', { timeout: 60_000 });
};

test('live expansion of a 10 000-vertex shape', async ({ page, rscope }) => {
  await rscope.load();
  // A person reaches the shape box before typing into it, which starts the
  // shape worker; they type a second later.
  await page.getByTestId('shape-input').focus();
  await page.waitForTimeout(1000);
  const shape = `slot/[${Array(9999).fill('core').join(';')}]`;
  const r = await page.evaluate(async (shape) => {
    const input = document.querySelector('[data-testid=shape-input]');
    const t0 = performance.now();
    input.value = shape;
    input.dispatchEvent(new InputEvent('input', { bubbles: true }));
    await new Promise((resolve) => {
      const poll = () => {
        // The start of the expansion is drawn, with the count of the rest.
        if (document.querySelector('[data-testid=shape-more]')) resolve(); else requestAnimationFrame(poll);
      };
      poll();
    });
    return { t0, shown: performance.now() - t0 };
  }, shape);
  report('10 000-vertex shape: typed to expansion shown (next frame)', r.shown.toFixed(0), 'ms');
  report('10 000-vertex shape: longest main-thread task', inWords(await longest(page, r.t0, 500)), '');
  // Drawing all 300 kB, when asked for, is one long task.
  const all = await page.evaluate(async () => {
    const t0 = performance.now();
    document.querySelector('[data-testid=shape-show-all]').click();
    await new Promise((resolve) => {
      const poll = () => (document.querySelector('[data-testid=shape-more]') ? requestAnimationFrame(poll) : resolve());
      poll();
    });
    await new Promise((r) => requestAnimationFrame(() => r()));
    return { t0, ms: performance.now() - t0 };
  });
  report('10 000-vertex shape: Show all, click to the whole text painted', all.ms.toFixed(0), 'ms');
  report('10 000-vertex shape: Show all, longest main-thread task', inWords(await longest(page, all.t0, 500)), '');
});

test('fit into the 16 384-node fragmented R, and a queue of 100 shapes', async ({ page, rscope }) => {
  const text = execFileSync('python3', [generator, '16384'], { maxBuffer: 64 << 20 }).toString();
  await rscope.load();
  await pasteLarge(page, text);
  await rscope.typeShape('node=1000/slot=4/[core=8;gpu=1]');
  // Typing started the shape worker reading the R; a person reads the
  // expansion for a second before asking for the fit.
  await page.waitForTimeout(1000);
  const fit = await page.evaluate(async () => {
    const t0 = performance.now();
    document.querySelector('[data-testid=shape-fit-button]').click();
    await new Promise((resolve) => {
      // The answer, and the overlay of the cells it would take on the grid
      // (its legend entry comes with the paint).
      const shown = () => document.querySelector('[data-testid=fit-answer]')
        && document.querySelector('[data-testid=legend]')?.textContent.includes('the fit would take');
      const poll = () => (shown() ? resolve() : requestAnimationFrame(poll));
      poll();
    });
    // The paint after the answer and its overlay is drawn.
    await new Promise((r) => requestAnimationFrame(() => r()));
    return { t0, ms: performance.now() - t0 };
  });
  await expect(rscope.fitAnswer).toHaveAttribute('data-status', 'now');
  report('fit node=1000/slot=4/[core=8;gpu=1]: click to answer and overlay painted', fit.ms.toFixed(0), 'ms');
  report('  answer', await rscope.fitReason.textContent(), '');
  report('fit: longest main-thread task', inWords(await longest(page, fit.t0, 500)), '');

  // 100 small shapes, added then allocated one after another.
  const shapes = ['slot=4/core=2', 'node=1/core=16', 'slot/[core=4;gpu=1]', 'node=2/slot/core=8'];
  const add = await page.evaluate(async (shapes) => {
    const t0 = performance.now();
    const input = document.querySelector('[data-testid=shape-input]');
    const jobs = () => document.querySelectorAll('[data-testid=queue-job]').length;
    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    for (let i = 0; i < 100; i++) {
      input.value = shapes[i % shapes.length];
      input.dispatchEvent(new InputEvent('input', { bubbles: true }));
      await frame();
      document.querySelector('[data-testid=queue-add]').click();
      while (jobs() < i + 1) await frame();
    }
    return { t0, ms: performance.now() - t0 };
  }, shapes);
  report('queue: add 100 shapes (the first opens the 16 384-node R in the worker)', add.ms.toFixed(0), 'ms');
  const run = await page.evaluate(async () => {
    const t0 = performance.now();
    const next = document.querySelector('[data-testid=queue-next]');
    for (let i = 0; i < 100; i++) next.click();
    const waiting = () => document.querySelectorAll('[data-testid=queue-job][data-state=waiting]').length;
    const steps = () => document.querySelector('[data-testid=queue-step]')?.textContent;
    await new Promise((resolve) => {
      const poll = () => (waiting() === 0 && steps() === 'Step 100 of 100' ? resolve() : requestAnimationFrame(poll));
      poll();
    });
    return { t0, ms: performance.now() - t0 };
  });
  report('queue: allocate 100 shapes, first click to the last shown', run.ms.toFixed(0), 'ms');
  report('queue: longest main-thread task while allocating', inWords(await longest(page, run.t0, 500)), '');
  report('queue: largest that still fits', (await rscope.queueLargest.textContent()).trim(), '');
});
