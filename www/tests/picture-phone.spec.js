// At 390 px the picture panel fits the screen: its tools wrap and the
// drawing scrolls inside its frame.
import { test, expect } from './fixtures.js';

test.use({ viewport: { width: 390, height: 844 } });

test('the picture fits a phone screen', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('With a JGF graph — an R whose scheduling key holds the Fluxion graph');
  await expect(rscope.picture).toHaveAttribute('data-boxes', '7');
  const panel = await page.getByTestId('picture-panel').boundingBox();
  expect(panel.x + panel.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await rscope.pressPicture('ArrowDown', 'Enter');
  await expect(rscope.picture).toHaveAttribute('data-focus', 'node0');
  expect(problems).toEqual([]);
});
