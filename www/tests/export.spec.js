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
  expect(text).toContain('<text x="2" y="6.5" dominant-baseline="middle">laptop (0)</text>');
  expect(text.match(/<rect /g).length).toBe(2);
  expect(problems).toEqual([]);
});
