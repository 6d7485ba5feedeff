// On a phone the views stack under the document and the navigation stays
// at the top of the screen, so any view is one tap away.
import { test, expect } from './fixtures.js';
import { example } from './rscope.js';

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone the navigation stays on top and leads to the graph', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.fill(example('rfc20.json'));
  await expect(rscope.tree).toBeVisible();
  await rscope.goToView('Graph');
  await expect(rscope.tree).toBeInViewport();
  const nav = await rscope.viewsNav.boundingBox();
  expect(nav.y).toBe(0);
  expect(nav.x + nav.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(problems).toEqual([]);
});
