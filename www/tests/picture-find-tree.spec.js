// A find in the picture (RFC 4 Find/Match) marks the matches in the text
// tree too: each matching row says so.
import { test, expect } from './fixtures.js';

test('finding gpus marks their rows in the tree', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('With a JGF graph — an R whose scheduling key holds the Fluxion graph');
  await expect(rscope.treeRows).toHaveCount(13);
  await expect(rscope.treeFound).toHaveCount(0);
  await rscope.findInPicture('type=gpu');
  await expect(rscope.pictureFound).toHaveText('2 found');
  await expect(rscope.treeFound).toHaveText(['·gpu0 gpu rank 0 · found', '·gpu0 gpu rank 1 · found']);
  await expect(rscope.treeFound.first()).toHaveAttribute('data-found', 'found');
  expect(problems).toEqual([]);
});
