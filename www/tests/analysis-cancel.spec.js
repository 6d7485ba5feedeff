// Cancel stops a long analysis: the worker is ended, the text stays, and
// the summary says what happened and what to do next.
import { test, expect } from './fixtures.js';
import { MILLION_NODES as MILLION } from './rscope.js';

test('cancel stops the analysis and keeps the text', async ({ page, rscope, problems }) => {
  // The answer is held, so the analysis is surely still under way when
  // Cancel is pressed.
  await rscope.holdWorkerAnswers();
  await rscope.load();
  await rscope.paste(MILLION);
  await expect(rscope.progress).toHaveText(/^Analysing the document \(1 kB\)…$/);
  await expect(page.getByTestId('progress-bar')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(rscope.progress).toHaveCount(0);
  await expect(page.getByTestId('cancelled')).toHaveText(
    'Analysis cancelled. The text is kept as it is: edit it, or analyse it again.Analyse again');
  // The Cancel button is gone: the focus is on what comes next.
  await expect(page.getByRole('button', { name: 'Analyse again' })).toBeFocused();
  expect(await rscope.endedWorkers()).toBe(1);
  // Whatever the ended worker had sent never reaches the page.
  await rscope.releaseWorkerAnswers();
  await expect(rscope.summary('nodes')).toHaveCount(0);
  await expect(rscope.editor).toHaveValue(MILLION);
  expect(problems).toEqual([]);
});
