// An element starts when it scrolls into view: until then the wasm bundle
// is not even fetched.
import { test, expect } from './fixtures.js';
import { elementHost, rscopeView, viewDrawn, viewTag } from './rscope.js';

test('an element below the fold starts when scrolled into view', async ({ page, problems }) => {
  const fetched = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await elementHost(page, `<p>Read this first.</p><div style="height: 300vh"></div>
${viewTag({ src: '/static/examples/rfc20.json', view: 'summary' })}`);
  const view = rscopeView(page);
  await expect(view.getByRole('status')).toHaveText('Rscope starts when this part of the page is shown.');
  // Two frames: the observer has said the element is out of view.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  expect(fetched.filter((p) => p.endsWith('.wasm') || p.endsWith('rfc20.json'))).toEqual([]);
  await view.scrollIntoViewIfNeeded();
  await viewDrawn(view);
  await expect(view.getByTestId('cores')).toHaveText('192');
  expect(fetched).toContain('/pkg-embed/rscope_bg.wasm');
  expect(problems).toEqual([]);
});
