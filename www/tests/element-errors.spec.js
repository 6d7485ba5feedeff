// A bad document or bad attributes are said inside the element, in words
// with where and what to do, never as a console error.
import { test, expect } from './fixtures.js';
import { elementHost, rscopeView, viewDrawn, viewTag } from './rscope.js';

test('a bad document and bad attributes are said in the element', async ({ page, problems }) => {
  await elementHost(page, [
    viewTag({ view: 'summary pie', theme: 'sepia', height: 'tall' }, '{"version": 1, "execution": {"R_lite": [{"rank": "0-x", "children": {"core": "0"}}]}}'),
    viewTag({ view: 'grid' }),
  ].join('\n'));
  const bad = rscopeView(page, 0);
  await viewDrawn(bad);
  await expect(bad.getByTestId('embed-error')).toHaveText(
    "this document has problems: line 1, column 53: invalid rank: unexpected character 'x' (Open in Rscope to see each one and fix it)");
  await expect(bad.getByTestId('embed-note')).toHaveText([
    "unknown view 'pie' ignored: use summary, grid, tree, problems, shape or timeline",
    "unknown theme 'sepia' ignored: use light, dark or auto",
    "height 'tall' ignored: give a number of pixels (400) or a CSS length (30em, 50vh)",
  ]);
  const empty = rscopeView(page, 1);
  await empty.scrollIntoViewIfNeeded();
  await expect(empty.getByRole('alert')).toHaveText(
    'no document: give src= (a link to an R document) or put the document inside the element');
  expect(problems).toEqual([]);
});
