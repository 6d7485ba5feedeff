// While the analysis worker is still loading, a pasted document waits in
// its queue: the page says the worker is loading, not that it analyses.
import { test, expect, example } from './fixtures.js';

test('the progress line says the worker is loading until it is, then the summary comes', async ({ page, rscope, problems }) => {
  let release;
  const released = new Promise((resolve) => { release = resolve; });
  await page.route('**/static/worker.js', async (route) => {
    await released;
    await route.continue();
  });
  await rscope.load();
  await rscope.paste(example('rfc20.json'));
  await expect(rscope.progress).toHaveText("Loading Rscope's analysis worker…");
  release();
  await expect(rscope.summary('nodes')).toHaveText('4');
  await expect(rscope.progress).toHaveCount(0);
  expect(problems).toEqual([]);
});
