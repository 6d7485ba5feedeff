// A fit asked of a tab whose document was still loading is not shown once
// the document has arrived: its answer was for the empty tab.
import { test, expect } from './fixtures.js';

test('a fit answered after its document changed is dropped', async ({ page, rscope, problems }) => {
  // The document's fetch and the workers' answers are held, so the fit is
  // asked of the empty tab and answered only after the document is in.
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route('**/static/examples/laptop.json', async (route) => { await held; await route.continue(); });
  await rscope.holdWorkerAnswers();
  await rscope.load('/?url=static/examples/laptop.json');
  await rscope.typeShape('node/slot/gpu=8');
  await rscope.fitShape('first', { answered: false });
  release();
  await expect(rscope.editor).toHaveValue(/"nodelist"/);
  await rscope.releaseWorkerAnswers();
  await expect(rscope.grid).toBeVisible();
  await expect(page.getByTestId('fit-hint')).toHaveText("Press Fit to see where the shape would land in this tab's R.");
  await expect(rscope.fitReason).toHaveCount(0);
  expect(problems).toEqual([]);
});
