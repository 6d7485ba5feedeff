// The grid exports as PNG (always) and SVG (when small enough).
import { test, expect } from './fixtures.js';

const bytesOf = async (download) => Buffer.concat(await (await download.createReadStream()).toArray());

test('export the grid as PNG and SVG', async ({ rscope, problems }) => {
  await rscope.load('/?url=static/examples/laptop.json');
  await expect(rscope.grid).toBeVisible();
  const png = await rscope.exportGrid('png');
  expect(png.suggestedFilename()).toBe('rscope-grid.png');
  const head = (await bytesOf(png)).subarray(0, 8);
  expect([...head]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

  const svg = await rscope.exportGrid('svg');
  expect(svg.suggestedFilename()).toBe('rscope-grid.svg');
  const text = (await bytesOf(svg)).toString();
  // Under the title, legend (50 pixels) and axis (28), beside the labels.
  expect(text).toContain('<text x="10" y="84.5" font-size="12" dominant-baseline="middle" fill="#1b1f24">laptop (0)</text>');
  expect(text).toContain('<rect x="158" y="78" width="104" height="13" fill="#0072B2"/>');
  expect(text).toContain('<rect x="275" y="78" width="13" height="13" fill="#E69F00"/>');
  expect(problems).toEqual([]);
});
