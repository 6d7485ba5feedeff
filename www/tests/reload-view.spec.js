// Reloading the page shows its tabs as they were shown: the grid's
// colouring and zoom and the shape panel's shape are kept for the next
// visit, as the documents are.
import { test, expect } from './fixtures.js';
import { example } from './rscope.js';

test('a reload keeps the colouring, the zoom and the shape', async ({ page, rscope, problems }) => {
  const doc = example('node-states.json');
  await rscope.load();
  await rscope.fill(doc);
  await rscope.colorCellsBy('type');
  await rscope.zoomIn();
  const cell = (await rscope.geometry()).cell;
  await rscope.typeShape('node=1/core=4');
  await rscope.saved(doc);
  await page.reload();
  await expect(rscope.summary('nodes')).toHaveText('16');
  await expect.poll(() => rscope.colorChoice()).toBe('resource type');
  await expect.poll(async () => (await rscope.geometry()).cell).toBe(cell);
  await expect(rscope.shapeInput).toHaveValue('node=1/core=4');
  expect(problems).toEqual([]);
});
