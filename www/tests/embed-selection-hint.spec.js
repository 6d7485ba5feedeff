// An embedded view has no editor, so its grid's hint says nothing of one;
// the page's grid, beside the editor, says how the two point at each other.
import { test, expect } from './fixtures.js';

const DRAG = 'Drag over cells (or click, then shift-click) to select resources as an R; with the keyboard, arrows and shift-arrows.';

test('the iframe mode grid hint speaks of no editor', async ({ page, rscope, problems }) => {
  await rscope.embed({ url: 'static/examples/rfc20.json', view: 'grid' });
  await expect(page.getByTestId('selection-hint')).toHaveText(DRAG);
  expect(problems).toEqual([]);
});

test('the page grid hint says cells and entries point at each other', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('The RFC 20 example — 4 nodes with 48 cores and 8 GPUs each');
  await expect(page.getByTestId('selection-hint')).toHaveText(
    `${DRAG} A cell under the pointer highlights its R_lite entry in the editor (a click scrolls to it), and an entry under the pointer outlines its cells here.`,
  );
  expect(problems).toEqual([]);
});
