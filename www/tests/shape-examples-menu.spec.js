// The example menu names the example the shape box holds, and no example
// once the box holds another shape: it never shows one shape while the
// box holds another.
import { test, expect } from './fixtures.js';

test('typing over a picked example sets the menu back to "Choose a shape…"', async ({ rscope, problems }) => {
  await rscope.load();
  await expect(rscope.shapeExamples).toHaveValue('');
  await rscope.shapeExamples.selectOption('node/socket=2/slot/core=4');
  await expect(rscope.shapeInput).toHaveValue('node/socket=2/slot/core=4');
  await rscope.typeShape('node=3/core=2');
  await expect(rscope.shapeExamples).toHaveValue('');
  await expect(rscope.shapeExamples.locator('option:checked')).toHaveText('Choose a shape…');
  expect(problems).toEqual([]);
});
