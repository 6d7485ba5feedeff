// The picture exports as SVG (its boxes and escaped names) and as PNG.
import { test, expect } from './fixtures.js';
import { downloadBytes, pngSize } from './rscope.js';

test('the picture exports as SVG and PNG', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('With a JGF graph — an R whose scheduling key holds the Fluxion graph');
  await expect(rscope.picture).toHaveAttribute('data-boxes', '7');
  const svg = (await downloadBytes(await rscope.exportPicture('svg'))).toString();
  expect(svg.match(/<rect /g)).toHaveLength(7);
  expect(svg).toContain('>cluster0</text>');
  expect(svg).toContain('>core ×4</text>');
  const png = await downloadBytes(await rscope.exportPicture('png'));
  const canvas = await rscope.pictureCanvas.boundingBox();
  expect(pngSize(png)).toEqual({ width: Math.ceil(canvas.width), height: Math.ceil(canvas.height) });
  expect(problems).toEqual([]);
});
