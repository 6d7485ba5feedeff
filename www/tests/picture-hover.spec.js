// Hovering a box shows its metadata: a folded run says what it stands for.
import { test, expect } from './fixtures.js';

test('hovering a folded box shows its members and counts', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('With a JGF graph — an R whose scheduling key holds the Fluxion graph');
  await expect(rscope.picture).toHaveAttribute('data-boxes', '7');
  // cluster0 → node0 → its first child, the folded cores.
  await rscope.pressPicture('ArrowDown', 'ArrowDown');
  await expect(rscope.picture).toHaveAttribute('data-focus', 'core ×4');
  const { x, y } = await rscope.focusedBoxPoint();
  await page.mouse.move(x, y);
  await expect(rscope.pictureTooltip).toHaveText('core0 (core)\n4 identical: core0 to core3\n/cluster0/node0/core0\nrank 0');
  await page.mouse.move(0, 0);
  await expect(rscope.pictureTooltip).toHaveCount(0);
  expect(problems).toEqual([]);
});
