// "Show all" draws the whole expansion of a long shape, byte for byte
// what rscope shape prints.
import { test, expect } from './fixtures.js';

test('show all draws the whole expansion', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.typeShape(`slot/[${Array(9999).fill('core').join(';')}]`);
  await rscope.page.getByTestId('shape-show-all').click();
  await expect(rscope.page.getByTestId('shape-more')).toHaveCount(0);
  const text = await rscope.shapeOutput.textContent();
  expect(text.length).toBe(300028);
  expect(text.endsWith('{"type": "core", "count": 1}]}]\n')).toBe(true);
  expect(problems).toEqual([]);
});
