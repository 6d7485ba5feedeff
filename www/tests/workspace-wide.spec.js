// On a wide screen the document and its views sit side by side: the grid
// is beside the editor, and the sticky navigation takes the reader to the
// panels that drive the grid while the grid stays in view.
import { test, expect } from './fixtures.js';
import { example } from './rscope.js';

test.use({ viewport: { width: 1280, height: 800 } });

test('an opened document shows its grid beside the editor', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.fill(example('rfc20.json'));
  await expect(rscope.grid).toBeVisible();
  const editor = await page.locator('.editor').boundingBox();
  const panel = await page.locator('#view-grid').boundingBox();
  expect(panel.x).toBeGreaterThanOrEqual(editor.x + editor.width);
  // The right column starts level with the editor: the tour's button, then the grid.
  expect(panel.y - editor.y).toBeLessThan(80);
  await expect(rscope.grid).toBeInViewport({ ratio: 1 });
  expect(problems).toEqual([]);
});

test('the navigation leads to the shape panel with the grid still in view', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.fill(example('rfc20.json'));
  await expect(rscope.summary('nodes')).toHaveText('4');
  await rscope.goToView('Shape');
  await expect(page.locator('#shape-heading')).toBeInViewport();
  await expect(rscope.grid).toBeInViewport();
  const nav = await rscope.viewsNav.boundingBox();
  expect(nav.y).toBe(0);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
  expect(problems).toEqual([]);
});
