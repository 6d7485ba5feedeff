// Copy (RFC 4): a box's subtree opens as a new tab holding an R pruned to it.
import { test, expect } from './fixtures.js';

test('copying node1 opens an R of rank 1 alone', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('With a JGF graph — an R whose scheduling key holds the Fluxion graph');
  await expect(rscope.picture).toHaveAttribute('data-boxes', '7');
  await rscope.pressPicture('ArrowDown', 'ArrowRight');
  await expect(rscope.picture).toHaveAttribute('data-focus', 'node1');
  await rscope.page.getByTestId('picture-copy').click();
  await expect(rscope.tab('B')).toBeVisible();
  const text = await rscope.shownText();
  expect(text).toMatch(/^\{"version": 1, "execution": \{"R_lite": \[\{"rank": "1", "children": \{[^}]*\}\}\]/);
  expect(text).not.toContain('"name": "node0"');
  expect(text).toContain('"name": "node1"');
  // The new tab's picture has the cluster and node1 only.
  await expect(rscope.picture).toHaveAttribute('data-boxes', '4');
  expect(problems).toEqual([]);
});
