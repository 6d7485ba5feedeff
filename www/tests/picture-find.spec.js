// Find (RFC 4 Find/Match) marks the matching boxes and counts them; a bad
// query says why.
import { test, expect } from './fixtures.js';

test('finding gpus marks their boxes', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('With a JGF graph — an R whose scheduling key holds the Fluxion graph');
  await expect(rscope.picture).toHaveAttribute('data-boxes', '7');
  await rscope.findInPicture('type=gpu');
  await expect(rscope.pictureFound).toHaveText('2 found');
  await expect(rscope.picture).toHaveAttribute('data-hits', '2');
  await rscope.findInPicture('rank=1');
  // node1, its folded cores (one box) and its gpu.
  await expect(rscope.pictureFound).toHaveText('6 found');
  await expect(rscope.picture).toHaveAttribute('data-hits', '3');
  await rscope.findInPicture('colour=red');
  await expect(rscope.pictureFound).toHaveText("unknown query key 'colour' (expected type, name, basename, id, path, rank or property)");
  await expect(rscope.picture).toHaveAttribute('data-hits', '0');
  expect(problems).toEqual([]);
});
