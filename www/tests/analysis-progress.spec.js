// The analysis runs in a worker: while a large document is read, the page
// says so and still answers clicks.
import { test, expect } from './fixtures.js';
import { MILLION_NODES as MILLION } from './rscope.js';

test('the page answers a click while a large document is analysed', async ({ page, rscope, problems }) => {
  test.slow(); // a second of analysis, and more on a busy machine
  // The worker's answers wait until the click has been answered: a fast
  // machine may analyse the document before a busy one clicks.
  await rscope.holdWorkerAnswers();
  await rscope.load();
  await rscope.paste(MILLION);
  await expect(rscope.progress).toHaveText(/^Analysing the document \(1 kB\)…$/);
  await expect(rscope.progress).toHaveRole('status');
  await rscope.recordTexts(['status', 'nodes']);
  await page.getByTestId('share').click();
  await expect(page.getByTestId('status')).toHaveText(/^share link/);
  await rscope.releaseWorkerAnswers();
  await expect(rscope.summary('nodes')).toHaveText('1048576', { timeout: 30_000 });
  await expect(rscope.progress).toHaveCount(0);
  // The click was handled before the analysis answered.
  const seen = await rscope.recordedTexts();
  expect(seen).toHaveLength(2);
  expect(seen[0]).toMatch(/^status: share link/);
  expect(seen[1]).toBe('nodes: 1048576');
  expect(problems).toEqual([]);
});
