// Past 20 000 rectangles the page offers no SVG and says why and what to
// do instead.
import { test, expect } from './fixtures.js';

const MANY = {
  version: 1,
  execution: { R_lite: [{ rank: '0-24999', children: { core: '0-1' } }] },
};

test('a grid of 25 000 rows refuses SVG and says why', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.fill(MANY);
  await expect(rscope.gridShape).toHaveText('25000 nodes × 2 columns');
  await expect(rscope.svgRefused).toHaveText(
    '(over 20000 rectangles: too many for SVG; use PNG, or zoom out to density strips)',
  );
  await expect(page.getByTestId('export-svg')).toHaveCount(0);
  expect(problems).toEqual([]);
});
