// The resource graph as nested boxes: the JGF example draws its cluster,
// two nodes, and each node's four identical cores folded into one box.
import { test, expect } from './fixtures.js';

test('the JGF example draws nested boxes with identical cores folded', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('With a JGF graph — an R whose scheduling key holds the Fluxion graph');
  // cluster0, node0, node1, and in each node "core ×4" and gpu0.
  await expect(rscope.picture).toHaveAttribute('data-boxes', '7');
  await expect(rscope.picture).toHaveAttribute('data-focus', 'cluster0');
  await expect(rscope.pictureAbout).toHaveText('cluster0 (cluster) · /cluster0 · holds 2 nodes, 8 cores, 2 gpus');
  const size = await rscope.pictureCanvas.boundingBox();
  expect(size.width).toBeGreaterThan(100);
  expect(problems).toEqual([]);
});
