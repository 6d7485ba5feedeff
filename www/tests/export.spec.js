// The grid exports as PNG (always) and SVG (when small enough).
import { test, expect } from './fixtures.js';

test('export the grid as PNG and SVG', async ({ page, problems }) => {
  await page.goto('/?url=static/examples/laptop.json');
  await expect(page.getByTestId('grid')).toBeVisible();
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-png').click(),
  ]);
  expect(png.suggestedFilename()).toBe('rscope-grid.png');
  const bytes = await (await png.createReadStream()).toArray();
  const head = Buffer.concat(bytes).subarray(0, 8);
  expect([...head]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-svg').click(),
  ]);
  expect(svg.suggestedFilename()).toBe('rscope-grid.svg');
  const text = Buffer.concat(await (await svg.createReadStream()).toArray()).toString();
  expect(text).toContain('<text x="2" y="6.5" dominant-baseline="middle">laptop (0)</text>');
  expect(text.match(/<rect /g).length).toBe(2);
  expect(problems).toEqual([]);
});
