// A shape no node of the R can ever hold says what it needs and what the R has.
import { test, expect } from './fixtures.js';

test('a shape that never fits says why', async ({ rscope, problems }) => {
  await rscope.load('/?url=static/examples/laptop.json');
  await expect(rscope.grid).toBeVisible(); // the document has arrived
  await rscope.typeShape('node/slot/gpu=8');
  await rscope.fitShape('first');
  await expect(rscope.fitReason).toHaveText('never: each node needs 8 GPUs and the largest has 1');
  await expect(rscope.fitAnswer).toHaveAttribute('data-status', 'never');
  await expect(rscope.page.getByTestId('fit-open')).toHaveCount(0);
  expect(problems).toEqual([]);
});
