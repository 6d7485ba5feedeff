// Double-clicking a box draws only its subtree; the path above leads back.
import { test, expect } from './fixtures.js';

test('zooming into a node and back out through the path', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('With a JGF graph — an R whose scheduling key holds the Fluxion graph');
  await expect(rscope.picture).toHaveAttribute('data-boxes', '7');
  await rscope.clickBox(['ArrowDown', 'ArrowRight'], { double: true });
  await expect(rscope.picture).toHaveAttribute('data-boxes', '3');
  await expect(rscope.picture).toHaveAttribute('data-focus', 'node1');
  await expect(rscope.pictureCrumbs).toHaveText(['whole graph', 'cluster0', 'node1']);
  await rscope.pictureCrumbs.first().click();
  await expect(rscope.picture).toHaveAttribute('data-boxes', '7');
  await expect(rscope.pictureCrumbs).toHaveText(['whole graph']);
  expect(problems).toEqual([]);
});
