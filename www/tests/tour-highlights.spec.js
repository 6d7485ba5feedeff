// Every step of the tour highlights what it talks about: the whole member
// of the document (key and value), in view in the editor, with the tour's
// box beside or under the editor, never over it or pushing it away.
import { test, expect } from './fixtures.js';

const FIRST_LINES = [
  '  "execution": {',
  '      {',
  '    "nodelist": [',
  '        "children": {',
  '    "properties": {',
  '    "starttime": 1676560542',
  '  "scheduling": {',
  '          "core": "0-47"',
];

test('each step of the tour highlights its member in the editor, in view', async ({ page, rscope, problems }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await rscope.load();
  await rscope.tourStart.click();
  for (const [i, line] of FIRST_LINES.entries()) {
    await expect(rscope.tourStep).toContainText(`Step ${i + 1} of 8`);
    await expect(rscope.linked().first()).toHaveText(line);
    await expect(page.locator('.editor')).toBeInViewport({ ratio: 0.9 });
    const editor = await page.locator('.editor').boundingBox();
    const tour = await rscope.tour.boundingBox();
    const apart = tour.y >= editor.y + editor.height || tour.x >= editor.x + editor.width;
    expect(apart).toBe(true);
    if (i + 1 < FIRST_LINES.length) await page.keyboard.press('ArrowRight');
  }
  expect(problems).toEqual([]);
});

test("the tour's document agrees with itself: one note, no warning", async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.tourStart.click();
  await expect(rscope.grid).toBeVisible();
  await expect(rscope.findings().locator('.msg')).toHaveText([
    "229 vertices have no metadata key 'uuid', which RFC 40 requires (Fluxion never writes it)",
  ]);
  expect(problems).toEqual([]);
});
