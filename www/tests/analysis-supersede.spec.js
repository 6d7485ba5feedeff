// A new text supersedes the analysis in flight: only the newest result is
// ever shown, never the older one on its way.
import { test, expect } from './fixtures.js';
import { MILLION_NODES as MILLION } from './rscope.js';

const SMALL = '{"version":1,"execution":{"R_lite":[{"rank":"0-1","children":{"core":"0-3"}}]}}';

test('typing a new document drops the analysis in flight', async ({ rscope, problems }) => {
  test.slow(); // seconds of analysis, and more on a busy machine
  // The answers are held until the new text is typed, so the first
  // analysis is surely still in flight then, however fast this machine is.
  await rscope.holdWorkerAnswers();
  await rscope.load();
  await rscope.paste(MILLION);
  await expect(rscope.progress).toBeVisible();
  await rscope.recordTexts(['nodes']);
  await rscope.fill(SMALL);
  await rscope.releaseWorkerAnswers();
  // The worker finishes the million nodes first: seconds on a busy machine.
  await expect(rscope.summary('cores')).toHaveText('8', { timeout: 30_000 });
  await expect(rscope.progress).toHaveCount(0);
  expect(await rscope.recordedTexts()).toEqual(['nodes: 2']);
  expect(problems).toEqual([]);
});
