// A grid scrolled sideways and then zoomed out shows its left columns
// again once it fits: the scroll offset is the one the smaller grid
// allows, not the old one held by the moved canvas (the RFC 20 example at
// 1440×900: 57 columns, wider than the view at 13-pixel cells).
import { test, expect } from './fixtures.js';

test.use({ viewport: { width: 1440, height: 900 } });

test('zooming out a grid scrolled sideways brings its first columns back', async ({ page, rscope, problems }) => {
  await rscope.load('/?url=static/examples/rfc20.json');
  await expect(rscope.grid).toBeVisible();
  const before = await rscope.gridScrollX();
  expect(before.max).toBeGreaterThan(0);
  await rscope.scrollGridLeft(before.max);
  await expect.poll(async () => (await rscope.gridScrollX()).left).toBe(before.max);
  await page.getByRole('button', { name: 'Zoom out' }).click();
  // 9-pixel cells: the whole grid fits, and nothing is left to scroll.
  await expect(rscope.grid).toHaveAttribute('data-cell', '9');
  await expect.poll(() => rscope.gridScrollX()).toEqual({ left: 0, max: 0 });
  // Column 0 of the first row is painted (a core's colour), not blank.
  await expect.poll(async () => (await rscope.cellColor(0, 0)).slice(0, 3)).toEqual([0, 114, 178]);
  expect(problems).toEqual([]);
});
