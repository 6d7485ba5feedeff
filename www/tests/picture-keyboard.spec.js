// Every picture action works from the keyboard: move, unfold, zoom in, out.
import { test, expect } from './fixtures.js';

test('arrow keys move, Space unfolds, Enter zooms in and Backspace zooms out', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('With a JGF graph — an R whose scheduling key holds the Fluxion graph');
  await expect(rscope.picture).toHaveAttribute('data-boxes', '7');
  await rscope.pressPicture('ArrowDown', 'ArrowRight', 'ArrowDown');
  await expect(rscope.picture).toHaveAttribute('data-focus', 'core ×4');
  await rscope.pressPicture(' ');
  await expect(rscope.picture).toHaveAttribute('data-boxes', '10');
  await rscope.pressPicture('ArrowUp', 'Enter');
  await expect(rscope.picture).toHaveAttribute('data-focus', 'node1');
  await expect(rscope.picture).toHaveAttribute('data-boxes', '6');
  await rscope.pressPicture('Backspace');
  await expect(rscope.picture).toHaveAttribute('data-focus', 'cluster0');
  await expect(rscope.picture).toHaveAttribute('data-boxes', '10');
  expect(problems).toEqual([]);
});
