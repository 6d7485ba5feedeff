// The iframe mode runs on the element's small bundle (pkg-embed/): a page
// that embeds Rscope in an iframe downloads about 0.4 MB, not the whole
// page's 1.1 MB.
import { test, expect } from './fixtures.js';

test('the iframe mode fetches the small bundle and nothing of the page bundle', async ({ page, rscope, problems }) => {
  const fetched = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await rscope.embed({ url: 'static/examples/rfc20.json', view: 'summary,grid,tree' });
  await expect(rscope.summary('cores')).toHaveText('192');
  await expect(page.getByTestId('tree-row').first()).toBeVisible();
  expect(fetched.filter((p) => p.endsWith('.wasm'))).toEqual(['/pkg-embed/rscope_bg.wasm']);
  expect(fetched.filter((p) => p.startsWith('/pkg/'))).toEqual([]);
  expect(problems).toEqual([]);
});
