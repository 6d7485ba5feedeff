// #47 item 7: the exports keep a state's second channel. A drained node
// is striped, an offline one dotted and an excluded one cross-hatched in
// the SVG (patterns) and in the PNG (the same tiles, in black at two
// thirds over the state's colour), as on the screen.
import { test, expect } from './fixtures.js';
import { downloadBytes, example } from './rscope.js';

test('the SVG export stripes, dots and cross-hatches as the screen does', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('node-states.json', example('node-states.json'));
  await expect(rscope.drainRows).toHaveCount(3);
  const text = (await downloadBytes(await rscope.exportGrid('svg'))).toString();
  for (const id of ['striped', 'dotted', 'crossed']) {
    expect(text.match(new RegExp(`<pattern id="${id}" `, 'g'))).toHaveLength(1);
    expect(text).toMatch(new RegExp(`fill="url\\(#${id}\\)"`));
  }
  expect(text).toContain('<pattern id="dotted" patternUnits="userSpaceOnUse" width="4" height="4"><path d="M1 1h1v1h-1z" fill="#000" fill-opacity="0.667"/></pattern>');
  expect(problems).toEqual([]);
});

test('the PNG export lays the same marks over the state colours', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('node-states.json', example('node-states.json'));
  await expect(rscope.drainRows).toHaveCount(3);
  const png = await downloadBytes(await rscope.exportGrid('png'));
  // Every colour of the picture, counted in the page's own decoder.
  const colours = await page.evaluate(async (b64) => {
    const blob = await (await fetch(`data:image/png;base64,${b64}`)).blob();
    const bitmap = await createImageBitmap(blob);
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(bitmap, 0, 0);
    const d = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
    const seen = new Set();
    for (let i = 0; i < d.length; i += 4) seen.add(`${d[i]},${d[i + 1]},${d[i + 2]}`);
    return [...seen];
  }, png.toString('base64'));
  // The legend names each state's colour; its marks' ink is a third of it.
  const hex = await rscope.legendColors();
  const inks = hex.filter(Boolean).map((h) => [1, 3, 5].map((i) => Math.round(parseInt(h.slice(i, i + 2), 16) / 3)));
  const near = (a, b) => a.every((v, i) => Math.abs(v - b[i]) <= 2);
  const found = inks.filter((ink) => colours.some((c) => near(c.split(',').map(Number), ink)));
  // The drained (striped) and the offline (dotted) states' inks at least.
  expect(found.length).toBeGreaterThanOrEqual(2);
  expect(problems).toEqual([]);
});
