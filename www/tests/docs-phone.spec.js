// docs.html at a phone's width: the demos and their snippets fit, with no
// sideways scrolling of the page.
import { test, expect } from './fixtures.js';
import { rscopeView, viewDrawn } from './rscope.js';

test.use({ viewport: { width: 390, height: 844 } });

test('docs.html fits a 390 px phone', async ({ page, problems }) => {
  await page.goto('/docs.html');
  for (let n = 0; n < 4; n++) {
    const view = rscopeView(page, n);
    await view.scrollIntoViewIfNeeded();
    await viewDrawn(view);
  }
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  expect(problems).toEqual([]);
});
