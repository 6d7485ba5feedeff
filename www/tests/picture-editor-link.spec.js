// The editor and the picture point at each other: the caret in a vertex's
// JSON outlines its box, and selecting a box selects its JSON.
import { test, expect } from './fixtures.js';

test('the caret outlines its box; a selected box selects its JSON', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('With a JGF graph — an R whose scheduling key holds the Fluxion graph');
  await expect(rscope.picture).toHaveAttribute('data-boxes', '7');
  // The caret in node1's name: node1's box is outlined.
  const text = await rscope.shownText();
  await rscope.caretAt(text.indexOf('"name": "node1"') + 10);
  await rscope.editor.press('ArrowRight');
  await expect(rscope.picture).toHaveAttribute('data-caret', 'node1');
  // Selecting node0's gpu in the picture selects that vertex's object.
  await rscope.pressPicture('ArrowDown', 'ArrowDown', 'ArrowRight');
  await expect(rscope.picture).toHaveAttribute('data-focus', 'gpu0');
  const selected = await rscope.selectedText();
  expect(JSON.parse(selected)).toMatchObject({ id: '6', metadata: { type: 'gpu', name: 'gpu0', rank: 0 } });
  expect(problems).toEqual([]);
});
