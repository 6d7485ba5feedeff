// "Open as R in a new tab" opens the topology's R as a document of its
// own, which the summary, the grid and the set workbench then read.
import { test, expect } from './fixtures.js';
import { topology } from './rscope.js';

test('a topology opens as an R in a new tab', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.drop('gpunode7.xml', topology('nvidia-three-backends.xml'), 'header');
  await expect(rscope.hwlocR).toContainText('"nodelist": ["gpunode7"]');
  await page.getByTestId('hwloc-open').press('Enter');
  await expect(rscope.tab('B')).toHaveText('B gpunode7.xml as R');
  await expect(rscope.summary('nodes')).toHaveText('1');
  await expect(rscope.summary('cores')).toHaveText('4');
  await expect(rscope.summary('gpus')).toHaveText('2');
  expect(problems).toEqual([]);
});
