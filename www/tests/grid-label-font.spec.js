// Row labels are readable at the zoom a grid opens at: 12 px type in
// 13 px rows (they were 11 px, and read as about 9).
import { test, expect } from './fixtures.js';
import { example } from './rscope.js';

test('row labels at the opening zoom are drawn at 12 px', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(example('rfc20.json'));
  await expect(rscope.grid).toHaveAttribute('data-cell', '13');
  await expect(rscope.grid).toHaveAttribute('data-label-font', '12');
  await expect.poll(() => rscope.rowLabels()).toEqual(['node186 (19)', 'node187 (20)', 'node188 (21)', 'node189 (22)']);
  expect(problems).toEqual([]);
});
