// After a cancelled analysis, "Analyse again" reads the same text anew.
import { test, expect } from './fixtures.js';
import { MILLION_NODES as MILLION } from './rscope.js';

test('analyse again after a cancel shows the analysis', async ({ page, rscope, problems }) => {
  test.slow(); // a second of analysis, and more on a busy machine
  await rscope.holdWorkerAnswers();
  await rscope.load();
  await rscope.paste(MILLION);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await rscope.releaseWorkerAnswers();
  await page.getByRole('button', { name: 'Analyse again' }).press('Enter');
  await expect(rscope.progress).toHaveText(/^Analysing the document \(1 kB\)…$/);
  await expect(rscope.summary('nodes')).toHaveText('1048576', { timeout: 30_000 });
  await expect(page.getByTestId('cancelled')).toHaveCount(0);
  expect(problems).toEqual([]);
});
