// The first paint is the page's own styled header (index.html's shell),
// drawn where the app draws it: while the core downloads, the reader sees
// the page, and nothing moves when the app starts.
import { test, expect } from './fixtures.js';

test('the first paint is the styled header, which stays put when the app starts', async ({ page, rscope, problems }) => {
  let release;
  const released = new Promise((resolve) => { release = resolve; });
  await page.route('**/pkg/rscope_bg.wasm', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const heading = page.getByRole('heading', { name: 'Rscope', level: 1 });
  await expect(page.locator('#loading')).toHaveText('Loading Rscope…');
  await expect(heading).toBeVisible();
  const place = async () => ({
    heading: await heading.boundingBox(),
    tagline: await page.locator('.tagline').boundingBox(),
    font: await heading.evaluate((h) => getComputedStyle(h).fontFamily),
  });
  const before = await place();
  release();
  await expect(rscope.hint).toBeVisible();
  await expect(page.locator('#loading')).toHaveCount(0);
  await expect(heading).toHaveCount(1);
  expect(await place()).toEqual(before);
  expect(problems).toEqual([]);
});
