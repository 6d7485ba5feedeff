// Cancel ends the worker, and with it every request it held: a compare
// view asked for before Cancel is asked again of the new worker and still
// arrives (the analysis Cancel meant to stop is answered as cancelled).
import { test, expect } from './fixtures.js';
import { COMPARE_A, COMPARE_B } from './rscope.js';

test('a compare view in flight when Cancel is pressed still arrives', async ({ page, rscope, problems }) => {
  // Only first stages pass: each tab's grid shows, its analysis stays
  // under way (Cancel is offered), and the compare view's answer is held,
  // so it is surely in flight when Cancel is pressed.
  await rscope.holdWorkerAnswers({ firstStages: true });
  await rscope.load();
  await rscope.openTabs([['a.json', COMPARE_A], ['b.json', COMPARE_B]]);
  await rscope.selectTab('A');
  await rscope.colorCellsBy({ label: 'compare with tab B (b.json)' });
  await page.getByTestId('cancel-analysis').click();
  expect(await rscope.endedWorkers()).toBe(1);
  await rscope.releaseWorkerAnswers();
  await expect(rscope.compareSummary).toHaveText('B against A: adds node[4-5]; removes node[0-1]');
  await expect(rscope.legendItems).toHaveText([
    'only in A: 16 cores on 2 nodes',
    'only in B: 16 cores on 2 nodes',
    'in both: 16 cores on 2 nodes',
  ]);
  expect(problems).toEqual([]);
});
